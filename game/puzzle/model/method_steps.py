"""The method people are taught for sliding puzzles, as steps a coach can show one at a time.

Pure Python (no Arcade, no numpy). While the unsolved part (always the bottom-right rectangle) is more
than 2x2, its top row is solved (or its left column, when the rectangle is wider than tall or only two
rows are left), then never touched again. In a line, every tile but the last two goes straight to its
square; the last two need the corner trick: the second-last tile goes to the corner first, the last tile
beside it (below for a row, to the right for a column), the empty square to the second-last tile's
square, and two slides finish the line. If the last tile sits on the second-last square when the corner
is filled, it would be locked in there: it is moved two squares off the line first. The last 2x2 is
turned round until it is in order.

The state of the method is read from the board alone (which lines are done, how far the current line
and its corner trick are), so ``step(board)`` is the next step from any board: after the player goes
another way, the next call simply starts from where the board is. Each step's moves are a shortest way
to its goal (a breadth-first search with the finished tiles as walls), so a finished row or column is
never broken.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from game.puzzle.model.board import Board, goal_tiles

MAX_STEPS = 10_000


class Kind(enum.Enum):
    """What a step does; the coach says one sentence for each kind."""

    PLACE = "place"
    """A tile straight to its square."""
    CORNER = "corner"
    """Corner trick, 1: the second-last tile of the line to the line's last square (the corner)."""
    AWAY = "away"
    """Corner trick, when the last tile sits on the second-last square under the corner tile: it goes
    two squares off the line first (there it would be locked in)."""
    BESIDE = "beside"
    """Corner trick, 2: the last tile next to it, below (a row) or to the right (a column)."""
    EMPTY = "empty"
    """Corner trick, 3: the empty square to the second-last tile's square."""
    SLIDE = "slide"
    """Corner trick, 4: two slides, and the line is done."""
    LAST = "last"
    """The last 2x2, turned round until it is in order."""


@dataclass(frozen=True)
class Line:
    """A row or column of the unsolved rectangle, as goal cells (flat indices) in solving order."""

    cells: tuple[int, ...]
    is_row: bool


@dataclass(frozen=True)
class Step:
    """One step: its kind, the line it works on (None for the last 2x2), the tiles it is about and the
    squares they go to (``targets[i]`` for ``tiles[i]``; for EMPTY the empty square's), the tiles of the
    line already placed, and the tiles to slide, in order."""

    kind: Kind
    line: Line | None
    tiles: tuple[int, ...]
    targets: tuple[int, ...]
    placed: tuple[int, ...]
    moves: tuple[int, ...]


def lines(width: int, height: int) -> list[Line]:
    """The lines the method solves, in order; what is left is the last 2x2 (or less)."""
    left, top = 0, 0
    plan = []
    while width - left > 2 or height - top > 2:
        rows, cols = height - top, width - left
        if cols > 2 and (cols > rows or rows == 2):
            plan.append(Line(tuple(r * width + left for r in range(top, height)), False))
            left += 1
        else:
            plan.append(Line(tuple(top * width + c for c in range(left, width)), True))
            top += 1
    return plan


def lines_done(board: Board) -> int:
    """How many of the method's lines, counted in order, are in place."""
    goal = goal_tiles(board.width, board.height)
    count = 0
    for line in lines(board.width, board.height):
        if any(board.tiles[c] != goal[c] for c in line.cells):
            break
        count += 1
    return count


def step(board: Board) -> Step | None:
    """The method's next step from ``board`` (None when it is solved).

    A step's moves stop where its line is done, should that come sooner than its goal (the line's two
    last tiles can pass their squares on the way): a done line is never moved again.
    """
    found = _step(board)
    if found is None or found.line is None:
        return found
    goal = goal_tiles(board.width, board.height)
    tiles = list(board.tiles)
    blank = tiles.index(0)
    for count, tile in enumerate(found.moves, 1):
        cell = tiles.index(tile)
        tiles[blank], tiles[cell] = tile, 0
        blank = cell
        if all(tiles[c] == goal[c] for c in found.line.cells):
            return dataclasses.replace(found, moves=found.moves[:count])
    return found


def _step(board: Board) -> Step | None:
    if board.is_solved():
        return None
    width, height = board.width, board.height
    tiles = list(board.tiles)
    goal = goal_tiles(width, height)
    walls: set[int] = set()
    for line in lines(width, height):
        cells = line.cells
        if all(tiles[c] == goal[c] for c in cells):
            walls.update(cells)
            continue
        placed: list[int] = []
        for cell in cells[:-2]:
            if tiles[cell] != goal[cell]:
                moves = _bring(tiles, width, height, walls, goal[cell], cell)
                return Step(Kind.PLACE, line, (goal[cell],), (cell,), tuple(placed), moves)
            walls.add(cell)
            placed.append(goal[cell])
        return _corner_trick(tiles, width, height, walls, line, tuple(placed))
    rest = [c for c in range(width * height) if c not in walls]
    return Step(
        Kind.LAST,
        None,
        tuple(goal[c] for c in rest if goal[c]),
        tuple(c for c in rest if goal[c]),
        (),
        _finish(tiles, width, rest),
    )


