"""Additive pattern databases: built with numpy, cached on disk, verified when read back.

A pattern database (PDB) stores, for every placement of a few "pattern" tiles, the fewest moves of those
tiles needed to bring them home, where moves of the other tiles are free (Korf & Felner 2002). Counting
only pattern-tile moves is what makes the values of disjoint patterns add up to an admissible heuristic.

The table is indexed by the tiles' cells packed into bit fields (``cell_i << bits * i``), the layout the
search updates incrementally with one addition per move. It is built by a breadth-first search from the
goal placements in which moving the empty square onto a non-pattern cell costs 0 and swapping it with a
pattern tile costs 1: on boards of up to 16 cells over (pattern cells, region the empty square can
roam), which makes every move cost 1; on bigger boards over (pattern cells, empty cell), closing each
cost layer under the free moves before starting the next.

Work is done in chunks of at most ``CHUNK`` states so that a cancel request and the progress callback are
honoured often and no single numpy call holds the interpreter for long.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence

import numpy as np

from game.puzzle.solver import build_checkpoint, mapping, ranked, regions, table_file
from game.puzzle.solver.build_checkpoint import Checkpoint, Note
from game.puzzle.solver.pattern import (
    UNREACHED,
    Pattern,
    Progress,
    Table,
    check_cancel,
    neighbours,
    table_size,
)
from game.puzzle.solver.regions import REGION_MAX_CELLS, distinct

CHUNK = 1 << 21
DENSE_MAX_BITS = 28  # a dense array of 2 ** 28 states (256 MB) is the most a build may hold


def build(
    pattern: Pattern,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    checkpoint: Checkpoint | None = None,
) -> bytes:
    """The table as bytes (255 where no placement exists), by the faster method the board allows; a
    pattern whose dense state array would pass ``DENSE_MAX_BITS`` by the ranked build (ranked.py), which
    alone takes long enough to be kept part-way in ``checkpoint`` (the others take seconds)."""
    if resumable(pattern):
        return ranked.build(pattern, progress, cancel, checkpoint)
    if pattern.cells <= REGION_MAX_CELLS:
        return regions.build(pattern, progress, cancel)
    return _build_by_cells(pattern, progress, cancel)


def resumable(pattern: Pattern) -> bool:
    """Whether the pattern's build is the ranked one, which a stopped build goes on from."""
    return pattern.cells <= REGION_MAX_CELLS and pattern.bits * (len(pattern.goals) + 1) > DENSE_MAX_BITS


def _build_by_cells(pattern: Pattern, progress: Progress | None, cancel: threading.Event | None) -> bytes:
    """0-1 breadth-first search over (pattern cells, empty cell), for boards too big for region tables.

    Why a dense array over packed codes: one gather decides "seen?" for millions of states at once,
    which is far faster than sorting or hashing; its size is 2 ** (bits * (tiles + 1)) bytes.
    """
    bits, k = pattern.bits, len(pattern.goals)
    mask = (1 << bits) - 1
    total_bits = bits * (k + 1)
    dtype = np.int32 if total_bits <= 31 else np.int64
    near = neighbours(pattern.width, pattern.height, pattern.walls)
    sentinel = pattern.cells
    nbr = np.full((4, pattern.cells + 1), sentinel, dtype=dtype)
    for cell, cells in enumerate(near):
        nbr[: len(cells), cell] = cells
    dist = np.full(1 << total_bits, UNREACHED, dtype=np.uint8)
    goal_code = sum(g << (bits * (i + 1)) for i, g in enumerate(pattern.goals))
    free = [c for c in range(pattern.cells) if c not in pattern.walls and c not in pattern.goals]
    layer = np.array([goal_code | c for c in free], dtype=dtype)
    dist[layer] = 0
    done, total, depth = 0, pattern.states, 0
    while layer.size:
        pending: list[np.ndarray] = []
        new = layer
        while new.size:
            added: list[np.ndarray] = []
            for start in range(0, new.size, CHUNK):
                check_cancel(cancel)
                free_moves, paid_moves = _expand(new[start : start + CHUNK], nbr, bits, k, mask, sentinel)
                free_moves = distinct(free_moves[dist[free_moves] == UNREACHED])
                dist[free_moves] = depth
                added.append(free_moves)
                pending.append(paid_moves[dist[paid_moves] == UNREACHED])
            done += new.size
            if progress is not None:
                progress(min(done, total), total)
            new = np.concatenate(added) if added else new[:0]
        depth += 1
        if depth >= UNREACHED:
            raise ValueError(f"pattern {pattern.key} is deeper than a byte can hold")
        layer = distinct(np.concatenate(pending)) if pending else layer[:0]
        layer = layer[dist[layer] == UNREACHED]
        dist[layer] = depth
    if progress is not None:
        progress(total, total)
    return dist.reshape(-1, 1 << bits).min(axis=1).tobytes()


