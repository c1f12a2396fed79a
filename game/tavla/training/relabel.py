"""Relabelling at a deeper look-ahead the positions where the evaluator and its label disagree most.

A 2-ply label costs some twenty times a 1-ply one, so it is spent where it teaches most: the positions
of a data file (labelled by a 1-ply search) on which the evaluator's own 0-ply verdict is furthest from
the label are the ones its judgement is least sure of. They are taken in that order, labelled by the
`--plies`-deep search of the evaluator, and written as a data file of their own; `learn train` then
prefers the deeper label wherever a position has both. Races are left alone: their labels are how the
self-play game ended or the exact bear-off database.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from rich.console import Console

from game.errors import UserError
from game.tavla.engine.rules import Rules
from game.tavla.eval.features import races
from game.tavla.eval.neural import Evaluator, equities, judged
from game.tavla.eval.search import probabilities
from game.tavla.training.dataset import Dataset, digest, load_evaluator, progress_bar

BATCH = 32  # positions labelled per call: one batch through the networks at each ply
SAVE_SECONDS = 60.0


def disagreement_order(net: Evaluator, data: Dataset, rules: Rules) -> np.ndarray:
    """Rows of `data` with contact, most disagreeing first: |0-ply equity - the label's equity|."""
    rows = np.flatnonzero(judged(data.positions) & (races(data.positions) == 0))
    now = equities(net.probabilities(data.positions[rows]), rules)
    labelled = equities(data.labels[rows].astype(np.float64), rules)
    return rows[np.argsort(-np.abs(now - labelled), kind="stable")]


def relabel(args: argparse.Namespace, console: Console) -> None:
    """The `learn relabel` command (its arguments in learn.py)."""
    source = Dataset.load(args.data)
    net = load_evaluator(args.weights, args.rules)
    fingerprint = digest(args.weights, args.rules)
    if args.resume and args.out.exists():
        out = Dataset.load(args.out)
        if out.plies != args.plies:
            raise UserError(f"{args.out} was labelled at {out.plies}-ply, not {args.plies}")
    elif args.out.exists():
        raise UserError(f"{args.out} exists: add to it with --resume, or give another --out")
    else:
        out = Dataset.empty(args.plies, fingerprint)
    order = disagreement_order(net, source, args.rules)
    wanted = min(args.positions, len(order)) if args.positions is not None else len(order)
    done = len(out.positions)
    console.print(f"{len(order):,} positions with contact in {args.data}; {done:,} relabelled before")
    fresh_positions: list[np.ndarray] = []
    fresh_labels: list[np.ndarray] = []
    seconds_before = out.seconds
    start = last_save = time.monotonic()

    def save() -> None:
        out.positions = np.concatenate([out.positions, *fresh_positions])
        out.labels = np.concatenate([out.labels, *fresh_labels])
        fresh_positions.clear()
        fresh_labels.clear()
        out.seconds = seconds_before + time.monotonic() - start
        out.save(args.out)

    def budget_left() -> bool:
        if done >= wanted:
            return False
        return args.minutes is None or time.monotonic() - start < args.minutes * 60.0

    with progress_bar(console) as bar:
        task = bar.add_task(f"relabelling at {args.plies}-ply", total=wanted, completed=done)
        while budget_left():
            rows = order[done : min(done + BATCH, wanted)]
            chosen = source.positions[rows]
            fresh_positions.append(chosen)
            fresh_labels.append(probabilities(net, chosen, args.rules, args.plies).astype(np.float32))
            done += len(rows)
            bar.update(task, completed=done)
            if time.monotonic() - last_save >= SAVE_SECONDS:
                save()
                last_save = time.monotonic()
    save()
    console.print(f"{len(out.positions):,} positions relabelled at {args.plies}-ply in {args.out}")
