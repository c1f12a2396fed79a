"""Big cached tables mapped from their files instead of read: an optimal solve starts at once.

Reading the 268 MB of a 7-tile table into memory and checking its SHA-256 took a third of a second in
every ``python main.py solve --optimal`` process, most of a board's time. A raw table is therefore
stored so that it starts at a multiple of ``ALIGN`` in its file (table_file.write pads the JSON key with
spaces), and mapped read-only from there: the search touches only the pages it needs, and the pages
are shared with every other process that maps the same file.

The checksum is still checked, but once per file rather than once per process: after a file passed,
a small stamp beside it records the file's identity (device, inode, size, modification and change
times) with the checksum; a mapping whose file still matches its stamp is trusted. Any rewrite of the
file (table_file.write replaces it; an editor or a copy changes the times) makes the stamp stale, and the
next load checks the whole table again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import os
import stat
import struct
from pathlib import Path

from game.core.files.writing import write_atomically
from game.puzzle.solver.pattern import Pattern, table_size
from game.puzzle.solver.table_file import ALIGN, FORMAT_VERSION, HEADER, MAGIC, read_exactly

STAMP_SUFFIX = ".verified"


def stamp_path(path: Path) -> Path:
    """The stamp beside a table file: it says the file passed its checksum as it is now."""
    return path.with_name(path.name + STAMP_SUFFIX)


def _stamp(info: os.stat_result, digest: bytes) -> str:
    identity = [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]
    return json.dumps({"file": identity, "sha256": digest.hex()})


def mapped(pattern: Pattern, path: Path) -> mmap.mmap | None:
    """The pattern's raw table mapped read-only from ``path`` (index 0 is the table's first byte), or
    None: not a raw table in the aligned layout (``table_file.read`` then decides), or it fails its
    checksum."""
    size = table_size(pattern)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size < ALIGN + size:
            return None
        magic, version, key_size, digest = HEADER.unpack(read_exactly(handle, HEADER.size))
        start = HEADER.size + key_size
        ours = magic == MAGIC and version == FORMAT_VERSION
        if not ours or start % ALIGN or start + size != info.st_size:
            return None
        key = json.loads(read_exactly(handle, key_size))
        if not isinstance(key, dict) or key != {"key": pattern.key, "size": size, "raw": True}:
            return None
        table = mmap.mmap(handle, size, access=mmap.ACCESS_READ, offset=start)
    except (OSError, ValueError, struct.error, RecursionError):
        return None
    finally:
        os.close(handle)
    stamp = _stamp(info, digest)
    try:
        trusted = stamp_path(path).read_text(encoding="utf-8") == stamp
    except (OSError, ValueError):
        trusted = False
    if not trusted:
        if hashlib.sha256(table).digest() != digest:
            table.close()
            return None
        with contextlib.suppress(OSError):
            write_atomically(stamp_path(path), stamp)
    if hasattr(mmap, "MADV_WILLNEED"):
        # Read ahead in the background if the file is not in memory yet (after a reboot).
        with contextlib.suppress(OSError):
            table.madvise(mmap.MADV_WILLNEED)
    return table
