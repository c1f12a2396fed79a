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
import hashlib
import json
import math
import mmap
import os
import stat
import struct
import threading
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.core.files.folders import cache_root
from game.core.files.writing import write_atomically

CACHE_SUBDIR = "pdb"
FORMAT_VERSION = 1
MAGIC = b"FTPDB"
MAX_KEY_BYTES = 65_536  # the JSON key after the header: a few hundred bytes in a real table
HEADER = struct.Struct("<5sHI32s")  # magic, format version, key length, sha256 of the table
UNREACHED = 255
CHUNK = 1 << 21
REGION_MAX_CELLS = 16
DENSE_MAX_BITS = 28  # a dense array of 2 ** 28 states (256 MB) is the most a build may hold
ZLIB_LEVEL = 6
RAW_MIN_BYTES = 64 << 20

Progress = Callable[[int, int], None]
Table = bytes | mmap.mmap
"""A table as the search reads it: bytes, or a big raw table mapped from its cache file (mapping.py)."""


class Cancelled(Exception):
    """The caller asked the solver to stop (a cancel event was set or the time budget ran out)."""


@dataclass(frozen=True)
class Pattern:
    """Which tiles, on which board, with which cells closed off (tiles already placed and kept fixed).

    ``goals`` are the pattern tiles' home cells in index order; the key names the cache file.
    """

    width: int
    height: int
    goals: tuple[int, ...]
    walls: frozenset[int] = frozenset()

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def bits(self) -> int:
        """Bits per cell number in a packed index."""
        return max(1, (self.cells - 1).bit_length())

    @property
    def key(self) -> str:
        walls = ",".join(map(str, sorted(self.walls)))
        return f"{self.width}x{self.height}-g{','.join(map(str, self.goals))}-w{walls}"

    @property
    def states(self) -> int:
        """Placements of the pattern tiles and the empty square: the size of the search."""
        free = self.cells - len(self.walls)
        count = 1
        for used in range(len(self.goals) + 1):
            count *= free - used
        return count


def neighbours(width: int, height: int, walls: frozenset[int] = frozenset()) -> list[list[int]]:
    """Open cells next to each cell (up, down, left, right), walls left out."""
    table: list[list[int]] = []
    for cell in range(width * height):
        col, row = cell % width, cell // width
        near = []
        for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            c, r = col + dc, row + dr
            if 0 <= c < width and 0 <= r < height and r * width + c not in walls:
                near.append(r * width + c)
        table.append([] if cell in walls else near)
    return table


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled


def build(pattern: Pattern, progress: Progress | None = None, cancel: threading.Event | None = None) -> bytes:
    """The table as bytes (255 where no placement exists), by the faster method the board allows; a
    pattern whose dense state array would pass ``DENSE_MAX_BITS`` by the ranked build (ranked.py)."""
    if pattern.cells <= REGION_MAX_CELLS and pattern.bits * (len(pattern.goals) + 1) > DENSE_MAX_BITS:
        from game.puzzle.solver import ranked  # it builds on this module's region tables

        return ranked.build(pattern, progress, cancel)
    if pattern.cells <= REGION_MAX_CELLS:
        return _build_by_regions(pattern, progress, cancel)
    return _build_by_cells(pattern, progress, cancel)


def work(pattern: Pattern) -> int:
    """How many states the build of ``pattern`` expands: the ``total`` its progress reports count to."""
    if pattern.cells > REGION_MAX_CELLS:
        return pattern.states
    lowest = _lowest_region_cell(pattern).reshape(1 << pattern.cells, 1 << pattern.bits)[:, : pattern.cells]
    cells = np.arange(pattern.cells)
    masks = np.arange(1 << pattern.cells)
    inside = (masks[:, None] >> cells[None, :]) & 1 == 1
    regions = (inside & (lowest == cells[None, :])).sum(axis=1)
    walls = sum(1 << w for w in pattern.walls)
    free = pattern.cells - len(pattern.walls) - len(pattern.goals)
    chosen = (masks & walls == 0) & (inside.sum(axis=1) == free)
    return int(regions[chosen].sum()) * math.factorial(len(pattern.goals))


