"""eXtreme Gammon's `.xg` match files read into a MatchRecord (an `.xgp` is the same archive; one that
holds a position set up rather than a game from the opening is refused, as it is no match).

The format is published (extremegammon.com/XGformat.aspx): a ZLibArchive whose `temp.xg` is a run of
2560-byte TSaveRec records: the match header (names, length, 99999 for money, Crawford, Jacoby,
beavers), then per game its header (the score, whether it is the Crawford game), before each roll a
cube record (whether the player on roll doubled, and the take, drop or beaver), a move record (the
dice, and up to four (from, to) steps in the mover's frame: 0-23 the points, 24 the bar, -1 off), and
the game's footer (winner, points, how it ended: a drop, a single game, gammon or backgammon, a
resignation, a settlement); the match footer last.

Open Sage (`bgsage.xg_file`, MPL-2.0, a dependency where its wheels exist) opens the archive and
decodes the fields it knows; those it leaves (the names, the variant, the steps played, the footers)
are read here at their published offsets. Every play and cube action is replayed through `Game`, so
a damaged or impossible record is refused with its game and move.
"""

import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from game.core.errors import UserError
from game.core.files.reading import read_regular
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.moves import apply_play
from game.tavla.engine.notation import MAX_MOVES, Move, Play
from game.tavla.engine.position import OFF
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record.mat import Stopped
from game.tavla.record.match_record import GameRecord, MatchRecord

MAX_XG_BYTES = 20_000_000  # far beyond any real match file (they are compressed)
MAX_RECORDS_BYTES = 128 * 1024 * 1024  # the records unpacked: 52,000 of them, a long money session
INSTALL = ".venv/bin/python -m pip install -e ."  # the README's install, which brings Open Sage
RECORD = 2560  # a TSaveRec
ARCHIVE_MAGIC = b"RGMH"  # the first bytes of every XG archive
XG_MONEY = 99999  # the match length of a money session
MAX_LENGTH = 9999
DEFAULT_NAMES = ("Player 1", "Player 2")
HEADER_MATCH, HEADER_GAME, CUBE, MOVE, FOOTER_GAME, FOOTER_MATCH = range(6)
SKIPPED = (6, 7)  # an entry XG leaves unimplemented, and a game missing from an imported match
VARIATIONS = {1: "Nackgammon", 2: "Hypergammon", 3: "Longgammon"}
# The opening in XG's PositionEngine (26 signed counts: 0 the opponent's bar, 1-24 the points, 25 the
# player's bar); the same from both sides.
XG_OPENING = (0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0)
# Offsets in a record that Open Sage does not decode (XG_format.pas, Delphi's alignment)
_ANSI_NAMES = (9, 50)  # SPlayer1, SPlayer2: string[40]
_UNICODE_NAMES = (880, 1138)  # Player1, Player2: TShortUnicodeString, from version 24
_UNICODE_VERSION = 24
_NAME_BYTES = 256  # 128 UTF-16 characters
_VARIATION = 96
_DATE = 128  # tsHeaderMatch Date: a Delphi TDateTime, days since 30 December 1899
_DELPHI_EPOCH = -2209161600.0  # 1899-12-30 00:00 UTC, in seconds since the Unix epoch
_POS_INIT = 21  # tsHeaderGame: the game's first position
_AUTO_DOUBLES = 64  # tsHeaderGame NumberOfAutoDoubles, from version 26: the cube starts at 2 ** n
_AUTO_DOUBLES_VERSION = 26
_BEAVER_ANSWER = 24  # tsCube BeaverR: the doubler's answer to a beaver, 0 drop, 1 take, 2 raccoon
_STEPS = 68  # tsMove Moves: 8 integers, (from, to) pairs, from -1 ends them
_FOOTER = 24  # tsFooterGame: Winner (+1, -1), Pointswon, Termination
_RESIGNED, _SETTLED = 100, 1000  # added to a footer's termination


