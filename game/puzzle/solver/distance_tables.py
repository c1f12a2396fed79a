"""Which tables solve which board: exact distance tables up to 9 cells, pattern databases up to 4x4.

- Up to 9 cells (2x2 ... 3x3, 2x4, 4x2): every reachable board is few enough (3x3: 181,440) to store its
  exact distance, so a solution is a walk downhill and always optimal.
- 3x4 and 4x3: two disjoint patterns, 6 and 5 tiles, split along the longer side.
- 4x4, quick tables: Korf & Felner's 6-6-3 partition: the left and right 2x3 blocks of rows 1-3 and the
  bottom row's three tiles. The right block is the left-right mirror of the left one, so one 6-tile table
  serves both (the empty square is not part of a pattern, so the mirror is a symmetry of the abstract
  puzzle), and the board reflected in its main diagonal gives a second view for free. Built in seconds.
- 4x4, strong tables: a 7-7-1 partition: the right two columns (seven tiles), their mirror image (the
  left two columns but the bottom-left tile) and that one tile alone. Again one 7-tile table serves both
  blocks, and the reflected view is the same tables read by rows. Some ten times fewer nodes than 6-6-3;
  built once in the background (a minute or two of numpy), used as soon as it is on disk. A 7-8
  partition would be stronger still, but its 8-tile table, in the packed layout the search reads with one
  addition per move, would take 4 GB.

``FIFTEEN_TAVLA_QUICK_PDB=1`` keeps the solver to the quick tables (the tests set it: the strong table
takes a minute or two to build and 268 MB of memory).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import numpy as np

from game.puzzle.solver import pdb, regions
from game.puzzle.solver.build_checkpoint import Note
from game.puzzle.solver.pattern import Pattern, Progress, neighbours
from game.puzzle.solver.search import Component, Heuristic

QUICK_ENV = "FIFTEEN_TAVLA_QUICK_PDB"
EXACT_MAX_CELLS = 9
PDB_MAX_SIDE = 4
NIBBLE = 4


def uses_exact_table(width: int, height: int) -> bool:
    """Whether the board is small enough for a table of every board's distance."""
    return width * height <= EXACT_MAX_CELLS


def optimal_supported(width: int, height: int) -> bool:
    """Boards the solver finds fewest-move solutions for: 4x4 and every smaller one."""
    return width <= PDB_MAX_SIDE and height <= PDB_MAX_SIDE


def goal_code(width: int, height: int) -> int:
    """The goal board packed one tile per 4 bits (cell 0 in the low bits)."""
    cells = width * height
    return sum(((cell + 1) % cells) << (NIBBLE * cell) for cell in range(cells))


def pack_board(tiles: Sequence[int]) -> int:
    """A board as an int, one tile per 4 bits: the key of the exact tables."""
    return sum(tile << (NIBBLE * cell) for cell, tile in enumerate(tiles))


_EXACT: dict[tuple[int, int], dict[int, int]] = {}
_EXACT_LOCK = threading.Lock()


def exact_table(width: int, height: int) -> dict[int, int]:
    """Packed board -> distance for every board reachable from the goal (built once per process).

    A breadth-first search in numpy (a 3x3 takes a fraction of a second): small enough not to cache.
    """
    with _EXACT_LOCK:
        table = _EXACT.get((width, height))
        if table is None:
            table = _build_exact(width, height)
            _EXACT[width, height] = table
        return table


def _build_exact(width: int, height: int) -> dict[int, int]:
    cells = width * height
    near = neighbours(width, height)
    layer = np.array([goal_code(width, height)], dtype=np.int64)
    blank_of = np.array([cells - 1], dtype=np.int64)
    previous = np.empty(0, dtype=np.int64)
    codes, depths = [layer], [np.zeros(1, dtype=np.int64)]
    depth = 0
    while layer.size:
        found, blanks = [], []
        for direction in range(4):
            target = np.array([n[direction] if direction < len(n) else -1 for n in near])[blank_of]
            ok = target >= 0
            src, dst, code = blank_of[ok], target[ok], layer[ok]
            tile = (code >> (NIBBLE * dst)) & 15
            found.append(code - (tile << (NIBBLE * dst)) + (tile << (NIBBLE * src)))
            blanks.append(dst)
        moved, moved_blank = np.concatenate(found), np.concatenate(blanks)
        moved, first = np.unique(moved, return_index=True)
        moved_blank = moved_blank[first]
        fresh = ~np.isin(moved, previous, assume_unique=True) & ~np.isin(moved, layer, assume_unique=True)
        previous, layer, blank_of = np.sort(layer), moved[fresh], moved_blank[fresh]
        depth += 1
        codes.append(layer)
        depths.append(np.full(layer.size, depth, dtype=np.int64))
    return dict(zip(np.concatenate(codes).tolist(), np.concatenate(depths).tolist(), strict=True))


