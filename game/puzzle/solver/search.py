"""Iterative-deepening A* (IDA*) over additive heuristics, with the inner loop kept tight.

Everything the loop touches is a flat list or bytes object indexed by small ints: the board (cell ->
tile), neighbour lists, and per heuristic view a slot per tile and a precomputed index change for every
(tile, from, to). A move then costs two additions and four byte look-ups per view, no objects are made.
A heuristic has one or two views; the second is usually the board reflected in its main diagonal
(Korf & Felner's trick), and the search uses the larger of the two sums.

An optimal search without a node limit runs its first iterations so; once one takes more than
``LAYERED_FROM`` nodes, the rest go breadth-first in numpy (layers.py), some four times faster a node.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.puzzle.solver import layers
from game.puzzle.solver.pattern import Cancelled, Table, neighbours

CHECK_EVERY = 1 << 12
INFINITY = float("inf")
MAX_DEPTH = 1024  # deeper than any solution an IDA* here looks for (a 4x4 takes at most 80)
ROUNDING = 1e-6  # h is whole: a weighted bound read back by division must not lose its own node
ZERO_TABLE = b"\0"
LAYERED_FROM = 5_000
"""An optimal search's iterations go breadth-first in numpy (layers.py) once one took more nodes than
this: below it numpy's cost per depth outweighs its speed."""


class OverBudget(Exception):
    """The node or time limit of one search ran out (the caller may fall back to a cheaper search)."""


@dataclass(frozen=True)
class Component:
    """One additive term: a table and the tiles it reads, in slot order.

    ``cells`` maps a board cell to the cell the table expects (a symmetry such as the left-right mirror
    lets one table serve two patterns); None means the identity.
    """

    table: Table
    tiles: tuple[int, ...]
    bits: int
    cells: tuple[int, ...] | None = None


@dataclass
class Result:
    """A solution (tiles slid, in order) and the nodes generated to find it."""

    moves: list[int]
    nodes: int


class Heuristic:
    """Additive components grouped in views; every tile belongs to exactly one component per view."""

    def __init__(self, width: int, height: int, views: Sequence[Sequence[Component]]) -> None:
        if not 1 <= len(views) <= 2:
            raise ValueError("a heuristic has one or two views")
        cells = width * height
        self.width, self.height, self.cells = width, height, cells
        self.tables: list[Table] = []
        self.slots: list[list[int]] = []
        self.weights: list[list[list[int]]] = []
        for view in views:
            slot_of = [0] * cells
            weight = [[0] * cells for _ in range(cells)]
            covered: set[int] = set()
            for component in view:
                slot = len(self.tables)
                self.tables.append(component.table)
                for i, tile in enumerate(component.tiles):
                    if tile in covered or not 0 < tile < cells:
                        raise ValueError(f"tile {tile} is in no component or in two")
                    covered.add(tile)
                    slot_of[tile] = slot
                    mapped = component.cells or range(cells)
                    weight[tile] = [mapped[c] << (component.bits * i) for c in range(cells)]
            if covered != set(range(1, cells)):
                raise ValueError(f"tiles {sorted(set(range(1, cells)) - covered)} are in no component")
            self.slots.append(slot_of)
            self.weights.append(weight)
        if len(views) == 1:
            self.tables.append(ZERO_TABLE)
            self.slots.append([len(self.tables) - 1] * cells)
            self.weights.append([[0] * cells for _ in range(cells)])
        self._arrays: layers.Arrays | None = None
        self.deltas = [
            [weight[t][b] - weight[t][p] for t in range(cells) for p in range(cells) for b in range(cells)]
            for weight in self.weights
        ]

    def indices(self, tiles: Sequence[int]) -> list[int]:
        """The table index of every slot for a board."""
        index = [0] * len(self.tables)
        for view in range(2):
            for cell, tile in enumerate(tiles):
                if tile:
                    index[self.slots[view][tile]] += self.weights[view][tile][cell]
        return index

    def view_values(self, tiles: Sequence[int]) -> tuple[int, int]:
        """The two views' sums for a board."""
        index = self.indices(tiles)
        sums = []
        for view in range(2):
            slots = sorted(set(self.slots[view][t] for t in tiles if t))
            sums.append(sum(self.tables[s][index[s]] for s in slots))
        return sums[0], sums[1]

    def layered(self) -> layers.Arrays:
        """The heuristic as numpy arrays for layers.py (built on first use)."""
        if self._arrays is None:
            self._arrays = layers.arrays(
                self.width, self.height, self.slots, self.weights, self.deltas, self.tables
            )
        return self._arrays

    def value(self, tiles: Sequence[int]) -> int:
        """The heuristic estimate of a board: the larger view."""
        return max(self.view_values(tiles))


