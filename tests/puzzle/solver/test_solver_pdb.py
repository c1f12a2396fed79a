"""Pattern databases: built values match a plain search, the cache is atomic, verified, and rebuilt."""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import threading
from collections import deque
from pathlib import Path

import pytest

from game.core.files.folders import CACHE_DIR_ENV
from game.puzzle.solver import distance_tables, mapping, pdb, ranked, regions, table_file
from game.puzzle.solver.pattern import UNREACHED, Cancelled, Pattern, neighbours

SMALL_PATTERNS = [
    Pattern(3, 2, (0, 1)),
    Pattern(3, 3, (0, 1, 3)),
    Pattern(3, 3, (2, 5, 6, 7)),
    Pattern(4, 3, (0, 4), frozenset({1, 2})),
    Pattern(2, 4, (0, 2, 4)),
]


def plain_table(pattern: Pattern) -> dict[tuple[int, ...], int]:
    """Pattern cells -> least pattern-tile moves, by a deque-based 0-1 search over (cells, empty cell)."""
    near = neighbours(pattern.width, pattern.height, pattern.walls)
    goal = tuple(pattern.goals)
    free = [c for c in range(pattern.cells) if c not in pattern.walls and c not in goal]
    dist = {(goal, blank): 0 for blank in free}
    queue = deque(dist)
    while queue:
        state = queue.popleft()
        cells, blank = state
        for cell in near[blank]:
            if cell in cells:
                moved = tuple(blank if c == cell else c for c in cells)
                after, cost = (moved, cell), dist[state] + 1
            else:
                after, cost = (cells, cell), dist[state]
            if cost < dist.get(after, 1 << 30):
                dist[after] = cost
                (queue.appendleft if cost == dist[state] else queue.append)(after)
    best: dict[tuple[int, ...], int] = {}
    for (cells, _), value in dist.items():
        best[cells] = min(value, best.get(cells, 1 << 30))
    return best


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private, empty cache folder; nothing held in memory from other tests."""
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    pdb.forget()
    yield tmp_path / table_file.CACHE_SUBDIR
    pdb.forget()


@pytest.mark.parametrize("pattern", SMALL_PATTERNS, ids=lambda p: p.key)
@pytest.mark.parametrize(
    "method",
    [regions.build, pdb._build_by_cells, lambda p, _progress, _cancel: ranked.build(p)],
    ids=["regions", "cells", "ranked"],
)
def test_table_matches_plain_search(pattern: Pattern, method) -> None:
    table = method(pattern, None, None)
    expected = plain_table(pattern)
    assert len(table) == 1 << (pattern.bits * len(pattern.goals))
    for cells, value in expected.items():
        assert table[pdb.pack(cells, pattern.bits)] == value, cells
    assert sum(v != UNREACHED for v in table) == len(expected)


def test_progress_reaches_total_and_cancel_stops_a_build() -> None:
    seen: list[tuple[int, int]] = []
    pdb.build(Pattern(4, 3, (0, 1, 4, 5)), lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]
    assert all(done <= total for done, total in seen)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        pdb.build(Pattern(4, 3, (0, 1, 4, 5)), cancel=stop)


def test_cache_round_trip_is_atomic(cache: Path) -> None:
    pattern = Pattern(3, 3, (0, 1, 3))
    table = pdb.load(pattern)
    files = list(cache.iterdir())
    assert files == [table_file.cache_path(pattern)]
    assert table_file.read(pattern) == table
    pdb.forget()
    assert pdb.peek(pattern) == table


def corruptions(data: bytes) -> list[bytes]:
    middle = len(data) // 2
    return [
        b"",
        data[:10],
        data[: len(data) - 3],
        data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :],
        b"not a table at all" * 10,
        data.replace(b"3x3", b"4x4", 1),
    ]


@pytest.mark.parametrize("case", range(6))
def test_corrupted_cache_file_is_rebuilt_not_trusted(cache: Path, case: int) -> None:
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.load(pattern)
    path = table_file.cache_path(pattern)
    path.write_bytes(corruptions(path.read_bytes())[case])
    pdb.forget()
    assert table_file.read(pattern) is None
    assert pdb.peek(pattern) is None
    assert pdb.load(pattern) == good
    assert table_file.read(pattern) == good


def test_a_table_whose_checksum_fails_is_refused(cache: Path) -> None:
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.load(pattern)
    wrong = bytearray(good)
    wrong[5] ^= 1
    path = table_file.write(pattern, bytes(wrong))
    data = bytearray(path.read_bytes())
    data[table_file.HEADER.size - 32 : table_file.HEADER.size] = hashlib.sha256(good).digest()
    path.write_bytes(bytes(data))
    assert table_file.read(pattern) is None


def test_unwritable_cache_still_gives_a_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(CACHE_DIR_ENV, str(blocker))
    pdb.forget()
    pattern = Pattern(3, 2, (0, 1))
    assert pdb.load(pattern) == pdb.build(pattern)
    pdb.forget()


def test_a_pattern_too_big_for_a_dense_array_is_built_ranked(monkeypatch: pytest.MonkeyPatch) -> None:
    pattern = Pattern(4, 3, (0, 1, 4, 5))
    dense = pdb.build(pattern)
    monkeypatch.setattr(pdb, "DENSE_MAX_BITS", 8)
    seen: list[tuple[int, int]] = []
    assert pdb.build(pattern, lambda done, total: seen.append((done, total))) == dense
    assert seen[-1][0] == seen[-1][1] == regions.work(pattern)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        pdb.build(pattern, cancel=stop)


def test_ranks_number_every_placement_once_in_order() -> None:
    import itertools

    import numpy as np

    cells, k = 6, 3
    every = list(itertools.permutations(range(cells), k))
    packed = np.array([pdb.pack(p, 4) for p in every], dtype=np.int64)
    assert ranked.ranks(packed, k, 4, cells).tolist() == list(range(len(every)))


def test_a_big_table_is_stored_raw_and_verified(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_file, "RAW_MIN_BYTES", 100)
    pattern = Pattern(3, 3, (0, 1, 3))
    table = pdb.load(pattern)
    data = table_file.cache_path(pattern).read_bytes()
    assert data.endswith(table)
    pdb.forget()
    assert table_file.read(pattern) == table
    broken = bytearray(data)
    broken[-7] ^= 1
    table_file.cache_path(pattern).write_bytes(bytes(broken))
    assert table_file.read(pattern) is None
    table_file.cache_path(pattern).write_bytes(data[:-1])
    assert table_file.read(pattern) is None


def test_the_strong_4x4_partition_covers_every_tile_once_and_mirrors_one_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(distance_tables.QUICK_ENV, raising=False)
    groups, built = distance_tables._partition(4, 4, strong=True)
    assert sorted(c for group in groups for c in group) == list(range(15))
    assert [len(g) for g in groups] == [7, 7, 1]
    mirror = [(c // 4) * 4 + 3 - c % 4 for c in range(16)]
    assert [mirror[c] for c in distance_tables.STRONG_LEFT] == distance_tables.STRONG_RIGHT
    assert [p.goals for p in distance_tables.strong_patterns(4, 4)] == [tuple(g) for g in built]
    assert distance_tables.strong_patterns(3, 4) == []
    monkeypatch.setenv(distance_tables.QUICK_ENV, "1")
    assert distance_tables.strong_patterns(4, 4) == []
    assert not distance_tables.strong_ready(4, 4)


def test_a_big_table_is_mapped_from_its_file_and_checked_once(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_file, "RAW_MIN_BYTES", 100)
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.load(pattern)
    path = table_file.cache_path(pattern)
    assert path.stat().st_size == table_file.ALIGN + len(good)  # the table starts where it can be mapped
    pdb.forget()
    first = pdb.peek(pattern)
    assert isinstance(first, mmap.mmap) and first[:] == good
    stamp = mapping.stamp_path(path)
    assert stamp.is_file()
    checked: list[int] = []
    real = hashlib.sha256
    monkeypatch.setattr(mapping.hashlib, "sha256", lambda data: checked.append(1) or real(data))
    pdb.forget()
    assert pdb.load(pattern)[:] == good
    assert checked == []  # the stamp says the file passed as it is: not hashed again


def test_a_mapped_table_changed_after_its_check_is_checked_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_file, "RAW_MIN_BYTES", 100)
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.load(pattern)
    path = table_file.cache_path(pattern)
    pdb.forget()
    assert pdb.peek(pattern) is not None and mapping.stamp_path(path).is_file()
    pdb.forget()
    data = bytearray(path.read_bytes())
    data[-7] ^= 1
    info = path.stat()
    path.write_bytes(bytes(data))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))  # however coarse the file times
    assert mapping.mapped(pattern, path) is None
    assert pdb.peek(pattern) is None
    assert pdb.load(pattern) == good


def test_a_big_table_in_the_older_layout_is_read_then_rewritten_to_map(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_file, "RAW_MIN_BYTES", 100)
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.build(pattern)
    key = json.dumps({"key": pattern.key, "size": len(good), "raw": True}).encode()
    header = table_file.HEADER.pack(
        table_file.MAGIC, table_file.FORMAT_VERSION, len(key), hashlib.sha256(good).digest()
    )
    path = table_file.cache_path(pattern)
    path.parent.mkdir(parents=True)
    path.write_bytes(header + key + good)  # unpadded: the table cannot be mapped where it stands
    assert mapping.mapped(pattern, path) is None
    assert pdb.load(pattern) == good
    mapped = mapping.mapped(pattern, path)
    assert mapped is not None and mapped[:] == good
