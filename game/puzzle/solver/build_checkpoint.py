"""A big table's build kept part-way: the ranked build (ranked.py) of a 7-tile table takes a minute or
more, and a build stopped (Ctrl+C, a script's time limit, the game closed) used to start again from
nothing. At the end of a breadth-first layer, once every few seconds, the build keeps all it needs to go
on (the table so far, the regions reached, the next layer, the depth) in a file beside the finished
table's; the next build of the same pattern goes on from it, and gives the very table an uninterrupted
build gives (the state at a layer's end does not depend on how the layers before were cut in chunks).

The file: a header (magic, version, the length of a JSON description, the SHA-256 of the description and
the arrays), the description (the pattern's key, depth, progress, the arrays' sizes and types), then the
arrays as they are in memory. It is written atomically (game/core/files/writing.py) from the arrays
themselves, without a copy: some 450 MB for the 7-tile table. One that does not verify, or is for
another pattern or another version, is ignored with a note and the build starts over (then replaced);
the file is removed when the table is finished.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import stat
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.core.files.writing import remove_stale_temporaries, write_atomically
from game.core.text.i18n import _, percent_text
from game.core.text.quoting import PATH_CHARS, in_quotes
from game.puzzle.model.size import BoardSize
from game.puzzle.solver import table_file
from game.puzzle.solver.pattern import Pattern, table_size

MAGIC = b"FTPDBRES"
VERSION = 1
"""Of this layout and of the ranked build that writes it: a change to either bumps it, so that a build
never goes on from the state of another algorithm (it would give another table)."""
HEADER = struct.Struct("<8sHI32s")  # magic, version, description length, sha256 of description + arrays
MAX_DESCRIPTION = 4096
SUFFIX = ".partial"
EVERY = 5.0
"""Seconds at least between two checkpoints (so that writing them never dominates a build)..."""
SHARE = 0.1
"""... and more if a checkpoint is slow to write (450 MB, a second or two with its fsync): the next comes
once the build has run ``1 / SHARE`` times as long as the last one took, so they cost about a tenth."""

BROKEN = (OSError, ValueError, TypeError, KeyError, IndexError, struct.error, RecursionError)
"""What reading a damaged or foreign checkpoint may raise (a missing one raises FileNotFoundError)."""

Note = Callable[[str], None]
"""Where a build says what became of its checkpoint (resumed, ignored): the command line's stderr."""


@dataclass
class BuildState:
    """A ranked build at the end of a layer: all it needs to go on."""

    depth: int
    done: int
    """States expanded so far: the progress reported to the caller."""
    table: np.ndarray
    seen: np.ndarray
    layer: np.ndarray


def checkpoint_path(pattern: Pattern) -> Path:
    """Beside the finished table's file, named after it."""
    path = table_file.cache_path(pattern)
    return path.with_name(path.name + SUFFIX)


def kept_share(pattern: Pattern) -> float | None:
    """How far a kept build of ``pattern`` had come (0-1), from its description only (not verified: the
    build does that), or None if there is none; for the command line to say it goes on from there."""
    try:
        with _opened(checkpoint_path(pattern)) as (handle, size):
            description = _description(handle, size)[0]
    except BROKEN:
        return None
    if description.get("key") != pattern.key:
        return None
    done, work = description.get("done"), description.get("work")
    if not isinstance(done, int) or not isinstance(work, int) or work <= 0:
        return None
    return min(1.0, max(0.0, done / work))


def kept_percent(share: float) -> str:
    """A kept share as the build and the command line both say it: whole per cent, rounded down, at
    least 1% (a kept build is never "0%")."""
    return percent_text(str(max(1, math.floor(100 * share))))


