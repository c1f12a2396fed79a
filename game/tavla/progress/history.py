"""The player's Tavla history: every analysed match's figures for the player kept in the records
(game/core/records.py schema 4, tables ``tavla_matches`` and ``tavla_decisions``), with the player's
decisions.

The figures are the analysis's own (game/tavla/analysis/decisions.py `PlayerSummary`) taken from the
same `MatchAnalysis` the `analyse` command reports, so the history and the report of one match agree;
the match's `.mat` text is kept too, so the Progress screen can open it on the analysis screen. A match
is kept once: its key is what was played, seen from the player's seat (`content_key`: the same match read
from another format, or with the seats the other way round, is the same), or for matches kept before
that key, the `.mat` text and the seat; keeping it again says so, and changes nothing. Keeping a match
also puts the player's doubtful, bad and very bad decisions in the practice deck
(game/tavla/progress/practice.py), in the same transaction.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import astuple, dataclass, fields

from game.core.errors import UserError
from game.core.records import Records
from game.core.text.i18n import _
from game.tavla.analysis.decisions import Decision, MatchAnalysis
from game.tavla.engine.position import format_state
from game.tavla.engine.rules import TAVLI, TableGames
from game.tavla.progress import practice
from game.tavla.progress.phases import phase_of
from game.tavla.progress.rows import DATE, KeptRows, typed_rows
from game.tavla.record.match_record import MatchRecord

TABLE_SOURCE = "table"  # the source of a match played at the table (else the path it was read from)


@dataclass(frozen=True)
class MatchEntry:
    """One match in the history, seen by the player (`seat` in the record): `result` the points won
    minus lost, `scale` "emg" (a match, figures in millipoints of EMG) or "points" (money play), the
    error rates and luck in those millipoints as the analysis counts them, `length` 0 for money."""

    played_at: float
    player: str
    opponent: str
    seat: int
    rules: str
    length: int
    result: int
    scale: str
    level: str
    decisions: int
    error_rate: float
    checker_decisions: int
    checker_error_rate: float
    cube_decisions: int
    cube_error_rate: float
    mwc_error_rate: float
    rating: str
    luck: float
    luck_rate: float
    source: str
    mat: str = ""
    id: int | None = None


_MATCH_COLUMNS = ", ".join(field.name for field in fields(MatchEntry))


@dataclass(frozen=True)
class KeptDecision:
    """One of the player's decisions as the history keeps it (`dice` "" for a cube decision, `state`
    the 28 integers from the decider's side, `gnubg_id` GNU Backgammon's Position ID:Match ID)."""

    match: int
    game: int
    turn: int
    kind: str
    phase: str
    counted: bool
    gnubg_id: str
    state: str
    dice: str
    play: str
    best: str
    loss: float
    mwc_loss: float
    mark: str
    cube_equities: str = ""


_DECISION_COLUMNS = ", ".join(field.name for field in fields(KeptDecision))
_MATCH_RANGES = {
    "played_at": DATE,
    "seat": (0, 1),
    "length": (0, 2**31),
    "result": (-(2**31), 2**31),
    "decisions": (0, 2**31),
}
_DECISION_RANGES = {"game": (0, 2**31), "turn": (0, 2**31), "counted": (0, 1)}
"""What the game writes in the history's rows beyond their types (game/tavla/progress/rows.py)."""


def match_key(mat: str, seat: int) -> str:
    """What made a match one in the history before content keys: its file's text and whose it is."""
    return hashlib.sha256(f"{seat}\0{mat}".encode()).hexdigest()


def content_key(record: MatchRecord, seat: int) -> str:
    """What makes two files one match, whatever their format, names or seats: the rules, the length
    and, game by game, each roll (the dice in either order), play and cube action, and the winner and
    points, each as whether it was the player's at `seat`."""
    digest = hashlib.sha256(f"{record.rules}\0{record.length}".encode())
    for game in record.games:
        items = [f"g{game.winner == seat if game.winner is not None else '-'}{game.points}"]
        items += [f"t{turn.player == seat}{sorted(turn.dice)}{sorted(turn.play)}" for turn in game.turns]
        items += [f"c{a.player == seat}{a.event.value}{a.value}{a.before_turn}" for a in game.cube]
        digest.update("|".join(items).encode())
    return digest.hexdigest()