def patterns(width: int, height: int) -> list[Pattern]:
    """The quick pattern databases a board size needs (none for exact-table sizes)."""
    if uses_exact_table(width, height) or not optimal_supported(width, height):
        return []
    return [Pattern(width, height, tuple(goals)) for goals in _partition(width, height)[1]]


def strong_patterns(width: int, height: int) -> list[Pattern]:
    """The strong pattern databases of a size (4x4 only), none when ``FIFTEEN_TAVLA_QUICK_PDB`` is set."""
    if (width, height) != (4, 4) or os.environ.get(QUICK_ENV, "") not in ("", "0"):
        return []
    return [Pattern(width, height, tuple(goals)) for goals in _partition(width, height, strong=True)[1]]


def strong_ready(width: int, height: int) -> bool:
    """Whether the strong tables are in memory or in a verified cache file (read now if so)."""
    needed = strong_patterns(width, height)
    return bool(needed) and all(pdb.peek(p) is not None for p in needed)


STRONG_RIGHT = [2, 3, 6, 7, 10, 11, 14]
STRONG_LEFT = [1, 0, 5, 4, 9, 8, 13]
STRONG_ALONE = [12]


def _partition(width: int, height: int, strong: bool = False) -> tuple[list[list[int]], list[list[int]]]:
    """(tile groups, goal cells of the tables to build) for a PDB-solved size."""
    cells = width * height
    if (width, height) == (4, 4) and strong:
        return [STRONG_RIGHT, STRONG_LEFT, STRONG_ALONE], [STRONG_RIGHT, STRONG_ALONE]
    if (width, height) == (4, 4):
        left = [0, 1, 4, 5, 8, 9]
        right = [3, 2, 7, 6, 11, 10]
        bottom = [12, 13, 14]
        return [left, right, bottom], [left, bottom]
    if width >= height:
        first = [c for c in range(cells - 1) if c % width < width // 2]
    else:
        first = [c for c in range(cells - 1) if c // width < height // 2]
    second = [c for c in range(cells - 1) if c not in first]
    return [first, second], [first, second]


def tables_ready(width: int, height: int) -> bool:
    """Whether an optimal search could start now without building anything (the quick tables in memory)."""
    if uses_exact_table(width, height):
        return (width, height) in _EXACT
    return all(pdb.loaded(p) is not None for p in patterns(width, height))


def needed_patterns(width: int, height: int, strong: bool = False) -> list[Pattern]:
    """The pattern databases ``prepare`` loads or builds for a size, in its order."""
    return patterns(width, height) + (strong_patterns(width, height) if strong else [])


def prepare(
    width: int,
    height: int,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    strong: bool = False,
    note: Note | None = None,
) -> None:
    """Load (or build and cache) every table the optimal solver needs for this size; with ``strong``
    the strong tables too (4x4).

    ``progress(done, total)`` is called as the work advances, summed over the tables; ``note`` is told
    when a build goes on from where it was stopped before (or cannot).
    """
    if uses_exact_table(width, height):
        exact_table(width, height)
        return
    needed = needed_patterns(width, height, strong)
    sizes = [regions.work(p) for p in needed]
    total = sum(sizes)
    offset = 0
    for pattern, size in zip(needed, sizes, strict=True):

        def report(done: int, _total: int, base: int = offset, span: int = size) -> None:
            if progress is not None:
                progress(base + round(span * done / max(1, _total)), total)

        pdb.load(pattern, report, cancel, note)
        offset += size
    if progress is not None:
        progress(total, total)


def heuristic(width: int, height: int, strong: bool = False) -> Heuristic:
    """The additive heuristic of a PDB-solved size (its tables must be prepared first)."""
    cells = width * height
    groups, built = _partition(width, height, strong)
    bits = Pattern(width, height, ()).bits
    tables = {tuple(goals): pdb.load(Pattern(width, height, tuple(goals))) for goals in built}
    view: list[Component] = []
    for goals in groups:
        if tuple(goals) in tables:
            view.append(Component(tables[tuple(goals)], tuple(g + 1 for g in goals), bits))
        else:
            mirror = tuple((c // width) * width + width - 1 - c % width for c in range(cells))
            source = [mirror[g] for g in goals]
            view.append(Component(tables[tuple(source)], tuple(g + 1 for g in goals), bits, mirror))
    views = [view]
    if width == height:
        transpose = [(c % width) * width + c // width for c in range(cells)]
        reflected = []
        for component in view:
            base = component.cells or tuple(range(cells))
            reflected.append(
                Component(
                    component.table,
                    tuple(transpose[t - 1] + 1 for t in component.tiles),
                    bits,
                    tuple(base[transpose[c]] for c in range(cells)),
                )
            )
        views.append(reflected)
    return Heuristic(width, height, views)
