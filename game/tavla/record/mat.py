"""Jellyfish `.mat` match files read (ours, GNU Backgammon's, other programs') into a MatchRecord, every
play replayed through `Game`; the patterns of the lines are mat_lines.py's, the writing mat_export.py's.

The format: ` 5 point match`, then per game ` Game 1`, the score line ` Name1 : 0   Name2 : 0`, numbered
lines of two cells (the left one is the first player's, and is blank when the second player opens):
`  1) 31: 8/5 6/5      64: 24/18 13/9`, cube actions ` Doubles => 2`, ` Takes`, ` Drops`, and
`Wins 1 point` in the winner's column. Moves may be chained (`24/18/13`), repeated (`13/7(2)`) and
carry `*` for hits; `bar` and `off` are read as 25 and 0. Every play is replayed through `Game`, so a
file that breaks the rules is refused with the number of the line and what is wrong with it.

A resigned game ends with the winner's `Wins N points` after its last play (mat_export.py). Read back, a
game whose "Wins" comes before its end on the board and after no drop is a resignation (at the level
below), and dice written alone before it the roll it was resigned with.

A money session is a ` 0 point match`. Its options with the cube are written in the header as XG writes
them and gnubg reads past them (`; [Jacoby "On"]`, `; [Beaver "Off"]`); a money file without them is read
under the Jacoby rule, as gnubg imports one with its default settings, except our own export: it writes
them whenever the cube was in play, so one without them was played without it (tavla, or standard rules
with the cube off), where no Jacoby rule halves a gammon or a mars. A beaver is written in the column
of the player who beavered as gnubg's exporter writes it, ` Doubles => 4` (a double of a double), then
the doubler's ` Takes` or ` Drops`; but a beaver taken and followed by the doubler's roll as XG writes
it, ` Beavers => 4` with the take left unwritten, so that the roll stays in the doubler's column (gnubg's
own export puts it in the wrong one). gnubg reads both (import.c `ParseMatMove`), and so does
`parse_mat`; gnubg reads no ` Beavers` before ` Drops` (it then loses the next game's first roll).

Other programs' files are read as gnubg's importer reads them. Backgammon Galaxy writes the loser's
`Losses N point` cell beside or before the winner's `Wins` (read past). Backgammon Studio writes moves
combined (`22/13` for 22/18/13, `25/21` entering with 3 and 1, `13/5` with 22), in any order, and
`Cannot Move` for a roll that cannot be played: a play that is not legal as written is the legal play
that takes the same checkers from the same points to the same points, hitting the fewest blots on the
way (gnubg's `ExpandMatMove` hits none on the first part of a combined move). A roll written without
moves where exactly one play is possible is that play, as gnubg reads it. A game's points are counted
as gnubg counts them, from its end and the cube: the final position's single, gammon or backgammon
(the Jacoby rule in money play), the cube's value for a drop, and for a resignation the level its
`Wins N` gives (a single game up to the cube's value, a gammon up to twice it, else a backgammon);
where the file writes other points (Galaxy writes a gammon on a 2-cube that wins the match as
`Wins 3 point and the match`) or another winner, one warning line says so (`MatchRecord.warnings`). A
game with no moves is kept as the empty game it is, and games after the match is won (by the points
counted, or by a later game's score line) are not read, as gnubg reads no further; a second warning line
says so.

A match played here with committed dice (engine/committed_dice.py) writes them in the header, as
comments every reader passes over: `; [DiceCommitment "<SHA-256 of the seed>"]` from the start, and
`; [DiceSeed "<the seed>"]` once the match is over; mat_lines.py's `written_dice` reads every roll of a
file without replaying its plays, for `dice verify` (game/tavla/record/dice_proof.py).
"""

