"""The pattern-database build for patterns too big for a dense state array (a 7-tile 4x4 pattern).

The region build (regions.py) keeps one byte per packed (pattern cells, region) code: 2 ** 32 bytes for
seven tiles on a 4x4, too much memory. This build searches the same states in the same breadth-first
order but remembers them compactly:

- which regions of a placement were reached: 16 bits per placement (one per region's lowest cell),
  indexed by the placement's rank among the n! / (n - k)! placements (n = cells): 115 MB for seven tiles;
- the table itself, the first depth at which a placement was reached in any region, which in a
  breadth-first search is its least distance over the regions: the value the search reads.

A placement is marked in the table as soon as a chunk reaches it, so later chunks of the layer skip it;
only placements of several regions can then come twice in a layer, made distinct (sorted) at its end.
Codes of 32 bits (seven tiles on a 4x4) are kept as uint32 between layers: half the memory.
"""

from __future__ import annotations

import math
import threading

import numpy as np

from game.puzzle.solver.build_checkpoint import BuildState, Checkpoint
from game.puzzle.solver.pattern import UNREACHED, Pattern, Progress, check_cancel, table_size
from game.puzzle.solver.regions import REGION_MAX_CELLS, REGIONS, distinct, lowest_region_cell, work

CHUNK = 1 << 18
"""States expanded at once: small enough that numpy's temporaries (some 10 MB) are reused from the heap
instead of mapped afresh each time (with 2 M states a chunk, page faults took a sixth of the time, and
the build twice the memory)."""


def ranks(placements: np.ndarray, k: int, bits: int, cells: int) -> np.ndarray:
    """Each packed placement's rank among all placements of ``k`` distinct cells of ``cells``.

    The rank is the placement's position in lexicographic order of (cell of tile 0, cell of tile 1, ...):
    digit i is the cell minus how many earlier tiles stand on lower cells, in radix cells - i.
    """
    mask = (1 << bits) - 1
    placed = [((placements >> (bits * i)) & mask).astype(np.int32) for i in range(k)]
    rank = np.zeros(placements.shape, dtype=np.int64)
    for i, cell in enumerate(placed):
        digit = cell.copy()
        for earlier in placed[:i]:
            digit -= earlier < cell
        rank *= cells - i
        rank += digit
    return rank


def placements(pattern: Pattern) -> int:
    """How many placements (ranks) a pattern has."""
    return math.perm(pattern.cells, len(pattern.goals))


def build(
    pattern: Pattern,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    checkpoint: Checkpoint | None = None,
) -> bytes:
    """The table as bytes in the packed layout the search reads (255 where no placement exists).

    With a ``checkpoint`` the build goes on from the state it kept, if any, and keeps its state at the
    end of a layer every few seconds (build_checkpoint.py): a build stopped part-way is not lost.
    """
    if pattern.cells > REGION_MAX_CELLS:
        raise ValueError("the ranked build needs a board of at most 16 cells")
    bits, k, cells = pattern.bits, len(pattern.goals), pattern.cells
    mask = (1 << bits) - 1
    lowest = lowest_region_cell(pattern)
    regions = REGIONS[pattern.width, pattern.height]
    width = pattern.width
    walls = sum(1 << w for w in pattern.walls)
    full = (1 << cells) - 1
    not_left = sum(1 << c for c in range(cells) if c % width != 0)
    not_right = sum(1 << c for c in range(cells) if c % width != width - 1)
    narrow = bits * (k + 1) <= 32
    shifts = np.array([1 << (bits * (i + 1)) for i in range(k)], dtype=np.int64)
    total = work(pattern)
    kept = None
    if checkpoint is not None:
        kept = checkpoint.resume(placements(pattern), np.dtype(np.uint32 if narrow else np.int64), total)
    if kept is None:
        table, seen, layer, depth, done = _start(pattern)
    else:
        table, seen, layer, depth, done = kept.table, kept.seen, kept.layer, kept.depth, kept.done
        if progress is not None:
            progress(min(done, total), total)
    while layer.size:
        found: list[np.ndarray] = []
        for start in range(0, layer.size, CHUNK):
            check_cancel(cancel)
            codes = layer[start : start + CHUNK].astype(np.int64)
            placed = np.stack([(codes >> (bits * (i + 1))) & mask for i in range(k)]).astype(np.int32)
            taken = np.bitwise_or.reduce(np.left_shift(1, placed), axis=0)
            free = full & ~(taken | walls)
            region = regions[(free << bits) | (codes & mask).astype(np.int32)]
            # A tile moves by ``step`` when the cell it moves to is in the empty square's region.
            for step, movers in (
                (-width, (region << width) & full),
                (width, region >> width),
                (-1, (region << 1) & not_left),
                (1, (region >> 1) & not_right),
            ):
                tile, state = np.nonzero((movers & taken)[None, :] >> placed & 1)
                if not tile.size:
                    continue
                src = placed[tile, state]
                after = free[state] ^ np.left_shift(1, src + step) ^ np.left_shift(1, src)
                moved = (codes[state] & ~mask) + step * shifts[tile] + lowest[(after << bits) | src]
                placement = moved >> bits
                fresh = table[placement] == UNREACHED
                # A placement whose free cells are one region has one state: reached means seen.
                split = np.flatnonzero(~fresh & (regions[(after << bits) | src] != after))
                if split.size:
                    rank = ranks(placement[split], k, bits, cells)
                    low = (moved[split] & mask).astype(np.uint16)
                    fresh[split] = (seen[rank] >> low) & 1 == 0
                moved = moved[fresh]
                # Reached now, so later chunks of this layer skip it (its regions are marked at the end).
                table[moved >> bits] = np.minimum(table[moved >> bits], depth + 1)
                found.append(moved.astype(np.uint32) if narrow else moved)
            done += codes.size
            if progress is not None:
                progress(min(done, total), total)
        depth += 1
        if depth >= UNREACHED:
            raise ValueError(f"pattern {pattern.key} is deeper than a byte can hold")
        layer = distinct(np.concatenate(found)) if found else layer[:0]
        del found  # before the checkpoint: the layer's pieces are as big as the layer
        _mark(layer, seen, table, depth, pattern)
        if checkpoint is not None and layer.size:
            checkpoint.offer(BuildState(depth, done, table, seen, layer), total)
    if progress is not None:
        progress(total, total)
    del seen, layer  # before the table is copied out: the copy is the build's high-water mark
    return table.tobytes()


