"""Train the `expert` evaluator by TD(lambda) self-play, the TD-Gammon method, with numpy on one core.

    python -m game.tavla.training.td --minutes 30 [--resume] [--export assets/weights/tavla_net.npz]
    python -m game.tavla.training.td --games 20000 --resume
    python -m game.tavla.training.td --minutes 30 --widen OLD.npz   # warm start from a version-1 network

The evaluator plays both sides greedily at 0-ply. After each game, every position the movers chose is
moved towards its lambda-return: the outcome at the end, and before that a blend of the next
position's estimate (seen from the other side) and that position's own return. This is TD(lambda) in
its offline forward view: the weights are fixed during a game and updated once at its end, in one
batched backward pass, which keeps numpy's per-call overhead off the per-move path. Each position
trains the network of its phase (contact or race); home-board races are exact (the bear-off database)
and only serve as targets. This is the warm start; game/tavla/training/learn.py then trains on positions
labelled by look-ahead.

Checkpoints (the weights plus the games and seconds trained) are written atomically every
CHECKPOINT_SECONDS and at the end; `--resume` continues from the last one, so training can go on over
several sittings. Every `--eval-every` games the network plays pubeval (duplicate dice, seats swapped)
and the points per game with a 95% interval are printed and appended to a CSV training curve.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core: threads only add overhead at these sizes

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from game.core.errors import UserError
from game.tavla.engine.game import Game
from game.tavla.engine.play import BotPlay, play_bots
from game.tavla.engine.rules import Rules
from game.tavla.eval.features import INPUTS, encode
from game.tavla.eval.neural import HIDDEN, Evaluator, Network, judged, other_side, phase_rows
from game.tavla.players.levels import NeuralBot
from game.tavla.players.pubeval import PubevalBot
from game.tavla.tournament import Tally

DEFAULT_CHECKPOINT = Path("runs/tavla_net/checkpoint.npz")
CHECKPOINT_SECONDS = 60.0
LEARNING_RATE = 0.015
LAMBDA = 0.7
EVAL_EVERY = 5000
EVAL_GAMES = 400
RULES = Rules.TAVLA  # self-play rules; the outputs carry backgammons for `standard` too
CURVE_FIELDS = ("games", "minutes", "eval_games", "ppg", "ci_low", "ci_high")


def self_play(
    net: Evaluator, rng: random.Random, lam: float, explore: float = 0.0, rules: Rules = RULES
) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game at 0-ply under `rules`, driven through `Game`: the chosen positions (28 ints
    each, seen by their mover) and their lambda-return targets.

    With `explore`, that share of the decisions with a choice is a uniformly random play instead.
    """
    game = Game(rules, rng=rng)
    game.start()
    weights = np.array(rules.equity_weights)
    chosen: list[tuple[int, ...]] = []
    chosen_y: list[np.ndarray] = []
    while not game.over:
        if game.dice is None:
            game.roll()
        results = game.legal_results()
        afters = [after for _, after in results] or [game.state]
        y = net.probabilities(afters)
        if len(afters) == 1:
            best = 0
        elif explore and rng.random() < explore:
            best = rng.randrange(len(afters))
        else:
            best = int(np.argmax(y @ weights))
        chosen.append(afters[best])
        chosen_y.append(y[best])
        game.play(results[best][0] if results else ())
    targets = np.empty((len(chosen), 5))
    targets[-1] = chosen_y[-1]
    for t in range(len(chosen) - 2, -1, -1):
        targets[t] = other_side((1.0 - lam) * chosen_y[t + 1] + lam * targets[t + 1])
    return np.asarray(chosen, dtype=np.int8), targets


def learn_positions(net: Evaluator, states: np.ndarray, targets: np.ndarray, rate: float) -> None:
    """One step for each phase's network on the positions it judges (exact ones teach nothing)."""
    keep = judged(states)
    if not keep.any():
        return
    states, targets = states[keep], targets[keep]
    x = encode(states)
    for phase, rows in phase_rows(x).items():
        if rows.any():
            learn(net.network(phase), x[rows], targets[rows], rate)


