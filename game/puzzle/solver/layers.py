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

from game.puzzle.solver.pattern import Cancelled, Table, neighbours

NIBBLE = 4
MAX_CELLS = 16  # a board packs into one uint64, four bits a cell


class Stopped(Exception):
    """The caller's deadline or node limit ran out (search.py turns it into OverBudget)."""


@dataclass(frozen=True)
class View:
    """One view of a heuristic as numpy arrays, for a move numbered tile * cells**2 + cell * cells + blank.

    A tile whose component is the tile alone (or a table of one entry) changes the sum by a fixed amount
    a move, in ``fixed``; the others read ``tables``: the biggest for every row at once (an index of any
    component fits in it), masked by ``first`` (1 for its tiles), the rest for their tiles only.
    """

    slots: np.ndarray  # tile -> slot
    deltas: np.ndarray  # move -> index change of the tile's slot
    fixed: np.ndarray  # move -> change of the sum, for tiles alone in their component
    first: np.ndarray  # tile -> 1 if it reads tables[0], else 0
    tables: tuple[np.ndarray, ...]  # uint8, biggest first
    others: tuple[np.ndarray, ...]  # per table after the first: tile -> whether it reads that table


@dataclass(frozen=True)
class Arrays:
    """A heuristic (search.Heuristic) as numpy arrays, built once per heuristic."""

    views: tuple[View, View]
    kids: np.ndarray  # (empty cell * (cells + 1) + cell it came from) -> up to 4 cells, -1 for none


def arrays(
    width: int,
    height: int,
    slots: Sequence[Sequence[int]],
    weights: Sequence[Sequence[Sequence[int]]],
    deltas: Sequence[Sequence[int]],
    tables: Sequence[Table],
) -> Arrays:
    """The arrays of a heuristic: per view its tile -> slot list, tile -> cell -> index weights and index
    changes; its tables (bytes-like), one per slot."""
    cells = width * height
    near = neighbours(width, height)
    kids = np.full((cells * (cells + 1), 4), -1, dtype=np.int16)
    for blank in range(cells):
        for previous in range(cells + 1):
            found = [c for c in sorted(near[blank]) if c != previous]
            kids[blank * (cells + 1) + previous, : len(found)] = found
    return Arrays(
        tuple(_view(cells, slots[v], weights[v], deltas[v], tables) for v in range(2)),  # type: ignore[arg-type]
        kids,
    )


def _index_type(tables: Sequence[Table]) -> type[np.signedinteger]:
    """Table indices as int32 where every table allows it: the states of a depth take half the memory."""
    return np.int32 if max(len(table) for table in tables) < 1 << 31 else np.int64


def _view(
    cells: int,
    slots: Sequence[int],
    weights: Sequence[Sequence[int]],
    deltas: Sequence[int],
    tables: Sequence[Table],
) -> View:
    members: dict[int, list[int]] = {}
    for tile in range(1, cells):
        members.setdefault(slots[tile], []).append(tile)
    fixed = np.zeros(cells**3, dtype=np.int16)
    reading: dict[int, list[int]] = {}  # id(table) -> tiles
    by_id: dict[int, Table] = {}
    for slot, tiles in members.items():
        table = tables[slot]
        if len(tiles) == 1 or len(table) == 1:
            for tile in tiles:
                for cell in range(cells):
                    for blank in range(cells):
                        after, before = table[weights[tile][blank]], table[weights[tile][cell]]
                        fixed[tile * cells * cells + cell * cells + blank] = after - before
        else:
            reading.setdefault(id(table), []).extend(tiles)
            by_id[id(table)] = table
    order = sorted(reading, key=lambda key: -len(by_id[key]))
    masks = []
    for key in order:
        mask = np.zeros(cells, dtype=np.int16)
        mask[reading[key]] = 1
        masks.append(mask)
    return View(
        np.array(slots, dtype=np.int64),
        np.array(deltas, dtype=_index_type(tables)),
        fixed,
        masks[0] if masks else np.zeros(cells, dtype=np.int16),
        tuple(np.frombuffer(by_id[key], dtype=np.uint8) for key in order) or (np.zeros(1, dtype=np.uint8),),
        tuple(mask.astype(bool) for mask in masks[1:]),
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
        for number, view in enumerate(heuristic.views):
            slot = view.slots[tile]
            old = index[slot, rows]
            new = old + view.deltas[move]
            index[slot, rows] = new
            big = view.tables[0]
            change = view.fixed[move] + view.first[tile] * (big[new].astype(np.int16) - big[old])
            for table, reads in zip(view.tables[1:], view.others, strict=True):
                inside = reads[tile]
                change[inside] += table[new[inside]].astype(np.int16) - table[old[inside]]
            values.append(here.h[number][parent] + change)
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
            parent[kept].astype(np.int32),
            tile[kept].astype(np.int8),
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
        np.array([list(tiles).index(0)], dtype=np.int16),
        np.array([cells], dtype=np.int16),
        np.array(start, dtype=heuristic.views[0].deltas.dtype).reshape(-1, 1),
        (np.array([values[0]], dtype=np.int16), np.array([values[1]], dtype=np.int16)),
        np.zeros(1, dtype=np.int32),
        np.zeros(1, dtype=np.int8),
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
