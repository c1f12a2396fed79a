"""Hints and auto-solve off the frame loop: the solver runs in worker threads, the view polls.

Pure Python (no Arcade). Each answer is tied to the board it was asked for, so an answer that
arrives after the player has moved on is dropped instead of shown for the wrong board. Building the
solver's tables (seconds of numpy work for the quick ones, a minute or two more for the strong 4x4
ones, once per machine) happens in a child process, so it cannot take the interpreter lock from the
frame loop; the game loads the quick tables in a thread as soon as they are cached.
After a solve, the scramble's shortest known solution is measured the same way, for the comparison.
"""

import concurrent.futures
import multiprocessing
import os
import threading
import time
from typing import NamedTuple

from game.core.errors import UserError
from game.puzzle.model.board import Board
from game.puzzle.solver import (
    Cancelled,
    SolverTimeout,
    best,
    hint,
    prepare,
    solve,
    tables_cached,
    tables_ready,
)
from game.puzzle.solver.distance_tables import optimal_supported

WORKERS = 2
SHORTEST_BUDGET = 20.0
"""Seconds an optimal search of a scramble may take (boards up to 4x4); then it gives up."""
_SPAWN = multiprocessing.get_context("spawn")
_BUILDERS: dict[tuple[int, int], tuple[multiprocessing.process.BaseProcess, object]] = {}
_BUILDERS_LOCK = threading.Lock()


def _builder_for(width: int, height: int) -> tuple[multiprocessing.process.BaseProcess, object]:
    """One table-building child per size at a time, shared by every puzzle screen of this game."""
    with _BUILDERS_LOCK:
        running = _BUILDERS.get((width, height))
        if running is None or (not running[0].is_alive() and running[0].exitcode not in (0, None)):
            progress = _SPAWN.Value("d", 0.0)
            process = _SPAWN.Process(
                target=_build_tables, args=(width, height, progress, os.getpid()), daemon=True
            )
            process.start()
            running = _BUILDERS[(width, height)] = (process, progress)
        return running


def _build_tables(width: int, height: int, progress, parent: int) -> None:
    """In the child process: build and cache the tables, reporting progress through shared memory.

    It stops by itself if the game that started it is gone (killed without cleaning up).
    """

    def report(done: int, total: int) -> None:
        alive(done, total)
        progress.value = min(0.99, done / max(1, total))

    def alive(_done: int, _total: int) -> None:
        if os.getppid() != parent:
            os._exit(0)

    prepare(width, height, report)
    # The hints need only the quick tables: the game takes them as soon as they are cached, and the
    # solver switches to the strong ones (4x4) once this puts them in the cache too.
    prepare(width, height, alive, strong=True)


class Shortest(NamedTuple):
    """The fewest moves known to solve a board; ``proven``: the solver's optimum (boards up to 4x4)."""

    moves: int
    proven: bool


def shortest(
    board: Board, budget: float = SHORTEST_BUDGET, cancel: threading.Event | None = None
) -> Shortest | None:
    """The fewest moves from ``board`` to the goal: optimal up to 4x4, beyond it the solver's ``best``
    (by node limits, not the clock: the figure ``python main.py solve`` prints for the same board).
    None when the optimal search runs past ``budget`` seconds or ``cancel`` is set.

    Up to 4x4 it builds the solver's tables if they are missing (seconds, once per machine): call it off
    the frame loop, once they are ready (``BackgroundSolver.request_shortest`` waits for them).
    """
    width, height = board.width, board.height
    try:
        if optimal_supported(width, height):
            return Shortest(len(solve(board, optimal=True, budget=budget, cancel=cancel)), True)
        return Shortest(len(best(board, cancel=cancel)), False)
    except (SolverTimeout, Cancelled):
        return None


class BackgroundSolver:
    """The solver for one puzzle size: its tables load in the background; hints and solutions on request."""

    def __init__(self, width: int, height: int) -> None:
        self._cancel = threading.Event()
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=WORKERS, thread_name_prefix="fifteen-solver"
        )
        self._ready = tables_ready(width, height)
        self._building: object | None = None
        self._pool.submit(self._prepare, width, height)
        self._hint: tuple[Board, concurrent.futures.Future] | None = None
        self._solution: tuple[Board, concurrent.futures.Future] | None = None
        self._shortest: tuple[Board, concurrent.futures.Future] | None = None
        self._stop_solution = threading.Event()
        self.error = ""

    def _prepare(self, width: int, height: int) -> None:
        if not self._ready:
            builder, self._building = _builder_for(width, height)
            while builder.is_alive() and not tables_cached(width, height) and not self._cancel.wait(0.1):
                pass
            if self._cancel.is_set():
                return
        try:
            prepare(width, height, cancel=self._cancel)
        except Cancelled:
            return
        self._ready = True

    @property
    def progress(self) -> float:
        """How far the solver's tables are (1.0 = ready)."""
        if self._ready:
            return 1.0
        return self._building.value if self._building is not None else 0.0  # type: ignore[attr-defined]

    def request_hint(self, board: Board) -> None:
        if self._cancel.is_set():
            return
        if self._hint is None or self._hint[0] != board:
            self._hint = (board, self._pool.submit(hint, board))

    def hint_for(self, board: Board) -> int | None:
        """The tile to slide next on `board`, once found (None until then)."""
        if self._hint is None or self._hint[0] != board or not self._hint[1].done():
            return None
        future = self._hint[1]
        self._hint = None
        return self._result(future, 0)

    def request_solution(self, board: Board) -> None:
        if self._cancel.is_set():
            return
        self._stop_solution.clear()
        self._solution = (board, self._pool.submit(solve, board, cancel=self._stop_solution))

    def solution_for(self, board: Board) -> list[int] | None:
        """The tiles to slide from `board` to the goal, once found (None until then)."""
        if self._solution is None or self._solution[0] != board or not self._solution[1].done():
            return None
        future = self._solution[1]
        self._solution = None
        return self._result(future, [])

    def request_shortest(self, board: Board, budget: float = SHORTEST_BUDGET) -> None:
        """Measure the fewest moves from ``board`` (a solve's scramble) in the background.

        The search waits for the tables the assistant is loading; ``budget`` covers the wait and the
        search together.
        """
        if self._cancel.is_set():
            return
        if self._shortest is None or self._shortest[0] != board:
            self._shortest = (board, self._pool.submit(self._measure, board, time.monotonic() + budget))

    def shortest_for(self, board: Board) -> Shortest | None:
        """The answer for ``board`` once found (None until then, or when it ran out of time)."""
        if self._shortest is None or self._shortest[0] != board or not self._shortest[1].done():
            return None
        future = self._shortest[1]
        self._shortest = None
        return self._result(future, None)

    @property
    def measuring(self) -> bool:
        """A shortest-solution measure is asked for and not yet collected by ``shortest_for``."""
        return self._shortest is not None

    def _measure(self, board: Board, deadline: float) -> Shortest | None:
        while not self._ready:
            if self._cancel.wait(0.1) or time.monotonic() >= deadline:
                return None
        return shortest(board, max(0.0, deadline - time.monotonic()), self._cancel)

    @property
    def solving(self) -> bool:
        return self._solution is not None

    def stop_solution(self) -> None:
        self._stop_solution.set()
        self._solution = None

    def _result(self, future: concurrent.futures.Future, nothing):
        try:
            return future.result()
        except Cancelled:
            return nothing
        except UserError as error:
            self.error = str(error)
            return nothing

    def close(self) -> None:
        """Stop everything: the view is going away."""
        self._cancel.set()
        self._stop_solution.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
