"""Fifteen's records: every solve kept, with its scramble and timed moves, and the bests of each board
size and picture, in the records' file (game/core/records.py opens, locks and migrates it).

A solve the records cannot take now (another program holds the file) is kept in a file of its own beside
them and put in at the next write or read of the solves.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import secrets
import sqlite3
from contextlib import suppress
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from game.core import records
from game.core.errors import UserError
from game.core.files.reading import read_regular_text
from game.core.files.writing import write_atomically
from game.core.records import MAX_TIMESTAMP, Records, RecordsUnavailable
from game.core.text.i18n import _
from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import Solve

PENDING_FOLDER = "pending-solves"  # beside the records: solves they could not take yet, one file each
MAX_PENDING_CHARS = 30_000_000
MAX_MOVES = 10**9  # far beyond any solve; a kept count of moves or seconds above it is not one
MAX_SECONDS = 10**9  # about 31 years
MAX_NAME_CHARS = 255  # a board size or a picture's name (a file name)
MAX_TEXT_CHARS = 10_000_000  # a scramble, a solution or the move times

_SOLVE_COLUMNS = (
    "size, picture, scramble, moves, seconds, assisted, practice, solution, times, finished_at,"
    " optimal_moves, optimal_proven, id"
)

_THIS_PICTURE = (
    "picture = :picture AND (:key IS NULL OR picture_key = :key OR (picture_key IS NULL AND NOT EXISTS"
    " (SELECT 1 FROM solves AS other WHERE other.picture = :picture AND other.picture_key IS NOT NULL"
    " AND other.picture_key != :key)))"
)
"""The solves of one picture: its name and content key (any content when the key is not known); rows
from before keys were kept count for the first content recorded under the name."""

_READABLE = (
    "typeof(moves) = 'integer' AND moves BETWEEN 0 AND :moves"
    " AND typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND :seconds"
)
"""A row whose result can count for a best (the rest of its checks are `_solve`'s)."""


class SolveKept(RecordsUnavailable):
    """The records could not take a solve: it is kept beside them and put in at the next write or start."""


@dataclass(frozen=True)
class Best:
    """Best unassisted results for one (board size, picture): each may come from a different game."""

    moves: int
    seconds: float


@dataclass(frozen=True)
class ResultOutcome:
    """What one finished game did to the records; ``previous`` is None for the first game.

    ``solve_id`` numbers the kept solve (for ``set_optimal`` once the solver has measured it).
    """

    new_best_moves: bool
    new_best_time: bool
    best: Best | None
    previous: Best | None
    solve_id: int

    @property
    def new_best(self) -> bool:
        """Fewer moves or a shorter time than any earlier counted game."""
        return self.new_best_moves or self.new_best_time


def _check_solve(solve: Solve) -> None:
    """Refuse impossible values: they are programming errors, never the player's."""
    moves, seconds = solve.moves, solve.seconds
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_MOVES:
        raise ValueError(f"moves must be a whole number from 0 to {MAX_MOVES}, not {moves!r}")
    if not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
        raise ValueError(f"seconds must be a number from 0 to {MAX_SECONDS}, not {seconds!r}")
    times = solve.times_ms
    whole = all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in times)
    if not whole or list(times) != sorted(times):
        raise ValueError(f"move times must be non-negative whole milliseconds in order, not {times!r}")


def _times(text: str) -> tuple[int, ...]:
    """The move times as kept (``0,180,...``); none when the text is not that (a hand-edited file):
    whole milliseconds from 0, in order."""
    try:
        times = tuple(int(part) for part in text.split(",")) if text else ()
    except ValueError:
        return ()
    in_order = all(first <= second for first, second in itertools.pairwise(times))
    in_range = not times or (times[0] >= 0 and times[-1] <= MAX_SECONDS * 1000)
    return times if in_order and in_range else ()


class BadRow(ValueError):
    """A row of the records holds a value the game never writes (a file edited by hand, or damaged)."""


def _whole(value: object, name: str, most: int) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise BadRow(f"{name} {value!r:.40}")
    return value


def _real(value: object, name: str, most: float) -> float:
    if type(value) not in (int, float) or not 0 <= value <= most:  # NaN fails both comparisons
        raise BadRow(f"{name} {value!r:.40}")
    return float(value)


def _text(value: object, name: str, most: int) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise BadRow(f"{name} {value!r:.40}")
    return value


def _flag(value: object, name: str) -> bool:
    return bool(_whole(value, name, 1))


