"""The pattern-database build over regions, for boards of at most 16 cells: a state is the pattern
tiles' cells and the region the empty square can roam (its lowest cell), looked up in flood-fill tables
kept per board size. ranked.py builds the patterns too big for a dense array from the same tables.
"""

from __future__ import annotations

import functools
import math
import threading

import numpy as np

from game.puzzle.solver.pattern import UNREACHED, Pattern, Progress, check_cancel, neighbours

CHUNK = 1 << 21
REGION_MAX_CELLS = 16


@functools.cache
def work(pattern: Pattern) -> int:
    """How many states the build of ``pattern`` expands: the ``total`` its progress reports count to.

    Kept per pattern: each takes some 20 ms of numpy over every free-cell set of a 4x4, and a build asks
    it several times (its progress, the first run's estimate, what a stopped build kept)."""
    if pattern.cells > REGION_MAX_CELLS:
        return pattern.states
    lowest = lowest_region_cell(pattern).reshape(1 << pattern.cells, 1 << pattern.bits)[:, : pattern.cells]
    cells = np.arange(pattern.cells)
    masks = np.arange(1 << pattern.cells)
    inside = (masks[:, None] >> cells[None, :]) & 1 == 1
    regions = (inside & (lowest == cells[None, :])).sum(axis=1)
    walls = sum(1 << w for w in pattern.walls)
    free = pattern.cells - len(pattern.walls) - len(pattern.goals)
    chosen = (masks & walls == 0) & (inside.sum(axis=1) == free)
    return int(regions[chosen].sum()) * math.factorial(len(pattern.goals))


def build(pattern: Pattern, progress: Progress | None, cancel: threading.Event | None) -> bytes:
    """Unit-cost breadth-first search over (pattern cells, the region the empty square can roam).

    The free moves only walk the empty square around its region, so a state is the pattern placement
    plus the region's lowest cell: five times fewer states than with the empty cell itself (11.8 instead
    of 57.7 million for a 6-tile 4x4 pattern), and no 0-cost closure. The region after a move is one
    look-up in a table of flood fills over every free-cell set (2 ** cells entries per cell), which is
    why this needs a board of at most 16 cells.
    """
    bits, k, cells = pattern.bits, len(pattern.goals), pattern.cells
    mask = (1 << bits) - 1
    total_bits = bits * (k + 1)
    dtype = np.int32 if total_bits <= 31 else np.int64
    lowest = lowest_region_cell(pattern)
    near = neighbours(pattern.width, pattern.height, pattern.walls)
    nbr = np.full((4, 1 << bits), -1, dtype=dtype)
    for cell, cells_near in enumerate(near):
        nbr[: len(cells_near), cell] = cells_near
    walls = sum(1 << w for w in pattern.walls)
    full = (1 << cells) - 1
    dist = np.full(1 << total_bits, UNREACHED, dtype=np.uint8)
    goal_code = sum(g << (bits * (i + 1)) for i, g in enumerate(pattern.goals))
    goal_free = full & ~walls & ~sum(1 << g for g in pattern.goals)
    starts = {int(lowest[(goal_free << bits) | c]) for c in range(cells) if goal_free >> c & 1}
    layer = np.array(sorted(goal_code | c for c in starts), dtype=dtype)
    dist[layer] = 0
    done, total, depth = 0, work(pattern), 0
    while layer.size:
        found: list[np.ndarray] = []
        for start in range(0, layer.size, CHUNK):
            check_cancel(cancel)
            codes = layer[start : start + CHUNK]
            placed = [(codes >> (bits * (i + 1))) & mask for i in range(k)]
            taken = np.full(codes.shape, walls, dtype=dtype)
            for cell in placed:
                taken |= np.left_shift(1, cell, dtype=dtype)
            free = full & ~taken
            region = REGIONS[pattern.width, pattern.height][(free << bits) | (codes & mask)]
            for i, cell in enumerate(placed):
                shift = bits * (i + 1)
                for direction in range(4):
                    target = nbr[direction][cell]
                    ok = (target >= 0) & ((region >> np.maximum(target, 0)) & 1).astype(bool)
                    if not ok.any():
                        continue
                    src, dst, code = cell[ok], target[ok], codes[ok]
                    after = free[ok] ^ np.left_shift(1, dst, dtype=dtype) ^ np.left_shift(1, src, dtype=dtype)
                    moved = (code & ~mask) + ((dst - src) << shift) + lowest[(after << bits) | src]
                    moved = moved[dist[moved] == UNREACHED]
                    dist[moved] = depth + 1
                    found.append(moved)
            done += codes.size
            if progress is not None:
                progress(min(done, total), total)
        depth += 1
        if depth >= UNREACHED:
            raise ValueError(f"pattern {pattern.key} is deeper than a byte can hold")
        layer = distinct(np.concatenate(found)) if found else layer[:0]
    if progress is not None:
        progress(total, total)
    return dist.reshape(-1, 1 << bits).min(axis=1).tobytes()


def distinct(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values; a plain sort beats numpy 2's hash-based ``unique`` several times here."""
    values.sort()
    keep = np.empty(values.shape, dtype=bool)
    keep[:1] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


REGIONS: dict[tuple[int, int], np.ndarray] = {}
LOWEST_CELLS: dict[tuple[int, int], np.ndarray] = {}


def lowest_region_cell(pattern: Pattern) -> np.ndarray:
    """For every (free-cell set, start cell): the lowest cell the empty square can reach from the start.

    Both it and the reachable sets (``REGIONS``) are kept per board size. Index: set << bits | cell.
    """
    width, height, cells, bits = pattern.width, pattern.height, pattern.cells, pattern.bits
    if (width, height) in LOWEST_CELLS:
        return LOWEST_CELLS[width, height]
    free = np.repeat(np.arange(1 << cells, dtype=np.int32), 1 << bits)
    start = np.tile(np.arange(1 << bits, dtype=np.int32), 1 << cells)
    region = np.where(start < cells, np.left_shift(1, np.minimum(start, cells - 1)), 0) & free
    not_left = sum(1 << c for c in range(cells) if c % width != 0)
    not_right = sum(1 << c for c in range(cells) if c % width != width - 1)
    full = (1 << cells) - 1
    while True:
        grown = region | (region >> width) | ((region << width) & full)
        grown |= ((region & not_left) >> 1) | ((region & not_right) << 1)
        grown &= free
        if np.array_equal(grown, region):
            break
        region = grown
    REGIONS[width, height] = region
    low = region & -region
    lowest = np.zeros(region.shape, dtype=np.int32)
    nonzero = low > 0
    lowest[nonzero] = np.log2(low[nonzero]).astype(np.int32)
    LOWEST_CELLS[width, height] = lowest
    return lowest
