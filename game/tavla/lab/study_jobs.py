"""The position lab's work for the window: a rollout and a temperature map run in worker processes,
which the window looks at each frame without waiting, so it never stutters.

A rollout's chunks are the command line's (game/tavla/lab/rollout_runner.py): the figures shown are
those of the chunks finished in order, so a finished rollout here gives the `rollout` command's figures to
the last digit for the same seed, and a stopped one keeps what it had. No drawing here:
game/tavla/screens/table/study_card.py shows it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import numpy as np

from game.core.process.worker_pools import end_workers
from game.tavla.engine.position import flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup
from game.tavla.eval.judge import sage_plays
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import OUTPUTS
from game.tavla.lab.rollout import RolloutPlan, play_games
from game.tavla.lab.rollout_report import Candidate, RolloutReport, candidates_of
from game.tavla.lab.rollout_runner import Rolled, chunks
from game.tavla.lab.sage_rollout import SagePlan, chunk_size, chunks_of, combined, play_chunk

WINDOW_GAMES = 1296  # a rollout from the window: the command's default
WINDOW_PLAYS = 6  # with dice, the best plays at 0-ply that are rolled out
WORKER_NICENESS = 19  # the lowest: the window first, as the history's worker
# Open Sage's rollout needs a hundred times the work of ours for its games: at the lowest priority beside
# a busy machine (another program, the software renderer) its first 36 games took 80 s in the real-window
# test, at 0 35 s; the window, idle but for the card's refresh twice a second, shares the cores with it.
SAGE_NICENESS = 0


def window_workers() -> int:
    """One core is left to the window; at least one worker."""
    return max(1, (os.cpu_count() or 2) - 1)


def _pool(workers: int, niceness: int | None = None) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("spawn")  # no fork of a process that holds the window's threads
    nice = WORKER_NICENESS if niceness is None else min(niceness, WORKER_NICENESS)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_behind_the_window, initargs=(nice,))


def _behind_the_window(niceness: int) -> None:
    """A worker yields the cores to the window (and its software renderer's threads) when both want them.
    (The niceness is the parent's WORKER_NICENESS when the pool starts: tests that run beside other
    busy test processes set it lower, or the workers would wait for all of them.)"""
    with contextlib.suppress(OSError, AttributeError):  # os.nice: not on Windows
        os.nice(niceness)


class RolloutJob:
    """A rollout of `setup` (before the roll, or with its dice the `plays` best plays) under way."""

    def __init__(
        self,
        setup: Setup,
        rules: Rules,
        games: int = WINDOW_GAMES,
        level: str = "expert",
        seed: int | None = None,
        workers: int | None = None,
        plays: int = WINDOW_PLAYS,
    ) -> None:
        self.setup = setup
        dice = setup.dice
        self.candidates: list[Candidate] | None = (
            None if dice is None else candidates_of(setup.state, dice, rules, plays)
        )
        starts = (setup.state,) if self.candidates is None else tuple(flip(c.after) for c in self.candidates)
        seed = secrets.randbelow(2**32) if seed is None else seed
        self.plan = RolloutPlan(starts, rules, games, seed, None, level)
        self.parts = chunks(games)
        self.workers = min(workers or window_workers(), len(self.parts))
        self.done: dict[int, np.ndarray] = {}
        self.pending: dict[Future, int] = {}
        self.next_part = 0
        self.started = time.perf_counter()
        self.stopped = False
        self.pool: ProcessPoolExecutor | None = _pool(self.workers)
        self._fill()

    def _fill(self) -> None:
        """Two chunks in flight for each worker."""
        in_flight = 2 * self.workers
        while self.pool is not None and self.next_part < len(self.parts) and len(self.pending) < in_flight:
            first, count = self.parts[self.next_part]
            self.pending[self.pool.submit(play_games, self.plan, first, count)] = self.next_part
            self.next_part += 1

    def poll(self) -> bool:
        """Take in the chunks finished since the last look, without waiting; whether there were any.
        A worker's error is raised here (the caller says it and stops)."""
        finished = [future for future in self.pending if future.done()]
        for future in finished:
            index = self.pending.pop(future)
            self.done[index] = future.result()
        self._fill()
        if self.finished:
            self._shut()
        return bool(finished)

    @property
    def games_done(self) -> int:
        """The games of the chunks finished in order (those the figures show)."""
        games, index = 0, 0
        while index in self.done:
            games += self.parts[index][1]
            index += 1
        return games

    @property
    def finished(self) -> bool:
        return self.stopped or len(self.done) == len(self.parts)

    def report(self) -> RolloutReport:
        """The figures of the games finished in order so far (none yet: a report that says so)."""
        kept, index = [], 0
        while index in self.done:
            kept.append(self.done[index])
            index += 1
        results = np.concatenate(kept, axis=1) if kept else np.zeros((len(self.plan.starts), 0, OUTPUTS))
        rolled = Rolled(self.plan, results, self.workers, time.perf_counter() - self.started)
        return RolloutReport(self.setup, rolled, self.candidates)

    def stop(self) -> None:
        """End the workers now; what was finished stays."""
        self.stopped = True
        self._shut()

    def _shut(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            end_workers(pool, bool(self.pending), wait=False)
        self.pending.clear()


class SageRolloutJob:
    """A rollout of `setup` on Open Sage under way, chunk by chunk in one worker process (Open Sage
    plays on every core by itself): the same figures as the `rollout` command's for the same seed."""

    def __init__(
        self,
        setup: Setup,
        rules: Rules,
        games: int = WINDOW_GAMES,
        level: str = "expert",
        seed: int | None = None,
        plays: int = WINDOW_PLAYS,
    ) -> None:
        self.setup = setup
        dice = setup.dice
        self.candidates: list[Candidate] | None = (
            None if dice is None else candidates_of(setup.state, dice, rules, plays)
        )
        afters = (flip(setup.state),) if self.candidates is None else tuple(c.after for c in self.candidates)
        seed = secrets.randbelow(2**32) if seed is None else seed
        self.plan = SagePlan(afters, rules, games, seed, None, JudgeLevel(level))
        self.workers = 1
        self.done: list[np.ndarray] = []
        self.started = time.perf_counter()
        self.stopped = False
        self.pool: ProcessPoolExecutor | None = _pool(1, SAGE_NICENESS)
        self.future: Future = self.pool.submit(play_chunk, self.plan, 0)

    def poll(self) -> bool:
        """Take in the chunk finished since the last look, without waiting; whether there was one."""
        if self.pool is None or not self.future.done():
            return False
        self.done.append(self.future.result())
        if len(self.done) < chunks_of(self.plan):
            self.future = self.pool.submit(play_chunk, self.plan, len(self.done))
        else:
            self._shut()
        return True

    @property
    def games_done(self) -> int:
        return sum(chunk_size(self.plan, index) for index in range(len(self.done)))

    @property
    def finished(self) -> bool:
        return self.stopped or len(self.done) == chunks_of(self.plan)

    def report(self) -> RolloutReport:
        from game.tavla.lab.sage_rollout_report import SageRolloutReport

        rolled = combined(self.plan, self.done, time.perf_counter() - self.started)
        return SageRolloutReport(self.setup, rolled, self.candidates)

    def stop(self) -> None:
        self.stopped = True
        self._shut()

    def _shut(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            end_workers(pool, not self.future.done(), wait=False)


def rollout_job(setup: Setup, rules: Rules, games: int = WINDOW_GAMES) -> RolloutJob | SageRolloutJob:
    """The window's rollout: on Open Sage where it plays the rule set, else on our networks."""
    return SageRolloutJob(setup, rules, games) if sage_plays(rules) else RolloutJob(setup, rules, games)


class AnswerJob:
    """One answer worked out in a worker process: `function(*args)` (a temperature map, a ranked hint),
    which must be importable by name (the worker is spawned)."""

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self.args = args
        self.pool: ProcessPoolExecutor | None = _pool(1)
        self.future = self.pool.submit(function, *args)
        self.result: Any = None

    def poll(self) -> bool:
        """Whether the answer has just arrived (a worker's error is raised here)."""
        if self.pool is None or not self.future.done():
            return False
        self.result = self.future.result()
        self.stop()
        return True

    @property
    def finished(self) -> bool:
        return self.pool is None

    def stop(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            end_workers(pool, not self.future.done(), wait=False)