def widen_version_1(path: Path, seed: int) -> Evaluator:
    """An evaluator grown from a version-1 single network (208 inputs): both phases start from it."""
    try:
        with np.load(path, allow_pickle=False) as data:
            old = Network(*(data[key].astype(np.float32) for key in ("w1", "b1", "w2", "b2")))
            games = float(
                dict(zip(data["meta_keys"].tolist(), data["meta_values"].tolist(), strict=True)).get(
                    "games", 0.0
                )
            )
    except (OSError, ValueError, KeyError) as error:
        raise UserError(f"cannot read the version-1 network {path}: {error}") from None
    contact = old.widened(INPUTS, HIDDEN, seed)
    race = old.widened(INPUTS, HIDDEN, seed + 1)
    return Evaluator(contact, race, {"games": 0.0, "seconds": 0.0, "widened_from_games": games})


def learn(net: Network, x: np.ndarray, targets: np.ndarray, rate: float) -> None:
    """One gradient step of the cross-entropy between the outputs and their targets, summed over a game."""
    dw1, db1, dw2, db2 = net.gradient(x, targets)
    net.w1 += rate * dw1
    net.b1 += rate * db1
    net.w2 += rate * dw2
    net.b2 += rate * db2


def versus_pubeval(net: Evaluator, games: int, seed: int) -> tuple[float, float]:
    """Points per game against pubeval and the 95% half-width; dice are shared by pairs of games."""
    return versus(NeuralBot(RULES, net=net).play, PubevalBot(RULES).play, games, seed)


