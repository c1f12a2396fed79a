"""One IDA* iteration done breadth-first in numpy: the same nodes as the depth-first one, a layer at a time.

In Python the depth-first search costs about a microsecond a node, most of it interpreter work around
two table reads. The nodes of one iteration (every path whose f = g + h stays within the bound, no move
undoing the one before) can as well be generated a depth at a time, each depth as arrays: the boards
packed four bits a cell in one uint64, the empty cell and the one it came from, every heuristic slot's
table index and each view's sum. A depth then costs some forty numpy operations whatever its size, a few
tenths of a microsecond a node on big layers. ``search.ida_star`` runs the small first iterations
depth-first and hands the big ones here (optimal searches of boards up to 16 cells).

The first depth holding the goal gives an optimal solution: a goal at depth g has f = g within this
iteration's bound, and none was found under the last one. Each depth keeps its parents' positions and
the tiles slid, so the solution is read back from the goal.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from game.puzzle.solver.pdb import Cancelled, neighbours

NIBBLE = 4
MAX_CELLS = 16  # a board packs into one uint64, four bits a cell


class Stopped(Exception):
    """The caller's deadline or node limit ran out (search.py turns it into OverBudget)."""


@dataclass(frozen=True)
class Arrays:
    """A heuristic (search.Heuristic) as numpy arrays, built once per heuristic."""

    slots: tuple[np.ndarray, np.ndarray]  # per view: tile -> slot
    deltas: tuple[np.ndarray, np.ndarray]  # per view: tile * cells**2 + cell * cells + blank -> index change
    groups: tuple[tuple[np.ndarray, np.ndarray], ...]  # (table as uint8, which slots read it)
    kids: np.ndarray  # (empty cell * (cells + 1) + cell it came from) -> up to 4 cells, -1 for none


def arrays(
    width: int,
    height: int,
    slots: Sequence[Sequence[int]],
    deltas: Sequence[Sequence[int]],
    tables: Sequence[object],
) -> Arrays:
    """The arrays of a heuristic: its per-view slot and delta lists, its tables (bytes-like)."""
    cells = width * height
    near = neighbours(width, height)
    kids = np.full((cells * (cells + 1), 4), -1, dtype=np.int64)
    for blank in range(cells):
        for previous in range(cells + 1):
            found = [c for c in sorted(near[blank]) if c != previous]
            kids[blank * (cells + 1) + previous, : len(found)] = found
    by_table: dict[int, tuple[np.ndarray, list[int]]] = {}
    for slot, table in enumerate(tables):
        entry = by_table.setdefault(id(table), (np.frombuffer(table, dtype=np.uint8), []))
        entry[1].append(slot)
    groups = tuple((table, np.array(members, dtype=np.int64)) for table, members in by_table.values())
    return Arrays(
        (np.array(slots[0], dtype=np.int64), np.array(slots[1], dtype=np.int64)),
        (np.array(deltas[0], dtype=np.int64), np.array(deltas[1], dtype=np.int64)),
        groups,
        kids,
    )


CHUNK = 20_000
"""A depth bigger than this is searched in chunks, those of least h first, each down to the bound before
the next: memory stays bounded, and the last iteration stops soon after the goal's chunk, as a
depth-first search ordered by h would, instead of generating every node within the bound."""


@dataclass
class _Depth:
    """The states of one depth (or of a chunk of it), each with where its parent stands and the tile slid."""

    codes: np.ndarray
    blank: np.ndarray
    came: np.ndarray
    index: np.ndarray  # (slots, states)
    h: tuple[np.ndarray, np.ndarray]
    parent: np.ndarray
    tile: np.ndarray

    def take(self, chosen: np.ndarray) -> _Depth:
        return _Depth(
            self.codes[chosen],
            self.blank[chosen],
            self.came[chosen],
            self.index[:, chosen],
            (self.h[0][chosen], self.h[1][chosen]),
            self.parent[chosen],
            self.tile[chosen],
        )


