"""The one-sided bear-off database: how many rolls a side needs to bear off, for every home board.

Every distribution of up to 15 checkers on the six home points (54,264 of them) gets two probability
distributions over the number of rolls: to bear off *all* its checkers, and (for a side that has borne
off none) to bear off its *first* checker, which decides gammons. Each side plays to minimise the
expected number of rolls, the usual one-sided approximation (gnubg's one-sided database does the same).

The table is built by dynamic programming over the pip count, level by level, in numpy: a single
checker move always lowers the pips, so every successor of a level is already solved. For each die the
best one-, two- and three-move continuations are kept per position, which makes a double's four
moves and a roll's two orders a handful of array look-ups. The build takes about a second (a few on a
busy machine), which the command line says the first time (game/core/text/notices.py); the result is
cached in the user's cache folder.

Two sides that both have every checker at home then race exactly: `race_outcomes` combines their
distributions into the five probabilities the evaluator speaks (win, win gammon, win backgammon, lose
gammon, lose backgammon) for the side that has just moved.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from game.core.files.folders import cache_root
from game.core.files.reading import read_regular
from game.core.files.writing import write_atomically
from game.core.text import notices
from game.core.text.i18n import _
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF
from game.tavla.engine.rolls import ROLLS

POINTS = 6
MAX_ROLLS = 32  # no home board needs more than 30 (tests/tavla/eval/test_bearoff.py checks the tail is empty)
BUILD_VERSION = 1
MAX_CACHE_BYTES = 64_000_000  # the cache holds about 15 MB; anything larger is not ours
_KEY_BASE = 16 ** np.arange(POINTS, dtype=np.int64)


def home_boards() -> np.ndarray:
    """Every home board as checker counts on points 1..6, shape (54264, 6), empty board first."""
    array = np.array(_counts(POINTS, CHECKERS), dtype=np.int64)
    pips = array @ np.arange(1, POINTS + 1)
    return array[np.lexsort((array @ _KEY_BASE, pips))]


def _counts(points: int, most: int) -> list[tuple[int, ...]]:
    """Every way to put at most `most` checkers on `points` points (not the 16.7 million ways to put up
    to 15 on each, filtered: that took seconds of the build)."""
    if points == 0:
        return [()]
    return [(first, *rest) for first in range(most + 1) for rest in _counts(points - 1, most - first)]


@dataclass(frozen=True)
class BearoffTable:
    """The two distributions per home board; look-ups by `index`, rows sum to 1."""

    keys: np.ndarray  # sorted position keys (counts in base 16)
    order: np.ndarray  # row of each sorted key
    all_off: np.ndarray  # (N, MAX_ROLLS) P(exactly n rolls to bear off every checker)
    first_off: np.ndarray  # (N, MAX_ROLLS) P(exactly n rolls to bear off a first checker); 15-checker rows

    def index(self, counts: np.ndarray) -> np.ndarray:
        """Rows of home boards given as counts on points 1..6, shape (K, 6)."""
        keys = np.asarray(counts, dtype=np.int64) @ _KEY_BASE
        return self.order[np.searchsorted(self.keys, keys)]

    def expected_rolls(self, counts: Sequence[int]) -> float:
        """Mean number of rolls to bear off a home board (counts on points 1..6)."""
        row = self.all_off[self.index(np.array([counts]))[0]]
        return float(row @ np.arange(MAX_ROLLS))


def _single_moves(boards: np.ndarray, row_of) -> np.ndarray:
    """moves[d-1, i, p-1]: the board after moving one checker from point p with die d, -1 if illegal.

    Bearing off with a die larger than the point is allowed only from the highest occupied point.
    """
    n = len(boards)
    moves = np.full((6, n, POINTS), -1, dtype=np.int64)
    occupied = boards > 0
    higher = np.zeros_like(occupied)
    for p in range(POINTS - 2, -1, -1):
        higher[:, p] = higher[:, p + 1] | occupied[:, p + 1]
    for die in range(1, 7):
        for point in range(1, POINTS + 1):
            legal = occupied[:, point - 1] & ((point - die >= 0) | ~higher[:, point - 1])
            after = boards[legal].copy()
            after[:, point - 1] -= 1
            if point - die >= 1:
                after[:, point - die - 1] += 1
            moves[die - 1, legal, point - 1] = row_of(after)
    return moves


def _solve(boards: np.ndarray, moves: np.ndarray, terminal: np.ndarray) -> np.ndarray:
    """Distribution of rolls until a terminal board, each roll played to minimise the expected rolls."""
    n = len(boards)
    rows = np.arange(n)
    moves = moves.copy()
    moves[:, terminal, :] = rows[terminal, None]  # dice left after finishing change nothing
    expected = np.zeros(n)
    dist = np.zeros((n, MAX_ROLLS))
    dist[terminal, 0] = 1.0
    # best[d-1][k-1][i]: the board reached from i by the best k moves of die d (k = 1, 2, 3).
    best = np.tile(rows, (6, 3, 1))
    pips = boards @ np.arange(1, POINTS + 1)
    levels = np.split(rows, np.flatnonzero(np.diff(pips)) + 1)
    inf = np.inf

    def best_after(level: np.ndarray, die: int, then: np.ndarray) -> np.ndarray:
        """For each board of the level: the best final board over one move of `die` followed by `then`."""
        step = moves[die - 1][level]  # (L, 6)
        final = np.where(step >= 0, then[np.maximum(step, 0)], -1)
        value = np.where(final >= 0, expected[np.maximum(final, 0)], inf)
        return final[np.arange(len(level)), value.argmin(axis=1)]

    for level in levels:
        live = level[~terminal[level]]
        if len(live):
            acc_e = np.zeros(len(live))
            acc_d = np.zeros((len(live), MAX_ROLLS))
            for d1, d2, weight in ROLLS:
                if d1 == d2:
                    final = best_after(live, d1, best[d1 - 1][2])
                else:
                    first = best_after(live, d1, best[d2 - 1][0])
                    second = best_after(live, d2, best[d1 - 1][0])
                    final = np.where(expected[first] <= expected[second], first, second)
                acc_e += weight * expected[final]
                acc_d += weight * dist[final]
            expected[live] = 1.0 + acc_e / 36.0
            dist[live, 1:] = acc_d[:, :-1] / 36.0
            dist[live, -1] += acc_d[:, -1] / 36.0
        for die in range(1, 7):
            best[die - 1][0][level] = best_after(level, die, rows)
            best[die - 1][1][level] = best_after(level, die, best[die - 1][0])
            best[die - 1][2][level] = best_after(level, die, best[die - 1][1])
    return dist


def build() -> BearoffTable:
    """Solve both databases from scratch (about a second)."""
    boards = home_boards()
    keys = boards @ _KEY_BASE
    order = np.argsort(keys)
    sorted_keys = keys[order]

    def row_of(counts: np.ndarray) -> np.ndarray:
        return order[np.searchsorted(sorted_keys, counts @ _KEY_BASE)]

    moves = _single_moves(boards, row_of)
    checkers = boards.sum(axis=1)
    all_off = _solve(boards, moves, checkers == 0)
    first_off = _solve(boards, moves, checkers < CHECKERS)
    return BearoffTable(sorted_keys, order, all_off, first_off)


def _cache_path() -> Path:
    return cache_root() / f"bearoff-v{BUILD_VERSION}.npz"


_ARRAYS = ("keys", "order", "all_off", "first_off")


def _digest(arrays: dict[str, np.ndarray]) -> str:
    return hashlib.sha256(b"".join(arrays[key].tobytes() for key in _ARRAYS)).hexdigest()


def _load_cached() -> BearoffTable | None:
    """The cached table, or None whatever is wrong with the file (then it is built and written again):
    a file that is not regular, too large, not a zip, missing an array, or whose array headers claim
    more than the file holds (numpy would allocate what a header claims before reading)."""
    try:
        data = read_regular(_cache_path(), MAX_CACHE_BYTES)
        arrays = _read_arrays(data, (*_ARRAYS, "digest"))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if _digest(arrays) != str(arrays["digest"]) or arrays["all_off"].shape[1:] != (MAX_ROLLS,):
        return None
    return BearoffTable(
        arrays["keys"],
        arrays["order"],
        arrays["all_off"].astype(np.float64),
        arrays["first_off"].astype(np.float64),
    )


def _read_arrays(data: bytes, names: Sequence[str]) -> dict[str, np.ndarray]:
    """The named arrays of an `.npz` held in `data`, each read only after its header was checked
    against the size of its member."""
    arrays: dict[str, np.ndarray] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in names:
            member = archive.getinfo(f"{name}.npy")
            with archive.open(member) as stream:
                version = np.lib.format.read_magic(stream)
                header = np.lib.format.read_array_header_1_0
                if version != (1, 0):
                    header = np.lib.format.read_array_header_2_0
                shape, _, dtype = header(stream)
                if dtype.hasobject or int(np.prod(shape, dtype=object)) * dtype.itemsize > member.file_size:
                    raise ValueError(f"{name}: the header claims more than the file holds")
            with archive.open(member) as stream:
                arrays[name] = np.lib.format.read_array(stream, allow_pickle=False)
    return arrays


def _save_cached(table: BearoffTable) -> None:
    arrays = {
        "keys": table.keys,
        "order": table.order,
        "all_off": table.all_off.astype(np.float32),  # halves the file; 1e-7 is far below any decision
        "first_off": table.first_off.astype(np.float32),
    }
    buffer = io.BytesIO()
    np.savez(buffer, digest=np.array(_digest(arrays)), **arrays)
    with contextlib.suppress(OSError):  # a read-only cache only costs the next process a rebuild
        write_atomically(_cache_path(), buffer.getvalue())


_table: list[BearoffTable] = []


def table() -> BearoffTable:
    """The database, from the cache when it is there and sound, else built (and cached)."""
    if not _table:
        loaded = _load_cached()
        if loaded is None:
            # Translators: said on the command line the first time a command meets a race in the home
            # boards, before it builds the table it reads them from
            notices.say(_("building the bear-off table, once for this computer: a few seconds"))
            built = build()
            _save_cached(built)
            # As the cache keeps it, so that a process that built the table answers to the bit as
            # one that read it (a rollout worker and the window must agree).
            loaded = replace(
                built,
                all_off=built.all_off.astype(np.float32).astype(np.float64),
                first_off=built.first_off.astype(np.float32).astype(np.float64),
            )
        _table.append(loaded)
    return _table[0]


def both_home(states: np.ndarray) -> np.ndarray:
    """Rows (28-int states) where every checker of both sides not borne off is in its home board."""
    s = np.asarray(states)
    own = np.maximum(s[:, 1:25], 0)
    opp = np.maximum(-s[:, 1:25], 0)
    return (
        (own[:, 6:].sum(axis=1) == 0)
        & (opp[:, :18].sum(axis=1) == 0)
        & (s[:, BAR] == 0)
        & (s[:, OPP_BAR] == 0)
    )


def race_outcomes(states: np.ndarray) -> np.ndarray:
    """The five probabilities, for the side that has just moved (the other is on roll), of home races.

    Every row must satisfy `both_home`. The side on roll finishes first when it needs no more rolls
    than the mover; a gammon needs the loser to have borne off nothing before the winner's last roll.
    """
    s = np.asarray(states, dtype=np.int64)
    db = table()
    mine = db.index(np.maximum(s[:, 1:7], 0))
    theirs = db.index(np.maximum(-s[:, 24:18:-1], 0))
    mine_all, theirs_all = db.all_off[mine], db.all_off[theirs]
    # P(the other side needs more than n rolls), and at least n rolls.
    theirs_more = 1.0 - np.cumsum(theirs_all, axis=1)
    win = (mine_all * theirs_more).sum(axis=1)
    out = np.zeros((len(s), 5))
    out[:, 0] = win
    gammon_them = s[:, OPP_OFF] == 0  # the side on roll has borne off nothing: it can be gammoned
    if gammon_them.any():
        first = db.first_off[theirs[gammon_them]]
        first_more = 1.0 - np.cumsum(first, axis=1)
        out[gammon_them, 1] = (mine_all[gammon_them] * first_more).sum(axis=1)
    gammon_me = s[:, OFF] == 0
    if gammon_me.any():
        first = db.first_off[mine[gammon_me]]
        first_at_least = 1.0 - np.cumsum(first, axis=1) + first
        out[gammon_me, 3] = (theirs_all[gammon_me] * first_at_least).sum(axis=1)
    return out