def fill_content_keys(records: Records) -> int:
    """Give the matches kept before content keys theirs, from their `.mat` text (once: a match whose text
    no longer reads is given its text key); how many were filled."""
    from game.tavla.record.formats import parse_record

    query = "SELECT id, mat, rules, seat, match_key FROM tavla_matches WHERE content_key IS NULL"
    rows = records.transaction(lambda db: db.execute(query).fetchall())
    keys = []
    for number, mat, rules, seat, old in rows:
        try:
            keys.append((content_key(parse_record(mat, TableGames.parse(rules).first), seat), number))
        except UserError:
            keys.append((old, number))
    if keys:
        statement = "UPDATE tavla_matches SET content_key = ? WHERE id = ?"
        records.transaction(lambda db: db.executemany(statement, keys), write=True)
    return len(keys)


def seat_of(analysis: MatchAnalysis, player: str) -> int:
    """The seat of the player named `player` in the analysed match; UserError naming the players."""
    names = analysis.record.names
    if player in names:
        return names.index(player)
    # Translators: {name} is the name given with --player; {names} the two players of the match file
    message = _("{name} is not a player of this match; its players are {names}")
    raise UserError(message.format(name=repr(player), names=", ".join(repr(name) for name in names)))


def entry_of(analysis: MatchAnalysis, seat: int, mat: str, source: str, played_at: float) -> MatchEntry:
    """The history's entry of `analysis` for the player at `seat`."""
    mine = analysis.players[seat]
    record = analysis.record
    return MatchEntry(
        played_at=played_at,
        player=record.names[seat],
        opponent=record.names[1 - seat],
        seat=seat,
        rules=TAVLI.name if record.rotation == TAVLI.rotation else str(record.rules),  # the game played
        length=record.length,
        result=mine.result,
        scale="emg" if analysis.emg else "points",
        level=analysis.level,
        decisions=mine.decisions,
        error_rate=mine.error_rate,
        checker_decisions=mine.checker_decisions,
        checker_error_rate=mine.checker_error_rate,
        cube_decisions=mine.cube_decisions,
        cube_error_rate=mine.cube_error_rate,
        mwc_error_rate=mine.mwc_error_rate,
        rating=mine.rating,
        luck=mine.luck,
        luck_rate=mine.luck_rate,
        source=source,
        mat=mat,
    )


def kept_decision(decision: Decision) -> KeptDecision:
    """A decision of the analysis as the history keeps it (its match numbered once it is written)."""
    dice = "" if decision.dice is None else f"{decision.dice[0]}{decision.dice[1]}"
    equities = "" if decision.cube_equities is None else json.dumps(list(decision.cube_equities))
    return KeptDecision(
        match=0,
        game=decision.game,
        turn=decision.turn,
        kind=decision.kind,
        phase=phase_of(decision.state, decision.turn),
        counted=decision.counted,
        gnubg_id=":".join(decision.gnubg_ids),
        state=format_state(decision.state),
        dice=dice,
        play=decision.action,
        best=decision.best,
        loss=decision.loss,
        mwc_loss=decision.mwc_loss,
        mark=decision.mark.value,
        cube_equities=equities,
    )


