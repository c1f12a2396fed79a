"""A big table's build stopped part-way goes on from what it kept (game/puzzle/solver/build_checkpoint.py)
and gives the very table an uninterrupted build gives; a damaged, foreign or unwritable checkpoint costs
only the resumption, with a note; the checkpoint is gone once the table is finished."""

from __future__ import annotations

import os
import struct
import threading
from pathlib import Path

import numpy as np
import pytest

from game.core.files.folders import CACHE_DIR_ENV
from game.puzzle.solver import build_checkpoint, pdb, ranked, table_file
from game.puzzle.solver.build_checkpoint import Checkpoint, checkpoint_path, kept_share
from game.puzzle.solver.pattern import Cancelled, Pattern

PATTERN = Pattern(4, 4, (0, 1, 2, 3))  # built ranked in a tenth of a second, 22 layers deep
OTHER = Pattern(4, 4, (0, 1, 2, 4))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder; a checkpoint at every layer's end (``every=0``); ``PATTERN`` built ranked
    by the cache too; nothing held in memory."""
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.setattr(build_checkpoint, "SHARE", 1e9)
    monkeypatch.setattr(pdb, "DENSE_MAX_BITS", 8)
    pdb.forget()
    yield tmp_path / table_file.CACHE_SUBDIR
    pdb.forget()


@pytest.fixture(scope="module")
def clean() -> bytes:
    return ranked.build(PATTERN)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The checkpoint of ``PATTERN``'s build stopped after 8 layers, as bytes."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_checkpoint, "SHARE", 1e9)
        path = tmp_path_factory.mktemp("kept") / "kept.partial"
        stopped_build(PATTERN, 8, path)
    return path.read_bytes()


def stopped_build(pattern: Pattern, after: int, path: Path | None = None) -> Checkpoint:
    """A ranked build of ``pattern`` cancelled at its ``after``-th progress report, through the cancel
    event every build honours; the checkpoint it kept (at ``path``, else beside the table's file)."""
    stop, reports = threading.Event(), []

    def report(done: int, total: int) -> None:
        reports.append(done)
        if len(reports) == after:
            stop.set()

    checkpoint = Checkpoint(pattern, path, every=0)
    with pytest.raises(Cancelled):
        ranked.build(pattern, report, stop, checkpoint)
    assert checkpoint.saved and checkpoint.path.is_file()
    return checkpoint


@pytest.mark.parametrize("chunk", [ranked.CHUNK, 1024], ids=["a-layer-a-chunk", "mid-layer"])
def test_a_stopped_build_goes_on_from_its_checkpoint_to_the_same_table(
    cache: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(ranked, "CHUNK", chunk)
    whole: list[int] = []
    ranked.build(PATTERN, lambda done, total: whole.append(done))
    stopped_build(PATTERN, len(whole) // 2)
    share = kept_share(PATTERN)
    assert share is not None and 0.2 < share < 0.9, share
    notes: list[str] = []
    reports: list[tuple[int, int]] = []
    resumed = Checkpoint(PATTERN, note=notes.append, every=0)
    table = ranked.build(PATTERN, lambda done, total: reports.append((done, total)), None, resumed)
    assert table == clean, "the very bytes of an uninterrupted build"
    assert reports[0][0] == round(share * reports[0][1]) > 0, "the progress starts where it was kept"
    assert len(reports) < len(whole), "the kept layers are not expanded again"
    assert notes == [f"the 4x4 table's build goes on from {int(100 * share)}%"]


def test_the_table_loaded_through_the_cache_removes_its_checkpoint(cache: Path, clean: bytes) -> None:
    stopped_build(PATTERN, 8)
    assert kept_share(PATTERN) is not None
    assert pdb.load(PATTERN) == clean
    assert table_file.read(PATTERN) == clean
    assert not checkpoint_path(PATTERN).exists()
    assert [path.name for path in cache.iterdir()] == [table_file.cache_path(PATTERN).name]


def test_a_checkpoint_left_beside_a_finished_table_is_removed(cache: Path, clean: bytes) -> None:
    """Two processes built the table side by side; one finished, the other was killed after it."""
    table_file.write(PATTERN, clean)
    stopped_build(PATTERN, 8)
    assert pdb.load(PATTERN) == clean
    assert not checkpoint_path(PATTERN).exists()


def damages(data: bytes) -> dict[str, bytes]:
    head = build_checkpoint.HEADER.size
    magic, version, length, digest = build_checkpoint.HEADER.unpack(data[:head])
    deeper = data[head : head + length].replace(b'"depth": ', b'"depth": 1', 1)
    middle = len(data) // 2
    return {
        "empty": b"",
        "truncated": data[: len(data) - 5],
        "longer": data + b"\0",
        "a-byte-flipped": data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1 :],
        "another-depth": build_checkpoint.HEADER.pack(magic, version, len(deeper), digest)
        + deeper
        + data[head + length :],
        "another-version": build_checkpoint.HEADER.pack(magic, version + 1, length, digest) + data[head:],
        "not-json": build_checkpoint.HEADER.pack(magic, version, 4, digest) + b"[1,}" + data[head + length :],
        "json-not-a-dict": build_checkpoint.HEADER.pack(magic, version, 2, digest) + b"[]",
        "huge-description": data[:8] + struct.pack("<HI", version, 1 << 30) + data[14:],
        "not-ours": b"PK\x03\x04 a zip, say" * 20,
    }


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "truncated",
        "longer",
        "a-byte-flipped",
        "another-depth",
        "another-version",
        "not-json",
        "json-not-a-dict",
        "huge-description",
        "not-ours",
    ],
)
def test_a_damaged_checkpoint_is_ignored_with_a_note_and_the_build_starts_over(
    cache: Path, clean: bytes, kept: bytes, case: str
) -> None:
    path = checkpoint_path(PATTERN)
    cache.mkdir(parents=True)
    path.write_bytes(damages(kept)[case])
    assert kept_share(PATTERN) is None or case in ("truncated", "longer", "a-byte-flipped", "another-depth")
    notes: list[str] = []
    reports: list[int] = []
    again = Checkpoint(PATTERN, note=notes.append)
    assert ranked.build(PATTERN, lambda done, total: reports.append(done), None, again) == clean
    assert reports[0] < 10, "from the start"
    assert len(notes) == 1 and "cannot be used: it starts over" in notes[0] and path.name in notes[0]


