"""Train the networks of the games without hitting by TD(lambda) self-play, as td.py trains backgammon's.

    python -m game.tavla.training.no_hitting_td --game plakoto --minutes 30 --out runs/tables/plakoto.npz
    python -m game.tavla.training.no_hitting_td --game fevga --games 20000 --out runs/tables/fevga.npz \
        --resume

The network plays both sides at 0-ply through the engine's game flow (`Game`, so the opening, the
cascade of Gul bara's doubles and Plakoto's draws are the real ones); after each game every chosen
position moves towards its lambda-return, in one batched step (td.py's offline forward view). The
weights are saved atomically every CHECKPOINT_SECONDS and at the end, with the games and seconds
trained; `--resume` goes on from the file, and `--start-from` begins from another game's weights instead
of random ones (the inputs are the same for every game: Fevga's network already plays long nardy and
Moultezim well, assets/weights/README.md). Every `--eval-every` games the network plays the greedy bot
(duplicate dice, seats swapped) and the points a game with a 95% interval go to a CSV curve next to it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from rich.console import Console

from game.core.errors import UserError
from game.tavla.engine.game import Game
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import other_side
from game.tavla.eval.no_hitting_net import EQUITY_WEIGHTS, NoHittingEvaluator, encode, final_outcome
from game.tavla.players.no_hitting_greedy import NoHittingGreedyBot
from game.tavla.players.no_hitting_neural import NoHittingNeuralBot
from game.tavla.training.td import (
    add_training_arguments,
    append_curve,
    check_budget,
    learn,
    run_training,
    versus,
)

CHECKPOINT_SECONDS = 60.0
LEARNING_RATE = 0.01
LAMBDA = 0.7
EXPLORE = 0.02
EVAL_EVERY = 2000
EVAL_GAMES = 200


def self_play(
    rules: Rules, net: NoHittingEvaluator, rng: random.Random, lam: float, explore: float = EXPLORE
) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game of `rules` (the game `net` rates): the inputs of the positions the movers chose
    and their lambda-returns."""
    game = Game(rules, rng=rng)
    game.start()
    chosen: list[tuple[int, ...]] = []
    chosen_y: list[np.ndarray] = []
    while not game.over:
        if game.dice is None:
            game.roll()
        results = game.legal_results()
        afters = [after for _play, after in results] or [game.state]
        y = net.probabilities(afters)
        if len(afters) > 1 and rng.random() < explore:
            best = rng.randrange(len(afters))
        else:
            best = int(np.argmax(y @ EQUITY_WEIGHTS))
        chosen.append(afters[best])
        chosen_y.append(y[best])
        game.play(results[best][0] if results else ())
    movers = [turn.player for turn in game.record]
    targets = np.empty((len(chosen), 5))
    targets[-1] = chosen_y[-1]
    for t in range(len(chosen) - 2, -1, -1):
        following = (1.0 - lam) * chosen_y[t + 1] + lam * targets[t + 1]
        same_side = movers[t] == movers[t + 1]  # Gul bara's cascade: the same player moves again
        targets[t] = following if same_side else other_side(following)
    keep = np.array([final_outcome(net.game, state) is None for state in chosen])
    return encode(net.game, [state for state, kept in zip(chosen, keep, strict=True) if kept]), targets[keep]


def train(
    rules: Rules,
    out: Path,
    minutes: float | None,
    games: int | None,
    resume: bool,
    rate: float,
    lam: float,
    eval_every: int,
    eval_games: int,
    seed: int,
    console: Console,
    start_from: Path | None = None,
) -> NoHittingEvaluator:
    """Self-play until the budget is spent, with checkpoints and the curve against the greedy bot."""
    out.parent.mkdir(parents=True, exist_ok=True)
    game = rules.variant
    if resume:
        net = NoHittingEvaluator.load(game, out)
    elif out.exists():
        raise UserError(f"{out} exists: continue it with --resume, or give another --out")
    elif start_from is not None:
        net = started_from(rules, start_from)
    else:
        net = NoHittingEvaluator.fresh(game, seed)
    done = int(net.meta.get("games", 0))
    seconds_before = float(net.meta.get("seconds", 0.0))
    rng = random.Random(seed * 7919 + done)
    start = last_save = time.monotonic()
    played = 0

    def save() -> None:
        net.meta.update(games=float(done + played), seconds=seconds_before + time.monotonic() - start)
        net.save(out)

    while not (games is not None and played >= games) and not (
        minutes is not None and time.monotonic() - start >= minutes * 60
    ):
        x, targets = self_play(rules, net, rng, lam)
        if len(x):
            learn(net.network, x, targets.astype(np.float32), rate)
        played += 1
        if time.monotonic() - last_save >= CHECKPOINT_SECONDS:
            save()
            last_save = time.monotonic()
            console.print(f"{game.name}: {done + played:,} games, {played / (last_save - start):.1f}/s")
        if eval_every and (done + played) % eval_every == 0:
            ours, greedy = NoHittingNeuralBot(rules, net=net), NoHittingGreedyBot(rules)
            ppg, half = versus(ours.play, greedy.play, eval_games, seed=done + played, rules=rules)
            minutes_total = (seconds_before + time.monotonic() - start) / 60.0
            row = {"games": done + played, "minutes": round(minutes_total, 2), "eval_games": eval_games}
            row.update(ppg=round(ppg, 4), ci_low=round(ppg - half, 4), ci_high=round(ppg + half, 4))
            append_curve(out.with_suffix(".curve.csv"), row)
            console.print(f"{game.name}: {done + played:,} games: vs greedy {ppg:+.3f} ± {half:.3f}")
            save()
    save()
    console.print(f"{game.name}: trained {played:,} games this run, {done + played:,} in all: {out}")
    return net


def started_from(rules: Rules, path: Path) -> NoHittingEvaluator:
    """A network for `rules` that begins from the weights at `path`, saved for any game without hitting;
    its games and seconds count from 0."""
    try:
        with np.load(path, allow_pickle=False) as data:
            other = Rules.parse(str(data["game"]))
    except (OSError, ValueError, KeyError) as error:
        raise UserError(f"cannot read the weights {path}: {error}") from None
    return NoHittingEvaluator(rules.variant, NoHittingEvaluator.load(other.variant, path).network, {})


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; exit 2 with a message on bad arguments or an unreadable file."""
    parser = argparse.ArgumentParser(
        prog="python -m game.tavla.training.no_hitting_td", description=__doc__.split("\n")[0]
    )
    choices = Rules.without_hitting()
    parser.add_argument("--game", required=True, type=Rules, choices=choices, help="which game")
    parser.add_argument("--out", type=Path, required=True, help="the weights file (.npz) to write")
    parser.add_argument("--start-from", type=Path, help="begin from another game's weights (.npz)")
    add_training_arguments(
        parser,
        resume_help="go on from --out",
        opponent="greedy",
        eval_every=EVAL_EVERY,
        eval_games=EVAL_GAMES,
        learning_rate=LEARNING_RATE,
        lam=LAMBDA,
    )
    args = parser.parse_args(argv)
    check_budget(parser, args)
    console = Console()
    return run_training(
        console,
        lambda: train(
            args.game,
            args.out,
            args.minutes,
            args.games,
            args.resume,
            args.lr,
            args.lam,
            args.eval_every,
            args.eval_games,
            args.seed,
            console,
            args.start_from,
        ),
    )


if __name__ == "__main__":
    sys.exit(main())