def keep_analysis(
    records: Records, analysis: MatchAnalysis, seat: int, mat: str, source: str, played_at: float
) -> int | None:
    """Keep the analysed match for the player at `seat`, with the player's decisions, and put the
    player's marked ones in the practice deck; the match's id in the history, or None when it was kept
    before (nothing changes then). RecordsUnavailable when the records cannot be written."""
    entry = entry_of(analysis, seat, mat, source, played_at)
    mine = [decision for decision in analysis.decisions if decision.player == seat]
    record = analysis.record  # each decision's card under its own game's rules (a Tavli match's three)
    cards = [
        card for one in mine for card in practice.cards_of([one], record.rules_of(one.game - 1), played_at)
    ]
    key, content = match_key(mat, seat), content_key(analysis.record, seat)

    def write(db: sqlite3.Connection) -> int | None:
        found = "SELECT 1 FROM tavla_matches WHERE match_key = ? OR content_key = ?"
        if db.execute(found, (key, content)).fetchone():
            return None
        values = astuple(entry)[:-1]
        names = _MATCH_COLUMNS.rsplit(", ", 1)[0]
        marks = ", ".join("?" * (len(values) + 2))
        statement = f"INSERT INTO tavla_matches (match_key, content_key, {names}) VALUES ({marks})"
        cursor = db.execute(statement, (key, content, *values))
        number = int(cursor.lastrowid or 0)
        rows = [astuple(kept_decision(decision))[1:] for decision in mine]
        columns = _DECISION_COLUMNS.split(", ", 1)[1]
        if rows:
            marks = ", ?" * len(rows[0])
            statement = f"INSERT INTO tavla_decisions (match, {columns}) VALUES (?{marks})"
            db.executemany(statement, [(number, *row) for row in rows])
        practice.put_cards(db, cards)
        return number

    return records.transaction(write, write=True)


class History:
    """The history as kept, read from the records (RecordsUnavailable when they cannot be read)."""

    def __init__(self, records: Records | None = None) -> None:
        self.records = records if records is not None else Records()

    def matches(self, rules: str | None = None, opponent: str | None = None) -> KeptRows[MatchEntry]:
        """Every kept match, oldest first, of one rule set and/or opponent when given (without the
        `.mat` text: `mat_text` reads it); a damaged row (a value the game never writes, a date out of
        range) is left out and counted (`skipped`)."""
        columns = _MATCH_COLUMNS.replace("mat, ", "'' AS mat, ")
        query = (
            f"SELECT {columns} FROM tavla_matches WHERE (:rules IS NULL OR rules = :rules)"
            " AND (:opponent IS NULL OR opponent = :opponent) ORDER BY played_at, id"
        )
        values = {"rules": rules, "opponent": opponent}
        rows = self.records.transaction(lambda db: db.execute(query, values).fetchall())
        return typed_rows(MatchEntry, rows, _MATCH_RANGES)

    def opponents(self) -> list[str]:
        """The opponents met, in alphabetical order (for the screen's filter)."""
        query = "SELECT DISTINCT opponent FROM tavla_matches ORDER BY opponent"
        return [row[0] for row in self.records.transaction(lambda db: db.execute(query).fetchall())]

    def rule_sets(self) -> list[str]:
        query = "SELECT DISTINCT rules FROM tavla_matches ORDER BY rules"
        return [row[0] for row in self.records.transaction(lambda db: db.execute(query).fetchall())]

    def mat_text(self, match: int) -> str | None:
        """The `.mat` text of the kept match `match`, None when there is none."""
        query = "SELECT mat FROM tavla_matches WHERE id = ?"
        row = self.records.transaction(lambda db: db.execute(query, (match,)).fetchone())
        return None if row is None else str(row[0])

    def decisions(self, matches: list[int] | None = None) -> KeptRows[KeptDecision]:
        """The player's kept decisions, of the matches numbered (all when None), in order; a damaged
        row is left out and counted (`skipped`)."""
        query = f"SELECT {_DECISION_COLUMNS} FROM tavla_decisions ORDER BY match, game, turn, id"
        rows = self.records.transaction(lambda db: db.execute(query).fetchall())
        if matches is not None:
            wanted = set(matches)
            rows = [row for row in rows if row[0] in wanted]
        return typed_rows(KeptDecision, rows, _DECISION_RANGES)
