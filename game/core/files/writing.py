"""Writing files so that a crash, a kill or a full disk never leaves half of one behind, and a path that
is not a regular file is never replaced.

Every writer of the game (reports, logs, .mat exports, config edits, solver tables, weights) goes
through `write_atomically`:

- the data goes to a temporary file beside the target, is flushed to disk, then renamed over the target,
  so a reader sees the old file or the new one, never a mix;
- a target that exists and is not a regular file (a folder, a device such as /dev/null, a FIFO, a
  socket) is refused with `NotARegularFile` before anything is written: renaming over it would put a
  private file in its place (as root, `--json /dev/null` would break /dev/null for the whole machine);
- a symbolic link is followed: its target is written and the link stays a link;
- a new file gets the mode the umask gives, as any file a user creates (an existing one keeps its own);
- a report a user names (`--json PATH`) goes through `write_report`: its folder must exist (a missing one
  is refused, naming it, never created), as the tournament's `--json` and `--log` are checked;
- Ctrl+C, SIGTERM and SIGHUP that arrive during a write (in the main thread) take effect once the file
  is in place, so a plain `kill` leaves no temporary file; one left by SIGKILL (or a power cut) is
  removed by the next write of the same file.
"""

import contextlib
import errno
import os
import secrets
import signal
import stat
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import PATH_CHARS, in_quotes

if TYPE_CHECKING:
    from typing_extensions import Buffer  # collections.abc.Buffer from Python 3.12

TEMP_SUFFIX = ".tmp"
_DEFERRED_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class NotARegularFile(UserError, OSError):
    """A path to write exists and is not a regular file: it is left alone.

    Both a UserError (the command line prints it on one line, exit 2) and an OSError (writers that
    report a failed write as a message keep doing so)."""


def writable_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to `path` changes: the target of a symbolic link, else `path` itself.

    Raises NotARegularFile when that exists and is not a regular file; an absent file is fine.
    """
    given = Path(path)
    target = Path(os.path.realpath(given)) if given.is_symlink() else given
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError:
        return target  # the write itself will say what is wrong (permissions, a link loop...)
    if stat.S_ISREG(info.st_mode):
        return target
    if stat.S_ISDIR(info.st_mode):
        # Translators: {path} is a file name given to write to, which names a folder
        message = _("{path} is a folder, not a file; nothing was written")
    else:
        # Translators: {path} is a file name given to write to, which names a device (such as /dev/null),
        # a pipe or a socket; such a path is never replaced
        message = _("{path} is a device, a pipe or a socket, not a regular file; nothing was written")
    raise NotARegularFile(message.format(path=in_quotes(str(given), PATH_CHARS)))


def write_atomically(
    path: str | os.PathLike[str],
    data: "str | bytes | Sequence[Buffer]",
    exclusive: bool = False,
    make_folders: bool = True,
) -> Path:
    """Write `data` (text as UTF-8) to `path` all at once; returns the file written (a link's target).

    `data` may also be a list or tuple of buffers (bytes, numpy arrays) written one after the other: a
    file of hundreds of megabytes (a solver build's checkpoint) is written without joining its parts into
    one copy first.
    `exclusive`: never replace an existing file; FileExistsError if there is one (for new exports).
    `make_folders`: create the missing folders above it (the game's own files; a path a user names goes
    through `write_report`, which refuses them). A new file gets the umask's mode; an existing file keeps
    its permissions. Raises NotARegularFile (see `writable_target`) or OSError.
    """
    target = writable_target(path)
    parts = [data.encode("utf-8")] if isinstance(data, str) else _buffers(data)
    if make_folders:
        target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    with _signals_deferred():
        remove_stale_temporaries(target)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        handle = os.open(temporary, flags, 0o666)  # the umask takes off what the user keeps private
        try:
            try:
                if mode is not None and hasattr(os, "fchmod"):
                    os.fchmod(handle, mode)
                for part in parts:
                    view = memoryview(part).cast("B")
                    while view:
                        view = view[os.write(handle, view) :]
                os.fsync(handle)
            finally:
                os.close(handle)
            if exclusive:
                os.link(temporary, target)
                os.unlink(temporary)
            else:
                os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    _sync_folder(target.parent)
    return target


def _buffers(data: "bytes | Sequence[Buffer]") -> "list[Buffer]":
    """The parts of `data` to write in order: a list or tuple of buffers as they are, else one copy of
    `data` as bytes (taken before the write, so a buffer changed meanwhile cannot mix two states)."""
    if isinstance(data, list | tuple):
        return list(data)
    return [bytes(data)]


def report_target(path: str | os.PathLike[str], option: str = "--json") -> Path:
    """The file a report given with `option` goes to, checked by one rule for every command before any
    work (the command line does it first) and again at the write: the folder it goes in must exist (it
    is never created); a folder, a device, a FIFO is refused; a link is followed. UserError naming the
    option, the path and the folder otherwise."""
    try:
        target = writable_target(path)
    except NotARegularFile as error:
        # Translators: {option} is a command-line option such as --json; {reason} says that the path
        # is a folder or a device and that nothing was written
        raise UserError(_("{option}: {reason}").format(option=option, reason=error)) from None
    folder = target.parent if str(target.parent) else Path(".")
    if folder.is_dir():
        return target
    shown, where = in_quotes(str(path), PATH_CHARS), in_quotes(str(folder), PATH_CHARS)
    if os.path.lexists(folder):  # a file where the folder should be
        # Translators: {option} is a command-line option such as --json; {path} the file name given,
        # quoted; {reason} the system's error text
        message = _("{option} {path} cannot be written: {reason}")
        raise UserError(message.format(option=option, path=shown, reason=os.strerror(errno.ENOTDIR)))
    # Translators: {option} is a command-line option such as --json; {path} the file name given
    message = _("{option} {path}: folder {folder} does not exist")
    raise UserError(message.format(option=option, path=shown, folder=where))


def write_report(path: str | os.PathLike[str], data: str | bytes, option: str = "--json") -> Path:
    """Write a report to the path a user gave with `option`, all at once (`write_atomically`), after
    `report_target`'s checks; UserError, naming the option and the path, when it cannot be written."""
    target = report_target(path, option)
    try:
        return write_atomically(target, data, make_folders=False)
    except OSError as error:
        # Translators: {option} is a command-line option such as --json; {path} the file name given,
        # quoted; {reason} the system's error text
        message = _("{option} {path} cannot be written: {reason}")
        shown = in_quotes(str(path), PATH_CHARS)
        raise UserError(message.format(option=option, path=shown, reason=error.strerror or error)) from None


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files that writers of `target` killed mid-write left behind (their process
    is gone); a write in progress in a live process is left alone."""
    prefix = f".{target.name}."
    try:
        names = [entry.name for entry in os.scandir(target.parent)]
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
            continue
        middle = name[len(prefix) : -len(TEMP_SUFFIX)].split(".")
        if len(middle) != 2 or not middle[0].isascii() or not middle[0].isdigit():
            continue
        if int(middle[0]) != os.getpid() and not _alive(int(middle[0])):
            with contextlib.suppress(OSError):
                os.unlink(target.parent / name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system allows opening a folder."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold Ctrl+C, SIGTERM and SIGHUP until the block is done, then act on them as before.

    Python handles signals in the main thread only, so elsewhere this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {}
    for signum in _DEFERRED_SIGNALS:
        handler = signal.getsignal(signum)
        if handler is None:  # set outside Python: cannot be put back, so leave it
            continue
        try:
            signal.signal(signum, lambda number, frame: caught.append(number))
        except (ValueError, OSError):
            continue
        previous[signum] = handler
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)
