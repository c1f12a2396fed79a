"""Near-optimal solutions for boards larger than 4x4: shrink the board a line at a time, then solve 4x4.

While the unsolved rectangle (always the bottom-right part) is larger than 4x4, its top row or left
column, whichever runs along the longer side, is put in place and never touched again. A line is placed
a few tiles at a time: each group is a best-first search over the positions of just those tiles and the
empty square (the other tiles do not matter to that goal), with the tiles already placed as walls. The
last group of a line always holds its last two tiles, which is what lets the classic end-of-line
manoeuvre be found. The rectangle left at the end is handed to the small-board solver.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable, Sequence

from game.puzzle.solver.pattern import Cancelled, neighbours
from game.puzzle.solver.search import OverBudget

FINAL_SIDE = 4
CELL_BITS = 7
CELL_MASK = (1 << CELL_BITS) - 1
CHECK_EVERY = 1 << 10
WHOLE_LINE_CELLS = 30

SmallSolver = Callable[[list[int], int, int], list[int]]


def plan(width: int, height: int, rows_first: bool = True, final_side: int = FINAL_SIDE) -> list[list[int]]:
    """The lines to place, in order, as lists of goal cells; what remains is at most final x final.

    The longer side is shortened first; ``rows_first`` breaks ties (two plans to choose from).
    """
    left, top = 0, 0
    lines = []
    while width - left > final_side or height - top > final_side:
        rows, cols = height - top, width - left
        if rows > cols or (rows == cols and rows_first):
            lines.append([top * width + c for c in range(left, width)])
            top += 1
        else:
            lines.append([r * width + left for r in range(top, height)])
            left += 1
    return lines


def groups(line: Sequence[int], size: int) -> list[list[int]]:
    """A line cut into groups of at most ``size`` cells; the last two cells always form a group of their own
    (or join a short line whole), the smallest group that can do the end-of-line manoeuvre."""
    if len(line) <= max(size, 2):
        return [list(line)]
    head = line[:-2]
    return [list(head[i : i + size]) for i in range(0, len(head), size)] + [list(line[-2:])]


def place(
    board: list[int],
    width: int,
    height: int,
    walls: set[int],
    goals: Sequence[int],
    *,
    weight: float,
    node_limit: int,
    deadline: float | None = None,
    cancel: threading.Event | None = None,
) -> list[int]:
    """Cells the empty square visits to bring the tiles of ``goals`` home without touching ``walls``.

    Weighted A* on (empty cell, target cells); h = Manhattan distances of the targets plus the empty
    square's walk to the nearest misplaced one. Raises OverBudget past ``node_limit`` expansions.
    """
    near = neighbours(width, height, frozenset(walls))
    targets = [g + 1 for g in goals]
    where = {tile: cell for cell, tile in enumerate(board) if tile in targets}
    count = len(targets)
    shifts = [CELL_BITS * (i + 1) for i in range(count)]
    cells = width * height
    apart = _distances(width, height)
    manhattan = [apart[g * cells : (g + 1) * cells] for g in goals]

    def estimate(blank: int, spots: list[int]) -> int:
        total, reach = 0, 1 << 30
        row = blank * cells
        for i, spot in enumerate(spots):
            distance = manhattan[i][spot]
            if distance:
                total += distance
                walk = apart[row + spot]
                if walk < reach:
                    reach = walk
        return total + reach - 1 if total else 0

    blank = board.index(0)
    spots = [where[t] for t in targets]
    start = blank | sum(s << shifts[i] for i, s in enumerate(spots))
    if estimate(blank, spots) == 0:
        return []
    parents: dict[int, int] = {start: -1}
    costs = {start: 0}
    counter = itertools.count()
    frontier = [(weight * estimate(blank, spots), 0, next(counter), start)]
    expanded = 0
    while frontier:
        _, negative_g, _, code = heapq.heappop(frontier)
        g = -negative_g
        if costs.get(code, -1) < g:
            continue
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            if expanded > node_limit or (deadline is not None and time.perf_counter() > deadline):
                raise OverBudget
        blank = code & CELL_MASK
        spots = [(code >> s) & CELL_MASK for s in shifts]
        for cell in near[blank]:
            moved = code - blank + cell
            for i, spot in enumerate(spots):
                if spot == cell:
                    moved += (blank - cell) << shifts[i]
                    spots[i] = blank
                    h = estimate(cell, spots)
                    spots[i] = cell
                    break
            else:
                h = estimate(cell, spots)
            if costs.get(moved, 1 << 30) <= g + 1:
                continue
            costs[moved] = g + 1
            parents[moved] = code
            if h == 0:
                return _blank_walk(parents, moved)
            heapq.heappush(frontier, (g + 1 + weight * h, -(g + 1), next(counter), moved))
    raise ValueError("the tiles cannot be placed")


_DISTANCES: dict[tuple[int, int], list[int]] = {}


def _distances(width: int, height: int) -> list[int]:
    """Manhattan distance between every two cells, flat (``a * cells + b``): no arithmetic in the loop."""
    found = _DISTANCES.get((width, height))
    if found is None:
        cells = range(width * height)
        found = [abs(a % width - b % width) + abs(a // width - b // width) for a in cells for b in cells]
        _DISTANCES[width, height] = found
    return found


def _blank_walk(parents: dict[int, int], code: int) -> list[int]:
    walk = []
    while parents[code] != -1:
        walk.append(code & CELL_MASK)
        code = parents[code]
    walk.reverse()
    return walk


def slide_along(board: list[int], walk: Sequence[int], moves: list[int]) -> None:
    """Move the empty square through ``walk``, recording the tiles slid."""
    blank = board.index(0)
    for cell in walk:
        tile = board[cell]
        board[blank], board[cell] = tile, 0
        moves.append(tile)
        blank = cell


def solve_large(
    tiles: Sequence[int],
    width: int,
    height: int,
    finish: SmallSolver,
    *,
    group_size: int,
    weight: float,
    node_limit: int,
    big_weight: float | None = None,
    deadline: float | None = None,
    cancel: threading.Event | None = None,
    rows_first: bool = True,
    final_side: int = FINAL_SIDE,
) -> list[int]:
    """Place lines until at most 4x4 is left, then let ``finish`` solve that rectangle as its own board.

    Lines on an open area of more than ``WHOLE_LINE_CELLS`` cells are placed in groups of ``group_size``
    with weight ``big_weight``: quality matters less there than time.
    ``finish(tiles, w, h)`` receives the rectangle relabelled 1..n (its goal is the big board's goal
    restricted to it) and returns tiles to slide in its numbering.
    """
    board = list(tiles)
    moves: list[int] = []
    walls: set[int] = set()
    for line in plan(width, height, rows_first, final_side):
        small_area = width * height - len(walls) <= WHOLE_LINE_CELLS
        size = len(line) if small_area else group_size
        line_weight = weight if small_area else max(weight, big_weight or weight)
        for group in groups(line, size):
            limit, factor = node_limit, line_weight
            while True:
                try:
                    walk = place(
                        board,
                        width,
                        height,
                        walls,
                        group,
                        weight=factor,
                        node_limit=limit,
                        deadline=deadline,
                        cancel=cancel,
                    )
                    break
                except OverBudget:
                    if deadline is not None and time.perf_counter() > deadline:
                        raise
                    limit, factor = limit * 2, factor * 2
            slide_along(board, walk, moves)
            walls.update(group)
    rest = [c for c in range(width * height) if c not in walls]
    left, top = rest[0] % width, rest[0] // width
    sub_w, sub_h = width - left, height - top
    label = {c + 1: i + 1 for i, c in enumerate(rest[:-1])}
    sub = [label.get(board[c], 0) for c in rest]
    back = {v: k for k, v in label.items()}
    moves.extend(back[t] for t in finish(sub, sub_w, sub_h))
    return moves