def read_xg(path: str | Path, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match of an eXtreme Gammon `.xg` (or `.xgp`) file; UserError naming the file, the game and
    the move when it cannot be read, or when Open Sage, which opens the archive, is not installed.

    Only a regular file of at most MAX_XG_BYTES is read. `stop`, asked before each record, calls the
    reading off (Stopped) when it says so."""
    try:
        records = _temp_xg(_open_sage(), path)
        return parse_xg_records(records, stop)
    except UserError as error:
        raise UserError(f"{quoted(path)}: {error}") from None


def parse_xg_records(records: bytes, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match held in the records of an archive's `temp.xg` (`stop` as for `read_xg`)."""
    xg_file = _open_sage()
    if len(records) % RECORD:
        raise UserError(_("the match data ends in the middle of a record: the file is cut short"))
    reader = _Reader(xg_file)
    for offset, kind in xg_file.iter_records(records):
        if stop is not None and stop():
            raise Stopped
        try:
            reader.record(kind, records, offset)
        except UserError as error:
            raise UserError(reader.place(error)) from None
    return reader.finish()


def _open_sage() -> ModuleType:
    """Open Sage's XG file module, or UserError saying how to install it."""
    try:
        from bgsage import xg_file
    except ImportError:
        # Translators: {command} is the command line that installs the game with its dependencies
        message = _(
            "reading eXtreme Gammon files needs Open Sage (bgsage), which is not installed: install "
            "the game's dependencies with {command} (Open Sage is made for Linux on x86-64, Windows "
            "on x64 and macOS on Apple silicon)"
        )
        raise UserError(message.format(command=INSTALL)) from None
    return xg_file


def _temp_xg(xg_file: ModuleType, path: str | Path) -> bytes:
    """The `temp.xg` stream of the archive at `path`, checked and unpacked within MAX_RECORDS_BYTES."""
    raw = read_regular(path, MAX_XG_BYTES)
    if not raw.startswith(ARCHIVE_MAGIC):
        raise UserError(_("not an eXtreme Gammon file: it does not start with XG's archive mark (RGMH)"))
    damaged = _("the file is cut short or damaged: its archive does not add up")
    if len(raw) < xg_file.RICH_HEADER_SIZE + xg_file.ARCHIVE_TRAILER_SIZE:
        raise UserError(damaged)
    try:
        archive = xg_file.XgArchive.load(path)  # Open Sage reads the path itself, after our checks
    except (ValueError, IndexError, struct.error, zlib.error, OSError):
        raise UserError(damaged) from None
    entry = next((entry for entry in archive.entries if entry.name == "temp.xg"), None)
    if entry is None:
        raise UserError(_("the archive holds no match (no temp.xg in it)"))
    data = bytes(entry.blob) if not entry.compressed else _unpacked(entry.blob, damaged)
    if len(data) > MAX_RECORDS_BYTES:
        # Translators: {limit} is a number of bytes
        message = _("the match data unpacks to more than {limit} bytes: it was not read")
        raise UserError(message.format(limit=f"{MAX_RECORDS_BYTES:,}"))
    return data


def _unpacked(blob: bytes, damaged: str) -> bytes:
    """`blob` inflated a megabyte at a time (a third of the time of one call that grows one buffer),
    stopping past MAX_RECORDS_BYTES; UserError `damaged` when the stream is broken or cut short."""
    unpacker = zlib.decompressobj()
    parts: list[bytes] = []
    size, rest = 0, blob
    try:
        while not unpacker.eof and size <= MAX_RECORDS_BYTES:
            part = unpacker.decompress(rest, 1 << 20)
            rest = unpacker.unconsumed_tail
            if not part and not rest:
                break
            parts.append(part)
            size += len(part)
    except zlib.error:
        raise UserError(damaged) from None
    if size <= MAX_RECORDS_BYTES and not unpacker.eof:
        raise UserError(damaged)
    return b"".join(parts)


def _integers(data: bytes, offset: int, count: int = 1) -> tuple[int, ...]:
    return struct.unpack_from(f"<{count}i", data, offset)


def _seat(active: int) -> int:
    """The seat of XG's player: 1 the first (seat 0), -1 (or 2) the second."""
    if active == 1:
        return 0
    if active in (-1, 2):
        return 1
    # Translators: {value} is a number read from a file where 1 or -1 was expected
    raise UserError(_("a player numbered {value}: XG numbers them 1 and -1").format(value=active))


def _names(data: bytes, offset: int, version: int) -> tuple[str, str]:
    """The players' names: in Unicode from version 24, else (or when empty) in the ANSI fields."""
    names = []
    for seat in (0, 1):
        name = ""
        if version >= _UNICODE_VERSION:
            start = offset + _UNICODE_NAMES[seat]
            name = data[start : start + _NAME_BYTES].decode("utf-16-le", errors="replace").split("\0")[0]
        if not name.strip() or not name.isprintable():
            start = offset + _ANSI_NAMES[seat]
            name = data[start + 1 : start + 1 + min(data[start], 40)].decode("cp1252", errors="replace")
        names.append(" ".join(name.split()) or DEFAULT_NAMES[seat])
    return names[0], names[1]


def _steps(data: bytes, offset: int) -> Play | None:
    """A move record's steps in our notation (the mover's points, 25 the bar, 0 off); None when none
    is written at all (a roll not yet played: the game was saved there)."""
    values = _integers(data, offset + _STEPS, 2 * MAX_MOVES)
    if not any(values):
        return None
    moves: list[Move] = []
    for start, end in zip(values[::2], values[1::2], strict=True):
        if start == -1:
            break
        if not (0 <= start <= 24 and -6 <= end <= 23):  # off is written as the point less the die
            # Translators: {start} and {end} are numbers read from a file where points 0-24 were expected
            message = _(
                "a move from {start} to {end}: XG numbers the points 0-23, the bar 24 and off below 0"
            )
            raise UserError(message.format(start=start, end=end))
        moves.append((start + 1, max(end + 1, OFF)))
    return tuple(moves)


class _Reader:
    """The match read so far, one record at a time."""

    def __init__(self, xg_file: ModuleType) -> None:
        self.xg_file = xg_file
        self.length: int | None = None
        self.names = DEFAULT_NAMES
        self.jacoby = self.beavers = False
        self.played_at: float | None = None
        self.games: list[GameRecord] = []
        self.game: _GameReader | None = None
        self.number = 0  # the game being read (0: none yet)
        self.version = 0

    def place(self, error: UserError) -> str:
        """`error` with where it was found: the match header, or the game and its move."""
        if not self.number:
            # Translators: {problem} says what is wrong with an eXtreme Gammon file outside its games
            return _("the match header: {problem}").format(problem=error)
        move = len(self.game.game.record) + 1 if self.game is not None else 1
        # Translators: {game} and {move} are numbers (the first game and move are 1); {problem} says
        # what is wrong with the file there
        return _("game {game}, move {move}: {problem}").format(game=self.number, move=move, problem=error)

    def record(self, kind: int, data: bytes, offset: int) -> None:
        if kind == HEADER_MATCH:
            self.match_header(data, offset)
        elif kind == HEADER_GAME:
            self.game_header(data, offset)
        elif kind in (CUBE, MOVE, FOOTER_GAME):
            if self.game is None:
                raise UserError(_("a move or a cube action outside a game"))
            if kind == CUBE:
                self.game.cube(self.xg_file.parse_cube_record(data, offset), data, offset)
            elif kind == MOVE:
                move = self.xg_file.parse_move_record(data, offset)
                self.game.move(_seat(move["actif"]), move["dice"], _steps(data, offset))
            else:
                self.game.footer(*_integers(data, offset + _FOOTER, 3))
                self.close()
        elif kind not in (FOOTER_MATCH, *SKIPPED):
            # Translators: {kind} is a number read from a file where 0-7 was expected
            raise UserError(_("a record of unknown kind {kind}: the file is damaged").format(kind=kind))

    def match_header(self, data: bytes, offset: int) -> None:
        if self.length is not None:
            raise UserError(_("a second match header: an eXtreme Gammon file holds one match"))
        try:
            header = self.xg_file.parse_header(data, offset)
        except ValueError:
            raise UserError(_("no eXtreme Gammon match header (its DMLI mark is missing)")) from None
        variation = _integers(data, offset + _VARIATION)[0]
        if variation != 0:
            # Translators: {variant} is the name of a game played on a backgammon board (Nackgammon...)
            message = _("a match of {variant}: only backgammon is read")
            raise UserError(message.format(variant=VARIATIONS.get(variation, str(variation))))
        length = header["match_length"]
        if length == XG_MONEY:
            length = MONEY
        elif not 1 <= length <= MAX_LENGTH:
            # Translators: {length} is a number read from a file as a match's length in points
            message = _("a match to {length} points: a match is played to 1-9999 points, or for money")
            raise UserError(message.format(length=length))
        self.length = length
        money = length == MONEY
        self.jacoby, self.beavers = money and header["jacoby"], money and header["beaver"]
        self.names = _names(data, offset, header["version"])
        self.played_at = _played_at(data, offset)
        self.version = header["version"]

    def game_header(self, data: bytes, offset: int) -> None:
        if self.length is None:
            raise UserError(_("a game before the match header"))
        self.close()
        header = self.xg_file.parse_game_header(data, offset)
        score = (header["score1"], header["score2"])
        self.number += 1
        if min(score) < 0 or (self.length and max(score) >= self.length):
            # Translators: {first}–{second} is the score before a game; {length} the match length in points
            message = _("a game at {first}–{second} in a match to {length}: the match was over")
            raise UserError(message.format(first=score[0], second=score[1], length=self.length))
        self.game = _GameReader(self.number, score, self._terms(score, header["crawford"]))
        if self.version >= _AUTO_DOUBLES_VERSION and _integers(data, offset + _AUTO_DOUBLES)[0] > 0:
            raise UserError(_("a game with automatic doubles (its cube starts above 1): not played here"))
        start = struct.unpack_from("<26b", data, offset + _POS_INIT)
        if any(start) and start != XG_OPENING:
            raise UserError(
                _(
                    "the game starts from a position set up in eXtreme Gammon, not from the opening: "
                    "a position file is studied as a position, not read as a match"
                )
            )

    def _terms(self, score: tuple[int, int], crawford: bool) -> CubeTerms:
        """The cube's terms for a game at `score`; UserError where the engine cannot play them (a match
        beyond the match equity table, a Crawford game where nobody needs one point)."""
        if self.length == MONEY:
            return CubeTerms(jacoby=self.jacoby, beavers=self.beavers)
        terms = CubeTerms(length=self.length, scores=score, crawford=crawford)
        terms.cube_for(0, 1, None)
        return terms

    def close(self) -> None:
        """The game read so far kept (a game never started is left out)."""
        if self.game is not None:
            record = self.game.finish()
            if record.turns or record.cube or record.winner is not None:
                self.games.append(record)
            self.game = None

    def finish(self) -> MatchRecord:
        if self.length is None:
            raise UserError(_("no match header: the file holds no match"))
        self.close()
        if not self.games:
            raise UserError(_("no game"))
        return MatchRecord(
            self.names,
            self.length,
            Rules.STANDARD,
            tuple(self.games),
            self.jacoby,
            self.beavers,
            played_at=self.played_at,
        )


class _GameReader:
    """One game replayed through `Game`, its cube too; the result from its footer."""

    def __init__(self, number: int, score: tuple[int, int], terms: CubeTerms) -> None:
        self.number, self.score = number, score
        self.game = Game(Rules.STANDARD, seed=0, cube=terms)
        self.winner: int | None = None
        self.points = 0
        self.resigned: Resignation | None = None

    def check_turn(self, seat: int) -> None:
        if self.game.over:
            raise UserError(_("a move after the end of the game"))
        if self.game.turn != seat:
            raise UserError(_("it is the other player's turn"))

    def cube(self, cube: dict[str, int], data: bytes, offset: int) -> None:
        """A cube record: nothing when its player did not double (or could not), else the double and
        its answer (a take, a drop, or a beaver and the doubler's answer to it)."""
        if cube["double"] != 1:
            return
        game = self.game
        if game.turn is None:
            raise UserError(_("a double before the opening roll"))
        self.check_turn(_seat(cube["actif"]))
        if game.dice is not None or game.offered_by is not None:
            raise UserError(_("a double in the middle of a turn"))
        if not game.may_double():
            message = _(
                "a double the rules do not allow here: the opponent owns the cube, or it is the Crawford game"
            )
            raise UserError(message)
        game.double()
        take = cube["take"]
        if take == 2:
            if not game.may_beaver():
                message = _(
                    "a beaver where the rules allow none: beavers are for money sessions that play them"
                )
                raise UserError(message)
            game.beaver()
            take = _integers(data, offset + _BEAVER_ANSWER)[0]
            if take == 2:
                raise UserError(_("a raccoon (a beaver redoubled): not played here, one beaver to a double"))
        if take == 1:
            game.take()
        elif take == 0:
            game.pass_double()
        elif take != -1:  # -1: the answer still to come (a game saved in the middle)
            # Translators: {value} is a number read from a file where 0 (drop), 1 (take) or 2 (beaver)
            # was expected
            raise UserError(_("an answer to a double numbered {value}").format(value=take))

    def move(self, seat: int, dice: list[int], steps: Play | None) -> None:
        """A move record: the roll (the opening roll for the first) and its play; a record with no
        steps at all is a roll the game was saved before playing, and is left out."""
        if steps is None or (dice == [0, 0] and not steps):
            return
        game = self.game
        if game.turn is None:
            if dice[0] == dice[1]:
                raise UserError(_("the opening roll cannot be a tie: both sides roll again"))
            high, low = max(dice), min(dice)
            game.start((high, low) if seat == 0 else (low, high))
        else:
            self.check_turn(seat)
            if game.offered_by is not None:
                raise UserError(_("a roll before the double was taken or dropped"))
            game.roll((dice[0], dice[1]))
        _play(game, steps)

    def footer(self, winner_code: int, points: int, termination: int) -> None:
        """The game's end as the file states it, checked against the board and the cube."""
        game, result = self.game, self.game.result
        winner = _seat(winner_code)
        if termination >= _RESIGNED:
            if result is not None:
                raise UserError(_("a resignation after the end of the game"))
            if points < 1:
                raise UserError(_("a game is won by at least 1 point"))
            level, rest = divmod(points, game.cube_value)  # what the loser gave up, over the cube
            levels = [resignation.value for resignation in game.rules.resignations]
            if termination < _SETTLED and not rest and level in levels:
                self.resigned = Resignation(level)
        elif termination == 0:
            if result is None or result.kind is not Outcome.PASSED:
                raise UserError(_("the file ends this game with a drop, but no double was dropped"))
            points = result.points
        elif termination in (1, 2, 3):
            if result is None or result.kind is Outcome.PASSED:
                message = _("the file ends this game with the last checker borne off, but checkers are left")
                raise UserError(message)
            points = result.points
        else:
            # Translators: {value} is a number read from a file that says how a game ended
            raise UserError(_("a game that ended in a way numbered {value}").format(value=termination))
        if result is not None and result.winner != winner:
            raise UserError(_("the winner named is not the player who won"))
        self.winner, self.points = winner, points

    def finish(self) -> GameRecord:
        game = self.game
        winner, points = self.winner, self.points
        if winner is None and game.result is not None:  # the file ends without the game's footer
            winner, points = game.result.winner, game.result.points
        cube = tuple(game.cube_record)
        return GameRecord(tuple(game.record), cube, self.score, winner, points, self.resigned)


def _play(game: Game, steps: Play) -> None:
    """Play `steps` for the player on roll; a step over more than one die (XG writes each die apart,
    but a file from elsewhere may not) is taken as the legal play that leaves the same position."""
    try:
        game.play(steps)
    except UserError:
        reached = _moved(game.state, steps)
        same = [play for play, after in game.legal_results() if after == reached]
        if not same:
            raise
        game.play(same[0])


def _moved(state: tuple[int, ...], steps: Play) -> tuple[int, ...] | None:
    """The position after moving a checker along each step, hitting a blot where one lands (None when
    a step starts where the player has no checker)."""
    board = list(state)
    for start, end in steps:
        if board[start] <= 0 or end >= start:
            return None
        board = list(apply_play(board, ((start, end),)))
    return tuple(board)


def _played_at(data: bytes, offset: int) -> float | None:
    """The match header's date (None where XG wrote none or a date out of reach)."""
    (days,) = struct.unpack_from("<d", data, offset + _DATE)
    return _DELPHI_EPOCH + days * 86400.0 if 1.0 < days < 200_000.0 else None
