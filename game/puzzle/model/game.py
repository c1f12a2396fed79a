"""One sliding-puzzle session: the board plus history, move count, clock and the solved state.

Time is passed in by the caller (``tick(dt)`` from the view's ``on_update``), never read from the wall
clock, so tests are deterministic and a paused window does not count. That clock also stamps every tile
move in the move log (ms from the first move), which a finished game hands to the records as a ``Solve``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.puzzle.model.board import Board, Cell, Direction, Slide, TileMove, seed_game_id
from game.puzzle.model.replay import TimedMove, direction_of, format_moves
from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import Solve


@dataclass(frozen=True)
class _Step:
    """One player action in the history: the board before it and the tiles it moved."""

    before: Board
    after: Board
    moves: tuple[TileMove, ...]


class PuzzleGame:
    """A game from a starting board to the goal, with unlimited undo/redo and restart.

    Every action returns the tiles it moved (tile number, from cell, to cell) in the order they slid,
    so the view can animate exactly what happened; an action that does nothing returns ``()``.
    The move count is the number of tiles moved on the current path: undo takes moves back. The move log
    keeps every tile that slid, undo and redo included (an undo is a slide back), so a replay of the log
    from the start shows the game as it was played.
    """

    def __init__(self, board: Board, seed: int | None = None) -> None:
        self.start = board
        self.board = board
        self.seed = seed
        self.moves = 0
        self.elapsed = 0.0
        self.started = False
        self.assisted = False
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self._log: list[TimedMove] = []

    @classmethod
    def new(cls, size: BoardSize, seed: int) -> PuzzleGame:
        """A new shuffled game, reproducible (and shareable as ``WxH#seed``) from its seed."""
        return cls(Board.shuffled(size.columns, size.rows, seed), seed)

    @property
    def solved(self) -> bool:
        """The board is the goal: board input stops until a new game (or restart)."""
        return self.board.is_solved()

    @property
    def game_id(self) -> str:
        """The ID that reopens this game's starting board: ``WxH#seed`` when seeded, else exact."""
        if self.seed is not None:
            return seed_game_id(self.start.width, self.start.height, self.seed)
        return self.start.game_id()

    @property
    def move_log(self) -> tuple[TimedMove, ...]:
        """Every tile move since the start (or the last restart), stamped by the game clock."""
        return tuple(self._log)

    def as_solve(self, picture: str, practice: bool) -> Solve:
        """The finished game as a solve to keep (``practice``: a board given by game ID or seed).

        The time is the clock at the last move; ``finished_at`` is left to the record book's clock.
        """
        if not self.solved or not self._log:
            raise ValueError("only a game solved by moves is a solve")
        return Solve(
            size=self.start.size,
            picture=picture,
            scramble=self.game_id,
            moves=self.moves,
            seconds=self.elapsed,
            assisted=self.assisted,
            practice=practice,
            solution=format_moves(move.direction for move in self._log),
            times_ms=tuple(move.ms for move in self._log),
        )

    @property
    def can_undo(self) -> bool:
        """Whether undo would move anything."""
        return bool(self._undo) and not self.solved

    @property
    def can_redo(self) -> bool:
        """Whether redo would move anything."""
        return bool(self._redo) and not self.solved

    @property
    def clock_running(self) -> bool:
        """The timer runs from the first move until the board is solved."""
        return self.started and not self.solved

    def tick(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds; ignored before the first move, once solved, or bad dt."""
        if self.clock_running and isinstance(dt, (int, float)) and math.isfinite(dt) and dt > 0:
            self.elapsed += dt

    def click(self, cell: Cell) -> tuple[TileMove, ...]:
        """A click on a cell: slides the line between it and the empty square, if in line."""
        if self.solved or not self.board.contains(cell):
            return ()
        return self._play(self.board.slide_from(cell))

    def press(self, direction: Direction) -> tuple[TileMove, ...]:
        """A direction key: the tile that can move that way into the empty square does."""
        if self.solved:
            return ()
        return self._play(self.board.move_in_direction(direction))

    def slide_tile(self, tile: int) -> tuple[TileMove, ...]:
        """Slide a tile by number (hints and auto-solve replay the solver's output this way)."""
        if self.solved:
            return ()
        return self._play(self.board.slide_tile(tile))

    def mark_assisted(self) -> None:
        """A hint or auto-solve was used: the result must not count as a record."""
        self.assisted = True

    def undo(self) -> tuple[TileMove, ...]:
        """Take back the last action; its tiles slide back in reverse order."""
        if not self.can_undo:
            return ()
        step = self._undo.pop()
        self._redo.append(step)
        self.board = step.before
        self.moves -= len(step.moves)
        return self._logged(tuple(move.reversed() for move in reversed(step.moves)))

    def redo(self) -> tuple[TileMove, ...]:
        """Play again the last action taken back; a new move clears what could be redone."""
        if not self.can_redo:
            return ()
        step = self._redo.pop()
        self._undo.append(step)
        self.board = step.after
        self.moves += len(step.moves)
        return self._logged(step.moves)

    def restart(self) -> tuple[TileMove, ...]:
        """Back to the starting board with a fresh count, clock and history (allowed even when solved).

        The returned moves take each displaced tile straight from its cell to its starting cell; they are
        not slides between neighbours. The assisted flag stays: the player has seen help on this board.
        """
        moves = tuple(
            TileMove(tile, self.board.cell_of(tile), self.start.cell_of(tile))
            for tile in sorted(self.start.tiles)
            if tile and self.board.cell_of(tile) != self.start.cell_of(tile)
        )
        self.board = self.start
        self.moves = 0
        self.elapsed = 0.0
        self.started = False
        self._undo.clear()
        self._redo.clear()
        self._log.clear()
        return moves

    def _play(self, slide: Slide) -> tuple[TileMove, ...]:
        if not slide.moves:
            return ()
        self._undo.append(_Step(self.board, slide.board, slide.moves))
        self._redo.clear()
        self.board = slide.board
        self.moves += len(slide.moves)
        self.started = True
        return self._logged(slide.moves)

    def _logged(self, moves: tuple[TileMove, ...]) -> tuple[TileMove, ...]:
        """Stamp each tile move with the clock (all tiles of one click or key at the same time)."""
        ms = round(self.elapsed * 1000)
        self._log.extend(TimedMove(direction_of(move), ms) for move in moves)
        return moves