def _solve(row: tuple) -> Solve:
    """A row of ``SELECT {_SOLVE_COLUMNS}`` as a Solve, every value checked: BadRow when one is not
    what the game writes (text in a number column, NaN, 1e308, a negative time...)."""
    size, picture, scramble, moves, seconds, assisted, practice, solution, times, finished = row[:10]
    optimal, proven, key = row[10:]
    size = _text(size, "size", MAX_NAME_CHARS)
    try:
        board_size = BoardSize.parse(size)
    except UserError:
        raise BadRow(f"size {size!r:.40}") from None
    if str(board_size) != size:  # the game writes WxH only; the rows of a size are found by this text
        raise BadRow(f"size {size!r:.40}")
    picture = _text(picture, "picture", MAX_NAME_CHARS)
    if not picture.isprintable():
        raise BadRow(f"picture {picture!r:.40}")
    return Solve(
        size=board_size,
        picture=picture,
        scramble=_text(scramble, "scramble", MAX_TEXT_CHARS),
        moves=_whole(moves, "moves", MAX_MOVES),
        seconds=_real(seconds, "seconds", MAX_SECONDS),
        assisted=_flag(assisted, "assisted"),
        practice=_flag(practice, "practice"),
        solution=_text(solution, "solution", MAX_TEXT_CHARS),
        times_ms=_times(_text(times, "times", MAX_TEXT_CHARS)),
        finished_at=_real(finished, "finished_at", MAX_TIMESTAMP),
        optimal_moves=None if optimal is None else _whole(optimal, "optimal_moves", MAX_MOVES),
        optimal_proven=_flag(proven, "optimal_proven"),
        id=_whole(key, "id", 2**63 - 1),
    )


def _insert(db: sqlite3.Connection, solve: Solve, picture_key: str | None) -> int:
    """Add `solve` (of the picture content `picture_key`, None: not known) as a new row; its id."""
    if picture_key is not None:
        db.execute(
            "UPDATE solves SET picture_key = :key WHERE picture_key IS NULL AND " + _THIS_PICTURE,
            {"picture": solve.picture, "key": picture_key},
        )
    cursor = db.execute(
        "INSERT INTO solves (size, picture, picture_key, scramble, moves, seconds, tps, assisted,"
        " practice, solution, times, finished_at, optimal_moves, optimal_proven)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            str(solve.size),
            solve.picture,
            picture_key,
            solve.scramble,
            solve.moves,
            float(solve.seconds),
            solve.tps,
            int(bool(solve.assisted)),
            int(bool(solve.practice)),
            solve.solution,
            ",".join(map(str, solve.times_ms)),
            solve.finished_at,
            solve.optimal_moves,
            int(bool(solve.optimal_proven)),
        ),
    )
    return int(cursor.lastrowid or 0)


def _pending_solve(data: dict) -> tuple[Solve, str | None]:
    """A kept solve's file, read back with every check a row of the records has (BadRow, a ValueError,
    when it fails one)."""
    fields, picture_key = data["solve"], data["picture_key"]
    if picture_key is not None and not isinstance(picture_key, str):
        raise BadRow(f"picture_key {picture_key!r:.40}")
    times = fields["times_ms"]
    if not isinstance(times, list) or not all(type(value) is int for value in times):
        raise BadRow("times_ms")
    row = (
        *(fields[name] for name in ("size", "picture", "scramble", "moves", "seconds")),
        int(fields["assisted"] is True),
        int(fields["practice"] is True),
        fields["solution"],
        ",".join(map(str, times)),
        fields["finished_at"],
        fields["optimal_moves"],
        int(fields["optimal_proven"] is True),
        0,
    )
    solve = replace(_solve(row), id=None)
    if list(solve.times_ms) != times:
        raise BadRow("times_ms")
    return solve, picture_key


class SolveList(list[Solve]):
    """Solves read from the records, oldest first; `skipped` counts the rows left out because a value in
    them is not one the game writes, so that a screen can say so instead of failing on them."""

    def __init__(self, solves: list[Solve], skipped: int = 0) -> None:
        super().__init__(solves)
        self.skipped = skipped


def _readable(rows: list[tuple]) -> SolveList:
    """The rows that are solves, and how many were not."""
    solves = []
    for row in rows:
        try:
            solves.append(_solve(row))
        except BadRow:
            continue
    return SolveList(solves, len(rows) - len(solves))