def _corner_trick(
    tiles: list[int], width: int, height: int, walls: set[int], line: Line, placed: tuple[int, ...]
) -> Step:
    """The step of the corner trick the board is at, for the line's last two squares."""
    goal = goal_tiles(width, height)
    second, corner = line.cells[-2], line.cells[-1]
    out = width if line.is_row else 1
    beside = corner + out
    a, b = goal[second], goal[corner]
    pair = (a, b)
    for tile, home, other in ((b, corner, second), (a, second, corner)):
        # One tile in place, the other one slide from its square with the gap on it: no trick needed.
        if tiles[other] == goal[other] and tiles[home] == 0 and tiles[home + out] == tile:
            return Step(Kind.PLACE, line, (tile,), (home,), placed, (tile,))
    away = (
        Step(
            Kind.AWAY,
            line,
            pair,
            (second + 2 * out, corner),
            placed,
            _bring(tiles, width, height, walls, b, second + 2 * out),
        )
        if tiles[corner] == a
        else None
    )
    if away is not None and tiles[second] == b:
        # Locked in by the corner tile, the last tile could not leave: it goes two squares off the line.
        return away
    if tiles[corner] != a:
        spot = tiles.index(b)
        if spot not in line.cells:
            try:  # b kept where it is, so the corner tile cannot push it back into the trap
                moves = _bring(tiles, width, height, walls | {spot}, a, corner)
            except ValueError:
                moves = _bring(tiles, width, height, walls, a, corner)
        else:
            moves = _bring(tiles, width, height, walls, a, corner)
        return Step(Kind.CORNER, line, pair, (corner, second), placed, moves)
    walls = walls | {corner}
    if tiles[beside] != b:
        try:
            moves = _bring(tiles, width, height, walls, b, beside)
        except ValueError:  # the empty square is locked in on the second-last square, b at its door
            assert away is not None
            return away
        return Step(Kind.BESIDE, line, pair, (beside, corner), placed, moves)
    if tiles[second] != 0:
        return Step(
            Kind.EMPTY, line, pair, (second,), placed, _walk(tiles, width, height, walls | {beside}, second)
        )
    return Step(Kind.SLIDE, line, pair, (second, corner), placed, (a, b))


def _near(width: int, height: int, cell: int) -> list[int]:
    col, row = cell % width, cell // width
    found = []
    if row > 0:
        found.append(cell - width)
    if row < height - 1:
        found.append(cell + width)
    if col > 0:
        found.append(cell - 1)
    if col < width - 1:
        found.append(cell + 1)
    return found


def _slid(tiles: Sequence[int], blank_walk: Sequence[int]) -> tuple[int, ...]:
    """The tiles slid when the empty square walks through ``blank_walk``."""
    board = list(tiles)
    blank = board.index(0)
    moves = []
    for cell in blank_walk:
        moves.append(board[cell])
        board[blank], board[cell] = board[cell], 0
        blank = cell
    return tuple(moves)


def _bring(
    tiles: list[int], width: int, height: int, walls: set[int], tile: int, target: int
) -> tuple[int, ...]:
    """A shortest way to slide ``tile`` to ``target`` without touching ``walls``: a breadth-first search
    over (tile's cell, empty cell)."""
    start = (tiles.index(tile), tiles.index(0))
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        spot, blank = state
        if spot == target:
            walk = []
            while parent[state] is not None:
                walk.append(state[1])
                state = parent[state]  # type: ignore[assignment]
            return _slid(tiles, walk[::-1])
        for cell in _near(width, height, blank):
            if cell in walls:
                continue
            after = (blank if cell == spot else spot, cell)
            if after not in parent:
                parent[after] = state
                queue.append(after)
    raise ValueError(f"tile {tile} cannot reach its square")


def _walk(tiles: list[int], width: int, height: int, walls: set[int], target: int) -> tuple[int, ...]:
    """A shortest walk of the empty square to ``target`` around ``walls``."""
    start = tiles.index(0)
    parent: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        blank = queue.popleft()
        if blank == target:
            walk = []
            while parent[blank] is not None:
                walk.append(blank)
                blank = parent[blank]  # type: ignore[assignment]
            return _slid(tiles, walk[::-1])
        for cell in _near(width, height, blank):
            if cell not in walls and cell not in parent:
                parent[cell] = blank
                queue.append(cell)
    raise ValueError("the empty square cannot reach its square")


def _finish(tiles: list[int], width: int, rest: list[int]) -> tuple[int, ...]:
    """A shortest solution of the last few squares (a 2x2 or less): a search over their arrangements."""
    height = len(tiles) // width
    goal = goal_tiles(width, height)
    start = tuple(tiles[c] for c in rest)
    done = tuple(goal[c] for c in rest)
    index = {c: i for i, c in enumerate(rest)}
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == done:
            moves = []
            while parent[state] is not None:
                state, tile = parent[state]  # type: ignore[misc]
                moves.append(tile)
            return tuple(moves[::-1])
        blank = rest[state.index(0)]
        for cell in _near(width, height, blank):
            if cell in index:
                after = list(state)
                after[index[blank]], after[index[cell]] = state[index[cell]], 0
                key = tuple(after)
                if key not in parent:
                    parent[key] = (state, state[index[cell]])
                    queue.append(key)
    raise ValueError("the last squares cannot be put in order")


def solution(board: Board) -> list[int]:
    """Every tile the method slides from ``board`` to the goal, step after step."""
    if not board.is_solvable():
        raise ValueError("the board cannot be solved")
    moves: list[int] = []
    for _count in range(MAX_STEPS):
        found = step(board)
        if found is None:
            return moves
        tiles = list(board.tiles)
        blank = tiles.index(0)
        for tile in found.moves:
            cell = tiles.index(tile)
            tiles[blank], tiles[cell] = tile, 0
            blank = cell
        board = Board(board.width, board.height, tuple(tiles))
        moves.extend(found.moves)
    raise RuntimeError("internal error: the method did not finish")
