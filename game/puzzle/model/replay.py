"""Solves as text and in time: the speedsolvers' U D L R move letters, and a replay clock to watch one.

The notation is slidysim's, the simulator and leaderboards of the sliding-puzzle speedsolving community
(github.com/slidysim/slidysim.github.io, modules/slidingPuzzle.js: ``moveMatrix``, ``compressSolution``):
a letter is the direction the TILE moves into the empty square, so ``R`` slides the tile on the gap's left
to the right (the gap goes left). A run of one letter is written once with its count: ``RRRDDLU`` is
``R3 D2 L U``. slidysim writes the runs without spaces (``R3D2LU``); both forms are read, ours are written
with spaces. A replay's text is the scramble's game ID, then the moves: ``4x4#123 R3 D2 L U``.

Pure Python (no Arcade): the replay screen drives ``ReplayTimeline.advance(dt)`` from its frame loop, tests
drive it with made-up seconds.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import _
from game.puzzle.model.board import Board, Direction, TileMove, parse_game_id
from game.puzzle.model.stats import Solve

LETTERS = {Direction.UP: "U", Direction.DOWN: "D", Direction.LEFT: "L", Direction.RIGHT: "R"}
DIRECTIONS = {letter: direction for direction, letter in LETTERS.items()}
OPPOSITE = {
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
}
MAX_MOVES = 100_000
PASTED_PACE_MS = 250
SPEEDS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
_RUN_RE = re.compile(r"\s*([UDLR])([0-9]*)", re.IGNORECASE)
_EXAMPLE = "4x4#123 R3 D2 L U"


@dataclass(frozen=True)
class TimedMove:
    """One tile slid in ``direction``, ``ms`` milliseconds after the solve's first move."""

    direction: Direction
    ms: int


def direction_of(move: TileMove) -> Direction:
    """The direction a tile went between two neighbouring cells."""
    step = (move.dst[0] - move.src[0], move.dst[1] - move.src[1])
    return Direction(step)


def format_moves(directions: Iterable[Direction]) -> str:
    """``R3 D2 L U``: each run of one direction as its letter and, from two on, its count."""
    runs: list[list] = []
    for direction in directions:
        if runs and runs[-1][0] is direction:
            runs[-1][1] += 1
        else:
            runs.append([direction, 1])
    return " ".join(LETTERS[d] + (str(n) if n > 1 else "") for d, n in runs)


def parse_moves(text: str) -> tuple[Direction, ...]:
    """Read ``R3 D2 L U`` (or ``R3D2LU``, any case) into one direction per tile move; UserError if bad."""
    moves: list[Direction] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        found = _RUN_RE.match(text, position)
        count = int(found.group(2)) if found and found.group(2) else 1
        if found is None or count == 0:
            bad = text[position:].split()[0] if text[position:].split() else text[position:]
            # Translators: {text} is what was typed, quoted; keep the letters U D L R and the example.
            message = _(
                "{text} is not a move: moves are U, D, L, R, each with an optional count, e.g. {example}"
            )
            raise UserError(message.format(text=repr(bad[:20]), example="R3 D2 L U"))
        if len(moves) + count > MAX_MOVES:
            # Translators: {limit} is a number of moves.
            raise UserError(_("a replay has at most {limit} moves").format(limit=MAX_MOVES))
        moves.extend([DIRECTIONS[found.group(1).upper()]] * count)
        position = found.end()
    return tuple(moves)


def play(board: Board, directions: Sequence[Direction]) -> Board:
    """The board after the moves; UserError naming the first move that no tile can make."""
    for number, direction in enumerate(directions, 1):
        slide = board.move_in_direction(direction)
        if not slide.moves:
            # Translators: {number} counts the moves from 1; {letter} is the move's letter (U, D, L or R).
            message = _("move {number} ({letter}) cannot be made: no tile can slide that way there")
            raise UserError(message.format(number=number, letter=LETTERS[direction]))
        board = slide.board
    return board


@dataclass(frozen=True)
class Replay:
    """A solve to watch: its scramble (game ID and board) and every tile move with its time."""

    game_id: str
    start: Board
    moves: tuple[TimedMove, ...]

    @property
    def directions(self) -> tuple[Direction, ...]:
        return tuple(move.direction for move in self.moves)

    @property
    def total_ms(self) -> int:
        """The time of the last move: the solve's time."""
        return self.moves[-1].ms if self.moves else 0

    @property
    def solves(self) -> bool:
        """Whether the moves reach the goal (a pasted text may stop short)."""
        return play(self.start, self.directions).is_solved()

    def text(self) -> str:
        """The text to copy: ``game ID`` then the moves (see the module notes)."""
        return format_replay(self.game_id, self.directions)


def format_replay(game_id: str, directions: Iterable[Direction]) -> str:
    """``4x4#123 R3 D2 L U``: what Copy puts on the clipboard."""
    moves = format_moves(directions)
    return f"{game_id} {moves}" if moves else game_id


