"""The records: one SQLite file under the user's data folder, kept by both games (Fifteen's solves and
bests, Tavla's history and practice deck, the saved games), opened, locked, retried and migrated here.

Every call opens the database, works inside one transaction and closes it, so a crash never leaves a
half-written record and another process holding the file only delays us briefly. Any SQLite or
file-system failure (corrupt file, locked database, unwritable folder) becomes ``RecordsUnavailable``
with a message the view can show; the game runs on without records.

The file's schema version is SQLite's ``user_version``; an older file is brought up to date step by step
(``MIGRATIONS``) in one transaction on first use, keeping every row: version 1 kept results only
(``puzzle_results``), version 2 keeps every solve with its scramble and timed moves (``solves``),
version 3 the content key of each solve's picture (``picture_key``), so that another file given the name
of a picture starts with no records (rows from before have none: they belong to the first content that
is recorded under their name). Version 4 adds the Tavla history (``tavla_matches``, each analysed
match's figures for the player, and ``tavla_decisions``, the player's decisions in it) and the practice
deck (``practice_cards``), read and written by game/tavla/progress/history.py and practice.py; version
5 each kept match's content key (``content_key``), filled for older rows by history.py. The schema is
one file's, so it is one list here; each game reads and writes its own tables
(game/puzzle/model/solve_records.py, game/tavla/progress/).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from game.core.errors import UserError
from game.core.files.folders import DATA_DIR_ENV, data_dir
from game.core.text.i18n import _

DB_NAME = "records.sqlite3"
LOCK_TIMEOUT_S = 0.5  # a read waits this long for another program's lock
WRITE_TIMEOUT_S = 2.0  # ... and a write this long (then Fifteen keeps a solve for later)
WRITE_ATTEMPTS = 2
RETRY_PAUSE_S = 0.05
MAX_SAVE_CHARS = 10_000_000
MAX_TIMESTAMP = 253_402_300_799  # the end of the year 9999, the last a date is written for

_VERSION_1 = (
    """CREATE TABLE IF NOT EXISTS puzzle_results (
    id INTEGER PRIMARY KEY,
    size TEXT NOT NULL,
    picture TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    assisted INTEGER NOT NULL,
    finished_at REAL NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS puzzle_results_key ON puzzle_results (size, picture, assisted)",
    """CREATE TABLE IF NOT EXISTS saved_games (
    kind TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    saved_at REAL NOT NULL
)""",
)
_VERSION_2 = (
    """CREATE TABLE solves (
    id INTEGER PRIMARY KEY,
    size TEXT NOT NULL,
    picture TEXT NOT NULL,
    scramble TEXT NOT NULL DEFAULT '',
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    tps REAL,
    assisted INTEGER NOT NULL,
    practice INTEGER NOT NULL DEFAULT 0,
    solution TEXT NOT NULL DEFAULT '',
    times TEXT NOT NULL DEFAULT '',
    finished_at REAL NOT NULL,
    optimal_moves INTEGER,
    optimal_proven INTEGER NOT NULL DEFAULT 0
)""",
    "INSERT INTO solves (id, size, picture, moves, seconds, tps, assisted, finished_at)"
    " SELECT id, size, picture, moves, seconds, CASE WHEN seconds > 0 THEN moves / seconds END, assisted,"
    " finished_at FROM puzzle_results ORDER BY id",
    "DROP TABLE puzzle_results",
    "CREATE INDEX solves_key ON solves (size, picture)",
)
_VERSION_3 = (
    "ALTER TABLE solves ADD COLUMN picture_key TEXT",
    "DROP INDEX solves_key",
    "CREATE INDEX solves_key ON solves (size, picture, picture_key)",
)
_VERSION_4 = (
    """CREATE TABLE tavla_matches (
    id INTEGER PRIMARY KEY,
    match_key TEXT NOT NULL UNIQUE,
    played_at REAL NOT NULL,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    seat INTEGER NOT NULL,
    rules TEXT NOT NULL,
    length INTEGER NOT NULL,
    result INTEGER NOT NULL,
    scale TEXT NOT NULL,
    level TEXT NOT NULL,
    decisions INTEGER NOT NULL,
    error_rate REAL NOT NULL,
    checker_decisions INTEGER NOT NULL,
    checker_error_rate REAL NOT NULL,
    cube_decisions INTEGER NOT NULL,
    cube_error_rate REAL NOT NULL,
    mwc_error_rate REAL NOT NULL,
    rating TEXT NOT NULL,
    luck REAL NOT NULL,
    luck_rate REAL NOT NULL,
    source TEXT NOT NULL,
    mat TEXT NOT NULL
)""",
    "CREATE INDEX tavla_matches_when ON tavla_matches (played_at)",
    """CREATE TABLE tavla_decisions (
    id INTEGER PRIMARY KEY,
    match INTEGER NOT NULL REFERENCES tavla_matches (id) ON DELETE CASCADE,
    game INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    kind TEXT NOT NULL,
    phase TEXT NOT NULL,
    counted INTEGER NOT NULL,
    gnubg_id TEXT NOT NULL,
    state TEXT NOT NULL,
    dice TEXT NOT NULL,
    play TEXT NOT NULL,
    best TEXT NOT NULL,
    loss REAL NOT NULL,
    mwc_loss REAL NOT NULL,
    mark TEXT NOT NULL,
    cube_equities TEXT NOT NULL DEFAULT ''
)""",
    "CREATE INDEX tavla_decisions_match ON tavla_decisions (match)",
    """CREATE TABLE practice_cards (
    rules TEXT NOT NULL,
    gnubg_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    dice TEXT NOT NULL,
    your_play TEXT NOT NULL,
    best_play TEXT NOT NULL,
    loss REAL NOT NULL,
    mark TEXT NOT NULL,
    cube_equities TEXT NOT NULL DEFAULT '',
    stakes TEXT NOT NULL DEFAULT '',
    added_at REAL NOT NULL,
    due REAL NOT NULL,
    schedule TEXT NOT NULL,
    reviews INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (rules, gnubg_id, kind)
)""",
    "CREATE INDEX practice_cards_due ON practice_cards (due)",
)
"""Version 4: the Tavla history of analysed matches, their decisions, and the practice deck."""
_VERSION_5 = (
    "ALTER TABLE tavla_matches ADD COLUMN content_key TEXT",
    "CREATE INDEX tavla_matches_content ON tavla_matches (content_key)",
)
"""Version 5: each kept match's content key, so that one match from two files (another format, the
seats the other way round) is kept once (game/tavla/progress/history.py `content_key`)."""
MIGRATIONS = (_VERSION_1, _VERSION_2, _VERSION_3, _VERSION_4, _VERSION_5)
"""The statements that take a file from version N to N + 1 (an empty file is version 0)."""
SCHEMA_VERSION = len(MIGRATIONS)
T = TypeVar("T")


