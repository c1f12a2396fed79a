"""Running a rollout's games: in this process with one job, else in worker processes
(concurrent.futures), in chunks of `CHUNK` games.

Every chunk is the same whoever plays it (game/tavla/lab/rollout.py: a game's dice follow from the seed
and its number), and the chunks' results are put back in their order, so any number of jobs gives the
same figures to the last digit. Ctrl+C, SIGTERM or SIGHUP stop the run: the chunks finished are kept,
the workers are ended, and `Rolled.stopped_by` says which signal it was.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

import numpy as np

from game.core.process.worker_pools import end_workers, ignore_interrupts
from game.tavla.eval.neural import OUTPUTS
from game.tavla.lab.rollout import RolloutPlan, play_games
from game.tavla.tournament.round_robin import workers_for
from game.tavla.tournament.stopping import no_interrupts, stop_signals

CHUNK = 36  # games a worker plays at a time: 36 trials and their rolls in each evaluator batch


@dataclass(frozen=True)
class Rolled:
    """The games played: per start, per game (in game order), the five corrected chances; how many
    workers played them, how long it took, and the stop signal's name if one ended the run early."""

    plan: RolloutPlan
    results: np.ndarray  # (starts, games played, 5)
    workers: int
    seconds: float
    stopped_by: str = ""

    @property
    def games(self) -> int:
        return self.results.shape[1]

    @property
    def complete(self) -> bool:
        return self.games == self.plan.games


def chunks(games: int) -> list[tuple[int, int]]:
    """(first game, count) of each chunk, in order."""
    return [(first, min(CHUNK, games - first)) for first in range(0, games, CHUNK)]


def run_rollout(plan: RolloutPlan, jobs: int = 1, advance: Callable[[int], None] | None = None) -> Rolled:
    """Play all of `plan`'s games with up to `jobs` workers; `advance(n)` is told of each n games done."""
    tick = advance if advance is not None else (lambda count: None)
    parts = chunks(plan.games)
    used = workers_for(jobs, len(parts))
    done: dict[int, np.ndarray] = {}
    start = time.perf_counter()
    with stop_signals() as stop:
        try:
            if used == 1:
                for index, (first, count) in enumerate(parts):
                    done[index] = play_games(plan, first, count)
                    tick(count)
                    stop.check()
            else:
                _run_workers(plan, parts, used, done, tick)
            stop.check()
        except KeyboardInterrupt:
            if not stop.name:
                stop.signum = signal.SIGINT
    with no_interrupts():
        kept = [done[index] for index in sorted(done)]
        results = np.concatenate(kept, axis=1) if kept else np.zeros((len(plan.starts), 0, OUTPUTS))
        return Rolled(plan, results, used, time.perf_counter() - start, stop.name)


def _run_workers(
    plan: RolloutPlan,
    parts: list[tuple[int, int]],
    workers: int,
    done: dict[int, np.ndarray],
    tick: Callable[[int], None],
) -> None:
    """Keep every worker busy with the next chunk (two each in flight), until all are played."""
    context = multiprocessing.get_context("spawn")  # no fork of a process that holds threads
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=ignore_interrupts)
    waiting = iter(enumerate(parts))
    pending: dict[Future, int] = {}
    try:
        while True:
            while len(pending) < 2 * workers:
                index, (first, count) = next(waiting, (-1, (0, 0)))
                if index < 0:
                    break
                pending[pool.submit(play_games, plan, first, count)] = index
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                done[index] = future.result()
                tick(parts[index][1])
    finally:
        with no_interrupts():
            end_workers(pool, bool(pending), wait=True)
