"""Relabelling at a deeper look-ahead the positions where the evaluator and its label disagree most.

A 2-ply label costs some twenty times a 1-ply one, so it is spent where it teaches most: the positions
of a data file (labelled by a 1-ply search) on which the evaluator's own 0-ply verdict is furthest from
the label are the ones its judgement is least sure of. They are taken in that order, labelled by the
`--plies`-deep search of the evaluator, and written as a data file of their own; `learn train` then
prefers the deeper label wherever a position has both. `--order random` takes them in a shuffled order
instead (seeded), so that a run stopped by the clock leaves a sample of the file, not its wildest
positions: a network trained on labels all of one depth learns no bias between depths. Each relabelled
position keeps how its game ended. Races are left alone: their labels are how the self-play game ended
or the exact bear-off database. `--workers N` labels N batches at a time in worker
processes (each loads the evaluator once); the output is the same whatever N.
"""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

import numpy as np
from rich.console import Console

from game.tavla.engine.rules import Rules
from game.tavla.eval.features import races
from game.tavla.eval.neural import Evaluator, equities, judged
from game.tavla.eval.search import probabilities
from game.tavla.training.dataset import (
    Appender,
    Dataset,
    budget_left,
    digest,
    load_evaluator,
    output_dataset,
    progress_bar,
)

BATCH = 32  # positions labelled per call: one batch through the networks at each ply

_worker: tuple[Evaluator, Rules, int] | None = None  # a worker process's evaluator, rules and plies


def _start_worker(weights: Path | None, rules: Rules, plies: int) -> None:
    global _worker
    _worker = (load_evaluator(weights, rules), rules, plies)


def _label(positions: np.ndarray) -> np.ndarray:
    assert _worker is not None, "the pool's initializer loads the evaluator"
    net, rules, plies = _worker
    return probabilities(net, positions, rules, plies)


ORDERS = ("disagreement", "random")  # the orders `--order` takes the rows in


def contact_rows(data: Dataset) -> np.ndarray:
    """Rows of `data` whose positions have contact and are judged by the networks."""
    return np.flatnonzero(judged(data.positions) & (races(data.positions) == 0))


def disagreement_order(net: Evaluator, data: Dataset, rules: Rules) -> np.ndarray:
    """Rows of `data` with contact, most disagreeing first: |0-ply equity - the label's equity|."""
    rows = contact_rows(data)
    now = equities(net.probabilities(data.positions[rows]), rules)
    labelled = equities(data.labels[rows].astype(np.float64), rules)
    return rows[np.argsort(-np.abs(now - labelled), kind="stable")]


def relabel(args: argparse.Namespace, console: Console) -> None:
    """The `learn relabel` command (its arguments in learn.py)."""
    source = Dataset.load(args.data)
    net = load_evaluator(args.weights, args.rules)
    out = output_dataset(args.out, args.plies, digest(args.weights, args.rules), args.resume)
    if args.order == "random":
        order = np.random.default_rng(args.seed).permutation(contact_rows(source))
    else:
        order = disagreement_order(net, source, args.rules)
    wanted = min(args.positions, len(order)) if args.positions is not None else len(order)
    done = len(out.positions)
    console.print(f"{len(order):,} positions with contact in {args.data}; {done:,} relabelled before")
    appender = Appender(out, args.out)
    count = wanted if args.minutes is None else None  # with --minutes, the clock or the order ends it

    def batches() -> Iterator[np.ndarray]:
        start = done
        while start < wanted and budget_left(count, args.minutes, start, appender.start):
            yield order[start : min(start + BATCH, wanted)]
            start += BATCH

    with progress_bar(console) as bar:
        task = bar.add_task(f"relabelling at {args.plies}-ply", total=wanted, completed=done)
        for rows, labels in _labelled(batches(), source, net, args):
            appender.add(source.positions[rows], labels, source.outcomes[rows])
            done += len(rows)
            bar.update(task, completed=done)
    appender.save()
    console.print(f"{len(out.positions):,} positions relabelled at {args.plies}-ply in {args.out}")


def _labelled(
    batches: Iterator[np.ndarray], source: Dataset, net: Evaluator, args: argparse.Namespace
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each batch of rows of `source` with its positions' labels, in order: here by `net` with one
    worker, else from a pool kept two batches a worker ahead (a batch is asked for only when there is
    room, so the clock is read as late as it can be)."""
    if args.workers <= 1:
        for rows in batches:
            yield rows, probabilities(net, source.positions[rows], args.rules, args.plies)
        return
    setup = (args.weights, args.rules, args.plies)
    with ProcessPoolExecutor(args.workers, initializer=_start_worker, initargs=setup) as pool:
        pending: deque[tuple[np.ndarray, Future[np.ndarray]]] = deque()
        for rows in batches:
            pending.append((rows, pool.submit(_label, source.positions[rows])))
            while len(pending) >= 2 * args.workers:
                first, future = pending.popleft()
                yield first, future.result()
        while pending:
            first, future = pending.popleft()
            yield first, future.result()