import io
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from game.core.errors import UserError
from game.core.files.reading import read_regular_text
from game.core.text.i18n import _, ngettext
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import CubeTurn, Game
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.notation import Play, format_move
from game.tavla.engine.position import OFF, OPP_BAR
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record.mat_lines import (
    DICE_TAG,
    EVENT_DATE_TAG,
    GAME_LINE,
    LENGTH_LINE,
    MAT_DEFAULT_NAMES,
    NUMBERED,
    OPTION_TAG,
    OUR_HEADER,
    line_cells,
    score_line,
    written_play,
)
from game.tavla.record.match_record import GameRecord, MatchRecord, day_at_noon

MAX_MAT_BYTES = 5_000_000  # far beyond any real match file
MAX_LINE_CHARS = 1000  # far beyond any real line (two cells of dice and moves); comments are not held to it


class Stopped(Exception):
    """The reading was called off by its `stop` (the screen that wanted the match was left)."""


class OtherGame(UserError):
    """A match file of another game of the board than backgammon (our export of a Plakoto match), read
    no further than its header: `rules` says which game, so a list can name it."""

    def __init__(self, message: str, rules: Rules) -> None:
        super().__init__(message)
        self.rules = rules


def read_mat(
    path: str | Path, rules: Rules | None = None, stop: Callable[[], bool] | None = None
) -> MatchRecord:
    """The match of a `.mat` file; UserError naming the file (and the line) when it cannot be read.

    Only a regular file is read (a FIFO named `*.mat` is refused, never waited on), and only up to
    MAX_MAT_BYTES. `stop`, asked before each line, calls the reading off (Stopped) when it says so."""
    text = read_regular_text(path, MAX_MAT_BYTES)
    try:
        return parse_mat(text, rules, stop)
    except OtherGame as error:
        raise OtherGame(f"{quoted(path)}: {error}", error.rules) from None
    except UserError as error:
        raise UserError(f"{quoted(path)}: {error}") from None