class RecordsUnavailable(UserError):
    """The records database cannot be used right now; the message says why and what to do. `busy`:
    another program holds it (it will be free again by itself)."""

    def __init__(self, message: str, busy: bool = False) -> None:
        super().__init__(message)
        self.busy = busy


def _busy(error: sqlite3.Error) -> bool:
    """Whether SQLite failed because another connection holds the file (worth waiting for)."""
    text = str(error)
    return "locked" in text or "busy" in text


class Records:
    """The record book. Cheap to create: nothing is opened until a method needs it."""

    def __init__(self, path: Path | str | None = None, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        self._clock = clock

    def transaction(self, work: Callable[[sqlite3.Connection], T], write: bool = False) -> T:
        """Do `work` in one transaction on the records, as every call here does: for the tables other
        modules keep (the Tavla history and practice deck: game/tavla/progress/history.py)."""
        return self._run(work, write=write)

    def save_game(self, kind: str, text: str) -> None:
        """Keep one saved game per kind (e.g. "tavla"), replacing the previous one atomically."""
        if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
            raise ValueError(f"a saved game is text of at most {MAX_SAVE_CHARS} characters")
        self._run(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO saved_games (kind, text, saved_at) VALUES (?, ?, ?)",
                (kind, text, self._clock()),
            ),
            write=True,
        )

    def load_game(self, kind: str) -> str | None:
        """The saved game of this kind, or None when there is none."""
        query = "SELECT text FROM saved_games WHERE kind = ?"
        row = self._run(lambda db: db.execute(query, (kind,)).fetchone())
        return None if row is None else str(row[0])

    def clear_game(self, kind: str) -> None:
        """Forget the saved game of this kind (after the match ends)."""
        self._run(lambda db: db.execute("DELETE FROM saved_games WHERE kind = ?", (kind,)), write=True)

    def _before_write(self, db: sqlite3.Connection) -> list[Path]:
        """Inside each write, before its work: what a game's records put in that waited for the file
        (Fifteen's solves kept for later); the files returned are removed once the write is committed."""
        return []

    def _run(
        self, work: Callable[[sqlite3.Connection], T], write: bool = False, timeout: float | None = None
    ) -> T:
        """Do ``work`` in one transaction (``BEGIN IMMEDIATE`` for writes, so read-then-write is atomic).

        A write waits up to WRITE_TIMEOUT_S for another program's lock (SQLite retries meanwhile), is
        tried again if SQLite gave up at once (two writers each waiting for the other), and first puts
        in what waited for the records (`_before_write`)."""
        wait = timeout if timeout is not None else WRITE_TIMEOUT_S if write else LOCK_TIMEOUT_S
        attempts = WRITE_ATTEMPTS if write else 1
        for attempt in range(1, attempts + 1):
            started = time.monotonic()
            try:
                return self._transaction(work, write, wait)
            except sqlite3.OperationalError as error:
                gave_up_at_once = time.monotonic() - started < wait / 2
                if attempt == attempts or not (_busy(error) and gave_up_at_once):
                    raise self._unavailable(error) from None
                time.sleep(RETRY_PAUSE_S)
            except sqlite3.Error as error:
                raise self._unavailable(error) from None
        raise AssertionError("unreachable")

    def _transaction(self, work: Callable[[sqlite3.Connection], T], write: bool, wait: float) -> T:
        with self._connect(wait) as db:
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                done = self._before_write(db) if write else []
                result = work(db)
            except BaseException:
                db.rollback()
                raise
            db.commit()
        for path in done:
            with suppress(OSError):
                path.unlink()
        return result

    @contextmanager
    def _connect(self, timeout: float = LOCK_TIMEOUT_S) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            # Translators: {folder} is a folder path, quoted; {reason} the system's error text;
            # {variable} the name of an environment variable, keep it as it is.
            message = _(
                "records are off: cannot create the folder {folder} ({reason}); "
                "set {variable} to a writable folder"
            )
            raise RecordsUnavailable(
                message.format(
                    folder=repr(str(self.path.parent)),
                    reason=error.strerror or error,
                    variable=DATA_DIR_ENV,
                )
            ) from None
        if self.path.is_dir():
            # Translators: {path} is the path of the records file, quoted.
            message = _("records are off: {path} is a folder, not a database file")
            raise RecordsUnavailable(message.format(path=repr(str(self.path))))
        with closing(sqlite3.connect(self.path, timeout=timeout, isolation_level=None)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                # Translators: {path} is the path of the records file, quoted.
                message = _("records are off: {path} was written by a newer version of the game")
                raise RecordsUnavailable(message.format(path=repr(str(self.path))))
            if version < SCHEMA_VERSION:
                self._migrate(db)
            yield db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """Bring the file up to ``SCHEMA_VERSION`` in one transaction: all the steps, or none of them.

        The version is read again under the write lock: another copy of the game may have just done it.
        """
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                for step in MIGRATIONS[version:]:
                    for statement in step:
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.rollback()
            raise
        db.commit()

    def _unavailable(self, error: sqlite3.Error) -> RecordsUnavailable:
        text = str(error)
        if _busy(error):
            # Translators: {path} is the path of the records file, quoted; {reason} SQLite's error text.
            message = _(
                "records are off: {path} cannot be used ({reason}): "
                "another program is using it; try again later"
            )
        elif "not a database" in text or "malformed" in text or "corrupt" in text:
            # Translators: {path} is the path of the records file, quoted; {reason} SQLite's error text.
            message = _(
                "records are off: {path} cannot be used ({reason}): "
                "the file is damaged; move or delete it to start a new record book"
            )
        elif "readonly" in text or "unable to open" in text or "disk" in text:
            # Translators: {path} is the path of the records file, quoted; {reason} SQLite's error text;
            # {variable} the name of an environment variable, keep it as it is.
            message = _(
                "records are off: {path} cannot be used ({reason}): "
                "the file cannot be written; check its permissions or set {variable}"
            )
        else:
            # Translators: {path} is the path of the records file, quoted; {reason} SQLite's error text;
            # {variable} the name of an environment variable, keep it as it is.
            message = _(
                "records are off: {path} cannot be used ({reason}): "
                "move or delete it, or set {variable} to another folder"
            )
        return RecordsUnavailable(
            message.format(path=repr(str(self.path)), reason=text, variable=DATA_DIR_ENV), _busy(error)
        )