class SolveRecords(Records):
    """The record book's solves. Cheap to create: nothing is opened until a method needs it."""

    def best(self, size: BoardSize, picture: str, picture_key: str | None = None) -> Best | None:
        """Fewest moves and best time so far for this board size and picture (of the content
        `picture_key` names; any content when it is None), or None if never solved."""
        self._flush_quietly()
        return self._run(lambda db: self._best(db, str(size), picture, picture_key))

    def record_solve(self, solve: Solve, picture_key: str | None = None) -> ResultOutcome:
        """Keep a solve and say whether it beat the best (assisted and practice solves never do).

        `picture_key` is the content key of the solve's picture (game/puzzle/pictures/folder.py picture_key:
        ``""`` for number tiles), kept with it; None when it is not known.
        """
        _check_solve(solve)
        if solve.finished_at is None:
            solve = replace(solve, finished_at=self._clock())

        def write(db: sqlite3.Connection) -> ResultOutcome:
            previous = self._best(db, str(solve.size), solve.picture, picture_key)
            key = _insert(db, solve, picture_key)
            if not solve.counted:
                return ResultOutcome(False, False, previous, previous, key)
            best = self._best(db, str(solve.size), solve.picture, picture_key)
            return ResultOutcome(
                previous is None or solve.moves < previous.moves,
                previous is None or solve.seconds < previous.seconds,
                best,
                previous,
                key,
            )

        try:
            return self._run(write, write=True)
        except RecordsUnavailable as error:
            raise self._keep_for_later(solve, picture_key, error) from None

    def _keep_for_later(
        self, solve: Solve, picture_key: str | None, error: RecordsUnavailable
    ) -> RecordsUnavailable:
        """The records cannot take `solve` now: keep it in a file of its own beside them (written at
        once, never half), for the next write or start to put in. Returns what to tell the player."""
        data = {"solve": {**asdict(solve), "size": str(solve.size), "id": None}, "picture_key": picture_key}
        stamp = f"{solve.finished_at or 0:020.6f}-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            write_atomically(self._pending_dir() / f"{stamp}.json", json.dumps(data), exclusive=True)
        except OSError as failure:
            # Translators: after a message that the records cannot be used; {reason} the system's error
            lost = _("This solve could not be kept for later either ({reason}).")
            return RecordsUnavailable(f"{error}. {lost.format(reason=failure.strerror or failure)}")
        if error.busy:
            # Translators: the records file is in use by another program (the game waited for it)
            return SolveKept(
                _(
                    "The records are in use by another program: this solve is kept and will be "
                    "written to them the next time they can be used."
                )
            )
        # Translators: after a message that the records cannot be used (what is wrong and what to do)
        kept = _("This solve is kept and will be written to the records the next time they can be used.")
        return SolveKept(f"{error}. {kept}")

    def _pending_dir(self) -> Path:
        return self.path.parent / PENDING_FOLDER

    def _pending(self) -> list[Path]:
        """The kept solves waiting for the records, oldest first (their names start with their time)."""
        try:
            return sorted(self._pending_dir().glob("*.json"))
        except OSError:
            return []

    def _before_write(self, db: sqlite3.Connection) -> list[Path]:
        """Inside a write: the kept solves into the records, each once (one already there, put in by
        another copy of the game just before, is not put in again); the files done, to remove after the
        commit. A file that cannot be read as a solve is left where it is, for a person to look at."""
        done = []
        for path in self._pending():
            try:
                data = json.loads(read_regular_text(path, MAX_PENDING_CHARS))
                solve, picture_key = _pending_solve(data)
            except (OSError, UserError, ValueError, TypeError, KeyError, RecursionError):
                continue
            there = db.execute(
                "SELECT 1 FROM solves WHERE size = ? AND picture = ? AND finished_at = ? AND moves = ?"
                " AND seconds = ?",
                (str(solve.size), solve.picture, solve.finished_at, solve.moves, float(solve.seconds)),
            ).fetchone()
            if there is None:
                _insert(db, solve, picture_key)
            done.append(path)
        return done

    def _flush_quietly(self) -> None:
        """Before a read: the kept solves put in if the records take them at once (a start reads the
        records first), else they wait for the next write."""
        if self._pending():
            with suppress(RecordsUnavailable):
                self._run(lambda db: None, write=True, timeout=records.LOCK_TIMEOUT_S)

    def solves(
        self,
        size: BoardSize | None = None,
        picture: str | None = None,
        picture_key: str | None = None,
    ) -> SolveList:
        """Every kept solve, oldest first, of one size and/or picture if given (counted or not); those of
        a picture are of the content `picture_key` names (any content when it is None). A row with a
        value the game never writes is left out and counted (`skipped`)."""
        query = (
            f"SELECT {_SOLVE_COLUMNS} FROM solves"
            f" WHERE (:size IS NULL OR size = :size) AND (:picture IS NULL OR {_THIS_PICTURE}) ORDER BY id"
        )
        values = {
            "size": None if size is None else str(size),
            "picture": picture,
            "key": None if picture is None else picture_key,
        }
        self._flush_quietly()
        rows = self._run(lambda db: db.execute(query, values).fetchall())
        return _readable(rows)

    def set_optimal(self, solve_id: int, moves: int, proven: bool) -> None:
        """Note the fewest moves known from a kept solve's scramble (``proven``: the solver's optimum)."""
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise ValueError(f"moves must be a non-negative whole number, not {moves!r}")
        self._run(
            lambda db: db.execute(
                "UPDATE solves SET optimal_moves = ?, optimal_proven = ? WHERE id = ?",
                (moves, int(bool(proven)), solve_id),
            ),
            write=True,
        )

    @staticmethod
    def _best(db: sqlite3.Connection, key: str, picture: str, picture_key: str | None) -> Best | None:
        row = db.execute(
            "SELECT MIN(moves), MIN(seconds) FROM solves"
            f" WHERE size = :size AND assisted = 0 AND practice = 0 AND {_THIS_PICTURE} AND {_READABLE}",
            {"size": key, "picture": picture, "key": picture_key, "moves": MAX_MOVES, "seconds": MAX_SECONDS},
        ).fetchone()
        return None if row is None or row[0] is None else Best(int(row[0]), float(row[1]))
