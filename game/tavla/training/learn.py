"""Supervised training of the evaluator on positions labelled by its own look-ahead.

    python -m game.tavla.training.learn generate --out runs/data/a.npz --positions 200000
        [--weights W] [--plies 1] [--rules standard]
    python -m game.tavla.training.learn train --data runs/data/a.npz [--data ...] --weights W
        --out runs/net.npz --epochs 4
    python -m game.tavla.training.learn relabel --data runs/data/a.npz --out runs/data/a2.npz
        --plies 2 --positions 20000 [--weights W] [--rules standard]
    python -m game.tavla.training.learn evaluate --weights runs/net.npz --opponent pubeval
        --games 5000 --seed 1

`generate` plays self-play games with the evaluator (a share of plays chosen at random, so positions
off the main line are met too), keeps a sample of the positions the networks judge, and labels each
with the five probabilities a `--plies`-deep search of the same evaluator gives (game/tavla/eval/
search.py). A label is what the evaluator believes after looking one roll further: training on it
moves each network towards its own search, the way gnubg's networks were improved on rollouts. Each
position also keeps how its game ended. A search only passes on what the networks already believe,
so an output no label ever grounds drifts (the standard networks' contact backgammons did): `train
--outcome-outputs backgammon` takes those outputs' labels from the games' ends instead.
`train` fits both phase networks to the labels (minibatch Adam on the cross-entropy, 5% held out to
report the error); where a position is in several files, the deepest label is used. `relabel` labels
again, deeper, the positions of a file where the evaluator and the label disagree most (relabel.py).
`evaluate` plays duplicate-dice games against any bot.

Every command runs for a count or a time, shows a progress bar, writes its output atomically as it
goes (about once a minute), and continues with `--resume`: `generate` appends to its file, `train`
goes on from its output's weights. Nothing here is needed to play; GNU Backgammon is never a teacher.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core: threads only add overhead at these sizes

import numpy as np
from rich.console import Console

from game.core.errors import UserError
from game.tavla.engine.position import is_race
from game.tavla.engine.rules import Rules
from game.tavla.eval.features import INPUTS, encode, races
from game.tavla.eval.neural import (
    HIDDEN,
    Evaluator,
    Network,
    judged,
    phase_rows,
)
from game.tavla.eval.search import probabilities
from game.tavla.players import get_bot
from game.tavla.players.levels import MasterBot, NeuralBot
from game.tavla.training.dataset import (
    SAVE_SECONDS,
    Appender,
    Dataset,
    budget_left,
    digest,
    load_evaluator,
    output_dataset,
    progress_bar,
)
from game.tavla.training.relabel import ORDERS, relabel
from game.tavla.training.td import run_training, self_play, versus

EXPLORE = 0.1  # share of self-play decisions taken at random
SAMPLE = 0.5  # share of judged positions kept: neighbours in one game are alike
HOLD_OUT = 0.05
BATCH = 128
LEARNING_RATE = 0.001
ADAM = (0.9, 0.999, 1e-8)
MAX_HIDDEN = 1024


def generate(args: argparse.Namespace, console: Console) -> None:
    net = load_evaluator(args.weights, args.rules)
    data = output_dataset(args.out, args.plies, digest(args.weights, args.rules), args.resume)
    rng = random.Random(args.seed * 1_000_003 + data.games)
    appender = Appender(data, args.out)
    made, games = 0, 0
    start = appender.start

    total = args.positions if args.positions is not None else args.minutes * 60.0
    with progress_bar(console) as progress:
        task = progress.add_task(f"labelling at {args.plies}-ply", total=total)
        while budget_left(args.positions, args.minutes, made, start):
            states, outcomes = self_play(net, rng, 1.0, args.explore, args.rules)  # λ=1: how it ended
            keep = judged(states) & (np.array([rng.random() for _ in states]) < args.sample)
            games += 1
            data.games += 1
            if keep.any():
                chosen = states[keep]
                labels = probabilities(net, chosen, args.rules, args.plies)
                if args.race_outcome:
                    race = np.array([is_race(state) for state in chosen])
                    mixed = (1 - args.race_outcome) * labels[race] + args.race_outcome * outcomes[keep][race]
                    labels[race] = mixed
                appender.add(chosen, labels, outcomes[keep])
                made += len(chosen)
            done = made if args.positions is not None else time.monotonic() - start
            progress.update(task, completed=min(done, total), description=f"labelling: {made:,} positions")
    appender.save()
    console.print(f"{made:,} positions from {games:,} games this run; {len(data.positions):,} in {args.out}")


class Adam:
    """Adam's moment estimates for one network's four arrays."""

    def __init__(self, net: Network, rate: float) -> None:
        self.rate = rate
        self.steps = 0
        self.first = [np.zeros_like(getattr(net, key)) for key in ("w1", "b1", "w2", "b2")]
        self.second = [np.zeros_like(getattr(net, key)) for key in ("w1", "b1", "w2", "b2")]

    def step(self, net: Network, x: np.ndarray, targets: np.ndarray) -> None:
        beta1, beta2, epsilon = ADAM
        self.steps += 1
        grads = net.gradient(x, targets)
        correction = math.sqrt(1 - beta2**self.steps) / (1 - beta1**self.steps)
        for index, key in enumerate(("w1", "b1", "w2", "b2")):
            g = grads[index] / len(x)
            self.first[index] = beta1 * self.first[index] + (1 - beta1) * g
            self.second[index] = beta2 * self.second[index] + (1 - beta2) * g * g
            update = self.rate * correction * self.first[index] / (np.sqrt(self.second[index]) + epsilon)
            getattr(net, key)[...] += update.astype(np.float32)


def cross_entropy(net: Network, x: np.ndarray, targets: np.ndarray, rules: Rules) -> tuple[float, float]:
    """Mean cross-entropy per output and mean absolute error of the equity under `rules`."""
    y = np.clip(net.forward(x), 1e-7, 1 - 1e-7)
    loss = -(targets * np.log(y) + (1 - targets) * np.log(1 - y)).mean()
    weights = np.array(rules.equity_weights)
    return float(loss), float(np.abs((y - targets) @ weights).mean())


def _batches(rows: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    order = rng.permutation(rows)
    for begin in range(0, rows, BATCH):
        yield order[begin : begin + BATCH]


def train(args: argparse.Namespace, console: Console) -> None:
    start_weights = args.out if args.resume else args.weights
    if not args.resume and args.out.exists():
        raise UserError(f"{args.out} exists: continue it with --resume, or give another --out")
    net = load_evaluator(start_weights, args.rules)
    if args.hidden and not args.resume:
        grow = (INPUTS, args.hidden, args.seed)
        net = Evaluator(net.contact.widened(*grow), net.race.widened(*grow), dict(net.meta))
    else:
        net = Evaluator(net.contact.copy(), net.race.copy(), dict(net.meta))
    sets = [Dataset.load(path) for path in args.data]
    states = np.concatenate([d.positions for d in sets])
    labels = np.concatenate([d.labels for d in sets])
    outcomes = np.concatenate([d.outcomes for d in sets])
    plies = np.concatenate([[d.plies] * len(d.positions) for d in sets])
    states, labels, outcomes = deepest_labels(states, labels, outcomes, plies)
    keep = judged(states)
    states, labels, outcomes = states[keep], labels[keep], outcomes[keep]
    x = encode(states)
    if args.outcome_outputs:
        # A label bootstrapped from the networks' own search never meets a backgammon in contact; how
        # the game ended does (a rare event: little noise). Races have their own (--race-outcome).
        grounded = np.flatnonzero((races(states) == 0) & ~np.isnan(outcomes).any(axis=1))
        columns = [column for name in args.outcome_outputs for column in OUTCOME_OUTPUTS[name]]
        labels[np.ix_(grounded, columns)] = outcomes[np.ix_(grounded, columns)]
    rows_of = phase_rows(x)
    rng = np.random.default_rng(args.seed)
    held = rng.random(len(states)) < HOLD_OUT
    phases = {}
    for phase, rows in rows_of.items():
        phases[phase] = (np.flatnonzero(rows & ~held), np.flatnonzero(rows & held))
    optimisers = {phase: Adam(net.network(phase), args.lr) for phase in phases}
    console.print(
        f"{len(states):,} positions: contact {int(rows_of['contact'].sum()):,}, "
        f"race {int(rows_of['race'].sum()):,}; "
        f"{int(held.sum()):,} held out"
    )

    def report(epoch: float) -> None:
        parts = []
        for phase, (_, test) in phases.items():
            if len(test):
                loss, error = cross_entropy(net.network(phase), x[test], labels[test], args.rules)
                parts.append(f"{phase}: cross-entropy {loss:.4f}, equity error {error:.4f}")
        console.print(f"epoch {epoch:g}: " + "; ".join(parts))

    report(0)
    start = last_save = time.monotonic()
    steps_per_epoch = sum(math.ceil(len(train_rows) / BATCH) for train_rows, _ in phases.values())
    total = args.epochs * steps_per_epoch if args.epochs is not None else args.minutes * 60.0
    done_steps, epoch = 0, 0
    with progress_bar(console) as progress:
        task = progress.add_task("training", total=total)
        while budget_left(args.epochs, args.minutes, epoch, start):
            for phase, (train_rows, _) in phases.items():
                for batch in _batches(len(train_rows), rng):
                    rows = train_rows[batch]
                    optimisers[phase].step(net.network(phase), x[rows], labels[rows])
                    done_steps += 1
                    if args.epochs is not None:
                        progress.update(task, completed=done_steps)
                    else:
                        progress.update(task, completed=min(time.monotonic() - start, total))
                    if time.monotonic() - last_save >= SAVE_SECONDS:
                        net.save(args.out)
                        last_save = time.monotonic()
            epoch += 1
            net.meta["supervised_epochs"] = net.meta.get("supervised_epochs", 0.0) + 1
            net.meta["supervised_positions"] = float(len(states))
            net.save(args.out)
            report(epoch)
    console.print(f"trained {epoch} epochs; weights {args.out}")


def deepest_labels(
    states: np.ndarray, labels: np.ndarray, outcomes: np.ndarray, plies: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows, less those whose position also comes with a deeper label: a 2-ply label replaces the
    1-ply one of the same position (a position met in several games keeps its copies of one depth)."""
    deepest: dict[bytes, int] = {}
    keys = [row.tobytes() for row in states]
    for key, depth in zip(keys, plies, strict=True):
        deepest[key] = max(deepest.get(key, 0), int(depth))
    keep = np.array([deepest[key] == depth for key, depth in zip(keys, plies, strict=True)], dtype=bool)
    return states[keep], labels[keep], outcomes[keep]