def parse_mat(text: str, rules: Rules | None = None, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match written in `text`. `rules` None: the rules our own export names, else standard
    (GNU Backgammon's and Jellyfish's files are standard backgammon). `stop` as for `read_mat`."""
    lines = io.StringIO(text, newline=None)  # a line at a time: a list of them all took 0.1 s to free
    header = text[: text.find(" Game ")]  # the export names its rules on its first line
    named = OUR_HEADER.search(header)  # in C, not a Python loop over lines; the whole 5 MB took 40 ms
    if rules is None:
        rules = Rules.parse(named.group(1)) if named else Rules.STANDARD
    if ".mat" not in rules.records:  # an old export of another game of the board (Plakoto, Fevga...)
        # Translators: {rules} is the game a match file names (plakoto, fevga...); {known} the games .mat
        # files hold (tavla, standard, portes); .tgr and the file's path are kept as they are
        message = _(
            "a {rules} match in a .mat file, which holds only {known}: the game keeps {rules} matches as "
            ".tgr files (docs/table-games-record.md); export the match again from the table"
        )
        known = ", ".join(member.value for member in Rules if ".mat" in member.records)
        raise OtherGame(message.format(rules=rules, known=known), rules)
    reader = _Reader(rules, ours=named is not None)
    for number, line in enumerate(lines, 1):
        if stop is not None and stop():
            raise Stopped
        try:
            reader.line(line.removesuffix("\n"))
        except UserError as error:
            # Translators: {line} is a line number of a match file; {problem} says what is wrong there
            raise UserError(_("line {line}: {problem}").format(line=number, problem=error)) from None
    try:
        return reader.finish()
    except UserError as error:
        # Translators: {problem} says what is wrong with a match file as a whole
        raise UserError(_("the match file is incomplete: {problem}").format(problem=error)) from None


class _Reader:
    """The match read so far, one line at a time (`ours`: a file of our own export)."""

    def __init__(self, rules: Rules, ours: bool = False) -> None:
        self.rules = rules
        self.ours = ours
        self.length: int | None = None
        self.names: tuple[str, str] | None = None
        self.games: list[GameRecord] = []
        self.game: _GameReader | None = None
        self.scores = (0, 0)  # after the games read so far
        self.tags: dict[str, bool] = {}  # the header's Jacoby and Beaver tags
        self.played_at: float | None = None  # its EventDate tag
        self.dice: dict[str, str] = {}  # its DiceCommitment and DiceSeed tags, lower case
        self.recounted: list[str] = []  # the games whose points differ from the file's, described
        self.left: int | None = None  # games not read after the match was over (None: not over)
        self.last_number = 0  # the number of the last game read, as the file writes it

    def line(self, line: str) -> None:
        stripped = line.strip()
        if self.length is None and (tag := OPTION_TAG.fullmatch(stripped)) is not None:
            self.tags[tag.group(1).lower()] = tag.group(2).lower() == "on"
            return
        if self.length is None and (date := EVENT_DATE_TAG.fullmatch(stripped)) is not None:
            self.played_at = day_at_noon(*(int(part) for part in date.groups()))
            return
        if self.length is None and (dice := DICE_TAG.fullmatch(stripped)) is not None:
            self.dice[dice.group(1).lower()] = dice.group(2).lower()
            return
        if not stripped or stripped.startswith(";"):
            return
        if self.left is not None:  # the match is over: gnubg reads no further, nor do we
            self.left += GAME_LINE.fullmatch(line) is not None
            return
        if len(line) > MAX_LINE_CHARS:
            # Translators: {count} is the length of a line of a match file; {limit} the most it may have
            message = _("a line of {count} characters: the lines of a match file hold at most {limit}")
            raise UserError(message.format(count=f"{len(line):,}", limit=f"{MAX_LINE_CHARS:,}"))
        if (found := LENGTH_LINE.fullmatch(line)) is not None:
            if self.length is not None:
                raise UserError(_("a second 'point match' line"))
            self.length = int(found.group(1))
            return
        if (found := GAME_LINE.fullmatch(line)) is not None:
            if self.length is None:
                raise UserError(_("a game before the 'N point match' line"))
            self._close()
            if self.length and max(self.scores) >= self.length:
                self.left = 1
                return
            self.game = _GameReader(self.rules, self.length == MONEY, self.jacoby, int(found.group(1)))
            return
        if self.game is None:
            raise UserError(
                _("expected 'N point match' or 'Game N', found {text}").format(text=in_quotes(stripped))
            )
        if not self.game.has_score and (score := score_line(line)) is not None:
            first, first_points, second, second_points = score
            if self.length and max(first_points, second_points) >= self.length and self.games:
                self.game, self.left = None, 1  # the file's own score ends the match: gnubg stops here
                return
            if self.length and max(first_points, second_points) >= self.length:
                # Translators: {first}–{second} is the score a game of a match file starts at; {length}
                # the match length in points
                message = _(
                    "a score of {first}–{second} in a match to {length}: "
                    "a game starts only while both players have fewer than {length} points"
                )
                raise UserError(message.format(first=first_points, second=second_points, length=self.length))
            self.game.score = (first_points, second_points)
            self.game.has_score = True
            if self.names is None:
                self.names = (first, second)
            return
        numbered = NUMBERED.match(line)
        start = numbered.end() if numbered else 0
        self.game.cells(line_cells(line, start, numbered is not None))

    @property
    def cube(self) -> bool:
        """Whether the cube was in play: where the rules have one, but not in a money session our own
        export wrote without its cube options (it writes them whenever the cube was in play)."""
        return self.rules.has_cube and not (self.ours and self.length == MONEY and not self.tags)

    @property
    def jacoby(self) -> bool:
        """A money session's Jacoby rule, with the cube: as its tag says, else on (gnubg's default)."""
        return self.length == MONEY and self.cube and self.tags.get("jacoby", True)

    def _close(self) -> None:
        """The game read so far kept, and the score after it: from the score line it starts at (the
        games before it when it has none), with its winner's points (the cube's value included)."""
        if self.game is not None:
            record = self.game.finish()
            scores = list(record.score if self.game.has_score else self.scores)
            if record.winner is not None:
                scores[record.winner] += record.points
            self.scores = (scores[0], scores[1])
            self.games.append(record)
            self.recount(self.game, record)
            self.last_number, self.game = self.game.number, None

    def recount(self, game: "_GameReader", record: GameRecord) -> None:
        """Note a game whose `Wins` names another winner or other points than its end and cube give."""
        if game.stated is None or record.winner is None or game.stated == (record.winner, record.points):
            return
        (seat, written), number = game.stated, game.number
        if seat == record.winner:
            # Translators: part of a warning about a match file; {number} is a game's number, {written}
            # the points the file gives its winner, {counted} the points counted from its end and cube
            text = _("game {number}: {written} written, {counted} counted")
            self.recounted.append(text.format(number=number, written=written, counted=record.points))
            return
        names = self.names or MAT_DEFAULT_NAMES
        # Translators: part of a warning about a match file; {number} is a game's number, then the winner
        # and points the file writes, and the winner and points counted from the game's end and cube
        text = _("game {number}: {written_name} {written} written, {counted_name} {counted} counted")
        self.recounted.append(
            text.format(
                number=number,
                written_name=names[seat],
                written=written,
                counted_name=names[record.winner],
                counted=record.points,
            )
        )

    def warnings(self) -> tuple[str, ...]:
        """One line for the games counted otherwise than written, one for the games left unread."""
        lines = []
        if self.recounted:
            # Translators: a warning about a match file; {games} lists games as "game 5: 3 written, 4 counted"
            message = _(
                "points counted as GNU Backgammon counts them, from each game's end and the cube, where "
                "the file writes others: {games}"
            )
            lines.append(message.format(games="; ".join(self.recounted)))
        if self.left:
            # Translators: a warning about a match file; {number} is the game that won the match
            message = ngettext(
                "the match was over after game {number}: the game after it is not read (nor does GNU "
                "Backgammon read it)",
                "the match was over after game {number}: the {count} games after it are not read (nor "
                "does GNU Backgammon read them)",
                self.left,
            )
            lines.append(message.format(number=self.last_number, count=self.left))
        return tuple(lines)

    def finish(self) -> MatchRecord:
        if self.length is None:
            raise UserError(_("no 'N point match' line"))
        self._close()
        if not self.games:
            raise UserError(_("no game"))
        names = self.names or ("Player 1", "Player 2")
        beavered = any(action.event is CubeEvent.BEAVER for game in self.games for action in game.cube)
        beavers = self.length == MONEY and (self.tags.get("beaver", False) or beavered)
        return MatchRecord(
            names,
            self.length,
            self.rules,
            tuple(self.games),
            self.jacoby,
            beavers,
            self.warnings(),
            self.cube,
            self.played_at,
            self.dice.get("dicecommitment"),
            self.dice.get("diceseed"),
        )


def _meant(game: Game, written: Play) -> Play | None:
    """The legal play that `written` stands for when it is not legal as written: the one that takes the
    same checkers from the same points to the same points (moves combined, `22/13` for 22/18/13, or
    split another way), hitting the fewest blots on the way, as gnubg takes no hit on the first part of
    a combined move; None when no legal play moves so."""
    net = _net(written)
    found = [(after[OPP_BAR], play) for play, after in game.legal_results() if _net(play) == net]
    return min(found)[1] if found else None


def _net(play: Play) -> tuple[list[int], list[int]]:
    """The points a play takes checkers from and brings them to, each point a checker only passes
    through left out."""
    starts, ends = Counter(move[0] for move in play), Counter(move[1] for move in play)
    return sorted((starts - ends).elements()), sorted((ends - starts).elements())


class _GameReader:
    """One game being replayed: turns through `Game`, the cube beside it (`money`: beavers may come;
    `jacoby`: a game won with the cube unturned counts as a single game); `number` as the file writes it."""

    def __init__(self, rules: Rules, money: bool = False, jacoby: bool = False, number: int = 0) -> None:
        self.game = Game(rules)
        self.money, self.jacoby, self.number = money, jacoby, number
        self.score = (0, 0)
        self.has_score = False
        self.cube: list[CubeEvent] = []
        self.value = 1
        self.owner: int | None = None
        self.offered: CubeEvent | None = None
        self.winner: int | None = None
        self.points = 0
        self.pending = False  # a roll written without its play ended the record
        self.stated: tuple[int, int] | None = None  # the file's "Wins N": (seat, N)
        self.level: Resignation | None = None  # the level resigned, once the game is found resigned

    def cells(self, cells: list[tuple[int, re.Match[str]]]) -> None:
        for seat, item in cells:
            self.item(seat, item)

    def item(self, seat: int, item: re.Match[str]) -> None:
        if item.group("losses") is not None:
            return  # Galaxy writes the loser's cell beside the winner's; gnubg reads past it
        if item.group("wins") is not None:
            self.stated = self.stated or (seat, int(item.group("wins")))
        elif self.stated is not None or self.winner is not None:
            raise UserError(_("a move after the end of the game"))
        elif self.pending:
            raise UserError(_("a roll without a play in the middle of a game"))
        elif item.group("roll") is not None:
            self.roll(seat, item.group("roll"), item.group("moves"))
        else:
            self.cube_action(seat, item)

    def roll(self, seat: int, roll: str, moves: str) -> None:
        offered = self.offered
        if offered is not None and offered.event is CubeEvent.BEAVER and offered.player != seat:
            self.answer(seat, take=True)  # the doubler rolls: the beaver was taken (XG writes no take)
        if self.offered is not None:
            raise UserError(_("a roll before the double was taken or dropped"))
        dice = (int(roll[0]), int(roll[1]))
        game = self.game
        if game.turn is None and game.variant.opening_roll_played:
            high, low = max(dice), min(dice)
            game.start((high, low) if seat == 0 else (low, high))
        elif game.turn is None:  # Portes: the opening roll's winner rolls again, the first roll written
            game.start(first=seat)
            game.roll(dice)
        else:
            self.check_turn(seat)
            game.roll(dice)
        play = written_play(moves)
        if play:
            self.play(play)
            return
        legal = game.legal_plays()
        if len(legal) > 1:
            self.pending = True  # the dice alone: rolled, then resigned (or the record ends)
            return
        game.play(legal[0] if legal else ())  # a pass, or the one play possible (as gnubg reads it)

    def play(self, written: Play) -> None:
        """Play `written`, else the legal play it stands for (`_meant`). When it stands for none: the
        play's first broken rule, or for a move written combined (as long as two or more dice), that no
        legal play moves so."""
        try:
            self.game.play(written)
        except IllegalPlay:
            meant = _meant(self.game, written)
            if meant is not None:
                self.game.play(meant)
                return
            dice = self.game.dice or (0, 0)
            sums = {dice[0] * count for count in (2, 3, 4)} if dice[0] == dice[1] else {sum(dice)}
            if not any(end != OFF and start - end in sums for start, end in written):
                raise  # no move written combined: the first rule the play breaks as written
            starts, ends = (" ".join(map(str, points)) for points in _net(written))
            # Translators: {play} is a play of a match file, e.g. 25/20; {dice} the roll, e.g. 31; {starts}
            # and {ends} the points the play takes checkers from and to (25 the bar, 0 off)
            message = _("{play}: no legal play of {dice} takes checkers from {starts} to {ends}")
            play = " ".join(format_move(move) for move in written)
            raise UserError(
                message.format(play=play, dice=f"{dice[0]}{dice[1]}", starts=starts, ends=ends)
            ) from None

    def check_turn(self, seat: int) -> None:
        if self.game.result is not None:
            raise UserError(_("a move after the last checker was borne off"))
        if self.game.turn != seat:
            # Translators: {side} is "left" or "right": the column of a .mat file the move belongs in
            message = _("it is the other player's turn ({side} column expected)")
            raise UserError(message.format(side=_("left") if seat == 1 else _("right")))

    def cube_action(self, seat: int, item: re.Match[str]) -> None:
        turn = len(self.game.record)
        if item.group("beaver") is not None:
            self.beaver(seat, int(item.group("beaver")), turn)
            return
        offered = self.offered
        if item.group("double") is not None and offered is not None and offered.player != seat:
            self.beaver(seat, int(item.group("double")), turn)  # gnubg writes a beaver as a double
            return
        if item.group("double") is not None:
            value = int(item.group("double"))
            if self.game.turn is None:
                raise UserError(_("a double before the opening roll"))
            self.check_turn(seat)
            if self.offered is not None or self.game.dice is not None:
                raise UserError(_("a double in the middle of a turn"))
            if self.owner == 1 - seat:
                raise UserError(_("a double by the player who does not own the cube"))
            if value != 2 * self.value:
                message = _("the cube is at {value}, so a double makes it {double}, not {given}")
                raise UserError(message.format(value=self.value, double=2 * self.value, given=value))
            self.offered = CubeTurn(seat, CubeEvent.DOUBLE, value, turn)
            self.cube.append(self.offered)
            return
        self.answer(seat, item.group("take") is not None)

    def answer(self, seat: int, take: bool) -> None:
        """`seat` takes or drops the double (or the beaver) offered by the other player."""
        offered, turn = self.offered, len(self.game.record)
        if offered is None or offered.player == seat:
            raise UserError(_("a take or drop without a double by the other player"))
        if take:
            beaver = offered.event is CubeEvent.BEAVER
            self.value, self.owner = offered.value, offered.player if beaver else seat
            self.cube.append(CubeTurn(seat, CubeEvent.TAKE, self.value, turn))
        else:
            self.cube.append(CubeTurn(seat, CubeEvent.PASS, self.value, turn))
            self.winner, self.points = 1 - seat, self.value
        self.offered = None

    def beaver(self, seat: int, value: int, turn: int) -> None:
        """`seat`, doubled, takes and redoubles to `value` at once, keeping the cube."""
        offered = self.offered
        if not self.money:
            raise UserError(_("a beaver in a match: beavers are for money play"))
        if offered is None or offered.player == seat or offered.event is not CubeEvent.DOUBLE:
            raise UserError(_("a beaver without a double by the other player"))
        if value != 2 * offered.value:
            message = _("the cube is at {value}, so a double makes it {double}, not {given}")
            raise UserError(message.format(value=offered.value, double=2 * offered.value, given=value))
        self.value, self.owner = offered.value, seat
        self.offered = CubeTurn(seat, CubeEvent.BEAVER, value, turn)
        self.cube.append(self.offered)

    def finish(self) -> GameRecord:
        """The game with its winner and points counted as gnubg counts them: from the final position
        (the Jacoby rule in money play), the drop, or the level a `Wins` before the end resigns."""
        if self.offered is not None and self.winner is None:
            raise UserError(_("a double was neither taken nor dropped"))
        result = self.game.result
        if result is not None:
            points = 1 if self.jacoby and self.value == 1 else result.points
            self.winner, self.points = result.winner, points * self.value
        elif self.winner is None and self.stated is not None:
            self.winner, self.level = self.stated[0], self.resigned(self.stated[1])
            self.points = self.game.rules.points(self.level) * self.value
        record = tuple(self.game.record)
        rolled = self.game.dice if self.level is not None and self.pending else None  # "52:" then resigned
        return GameRecord(record, tuple(self.cube), self.score, self.winner, self.points, self.level, rolled)

    def resigned(self, written: int) -> Resignation:
        """The level a game won for `written` points before its end, not by a drop, was resigned at, as
        gnubg reads it: a single game up to the cube's value, a gammon up to twice it, else the highest
        level the rules score."""
        level = 1 if written <= self.value else 2 if written <= 2 * self.value else 3
        return min(Resignation(level), max(self.game.rules.resignations))
