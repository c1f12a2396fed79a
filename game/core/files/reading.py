"""Reading files that others wrote (match files, pictures, caches, saves): regular files only, their size
checked before anything is read, and never a wait on a FIFO or a device.

`open()` on a FIFO blocks until a writer comes, and reading /dev/zero never ends; a symbolic link loop or
a link the user may not follow raises an OSError that is not FileNotFoundError. Every reader of outside
files goes through `read_regular`, which refuses all of these with a `NotReadable` whose message says
what the path is and what is allowed.
"""

import errno
import os
import stat

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import quoted


class NotReadable(UserError, OSError):
    """A file to read is missing, not a regular file, too large or refused by the system.

    A UserError for the command line and the window, and an OSError for callers that already treat a
    failed read as one."""


def regular_size(path: str | os.PathLike[str]) -> int:
    """The size in bytes of the regular file at `path` (links followed); NotReadable otherwise."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise _refused(path, error) from None
    if not stat.S_ISREG(info.st_mode):
        raise NotReadable(_not_regular(path, info.st_mode))
    return info.st_size


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; NotReadable when `path` is not a
    regular file (a folder, FIFO, device, socket), holds more than `limit` bytes, or cannot be opened.

    The file is opened without blocking (a FIFO would otherwise wait for a writer), checked with fstat
    on the open descriptor (no race with a swap after the check), and read to `limit` + 1 bytes at most,
    so a file that grows while it is read is refused too.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        raise _refused(path, error) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(_not_regular(path, info.st_mode))
        if info.st_size > limit:
            raise NotReadable(_too_large(path, limit))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        if isinstance(error, NotReadable):
            raise
        raise _refused(path, error) from None
    finally:
        os.close(handle)
    data = b"".join(chunks)
    if len(data) > limit:
        raise NotReadable(_too_large(path, limit))
    return data


def read_regular_text(path: str | os.PathLike[str], limit: int) -> str:
    """`read_regular` decoded as UTF-8, an undecodable byte read as U+FFFD."""
    return read_regular(path, limit).decode("utf-8", errors="replace")


def _refused(path: str | os.PathLike[str], error: OSError) -> NotReadable:
    if error.errno == errno.ELOOP:
        # Translators: {path} is a file name whose symbolic links lead round in a circle
        return NotReadable(_("{path} is a symbolic link that leads back to itself").format(path=quoted(path)))
    if isinstance(error, FileNotFoundError):
        # Translators: {path} is a file name that does not exist
        return NotReadable(_("{path} does not exist").format(path=quoted(path)))
    # Translators: {path} is a file; {error} is the system's reason
    message = _("cannot read {path}: {error}")
    return NotReadable(message.format(path=quoted(path), error=error.strerror or error))


def _not_regular(path: str | os.PathLike[str], mode: int) -> str:
    if stat.S_ISDIR(mode):
        # Translators: {path} is a name given to read, which names a folder
        return _("{path} is a folder, not a file").format(path=quoted(path))
    # Translators: {path} names a FIFO, a device or a socket rather than a file
    return _("{path} is not a regular file (a FIFO, a device or a socket); only files are read").format(
        path=quoted(path)
    )


def _too_large(path: str | os.PathLike[str], limit: int) -> str:
    # Translators: {path} is a file; {limit} a number of bytes
    return _("{path} is larger than {limit} bytes: it was not read").format(
        path=quoted(path), limit=f"{limit:,}"
    )