def evaluate(args: argparse.Namespace, console: Console) -> None:
    net = load_evaluator(args.weights, args.rules)
    rules = args.rules
    ours = MasterBot(rules, net=net, plies=args.plies).play if args.plies else NeuralBot(rules, net=net).play
    theirs = get_bot(args.opponent, seed=args.seed, rules=rules).play
    with progress_bar(console) as progress:
        task = progress.add_task(f"against {args.opponent}", total=args.games)
        mean, half = versus(ours, theirs, args.games, args.seed, lambda: progress.advance(task), rules)
    console.print(
        f"{args.weights or 'shipped weights'} at {args.plies}-ply vs {args.opponent} ({rules}): {mean:+.3f} "
        f"(95% CI {mean - half:+.3f} to {mean + half:+.3f}) points a game over {args.games} games, "
        f"seed {args.seed}"
    )


# The outputs --outcome-outputs can ground, by name: their columns (both sides).
OUTCOME_OUTPUTS = {"gammon": (1, 3), "backgammon": (2, 4)}


def _outputs(text: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    unknown = [name for name in names if name not in OUTCOME_OUTPUTS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"say gammon, backgammon or both (comma-separated), not {text!r}")
    return names


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; exit 2 with a message on bad arguments or files."""
    parser = argparse.ArgumentParser(
        prog="python -m game.tavla.training.learn", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)

    make = commands.add_parser("generate", help="self-play positions labelled by look-ahead")
    budget = make.add_mutually_exclusive_group(required=True)
    budget.add_argument("--positions", type=int, help="label this many positions")
    budget.add_argument("--minutes", type=float, help="label for this long")
    make.add_argument("--out", type=Path, required=True, help="the data file (.npz) to write")
    make.add_argument("--weights", type=Path, help="the evaluator that plays and labels (default: shipped)")
    make.add_argument("--plies", type=int, default=1, choices=(1, 2), help="look-ahead of the labels")
    make.add_argument("--explore", type=float, default=EXPLORE, help="share of random plays in self-play")
    make.add_argument("--sample", type=float, default=SAMPLE, help="share of positions kept")
    make.add_argument(
        "--race-outcome",
        type=float,
        default=0.0,
        help="in races, this share of the label is how the self-play game ended (0: the search alone)",
    )
    make.add_argument("--resume", action="store_true", help="add to the data file")
    make.add_argument("--seed", type=int, default=1)

    fit = commands.add_parser("train", help="fit the networks to labelled positions")
    budget = fit.add_mutually_exclusive_group(required=True)
    budget.add_argument("--epochs", type=int, help="passes over the data")
    budget.add_argument("--minutes", type=float, help="train for this long")
    fit.add_argument("--data", type=Path, action="append", required=True, help="a data file (repeatable)")
    fit.add_argument("--weights", type=Path, help="start from these weights (default: shipped)")
    fit.add_argument("--out", type=Path, required=True, help="the weights file to write (the checkpoint)")
    fit.add_argument("--lr", type=float, default=LEARNING_RATE, help="Adam's learning rate")
    fit.add_argument("--hidden", type=int, help="first grow the networks to this many hidden units")
    fit.add_argument("--resume", action="store_true", help="continue from --out's weights")
    fit.add_argument(
        "--outcome-outputs",
        type=_outputs,
        default=(),
        help="in contact, these outputs' labels are how the self-play game ended, where the file says: "
        "gammon, backgammon or both (comma-separated)",
    )
    fit.add_argument("--seed", type=int, default=1)

    deeper = commands.add_parser("relabel", help="label again, deeper, where 0-ply and the label disagree")
    budget = deeper.add_mutually_exclusive_group(required=True)
    budget.add_argument("--positions", type=int, help="relabel this many positions (in --order)")
    budget.add_argument("--minutes", type=float, help="relabel for this long")
    deeper.add_argument("--data", type=Path, required=True, help="the data file whose positions to relabel")
    deeper.add_argument("--out", type=Path, required=True, help="the data file (.npz) to write")
    deeper.add_argument(
        "--weights", type=Path, help="the evaluator that judges and labels (default: shipped)"
    )
    deeper.add_argument("--plies", type=int, default=2, choices=(1, 2), help="look-ahead of the new labels")
    deeper.add_argument("--resume", action="store_true", help="go on where the data file stops")
    deeper.add_argument("--workers", type=int, default=1, help="processes that label (default 1)")
    deeper.add_argument(
        "--order",
        choices=ORDERS,
        default="disagreement",
        help="most disagreeing first (default), or a sample of the file (random, by --seed)",
    )
    deeper.add_argument("--seed", type=int, default=1, help="the shuffle of --order random")

    judge = commands.add_parser("evaluate", help="points a game against a bot, duplicate dice")
    judge.add_argument("--weights", type=Path, help="the evaluator to measure (default: shipped)")
    judge.add_argument("--opponent", default="pubeval", help="a bot name (default pubeval)")
    judge.add_argument("--games", type=int, default=2000, help="games (even)")
    judge.add_argument("--plies", type=int, default=0, choices=(0, 1, 2), help="search depth of ours")
    judge.add_argument("--seed", type=int, default=1)

    for sub in (make, fit, deeper, judge):
        backgammon = list(Rules.backgammon())
        sub.add_argument("--rules", type=Rules, choices=backgammon, default=Rules.TAVLA, help="the rule set")
    args = parser.parse_args(argv)
    for name in ("positions", "minutes", "epochs", "games", "workers"):
        value = getattr(args, name, None)
        if value is not None and value <= 0:
            parser.error(f"--{name} must be positive")
    if args.command == "generate" and not 0.0 <= args.race_outcome <= 1.0:
        parser.error("--race-outcome must be a share between 0 and 1")
    if args.command == "train" and args.hidden is not None and not HIDDEN <= args.hidden <= MAX_HIDDEN:
        parser.error(f"--hidden must be between {HIDDEN} and {MAX_HIDDEN}")
    if args.command == "evaluate" and args.games % 2:
        parser.error("--games must be even (games are played in pairs with the same dice)")
    console = Console(soft_wrap=True)
    commands_by_name = {"generate": generate, "train": train, "relabel": relabel, "evaluate": evaluate}
    return run_training(
        console, lambda: commands_by_name[args.command](args, console), "what was written last is kept"
    )


if __name__ == "__main__":
    sys.exit(main())