def parse_replay(text: str, pace_ms: int = PASTED_PACE_MS) -> Replay:
    """Read a pasted replay: a game ID, then the moves, checked on the board one by one.

    Text carries no times: the moves are spaced ``pace_ms`` apart. After its ``:`` or ``#`` a game ID
    holds no letter, so the moves start at the first one (an ID without either ends at the first space).
    """
    if not isinstance(text, str) or not text.strip():
        # Translators: {example} is a replay as text, keep it as it is.
        message = _("empty replay: write a game ID, then the moves, e.g. {example}")
        raise UserError(message.format(example=_EXAMPLE))
    text = text.strip()
    marks = [i for i in (text.find(":"), text.find("#")) if i >= 0]
    if marks:
        start = next((i for i in range(min(marks), len(text)) if text[i].isalpha()), len(text))
    else:
        start = next((i for i, char in enumerate(text) if char.isspace()), len(text))
    game_id = text[:start].strip()
    if not marks and text[0].upper() in DIRECTIONS:
        # Translators: {example} is a replay as text, keep it as it is.
        message = _("a replay starts with the game ID of its board, e.g. {example}")
        raise UserError(message.format(example=_EXAMPLE))
    board, _seed = parse_game_id(game_id)
    directions = parse_moves(text[start:])
    play(board, directions)
    moves = tuple(TimedMove(direction, i * pace_ms) for i, direction in enumerate(directions))
    return Replay("".join(game_id.split()), board, moves)


def replay_of(solve: Solve) -> Replay:
    """The replay of a kept solve, with its real timing; UserError for one kept before replays were."""
    if not solve.scramble or not solve.solution:
        raise UserError(_("this solve was kept before replays were, so it cannot be replayed"))
    board, _seed = parse_game_id(solve.scramble)
    directions = parse_moves(solve.solution)
    play(board, directions)
    times: Sequence[int] = solve.times_ms
    if len(times) != len(directions):
        times = [i * PASTED_PACE_MS for i in range(len(directions))]
    return Replay(solve.scramble, board, tuple(map(TimedMove, directions, times)))


def moves_due(times_ms: Sequence[int], at_ms: float) -> int:
    """How many moves have been made by ``at_ms`` on the solve's clock (``times_ms`` never decreases)."""
    return bisect.bisect_right(times_ms, at_ms)


class ReplayTimeline:
    """Plays a replay at its own pace times ``speed``, or one move at a time; says which tiles move.

    The clock is the solve's (ms from the first move); ``advance(dt)`` moves it on by ``dt`` real seconds
    times the speed and returns the tile moves that came due, in order, for the view to animate. Stepping
    pauses. The first move is due at 0 ms, so playing from the start shows it at once.
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self._times = [move.ms for move in replay.moves]
        self.board = replay.start
        self.played = 0
        self.clock_ms = 0.0
        self.speed = 1.0
        self.playing = False

    @property
    def finished(self) -> bool:
        return self.played == len(self.replay.moves)

    def play(self) -> None:
        """Run the clock; from the start again when the replay had finished."""
        if self.finished:
            self.rewind()
        self.playing = True

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        """Play or pause (the space bar)."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def faster(self) -> float:
        """The next speed up (at most ``SPEEDS[-1]``); returns it."""
        self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])
        return self.speed

    def slower(self) -> float:
        """The next speed down (at least ``SPEEDS[0]``); returns it."""
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])
        return self.speed

    def advance(self, dt: float) -> tuple[TileMove, ...]:
        """Move the clock on by ``dt`` real seconds (ignored when paused or ``dt`` is bad)."""
        if not self.playing or not isinstance(dt, (int, float)) or not math.isfinite(dt) or dt <= 0:
            return ()
        self.clock_ms += dt * 1000 * self.speed
        moves: list[TileMove] = []
        due = moves_due(self._times, self.clock_ms)
        while self.played < due:
            moves.extend(self._forward())
        if self.finished:
            self.playing = False
        return tuple(moves)

    def step_forward(self) -> tuple[TileMove, ...]:
        """Pause and make the next move; the clock goes to its time."""
        self.pause()
        if self.finished:
            return ()
        moves = self._forward()
        self.clock_ms = float(self._times[self.played - 1])
        return moves

    def step_back(self) -> tuple[TileMove, ...]:
        """Pause and take the last move back; the clock goes to the move before it."""
        self.pause()
        if not self.played:
            return ()
        self.played -= 1
        slide = self.board.move_in_direction(OPPOSITE[self.replay.moves[self.played].direction])
        self.board = slide.board
        self.clock_ms = float(self._times[self.played - 1]) if self.played else 0.0
        return slide.moves

    def rewind(self) -> tuple[TileMove, ...]:
        """Back to the scramble, paused: each displaced tile straight to its starting cell."""
        start = self.replay.start
        moves = tuple(
            TileMove(tile, self.board.cell_of(tile), start.cell_of(tile))
            for tile in sorted(start.tiles)
            if tile and self.board.cell_of(tile) != start.cell_of(tile)
        )
        self.board = start
        self.played = 0
        self.clock_ms = 0.0
        self.playing = False
        return moves

    def _forward(self) -> tuple[TileMove, ...]:
        slide = self.board.move_in_direction(self.replay.moves[self.played].direction)
        self.board = slide.board
        self.played += 1
        return slide.moves