def _build_by_regions(pattern: Pattern, progress: Progress | None, cancel: threading.Event | None) -> bytes:
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
    lowest = _lowest_region_cell(pattern)
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
            _check(cancel)
            codes = layer[start : start + CHUNK]
            placed = [(codes >> (bits * (i + 1))) & mask for i in range(k)]
            taken = np.full(codes.shape, walls, dtype=dtype)
            for cell in placed:
                taken |= np.left_shift(1, cell, dtype=dtype)
            free = full & ~taken
            region = _REGIONS[pattern.width, pattern.height][(free << bits) | (codes & mask)]
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
        layer = _distinct(np.concatenate(found)) if found else layer[:0]
    if progress is not None:
        progress(total, total)
    return dist.reshape(-1, 1 << bits).min(axis=1).tobytes()


def _distinct(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values; a plain sort beats numpy 2's hash-based ``unique`` several times here."""
    values.sort()
    keep = np.empty(values.shape, dtype=bool)
    keep[:1] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


_REGIONS: dict[tuple[int, int], np.ndarray] = {}
_LOWEST: dict[tuple[int, int], np.ndarray] = {}


def _lowest_region_cell(pattern: Pattern) -> np.ndarray:
    """For every (free-cell set, start cell): the lowest cell the empty square can reach from the start.

    Both it and the reachable sets (``_REGIONS``) are kept per board size. Index: set << bits | cell.
    """
    width, height, cells, bits = pattern.width, pattern.height, pattern.cells, pattern.bits
    if (width, height) in _LOWEST:
        return _LOWEST[width, height]
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
    _REGIONS[width, height] = region
    low = region & -region
    lowest = np.zeros(region.shape, dtype=np.int32)
    nonzero = low > 0
    lowest[nonzero] = np.log2(low[nonzero]).astype(np.int32)
    _LOWEST[width, height] = lowest
    return lowest


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
                _check(cancel)
                free_moves, paid_moves = _expand(new[start : start + CHUNK], nbr, bits, k, mask, sentinel)
                free_moves = _distinct(free_moves[dist[free_moves] == UNREACHED])
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
        layer = _distinct(np.concatenate(pending)) if pending else layer[:0]
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


def cache_dir() -> Path:
    """Where built tables live: ``$FIFTEEN_TAVLA_CACHE_DIR`` if set (tests), else the user's cache folder."""
    return cache_root() / CACHE_SUBDIR


def cache_path(pattern: Pattern) -> Path:
    """The file of one pattern's table; the name carries the key, the header repeats it."""
    digest = hashlib.sha1(pattern.key.encode()).hexdigest()[:16]
    return cache_dir() / f"{pattern.width}x{pattern.height}-{len(pattern.goals)}-{digest}.pdb"


def write(pattern: Pattern, table: bytes, path: Path | None = None) -> Path:
    """Write atomically (temporary file, then rename) so a crash never leaves half a table behind.

    Tables of more than ``RAW_MIN_BYTES`` are stored as they are: inflating the 268 MB of a 7-tile table
    takes seconds, reading it plain a fraction of one (it costs disk: 268 MB instead of 30), mapping it
    nothing (the key is padded so the table starts where mapping.py can map it).
    """
    path = path or cache_path(pattern)
    raw = len(table) > RAW_MIN_BYTES
    key = json.dumps({"key": pattern.key, "size": len(table), "raw": raw}).encode()
    if raw:
        from game.puzzle.solver import mapping

        key += b" " * mapping.padding(HEADER.size + len(key))
    header = HEADER.pack(MAGIC, FORMAT_VERSION, len(key), hashlib.sha256(table).digest())
    write_atomically(path, header + key + (table if raw else zlib.compress(table, ZLIB_LEVEL)))
    return path


def read(pattern: Pattern, path: Path | None = None) -> bytes | None:
    """The cached table, or None if it is missing, for another pattern, truncated or fails its checksum."""
    path = path or cache_path(pattern)
    size = table_size(pattern)
    try:
        head, key_text, body = _read_parts(path, HEADER.size + MAX_KEY_BYTES + size + size // 1000 + 1024)
        magic, version, _key_size, digest = HEADER.unpack(head)
        key = json.loads(key_text)
        if magic != MAGIC or version != FORMAT_VERSION or not isinstance(key, dict):
            return None
        if key.get("key") != pattern.key or key.get("size") != size:
            return None
        if key.get("raw") is True:
            table, complete = body, True
        else:
            # Never inflated beyond the table's own size.
            inflate = zlib.decompressobj()
            table, complete = inflate.decompress(body, size + 1), inflate.eof
    except (OSError, ValueError, struct.error, zlib.error, AttributeError, RecursionError):
        return None
    if not complete or len(table) != size or hashlib.sha256(table).digest() != digest:
        return None
    return table


def _read_parts(path: Path, limit: int) -> tuple[bytes, bytes, bytes]:
    """(header, key, the rest) of a cache file, the rest in one read: a raw 268 MB table is copied once.

    As ``game.core.files.reading.read_regular``: only a regular file of at most ``limit`` bytes is read (not
    /dev/zero, not a FIFO, not a sparse giant), opened without blocking, checked on the open descriptor,
    and refused if it grows while it is read. Raises OSError or ValueError.
    """
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit or info.st_size < HEADER.size:
            raise ValueError("not a table file")
        head = _read_exactly(handle, HEADER.size)
        key_size = HEADER.unpack(head)[2]
        if key_size > MAX_KEY_BYTES or HEADER.size + key_size > info.st_size:
            raise ValueError("not a table file")
        key = _read_exactly(handle, key_size)
        body = _read_exactly(handle, info.st_size - HEADER.size - key_size)
        if os.read(handle, 1):
            raise ValueError("the file grew while it was read")
        return head, key, body
    finally:
        os.close(handle)


def _read_exactly(handle: int, count: int) -> bytes:
    data = os.read(handle, count)
    if len(data) == count:
        return data
    chunks = [data]
    while count > sum(map(len, chunks)):
        chunk = os.read(handle, count - sum(map(len, chunks)))
        if not chunk:
            raise ValueError("the file is shorter than it says")
        chunks.append(chunk)
    return b"".join(chunks)


def table_size(pattern: Pattern) -> int:
    """The bytes of a pattern's table: one for every placement code of the pattern tiles."""
    return 1 << (pattern.bits * len(pattern.goals))


_LOCK = threading.Lock()
_LOADED: dict[str, Table] = {}


def loaded(pattern: Pattern) -> Table | None:
    """The table if this process already has it in memory (never touches the disk)."""
    return _LOADED.get(pattern.key)


def load(pattern: Pattern, progress: Progress | None = None, cancel: threading.Event | None = None) -> Table:
    """The table from memory, else from the cache file, else built and cached.

    One lock: two threads asking for the same table build it once. A file that does not verify is
    rebuilt and replaced; a cache folder that cannot be written only costs a rebuild next time.
    """
    table = _LOADED.get(pattern.key)
    if table is not None:
        return table
    with _LOCK:
        table = _LOADED.get(pattern.key)
        if table is None:
            table = _from_disk(pattern)
        if table is None:
            table = build(pattern, progress, cancel)
            with contextlib.suppress(OSError):
                write(pattern, table)
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
    if table_size(pattern) <= RAW_MIN_BYTES:
        return read(pattern)
    from game.puzzle.solver import mapping

    path = cache_path(pattern)
    table: Table | None = mapping.mapped(pattern, path)
    if table is None:
        table = read(pattern, path)
        if table is not None:
            with contextlib.suppress(OSError):
                write(pattern, table, path)
    return table


def forget() -> None:
    """Drop every table held in memory (tests use it to force a read from disk)."""
    with _LOCK:
        _LOADED.clear()


def pack(cells: Sequence[int], bits: int) -> int:
    """The table index of pattern tiles standing on ``cells`` (in pattern order)."""
    return sum(cell << (bits * i) for i, cell in enumerate(cells))