class _Search:
    """One iteration: its bound, the least f over it, the nodes generated."""

    def __init__(self, cells: int, bound: int, heuristic: Arrays, check: Callable[[int], None]) -> None:
        self.cells, self.bound, self.heuristic, self.check = cells, bound, heuristic, check
        self.shifts = np.arange(cells, dtype=np.uint64) * np.uint64(NIBBLE)
        self.least = np.inf
        self.nodes = 0

    def descend(self, here: _Depth, depth: int) -> tuple[int, list[int]] | None:
        """(position in ``here`` of the state the goal is reached from, the tiles slid from it), or None."""
        if here.codes.size > CHUNK:
            order = np.argsort(np.maximum(here.h[0], here.h[1]), kind="stable")
            for first in range(0, order.size, CHUNK):
                chosen = order[first : first + CHUNK]
                found = self.descend(here.take(chosen), depth)
                if found is not None:
                    return int(chosen[found[0]]), found[1]
            return None
        self.check(self.nodes)
        kids, solved = self.expand(here, depth + 1)
        if solved is not None:
            return int(kids.parent[solved]), [int(kids.tile[solved])]
        if not kids.codes.size:
            return None
        found = self.descend(kids, depth + 1)
        if found is None:
            return None
        at, moves = found
        return int(kids.parent[at]), [int(kids.tile[at]), *moves]

    def expand(self, here: _Depth, depth: int) -> tuple[_Depth, int | None]:
        """The children of ``here`` within the bound at ``depth``, and the position of a goal among them."""
        cells, heuristic, shifts = self.cells, self.heuristic, self.shifts
        key = here.blank * (cells + 1) + here.came
        parent, which = np.nonzero(heuristic.kids[key] >= 0)
        cell = heuristic.kids[key[parent], which]
        self.nodes += parent.size
        empty = here.blank[parent]
        code = here.codes[parent]
        tile = ((code >> shifts[cell]) & np.uint64(15)).astype(np.int64)
        moved = tile.astype(np.uint64)
        code = code - (moved << shifts[cell]) + (moved << shifts[empty])
        move = tile * (cells * cells) + cell * cells + empty
        index = here.index[:, parent]
        rows = np.arange(parent.size)
        values = []
        for view in range(2):
            slot = heuristic.slots[view][tile]
            old = index[slot, rows]
            new = old + heuristic.deltas[view][move]
            index[slot, rows] = new
            change = np.zeros(parent.size, dtype=np.int64)
            for table, members in heuristic.groups:
                inside = np.isin(slot, members) if members.size > 1 else slot == members[0]
                if inside.any():
                    change[inside] = table[new[inside]].astype(np.int64) - table[old[inside]]
            values.append(here.h[view][parent] + change)
        worst = np.maximum(values[0], values[1])
        keep = worst <= self.bound - depth
        if not keep.all():
            self.least = min(self.least, depth + int(worst[~keep].min()))
        kept = np.flatnonzero(keep)
        kids = _Depth(
            code[kept],
            cell[kept],
            empty[kept],
            index[:, kept],
            (values[0][kept], values[1][kept]),
            parent[kept],
            tile[kept],
        )
        solved = np.flatnonzero(worst[kept] == 0)
        return kids, (int(solved[0]) if solved.size else None)


def iteration(
    tiles: Sequence[int],
    width: int,
    height: int,
    start: list[int],
    values: tuple[int, int],
    bound: int,
    heuristic: Arrays,
    check: Callable[[int], None],
) -> tuple[list[int] | None, float, int]:
    """(the solution or None, the least f over ``bound`` seen, nodes generated) of one iteration.

    ``start`` holds the table index of every slot for ``tiles``, ``values`` the two views' sums;
    ``check(nodes)`` is called every few thousand nodes and may raise (a deadline, a cancel).
    """
    cells = width * height
    search = _Search(cells, bound, heuristic, check)
    root = _Depth(
        np.array([sum(t << (NIBBLE * c) for c, t in enumerate(tiles))], dtype=np.uint64),
        np.array([list(tiles).index(0)], dtype=np.int64),
        np.array([cells], dtype=np.int64),
        np.array(start, dtype=np.int64).reshape(-1, 1),
        (np.array([values[0]], dtype=np.int64), np.array([values[1]], dtype=np.int64)),
        np.zeros(1, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )
    found = search.descend(root, 0)
    return (None if found is None else found[1]), search.least, search.nodes


def checker(
    cancel: threading.Event | None, deadline: float | None, node_limit: int | None, done: int
) -> Callable[[int], None]:
    """A ``check`` for ``iteration``: raises Cancelled, or Stopped past the deadline or node limit (nodes
    counted from ``done``, those of the earlier iterations)."""

    def check(nodes: int) -> None:
        if cancel is not None and cancel.is_set():
            raise Cancelled
        if deadline is not None and time.perf_counter() > deadline:
            raise Stopped
        if node_limit is not None and done + nodes > node_limit:
            raise Stopped

    return check