class Checkpoint:
    """The checkpoint of one pattern's build: ``resume`` at the start, ``offer`` at each layer's end,
    ``discard`` once the table is finished."""

    def __init__(
        self,
        pattern: Pattern,
        path: Path | None = None,
        note: Note | None = None,
        every: float | None = None,
    ) -> None:
        self.pattern = pattern
        self.path = path or checkpoint_path(pattern)
        self.note = note
        self.every = EVERY if every is None else every
        self.saved = 0
        self._since = time.monotonic()
        self._cost = 0.0
        self._broken = False

    def resume(self, seen_size: int, layer_dtype: np.dtype, work: int) -> BuildState | None:
        """The kept state if there is one for this pattern and build, verified; else None (a note says
        why when a file was there and is not used)."""
        try:
            state = self._read(seen_size, np.dtype(layer_dtype), work)
        except FileNotFoundError:
            return None
        except BROKEN:
            # Translators: {size} is a board size like 4x4; {path} the file of a table's build kept
            # part-way, which cannot be used (damaged, or written by another version of the game)
            message = _("the {size} table's build kept in {path} cannot be used: it starts over")
            self._say(message.format(size=self._size(), path=self._shown()))
            return None
        finally:
            self._since = time.monotonic()
        share = state.done / max(1, work)
        # Translators: {size} is a board size like 4x4; {percent} how much of its table's build was done
        # (and kept) when it was stopped before, a percentage such as 52%
        message = _("the {size} table's build goes on from {percent}")
        self._say(message.format(size=self._size(), percent=kept_percent(share)))
        return state

    def offer(self, state: BuildState, work: int) -> None:
        """Keep ``state`` if the last checkpoint is old enough (``EVERY``, ``SHARE``)."""
        now = time.monotonic()
        if self._broken or now - self._since < max(self.every, self._cost / SHARE):
            return
        self.save(state, work)

    def save(self, state: BuildState, work: int) -> None:
        """Write ``state`` now, atomically. A cache folder that cannot take it (read-only, full, a folder
        or a device at its name, which is never replaced) costs only the resumption: noted once."""
        start = time.monotonic()
        description = json.dumps(
            {
                "key": self.pattern.key,
                "depth": state.depth,
                "done": state.done,
                "work": work,
                "table": [state.table.size, state.table.dtype.str],
                "seen": [state.seen.size, state.seen.dtype.str],
                "layer": [state.layer.size, state.layer.dtype.str],
            }
        ).encode()
        arrays = [np.ascontiguousarray(a) for a in (state.table, state.seen, state.layer)]
        digest = hashlib.sha256(description)
        for array in arrays:
            digest.update(memoryview(array).cast("B"))
        header = HEADER.pack(MAGIC, VERSION, len(description), digest.digest())
        try:
            write_atomically(self.path, [header, description, *arrays])
        except OSError as error:
            self._broken = True
            # Translators: a table's build cannot be kept part-way for a later run; {reason} says why
            self._say(_("the table's build cannot be kept if stopped: {reason}").format(
                reason=error.strerror or error))  # fmt: skip
            return
        self.saved += 1
        self._cost = time.monotonic() - start
        self._since = time.monotonic()

    def discard(self) -> None:
        """Remove the checkpoint (the table is finished) and any temporary a killed write left; only a
        regular file is removed."""
        remove(self.path)

    def _read(self, seen_size: int, layer_dtype: np.dtype, work: int) -> BuildState:
        with _opened(self.path) as (handle, size):
            description, text, digest = _description(handle, size)
            table_len = table_size(self.pattern)
            layer_len = description.get("layer", [None])[0]
            expected = {
                "key": self.pattern.key,
                "work": work,
                "table": [table_len, np.dtype(np.uint8).str],
                "seen": [seen_size, np.dtype(np.uint16).str],
                "layer": [layer_len, layer_dtype.str],
            }
            if any(description.get(name) != value for name, value in expected.items()):
                raise ValueError("a checkpoint of another build")
            depth, done = description.get("depth"), description.get("done")
            if not isinstance(layer_len, int) or not isinstance(depth, int) or not isinstance(done, int):
                raise ValueError("not a checkpoint")
            if not 0 < depth < 255 or not 0 <= done <= work or layer_len <= 0:
                raise ValueError("not a checkpoint")
            body = table_len + 2 * seen_size + layer_len * layer_dtype.itemsize
            if size != HEADER.size + len(text) + body:
                raise ValueError("the checkpoint's size is wrong")
            state = BuildState(
                depth,
                done,
                np.empty(table_len, dtype=np.uint8),
                np.empty(seen_size, dtype=np.uint16),
                np.empty(layer_len, dtype=layer_dtype),
            )
            check = hashlib.sha256(text)
            for array in (state.table, state.seen, state.layer):
                view = memoryview(array).cast("B")
                _read_into(handle, view)
                check.update(view)
            if os.read(handle, 1) or check.digest() != digest:
                raise ValueError("the checkpoint does not verify")
        return state

    def _say(self, text: str) -> None:
        if self.note is not None:
            self.note(text)

    def _size(self) -> str:
        return str(BoardSize(self.pattern.width, self.pattern.height))

    def _shown(self) -> str:
        return in_quotes(str(self.path), PATH_CHARS)


def remove(path: Path) -> None:
    """Remove a checkpoint if it is a regular file, and the temporaries of killed writes beside it."""
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    remove_stale_temporaries(path)


@contextlib.contextmanager
def _opened(path: Path):
    """(descriptor, size) of a regular file, opened without blocking (never a FIFO's wait)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size < HEADER.size:
            raise ValueError("not a checkpoint")
        yield handle, info.st_size
    finally:
        os.close(handle)


def _description(handle: int, size: int) -> tuple[dict, bytes, bytes]:
    """(the description as a JSON object, as its bytes, the digest), from the file's start."""
    magic, version, length, digest = HEADER.unpack(table_file.read_exactly(handle, HEADER.size))
    if magic != MAGIC or version != VERSION or length > MAX_DESCRIPTION or HEADER.size + length > size:
        raise ValueError("not a checkpoint of this version")
    text = table_file.read_exactly(handle, length)
    description = json.loads(text)
    if not isinstance(description, dict):
        raise ValueError("not a checkpoint")
    return description, text, digest


def _read_into(handle: int, view: memoryview) -> None:
    """Fill ``view`` from the file (no copy of hundreds of megabytes through bytes objects)."""
    with open(handle, "rb", buffering=0, closefd=False) as stream:
        while view:
            count = stream.readinto(view)
            if not count:
                raise ValueError("the checkpoint is shorter than it says")
            view = view[count:]