def _expand(
    codes: np.ndarray, nbr: np.ndarray, bits: int, k: int, mask: int, sentinel: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every successor of ``codes``: those where the empty square moved freely, and those that cost 1."""
    blank = codes & mask
    cells = [(codes >> (bits * (i + 1))) & mask for i in range(k)]
    free_out, paid_out = [], []
    for direction in range(4):
        target = nbr[direction][blank]
        open_ = target != sentinel
        shift = np.zeros_like(codes)
        hit = np.zeros(codes.shape, dtype=bool)
        for i, cell in enumerate(cells):
            same = cell == target
            hit |= same
            shift += same * ((blank - target) << (bits * (i + 1)))
        moved = codes - blank + target + shift
        free_out.append(moved[open_ & ~hit])
        paid_out.append(moved[open_ & hit])
    return np.concatenate(free_out), np.concatenate(paid_out)


_LOCK = threading.Lock()
_LOADED: dict[str, Table] = {}


def loaded(pattern: Pattern) -> Table | None:
    """The table if this process already has it in memory (never touches the disk)."""
    return _LOADED.get(pattern.key)


def load(
    pattern: Pattern,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    note: Note | None = None,
) -> Table:
    """The table from memory, else from the cache file, else built and cached.

    One lock: two threads asking for the same table build it once. A file that does not verify is
    rebuilt and replaced; a cache folder that cannot be written only costs a rebuild next time. A big
    build stopped part-way goes on from where it was kept (build_checkpoint.py; ``note`` is told so),
    and what it kept is removed once the table is finished.
    """
    table = _LOADED.get(pattern.key)
    if table is not None:
        return table
    with _LOCK:
        table = _LOADED.get(pattern.key)
        if table is None:
            table = _from_disk(pattern)
            if table is not None and resumable(pattern):
                # A build that another process ran beside the one that finished may have left one.
                build_checkpoint.remove(build_checkpoint.checkpoint_path(pattern))
        if table is None:
            checkpoint = Checkpoint(pattern, note=note) if resumable(pattern) else None
            table = build(pattern, progress, cancel, checkpoint)
            with contextlib.suppress(OSError):
                table_file.write(pattern, table)
            if checkpoint is not None:
                checkpoint.discard()
        _LOADED[pattern.key] = table
        return table


def peek(pattern: Pattern) -> Table | None:
    """The table from memory or a verified cache file, or None: never builds and never waits for a
    build running in another thread (for callers in a hurry, such as a hint)."""
    table = _LOADED.get(pattern.key)
    if table is not None or not _LOCK.acquire(blocking=False):
        return table
    try:
        table = _from_disk(pattern)
        if table is not None:
            _LOADED[pattern.key] = table
        return table
    finally:
        _LOCK.release()


def _from_disk(pattern: Pattern) -> Table | None:
    """The cached table, mapped if it is a big one (mapping.py), else read and verified; a big one in the
    older unaligned layout is rewritten once, so the next process maps it."""
    if table_size(pattern) <= table_file.RAW_MIN_BYTES:
        return table_file.read(pattern)
    path = table_file.cache_path(pattern)
    table: Table | None = mapping.mapped(pattern, path)
    if table is None:
        table = table_file.read(pattern, path)
        if table is not None:
            with contextlib.suppress(OSError):
                table_file.write(pattern, table, path)
    return table


def forget() -> None:
    """Drop every table held in memory (tests use it to force a read from disk)."""
    with _LOCK:
        _LOADED.clear()


def pack(cells: Sequence[int], bits: int) -> int:
    """The table index of pattern tiles standing on ``cells`` (in pattern order)."""
    return sum(cell << (bits * i) for i, cell in enumerate(cells))
