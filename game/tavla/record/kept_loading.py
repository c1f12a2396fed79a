"""The menu's Matches, read in the background: the saved unfinished match first, then every kept `.mat`
newest first (by the date its name carries, else its file's), one file after another on a thread of
their own, so that the window never waits on a large file (a 5 MB one takes seconds). The screen asks
once a frame what has been read (`poll`), shows the rest as still being read, and may leave at any time
(`cancel`: the reading stops within a line).
"""

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import UserError
from game.core.records import Records
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.engine.rules import TAVLI, TableGames
from game.tavla.record.archive import KeptMatch, archive_dir, games_of
from game.tavla.record.formats import KEPT_SUFFIXES, read_match
from game.tavla.record.mat import OtherGame, Stopped
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import player_names, saved_table


def saved_match(records: Records) -> KeptMatch | None:
    """The table's saved unfinished match as a row of the list; None when there is none or it cannot be
    read now (the table says why when it opens)."""
    try:
        saved = saved_table(records)
    except UserError:
        return None
    if saved is None:
        return None
    match, opponent = saved
    return KeptMatch(
        MatchRecord.from_match(match, player_names(opponent, "white")), None, games=games_of(match)
    )


_STAMP = re.compile(r"match-(\d{8}-\d{6})(?:-\d+)?\.(?:mat|tgr)")


def match_date(path: Path) -> float | None:
    """When the match in `path` was played: the date and time its name carries (`match-<date>-<time>`,
    as the archive writes it, local time), else the file's modification time; None when neither can be
    read."""
    found = _STAMP.fullmatch(path.name)
    if found is not None:
        try:
            return time.mktime(time.strptime(found.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def kept_paths(folder: Path | None = None) -> list[Path]:
    """Every `*.mat` and `*.tgr` in `folder` (default: the data folder's matches/), newest first by the
    date each was played (`match_date`), then by name; none when the folder is missing or cannot be
    listed."""
    where = folder or archive_dir()
    try:
        listed = where.is_dir()
        paths = [path for suffix in KEPT_SUFFIXES for path in where.glob(f"*{suffix}")] if listed else []
    except OSError:
        return []
    return sorted(paths, key=lambda path: (match_date(path) or 0.0, path.name), reverse=True)


YIELD_SECONDS = 0.001  # the reader hands the interpreter to the window at least this often


def yielding(stop: threading.Event | None) -> Callable[[], bool]:
    """A `stop` for read_mat, asked before each line, that also gives the interpreter lock away every
    YIELD_SECONDS: left to itself, a thread replaying a match kept the window's thread waiting for
    hundreds of milliseconds at a time (benchmarks/kept_loading_frames.py, a 4.8 MB file: 763 ms; with
    this, 2.3 ms at the 99th percentile; the longest waits were the garbage collector's, see Turns in
    game/tavla/record/match_record.py and game/core/process/startup_freeze.py)."""
    last = time.perf_counter()

    def asked() -> bool:
        nonlocal last
        now = time.perf_counter()
        if now - last >= YIELD_SECONDS:
            time.sleep(0)  # releases the lock: a waiting window thread runs now
            last = time.perf_counter()
        return stop is not None and stop.is_set()

    return asked


def read_kept(path: Path, stop: threading.Event | None = None) -> KeptMatch:
    """The match in `path`, or the file with why it cannot be read; Stopped when `stop` is set meanwhile.
    The reading makes way for the window's thread every few milliseconds (`yielding`)."""
    when = match_date(path)
    try:
        record = read_match(path, stop=yielding(stop))
    except (UserError, OSError) as error:
        message = str(error)
        named = f"{quoted(path)}: "  # the row names its file already
        games = TableGames.of(error.rules) if isinstance(error, OtherGame) else None
        return KeptMatch(None, path, message.removeprefix(named), when, games)
    except Stopped:
        raise
    except Exception as error:  # noqa: BLE001 - one file the reader cannot follow is listed, not fatal
        # Translators: a kept match file failed to read in an unexpected way; {error} is the failure
        return KeptMatch(None, path, _("cannot be read: {error}").format(error=quoted(repr(error))), when)
    games = TAVLI if record.rotation == TAVLI.rotation else TableGames.of(record.rules)
    return KeptMatch(record, path, when=when, games=games)


@dataclass(frozen=True)
class Listing:
    """What is known of the list so far: its rows, of which the first `read` are read (the others are
    still being read, with their file and no record), and whether the folder has been listed yet."""

    kept: tuple[KeptMatch, ...] = ()
    read: int = 0
    listed: bool = False

    @property
    def done(self) -> bool:
        return self.listed and self.read == len(self.kept)

    def reading(self, index: int) -> bool:
        """Whether the row at `index` is still being read."""
        return index >= self.read


class KeptLoader:
    """Reads the list (the saved match, then each kept file) on a daemon thread, a row at a time, from
    the moment it is made."""

    def __init__(self, records: Records | None = None, folder: Path | None = None) -> None:
        self._records = records
        self._folder = folder
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._listing = Listing()
        self._changed = True
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tavla-matches", daemon=True)
        self._thread.start()

    @property
    def listing(self) -> Listing:
        with self._lock:
            return self._listing

    def poll(self) -> Listing | None:
        """The listing if it changed since the last poll, else None: a frame's check, costing nothing."""
        with self._lock:
            changed, self._changed = self._changed, False
            return self._listing if changed else None

    def cancel(self) -> None:
        """Stop reading (the screen was left): the thread ends within a line of the file it reads."""
        self._stop.set()

    def wait(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the thread to end (read all, or called off); True if it did."""
        return self._finished.wait(timeout)

    def _publish(self, rows: list[KeptMatch], read: int, listed: bool) -> None:
        with self._lock:
            self._listing = Listing(tuple(rows), read, listed)
            self._changed = True

    def _run(self) -> None:
        rows: list[KeptMatch] = []
        read = 0
        try:
            saved = saved_match(self._records or Records())
            rows = [saved] if saved else []
            read = len(rows)
            paths = kept_paths(self._folder)
            rows += [KeptMatch(None, path) for path in paths]
            self._publish(rows, read, listed=True)
            for path in paths:
                if self._stop.is_set():
                    break
                rows[read] = read_kept(path, self._stop)
                read += 1
                self._publish(rows, read, listed=True)
        except Stopped:
            pass
        except Exception as error:  # noqa: BLE001 - the screen shows why instead of reading for ever
            # Translators: the list of matches could not be read; {error} is the failure
            reason = _("cannot be read: {error}").format(error=quoted(repr(error)))
            rows[read:] = [KeptMatch(None, kept.path, reason) for kept in rows[read:]]
            self._publish(rows, len(rows), listed=True)
        finally:
            self._finished.set()