_STEPS: dict[tuple[int, int], list[list[tuple[tuple[int, int], ...]]]] = {}


def _steps(width: int, height: int) -> list[list[tuple[tuple[int, int], ...]]]:
    """For every (empty cell, cell it came from; ``cells`` at the start): the cells it can move to next,
    each with ``cell * cells + blank``, the move's part of the index-change tables' index."""
    found = _STEPS.get((width, height))
    if found is None:
        cells = width * height
        near = neighbours(width, height)
        found = [
            [
                tuple((c, c * cells + blank) for c in sorted(near[blank]) if c != previous)
                for previous in range(cells + 1)
            ]
            for blank in range(cells)
        ]
        _STEPS[width, height] = found
    return found


def ida_star(
    tiles: Sequence[int],
    width: int,
    height: int,
    heuristic: Heuristic,
    *,
    weight: float = 1.0,
    deadline: float | None = None,
    node_limit: int | None = None,
    cancel: threading.Event | None = None,
) -> Result:
    """Slides from ``tiles`` to the goal; optimal when ``weight`` is 1 and the heuristic admissible.

    With ``weight`` > 1 the search orders by g + weight * h: far fewer nodes, a solution at most
    ``weight`` times the optimum. Raises OverBudget past ``deadline`` (a ``time.perf_counter`` value)
    or ``node_limit``, and Cancelled when ``cancel`` is set; the board list is left untouched.
    """
    cells = width * height
    board = list(tiles)
    steps = _steps(width, height)
    tables = heuristic.tables
    slot_a, slot_b = heuristic.slots
    delta_a, delta_b = heuristic.deltas
    index = heuristic.indices(board)
    h_a, h_b = heuristic.view_values(board)
    path: list[int] = []
    nodes = 0
    check_at = CHECK_EVERY
    cells2 = cells * cells

    def check() -> None:
        nonlocal check_at
        check_at = nodes + CHECK_EVERY
        if cancel is not None and cancel.is_set():
            raise Cancelled
        if deadline is not None and time.perf_counter() > deadline:
            raise OverBudget
        if node_limit is not None and nodes > node_limit:
            raise OverBudget

    later = [[0] * 4 for _ in range(MAX_DEPTH)]
    later_h = [[0] * 4 for _ in range(MAX_DEPTH)]

    def dfs(blank: int, g: int, ha: int, hb: int, previous: int, bound: float) -> float:
        """Depth-first below ``blank``'s board; returns -1 when solved, else the least f over the bound.

        ``steps[blank][previous]`` lists the moves but the one undoing the last, each as (cell, its part
        of the index-change tables' index). Move ordering: a move that lowers h is tried at once, one that
        does not is put off (its cell and h in ``later[g]``, ``later_h[g]``, made before the search) until
        those are tried, then tried by h: in the last iteration the solution comes sooner. Nothing is
        made per node.
        """
        nonlocal nodes
        kids = steps[blank][previous]
        nodes += len(kids)
        if nodes > check_at:
            check()
        least = INFINITY
        here = ha if ha > hb else hb
        put_off = later[g]
        put_off_h = later_h[g]
        waiting = 0
        g += 1
        room = (bound - g) / weight + ROUNDING  # h above it: f = g + weight * h over the bound
        for cell, offset in kids:
            tile = board[cell]
            move = tile * cells2 + offset
            sa = slot_a[tile]
            ia = index[sa]
            ja = ia + delta_a[move]
            table = tables[sa]
            new_a = ha - table[ia] + table[ja]
            sb = slot_b[tile]
            ib = index[sb]
            jb = ib + delta_b[move]
            table = tables[sb]
            new_b = hb - table[ib] + table[jb]
            h = new_a if new_a > new_b else new_b
            if h > room:
                f = g + weight * h
                if f < least:
                    least = f
                continue
            if h >= here:
                put_off[waiting] = cell
                put_off_h[waiting] = h
                waiting += 1
                continue
            board[blank] = tile
            board[cell] = 0
            index[sa] = ja
            index[sb] = jb
            path.append(tile)
            if h == 0:
                return -1
            found = dfs(cell, g, new_a, new_b, blank, bound)
            if found < 0:
                return -1
            path.pop()
            index[sa] = ia
            index[sb] = ib
            board[cell] = tile
            board[blank] = 0
            if found < least:
                least = found
        for k in range(2 * waiting) if waiting else ():
            # Those whose h stays first, then those whose h grows; each in the order of its cell.
            if (put_off_h[k % waiting] == here) != (k < waiting):
                continue
            cell = put_off[k % waiting]
            tile = board[cell]
            move = tile * cells2 + cell * cells + blank
            sa = slot_a[tile]
            ia = index[sa]
            ja = ia + delta_a[move]
            table = tables[sa]
            new_a = ha - table[ia] + table[ja]
            sb = slot_b[tile]
            ib = index[sb]
            jb = ib + delta_b[move]
            table = tables[sb]
            new_b = hb - table[ib] + table[jb]
            board[blank] = tile
            board[cell] = 0
            index[sa] = ja
            index[sb] = jb
            path.append(tile)
            found = dfs(cell, g, new_a, new_b, blank, bound)
            if found < 0:
                return -1
            path.pop()
            index[sa] = ia
            index[sb] = ib
            board[cell] = tile
            board[blank] = 0
            if found < least:
                least = found
        return least

    if max(h_a, h_b) == 0:
        return Result([], 0)
    blank = board.index(0)
    bound: float = weight * max(h_a, h_b)
    # Not under a node limit: those count the nodes of a depth-first search (``best`` and the finish of
    # big boards rely on them being the same on every machine).
    layered = weight == 1 and node_limit is None and cells <= layers.MAX_CELLS
    while True:
        before = nodes
        found = dfs(blank, 0, h_a, h_b, cells, bound)
        if found < 0:
            return Result(path, nodes)
        if found == INFINITY:
            raise ValueError("no solution: the board cannot be solved")
        bound = found
        if layered and nodes - before > LAYERED_FROM:
            return _breadth_first(
                board, width, height, heuristic, int(bound), nodes, deadline, node_limit, cancel
            )


def _breadth_first(
    board: list[int],
    width: int,
    height: int,
    heuristic: Heuristic,
    bound: int,
    nodes: int,
    deadline: float | None,
    node_limit: int | None,
    cancel: threading.Event | None,
) -> Result:
    """The remaining iterations of an optimal search, from ``bound`` on, each breadth-first (layers.py)."""
    start = heuristic.indices(board)
    values = heuristic.view_values(board)
    arrays = heuristic.layered()
    while True:
        check = layers.checker(cancel, deadline, node_limit, nodes)
        try:
            moves, least, generated = layers.iteration(
                board, width, height, start, values, bound, arrays, check
            )
        except layers.Stopped:
            raise OverBudget from None
        nodes += generated
        if moves is not None:
            return Result(moves, nodes)
        if least == INFINITY:
            raise ValueError("no solution: the board cannot be solved")
        bound = int(least)
