"""A pattern database's cache file: written atomically with a header (magic, version, the pattern's key,
the table's SHA-256), read back only if it is what it says; big tables stored raw and aligned, so that
mapping.py can map them instead of reading them.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import struct
import zlib
from pathlib import Path

from game.core.files.folders import cache_root
from game.core.files.writing import write_atomically
from game.puzzle.solver.pattern import Pattern, table_size

CACHE_SUBDIR = "pdb"
FORMAT_VERSION = 1
MAGIC = b"FTPDB"
MAX_KEY_BYTES = 65_536  # the JSON key after the header: a few hundred bytes in a real table
HEADER = struct.Struct("<5sHI32s")  # magic, format version, key length, sha256 of the table
ZLIB_LEVEL = 6
RAW_MIN_BYTES = 64 << 20
ALIGN = 1 << 16
"""Where a raw table starts in its file: mmap's offset must be a multiple of the allocation
granularity, 64 KiB on Windows and 4 KiB elsewhere."""


def padding(header_and_key: int) -> int:
    """Spaces to add to the JSON key so that a raw table after it starts at a multiple of ``ALIGN``."""
    return -header_and_key % ALIGN


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
        key += b" " * padding(HEADER.size + len(key))
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
        head = read_exactly(handle, HEADER.size)
        key_size = HEADER.unpack(head)[2]
        if key_size > MAX_KEY_BYTES or HEADER.size + key_size > info.st_size:
            raise ValueError("not a table file")
        key = read_exactly(handle, key_size)
        body = read_exactly(handle, info.st_size - HEADER.size - key_size)
        if os.read(handle, 1):
            raise ValueError("the file grew while it was read")
        return head, key, body
    finally:
        os.close(handle)


def read_exactly(handle: int, count: int) -> bytes:
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
