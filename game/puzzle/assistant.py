"""Hints and auto-solve off the frame loop: the solver runs in worker threads, the view polls.

Pure Python (no Arcade). Each answer is tied to the board it was asked for, so an answer that
arrives after the player has moved on is dropped instead of shown for the wrong board.
"""

import concurrent.futures
import threading

from game.errors import UserError
from game.puzzle.board import Board
from game.puzzle.solver import Cancelled, hint, prepare, solve, tables_ready

WORKERS = 2


class Assistant:
    """The solver for one puzzle size: its tables load in the background; hints and solutions on request."""

    def __init__(self, width: int, height: int) -> None:
        self._cancel = threading.Event()
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=WORKERS, thread_name_prefix="fifteen-solver"
        )
        self.progress = 1.0 if tables_ready(width, height) else 0.0
        self._preparing = self._pool.submit(self._prepare, width, height)
        self._hint: tuple[Board, concurrent.futures.Future] | None = None
        self._solution: tuple[Board, concurrent.futures.Future] | None = None
        self._stop_solution = threading.Event()
        self.error = ""

    def _prepare(self, width: int, height: int) -> None:
        try:
            prepare(width, height, self._on_progress, self._cancel)
        except Cancelled:
            return
        self.progress = 1.0

    def _on_progress(self, done: int, total: int) -> None:
        self.progress = min(0.99, done / max(1, total))

    @property
    def ready(self) -> bool:
        """The solver's tables are loaded: hints and solutions are as good as they get."""
        return self._preparing.done()

    def request_hint(self, board: Board) -> None:
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
        self._stop_solution.clear()
        self._solution = (board, self._pool.submit(solve, board, cancel=self._stop_solution))

    def solution_for(self, board: Board) -> list[int] | None:
        """The tiles to slide from `board` to the goal, once found (None until then)."""
        if self._solution is None or self._solution[0] != board or not self._solution[1].done():
            return None
        future = self._solution[1]
        self._solution = None
        return self._result(future, [])

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
