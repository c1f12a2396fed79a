"""Best results and saved games in one SQLite file under the user's data folder.

Every public call opens the database, works inside one transaction and closes it, so a crash never
leaves a half-written record and another process holding the file only delays us briefly. Any SQLite or
file-system failure (corrupt file, locked database, unwritable folder) becomes ``RecordsUnavailable``
with a message the view can show; the game runs on without records.
"""

from __future__ import annotations

import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import platformdirs

from game.errors import UserError
from game.i18n import _
from game.paths import APP_NAME

DATA_DIR_ENV = "FIFTEEN_TAVLA_DATA_DIR"
DB_NAME = "records.sqlite3"
SCHEMA_VERSION = 1
LOCK_TIMEOUT_S = 0.5
MAX_SAVE_CHARS = 10_000_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzle_results (
    id INTEGER PRIMARY KEY,
    size TEXT NOT NULL,
    picture TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    assisted INTEGER NOT NULL,
    finished_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzle_results_key ON puzzle_results (size, picture, assisted);
CREATE TABLE IF NOT EXISTS saved_games (
    kind TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    saved_at REAL NOT NULL
);
"""

T = TypeVar("T")


class RecordsUnavailable(UserError):
    """The records database cannot be used right now; the message says why and what to do."""


@dataclass(frozen=True)
class Best:
    """Best unassisted results for one (board size, picture): each may come from a different game."""

    moves: int
    seconds: float


@dataclass(frozen=True)
class ResultOutcome:
    """What one finished game did to the records; ``previous`` is None for the first game."""

    new_best_moves: bool
    new_best_time: bool
    best: Best | None
    previous: Best | None

    @property
    def new_best(self) -> bool:
        """Fewer moves or a shorter time than any earlier unassisted game."""
        return self.new_best_moves or self.new_best_time


def data_dir() -> Path:
    """The folder for the user's data: ``$FIFTEEN_TAVLA_DATA_DIR`` if set (tests), else the platform's."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _size_key(size: tuple[int, int] | str) -> str:
    if isinstance(size, str):
        return size
    width, height = size
    return f"{width}x{height}"


class Records:
    """The record book. Cheap to create: nothing is opened until a method needs it."""

    def __init__(self, path: Path | str | None = None, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path is not None else data_dir() / DB_NAME
        self._clock = clock

    def best(self, size: tuple[int, int] | str, picture: str) -> Best | None:
        """Fewest moves and best time so far for this board size and picture, or None if never solved."""
        return self._run(lambda db: self._best(db, _size_key(size), picture))

    def record_result(
        self, size: tuple[int, int] | str, picture: str, moves: int, seconds: float, assisted: bool = False
    ) -> ResultOutcome:
        """Store a solved game and say whether it beat the best (assisted games never do)."""
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise ValueError(f"moves must be a non-negative whole number, not {moves!r}")
        if not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"seconds must be a non-negative number, not {seconds!r}")
        key = _size_key(size)

        def write(db: sqlite3.Connection) -> ResultOutcome:
            previous = self._best(db, key, picture)
            db.execute(
                "INSERT INTO puzzle_results (size, picture, moves, seconds, assisted, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (key, picture, moves, float(seconds), int(bool(assisted)), self._clock()),
            )
            if assisted:
                return ResultOutcome(False, False, previous, previous)
            best = self._best(db, key, picture)
            return ResultOutcome(
                previous is None or moves < previous.moves,
                previous is None or seconds < previous.seconds,
                best,
                previous,
            )

        return self._run(write, write=True)

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

    @staticmethod
    def _best(db: sqlite3.Connection, key: str, picture: str) -> Best | None:
        row = db.execute(
            "SELECT MIN(moves), MIN(seconds) FROM puzzle_results"
            " WHERE size = ? AND picture = ? AND assisted = 0",
            (key, picture),
        ).fetchone()
        return None if row is None or row[0] is None else Best(int(row[0]), float(row[1]))

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool = False) -> T:
        """Do ``work`` in one transaction (``BEGIN IMMEDIATE`` for writes, so read-then-write is atomic)."""
        try:
            with self._connect() as db:
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    result = work(db)
                except BaseException:
                    db.rollback()
                    raise
                db.commit()
                return result
        except sqlite3.Error as error:
            raise self._unavailable(error) from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
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
        with closing(sqlite3.connect(self.path, timeout=LOCK_TIMEOUT_S, isolation_level=None)) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                # Translators: {path} is the path of the records file, quoted.
                message = _("records are off: {path} was written by a newer version of the game")
                raise RecordsUnavailable(message.format(path=repr(str(self.path))))
            if version < SCHEMA_VERSION:
                db.executescript(f"BEGIN IMMEDIATE;{_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            yield db

    def _unavailable(self, error: sqlite3.Error) -> RecordsUnavailable:
        text = str(error)
        if "locked" in text or "busy" in text:
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
            message.format(path=repr(str(self.path)), reason=text, variable=DATA_DIR_ENV)
        )