def _start(pattern: Pattern) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """(table, regions seen, first layer, depth, states done) of a build from the goal."""
    bits, cells = pattern.bits, pattern.cells
    lowest = lowest_region_cell(pattern)
    walls = sum(1 << w for w in pattern.walls)
    table = np.full(table_size(pattern), UNREACHED, dtype=np.uint8)
    seen = np.zeros(placements(pattern), dtype=np.uint16)
    goal = sum(g << (bits * i) for i, g in enumerate(pattern.goals))
    goal_free = ((1 << cells) - 1) & ~walls & ~sum(1 << g for g in pattern.goals)
    starts = {int(lowest[(goal_free << bits) | c]) for c in range(cells) if goal_free >> c & 1}
    layer = np.array(sorted((goal << bits) | c for c in starts), dtype=np.int64)
    _mark(layer, seen, table, 0, pattern)
    return table, seen, layer, 0, 0


def _mark(layer: np.ndarray, seen: np.ndarray, table: np.ndarray, depth: int, pattern: Pattern) -> None:
    """Record a sorted, distinct layer: its placements' first depth in the table, and for placements
    whose free cells form more than one region, which regions were reached."""
    for start in range(0, layer.size, CHUNK):  # in chunks: a layer can hold millions of states
        _mark_chunk(layer[start : start + CHUNK], seen, table, depth, pattern)


def _mark_chunk(layer: np.ndarray, seen: np.ndarray, table: np.ndarray, depth: int, pattern: Pattern) -> None:
    """``_mark`` for a sorted, distinct run of a layer (a placement split between two runs is marked by
    both: the region bits are or-ed in)."""
    bits, k, cells = pattern.bits, len(pattern.goals), pattern.cells
    mask = (1 << bits) - 1
    placement = layer >> bits
    unreached = table[placement] == UNREACHED
    table[placement[unreached]] = depth
    taken = np.full(layer.shape, sum(1 << w for w in pattern.walls), dtype=np.int32)
    for i in range(k):
        taken |= np.left_shift(1, ((placement >> (bits * i)) & mask).astype(np.int32))
    free = ((1 << cells) - 1) & ~taken
    regions = REGIONS[pattern.width, pattern.height]
    split = regions[(free << bits) | (layer & mask).astype(np.int32)] != free
    layer, placement = layer[split], placement[split]
    if not layer.size:
        return
    first = np.ones(layer.shape, dtype=bool)
    np.not_equal(placement[1:], placement[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    rank = ranks(placement[starts], k, bits, cells)
    low = np.left_shift(1, layer & mask).astype(np.uint16)
    seen[rank] |= np.bitwise_or.reduceat(low, starts)