def test_a_checkpoint_of_another_pattern_is_not_resumed(cache: Path, clean: bytes) -> None:
    stopped_build(OTHER, 8)
    os.replace(checkpoint_path(OTHER), checkpoint_path(PATTERN))
    notes: list[str] = []
    assert ranked.build(PATTERN, None, None, Checkpoint(PATTERN, note=notes.append)) == clean
    assert len(notes) == 1 and "cannot be used" in notes[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_folder_at_the_checkpoint_is_never_read_waited_on_or_replaced(
    cache: Path, clean: bytes
) -> None:
    cache.mkdir(parents=True)
    for make in (os.mkfifo, os.mkdir):
        path = checkpoint_path(PATTERN)
        make(path)
        notes: list[str] = []
        assert ranked.build(PATTERN, None, None, Checkpoint(PATTERN, note=notes.append, every=0)) == clean
        assert "cannot be used" in notes[0], "noted, not waited on"
        assert len(notes) == 2 and "cannot be kept if stopped" in notes[1], "noted once, not every layer"
        assert path.exists() and not path.is_file(), "left as it was"
        Checkpoint(PATTERN).discard()
        assert path.exists(), "only a regular file is removed"
        (path.rmdir if path.is_dir() else path.unlink)()


def test_checkpoints_are_kept_apart_by_time_and_by_their_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never more often than EVERY seconds, nor than SHARE of the build's time allows."""
    clock = [100.0]
    monkeypatch.setattr(build_checkpoint.time, "monotonic", lambda: clock[0])
    written: list[int] = []
    checkpoint = Checkpoint(PATTERN, every=5.0)

    def save(state: build_checkpoint.BuildState, work: int) -> None:
        written.append(state.depth)
        checkpoint._since = clock[0]

    monkeypatch.setattr(checkpoint, "save", save)
    state = build_checkpoint.BuildState(1, 0, np.zeros(1), np.zeros(1), np.zeros(1))
    for step in range(10):
        clock[0] += 1.0
        state.depth = step
        checkpoint.offer(state, 1)
    assert written == [4, 9], "every five seconds at the end of a layer"
    checkpoint._since, checkpoint._cost = clock[0], 2.0
    clock[0] += 19.0
    checkpoint.offer(state, 1)
    assert written == [4, 9], "a checkpoint of 2 s waits for 20 s of building"
    clock[0] += 1.0
    checkpoint.offer(state, 1)
    assert written == [4, 9, 9]