def versus(
    ours: BotPlay,
    theirs: BotPlay,
    games: int,
    seed: int,
    on_game: Callable[[], None] | None = None,
    rules: Rules = RULES,
) -> tuple[float, float]:
    """Points per game of `ours` and the 95% half-width; games 2k and 2k+1 share dice, seats swapped.

    The interval is the tournament's: each pair of games with the same dice is one sample, since the two
    are not independent. Fewer than two pairs give an unbounded half-width.
    """
    tally = Tally()
    for game in range(games):
        seat = game % 2
        bots = (ours, theirs) if seat == 0 else (theirs, ours)
        result, _ = play_bots(*bots, rules=rules, seed=seed * 1_000_003 + game // 2)
        tally.add(result.won_by(seat), result, result.disqualified == seat, (0, game // 2))
        if on_game is not None:
            on_game()
    low, high = tally.ci95(math.inf)
    return tally.ppg, (high - low) / 2


def append_curve(path: Path, row: dict[str, float]) -> None:
    new = not path.exists()
    with path.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=CURVE_FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)


def train(
    checkpoint: Path,
    minutes: float | None,
    games: int | None,
    resume: bool,
    rate: float,
    lam: float,
    eval_every: int,
    eval_games: int,
    export: Path | None,
    seed: int,
    console: Console,
    widen: Path | None = None,
) -> Evaluator:
    """Run self-play until the time or game budget is spent; checkpoints, evaluations and the curve."""
    curve = checkpoint.with_name("curve.csv")
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    if resume:
        net = Evaluator.load(checkpoint)
    elif checkpoint.exists():
        raise UserError(f"{checkpoint} exists: continue it with --resume, or give another --checkpoint")
    elif widen is not None:
        net = widen_version_1(widen, seed)
    else:
        net = Evaluator.fresh(seed)
    done = int(net.meta.get("games", 0))
    seconds_before = float(net.meta.get("seconds", 0.0))
    rng = random.Random(seed * 7919 + done)
    start = time.monotonic()
    last_save = start
    played = 0

    def save() -> None:
        net.meta.update(games=float(done + played), seconds=seconds_before + time.monotonic() - start)
        net.save(checkpoint)
        if export is not None:
            net.save(export)

    total = games if games is not None else (minutes or 0.0) * 60.0
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("self-play", total=total)
        while True:
            elapsed = time.monotonic() - start
            if (games is not None and played >= games) or (minutes is not None and elapsed >= minutes * 60):
                break
            positions, targets = self_play(net, rng, lam)
            learn_positions(net, positions, targets, rate)
            played += 1
            rate_now = played / max(time.monotonic() - start, 1e-9)
            progress.update(
                task,
                completed=played if games is not None else time.monotonic() - start,
                description=f"games {done + played:,} ({rate_now:.0f}/s)",
            )
            if time.monotonic() - last_save >= CHECKPOINT_SECONDS:
                save()
                last_save = time.monotonic()
            if eval_every and (done + played) % eval_every == 0:
                ppg, half = versus_pubeval(net, eval_games, seed=done + played)
                minutes_total = (seconds_before + time.monotonic() - start) / 60.0
                append_curve(
                    curve,
                    {
                        "games": done + played,
                        "minutes": round(minutes_total, 2),
                        "eval_games": eval_games,
                        "ppg": round(ppg, 4),
                        "ci_low": round(ppg - half, 4),
                        "ci_high": round(ppg + half, 4),
                    },
                )
                progress.console.print(
                    f"games {done + played:,}: vs pubeval {ppg:+.3f} ± {half:.3f} "
                    f"points/game over {eval_games} games"
                )
                save()
                last_save = time.monotonic()
    save()
    console.print(f"trained {played:,} games this run, {done + played:,} in all; checkpoint {checkpoint}")
    return net


def add_training_arguments(
    parser: argparse.ArgumentParser,
    *,
    resume_help: str,
    opponent: str,
    eval_every: int,
    eval_games: int,
    learning_rate: float,
    lam: float,
) -> None:
    """The arguments this trainer and no_hitting_td.py share, each with the trainer's own default: the budget
    (--minutes or --games), --resume, the evaluations against `opponent`, the learning rate, lambda and
    the seed."""
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--minutes", type=float, help="train for this long")
    budget.add_argument("--games", type=int, help="train for this many self-play games")
    parser.add_argument("--resume", action="store_true", help=resume_help)
    parser.add_argument(
        "--eval-every", type=int, default=eval_every, help="games between evaluations (0: none)"
    )
    parser.add_argument(
        "--eval-games", type=int, default=eval_games, help=f"games per evaluation vs {opponent}"
    )
    parser.add_argument("--lr", type=float, default=learning_rate, help="learning rate")
    parser.add_argument("--lambda", dest="lam", type=float, default=lam, help="TD lambda")
    parser.add_argument("--seed", type=int, default=1)


def check_budget(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Exit 2 with argparse's message unless the budget is positive."""
    if (args.minutes is not None and args.minutes <= 0) or (args.games is not None and args.games <= 0):
        parser.error("--minutes and --games must be positive")


def run_training(
    console: Console, train_run: Callable[[], None], kept: str = "the last checkpoint is kept"
) -> int:
    """Run a training command's work: 0 when done, 2 with the message of a UserError, 130 on Ctrl+C
    (saying what is `kept`)."""
    try:
        train_run()
    except UserError as error:
        console.print(f"error: {error}", markup=False)
        return 2
    except KeyboardInterrupt:
        console.print(f"interrupted; {kept}")
        return 130
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; exit 2 with a message on bad arguments or unreadable checkpoints."""
    parser = argparse.ArgumentParser(
        prog="python -m game.tavla.training.td", description=__doc__.split("\n")[0]
    )
    add_training_arguments(
        parser,
        resume_help="continue from the checkpoint",
        opponent="pubeval",
        eval_every=EVAL_EVERY,
        eval_games=EVAL_GAMES,
        learning_rate=LEARNING_RATE,
        lam=LAMBDA,
    )
    parser.add_argument(
        "--checkpoint",
        type=Path,
        default=DEFAULT_CHECKPOINT,
        help=f"checkpoint file (default {DEFAULT_CHECKPOINT}; curve.csv goes next to it)",
    )
    parser.add_argument(
        "--export", type=Path, help="also write the weights here, e.g. assets/weights/tavla_net.npz"
    )
    parser.add_argument(
        "--widen", type=Path, help="start from this version-1 network, grown (not with --resume)"
    )
    args = parser.parse_args(argv)
    console = Console()
    check_budget(parser, args)
    if args.eval_games < 2 and args.eval_every:
        parser.error("--eval-games must be at least 2")
    return run_training(
        console,
        lambda: train(
            args.checkpoint,
            args.minutes,
            args.games,
            args.resume,
            args.lr,
            args.lam,
            args.eval_every,
            args.eval_games,
            args.export,
            args.seed,
            console,
            args.widen,
        ),
    )


if __name__ == "__main__":
    sys.exit(main())
