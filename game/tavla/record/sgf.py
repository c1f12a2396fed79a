"""GNU Backgammon's own match files, `.sgf`: read into a MatchRecord, and written from one.

The format (gnubg's sgf.c, `SaveGame` and `RestoreGame`): SGF with one game tree per game, each opening
with a root node `(;FF[4]GM[6]CA[UTF-8]AP[...]MI[length:5][game:0][ws:0][bs:0]PW[name]PB[name]RU[...]RE[...]`
(GM[6] is backgammon; MI the match length, 0 for money, the game's number from 0 and the score before it,
White's then Black's; PW and PB the players; RU the rules, colon-separated: Crawford, CrawfordGame,
Jacoby, NoCube; RE the result: `W+2`, `B+4R` when the loser resigned), then a node per action:
`;W[62agln]` (White rolled 62 and moved), `;B[61]` (no move), `;W[double]`, `;B[take]`, `;B[drop]`.
White is gnubg's player 0, our seat 0; Black seat 1. A move is the two dice then up to four pairs of
letters, from and to, in White's numbering of the board: `a` is White's 1-point and Black's 24, `x`
White's 24, `y` the bar and `z` off, for both players. A beaver is a `double` by the player doubled.

Reading follows gnubg's `RestoreGame`: the first variation of every branch, the result played on the
board (or by the drop) rather than RE's when the two disagree, RE only for a game that ends before its
end on the board: a resignation at RE's points over the cube's value (gnubg's level, 1 to 3). Every
play is replayed through `Game`, every cube action through its cube, so a file that breaks the rules is
refused with the line and the property (`line 12: 'W[62agln]': ...`). What the analysis wrote (A, DA,
LU, GS, comments...) is read past. A position or a cube set up by hand (AE/AB/AW, CP, CV) is refused:
a match record starts at the opening. gnubg writes rolled dice not yet played as `;PL[W]DI[52]`, read
past as the .mat reader reads past such a roll.

Writing follows `SaveGame`, one node per line, with `RU[Crawford]` (and `CrawfordGame`) for matches,
`RU[Jacoby]` for a money session under it, and for tavla `RU[NoCube:Tavla]` (gnubg reads past a rule
it does not know, and plays standard backgammon). As in the .mat export, a tavla game won with the loser
still in the winner's home is written up to the roll before, resigned as a mars: gnubg would score the
last bear-off as a backgammon (3). A game ended by a resignation or a disqualification is `RE[W+nR]`
with the points it scored: gnubg reads the level as n over the cube's value. Under the Jacoby rule a
gammon resigned with the cube in the centre scored 1 here (gnubg's own files say 2), so it reads back
as a single game resigned, the points unchanged.
"""

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import UserError
from game.core.files.reading import read_regular
from game.core.files.writing import write_atomically
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.cube import MAX_CUBE, CubeEvent
from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.notation import Play
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record.match_record import GameRecord, MatchRecord, day_at_noon
from game.tavla.record.sgf_syntax import SEATS, GameTree, Property, game_trees, point_of
from game.tavla.record.sgf_writing import DEFAULT_NAMES, TAVLA_RULE, game_tree_text

_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
MAX_SGF_BYTES = 50_000_000  # an analysed match keeps a list of evaluated moves for every roll
VARIANTS = ("Nackgammon", "Hypergammon1", "Hypergammon2", "Hypergammon3")
CUBE_WORDS = ("double", "take", "drop")
_KEPT = ("GM", "MI", "PW", "PB", "RU", "RE", "CV", "B", "W", "AE", "AB", "AW", "CP", "DT")
_MOVE = re.compile(r"([1-6])([1-6])((?:[a-z][a-z]){0,4})")
_RESULT = re.compile(r"([BW])\+(\d{0,9})", re.IGNORECASE)
_FIELD = re.compile(r"\s*+(length|game|ws|bs)\s*+:\s*+([0-9]{1,4})\s*+", re.IGNORECASE)
_CHARSET = re.compile(rb"CA\s*\[([^\]\\]{1,40})\]")


def read_sgf(path: str | Path, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match of a GNU Backgammon `.sgf` file; UserError naming the file (and the line) when it
    cannot be read. Only a regular file, up to MAX_SGF_BYTES; `stop`, asked before each node, calls the
    reading off (mat.Stopped) when it says so."""
    data = read_regular(path, MAX_SGF_BYTES)
    try:
        return parse_sgf(_decoded(data), stop)
    except UserError as error:
        raise UserError(f"{quoted(path)}: {error}") from None


def parse_sgf(text: str, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match written in the SGF `text`: standard backgammon, or tavla where our RU says so."""
    reader = _MatchReader()
    for tree in game_trees(text.removeprefix("\ufeff"), _KEPT, stop):
        reader.tree(tree)
    return reader.finish()


def export_sgf(record: MatchRecord) -> str:
    """The match as GNU Backgammon's `.sgf` text, one game tree per game, that gnubg loads move for
    move (`load match`); UserError for a game of the board other than backgammon."""
    if ".sgf" not in record.rules.records:
        # Translators: {rules} is a game of the board (plakoto...) that GNU Backgammon's files cannot hold
        message = _("a {rules} match cannot be written as .sgf: the format holds backgammon")
        raise UserError(message.format(rules=record.rules.short_name))
    return "".join(game_tree_text(record, index) for index in range(max(len(record.games), 1)))


def write_sgf(path: str | Path, record: MatchRecord) -> Path:
    """Write `export_sgf(record)` to `path` at once (never half a file); UserError when it cannot."""
    text = export_sgf(record)
    try:
        return write_atomically(path, text)
    except UserError:
        raise
    except OSError as error:
        # Translators: {path} is a file; {error} is the system's reason
        message = _("cannot write {path}: {error}")
        raise UserError(message.format(path=quoted(path), error=error.strerror or error)) from None


def _decoded(data: bytes) -> str:
    """The file's text in the character set its CA names (gnubg writes UTF-8; older files Latin-1)."""
    found = _CHARSET.search(data, 0, 10_000)
    charset = found.group(1).decode("ascii", "replace").strip() if found else "utf-8"
    try:
        codecs.lookup(charset)
        return data.decode(charset, errors="replace")
    except (LookupError, ValueError):
        return data.decode("utf-8", errors="replace")


def _fail(line: int, problem: str) -> UserError:
    # Translators: {line} is a line number of a match file; {problem} says what is wrong there
    return UserError(_("line {line}: {problem}").format(line=line, problem=problem))


def _at(prop: Property, problem: object) -> UserError:
    """The problem with `prop`, where it is and how it is written: `line 12: 'W[62agln]': ...`."""
    return _fail(prop.line, f"{in_quotes(prop.text)}: {problem}")


@dataclass
class _Header:
    """What a game's root node says: the match length (None: no MI), the score before the game (None:
    not given), the names, rules, the Jacoby rule, and RE's winner and points (None: no winner)."""

    length: int | None
    score: tuple[int, int] | None
    names: tuple[str | None, str | None]
    rules: Rules
    jacoby: bool
    result: tuple[int, int] | None
    played_at: float | None  # DT, the day the game was played


def _header(tree: GameTree) -> _Header:
    root = {prop.name: prop for prop in tree.nodes[0]} if tree.nodes else {}
    for name in ("B", "W"):
        if name in root:
            raise _at(root[name], _("a move in the game's first node, which holds the game's settings"))
    game_kind = root.get("GM")
    if game_kind is None or game_kind.values[0].strip() != "6":
        problem = _("not a backgammon game: GNU Backgammon's files say GM[6]")
        raise _fail(tree.line, problem) if game_kind is None else _at(game_kind, problem)
    if "CV" in root and root["CV"].values[0].strip() != "1":
        raise _at(root["CV"], _("the cube starts above 1 (automatic doubles), which is not played here"))
    length, score = _match_info(root.get("MI"))
    rules, jacoby = _rules(root.get("RU"))
    names = (_name(root.get("PW")), _name(root.get("PB")))
    return _Header(length, score, names, rules, jacoby, _result(root.get("RE")), _date(root.get("DT")))


def _date(prop: Property | None) -> float | None:
    """DT's day (`2026-12-07`, gnubg's form; another form or no DT: None)."""
    found = _DAY.match(prop.values[0].strip()) if prop is not None else None
    return day_at_noon(*(int(part) for part in found.groups())) if found else None


def _name(prop: Property | None) -> str | None:
    """A player's name on one line, None when there is none."""
    return " ".join(prop.values[0].split()) or None if prop is not None else None


def _match_info(prop: Property | None) -> tuple[int | None, tuple[int, int] | None]:
    """MI's `length:5`, `ws:` (White's score) and `bs:` (Black's), each a whole number."""
    if prop is None:
        return None, None
    fields: dict[str, int] = {}
    for value in prop.values:
        key = value.partition(":")[0].strip().lower()
        if key not in ("length", "game", "ws", "bs"):
            continue  # gnubg reads past what it does not know
        found = _FIELD.fullmatch(value)
        if found is None:
            # Translators: {field} is a field of a match file's match information, such as length:5
            raise _at(prop, _("expected a whole number after {field}").format(field=in_quotes(key + ":")))
        fields[key] = int(found.group(2))
    score = (fields["ws"], fields["bs"]) if "ws" in fields and "bs" in fields else None
    return fields.get("length"), score


def _rules(prop: Property | None) -> tuple[Rules, bool]:
    """RU's rules (tavla when it names ours) and whether it names the Jacoby rule; a variant refused."""
    words = [word.strip() for value in (prop.values if prop else ()) for word in value.split(":")]
    for word in words:
        if word in VARIANTS:
            assert prop is not None
            # Translators: {variant} is a variant of backgammon (Nackgammon, Hypergammon1...) in a match file
            message = _("a game of {variant}: only standard backgammon and tavla are read")
            raise _at(prop, message.format(variant=word))
    return (Rules.TAVLA if TAVLA_RULE in words else Rules.STANDARD), "Jacoby" in words


def _result(prop: Property | None) -> tuple[int, int] | None:
    """RE's winner and points as gnubg reads them (`W+2`, `B+4R`; at least 1 point); None without a
    winner (`0`, `Void`, `?`)."""
    found = _RESULT.match(prop.values[0].strip()) if prop is not None else None
    if found is None:
        return None
    points = int(found.group(2)) if found.group(2) else 1
    return SEATS.index(found.group(1).upper()), max(points, 1)


class _MatchReader:
    """The games read so far, one game tree at a time, and what the first one said of the match."""

    def __init__(self) -> None:
        self.length: int | None = None
        self.names: tuple[str, str] | None = None
        self.rules: Rules | None = None
        self.jacoby = False
        self.games: list[GameRecord] = []
        self.scores = (0, 0)  # after the games read so far
        self.played_at: float | None = None

    def tree(self, tree: GameTree) -> None:
        header = _header(tree)
        if self.rules is None:
            self.length = header.length or MONEY
            self.rules, self.jacoby = header.rules, header.jacoby and not header.length
            self.names = (header.names[0] or DEFAULT_NAMES[0], header.names[1] or DEFAULT_NAMES[1])
            self.played_at = header.played_at
        length = self.length or MONEY
        if (header.length or MONEY) != length or header.rules is not self.rules:
            # Translators: {length} is a match length in points (0: money play), {rules} a rule set
            message = _("this game belongs to another match: the first game's is to {length} under {rules}")
            raise _fail(tree.line, message.format(length=length, rules=self.rules.short_name))
        if length and max(self.scores) >= length:
            # Translators: {first}–{second} is the score of a match file after its last game; {length}
            # the match length in points
            message = _("a game after the end of the match: the match to {length} was won {first}–{second}")
            raise _fail(tree.line, message.format(length=length, first=self.scores[0], second=self.scores[1]))
        score = header.score if header.score is not None else self.scores
        if length and max(score) >= length:
            # Translators: {first}–{second} is the score a game of a match file starts at; {length}
            # the match length in points
            message = _(
                "a score of {first}–{second} in a match to {length}: "
                "a game starts only while both players have fewer than {length} points"
            )
            raise _fail(tree.line, message.format(first=score[0], second=score[1], length=length))
        record = _GameReader(self.rules, length, score, header.jacoby).read(tree, header.result)
        scores = list(score)
        if record.winner is not None:
            scores[record.winner] += record.points
        self.scores = (scores[0], scores[1])
        self.games.append(record)

    def finish(self) -> MatchRecord:
        assert self.rules is not None and self.names is not None and self.length is not None  # a game read
        money = self.length == MONEY
        beavered = any(action.event is CubeEvent.BEAVER for game in self.games for action in game.cube)
        return MatchRecord(
            self.names,
            self.length,
            self.rules,
            tuple(self.games),
            self.jacoby and money,
            money and beavered,
            played_at=self.played_at,
        )


class _GameReader:
    """One game replayed through `Game`, its cube too under standard rules (money: the Jacoby rule as
    RU says, beavers as they come)."""

    def __init__(self, rules: Rules, length: int, score: tuple[int, int], jacoby: bool) -> None:
        terms = None
        if rules.has_cube:
            money = length == MONEY
            terms = CubeTerms(
                jacoby=jacoby and money, length=None if money else length, scores=score, beavers=money
            )
        self.game = Game(rules, cube=terms)
        self.score = score
        self.pending: Property | None = None  # dice written without a play though one was possible

    def read(self, tree: GameTree, result: tuple[int, int] | None) -> GameRecord:
        for node in tree.nodes[1:]:
            for prop in node:
                if prop.name in ("AE", "AB", "AW"):
                    raise _at(
                        prop, _("a position set up by hand: only games played from the opening are read")
                    )
                if prop.name in ("CP", "CV"):
                    raise _at(prop, _("the cube set by hand: only games played from the opening are read"))
            moves = [prop for prop in node if prop.name in SEATS]
            if len(moves) > 1:
                raise _at(moves[1], _("a second move in one node"))
            if moves:
                self.move(moves[0])
        return self.finish(tree, result)

    def move(self, prop: Property) -> None:
        seat = SEATS.index(prop.name)
        value = prop.values[0].strip()
        if self.pending is not None:
            raise _at(self.pending, _("the dice are not played, though a play was possible"))
        if self.game.over:
            raise _at(prop, _("a move after the end of the game"))
        try:
            if value.lower() in CUBE_WORDS:
                self.cube(seat, value.lower())
            else:
                self.roll(seat, prop, value)
        except UserError as error:
            raise _at(prop, error) from None

    def roll(self, seat: int, prop: Property, value: str) -> None:
        found = _MOVE.fullmatch(value)
        if found is None:
            raise UserError(
                _(
                    "expected two dice and up to four moves in GNU Backgammon's letters, such as "
                    "'62agln', or double, take or drop"
                )
            )
        dice = (int(found.group(1)), int(found.group(2)))
        letters = found.group(3)
        play: Play = tuple(
            sorted(
                (
                    (point_of(letters[index], seat), point_of(letters[index + 1], seat))
                    for index in range(0, len(letters), 2)
                ),
                reverse=True,
            )
        )
        game = self.game
        if game.offered_by is not None:
            raise UserError(_("a roll before the double was taken or dropped"))
        if game.turn is None:
            high, low = max(dice), min(dice)
            game.start((high, low) if seat == 0 else (low, high))
        else:
            self.check_turn(seat)
            game.roll(dice)
        if not play and game.legal_plays():
            self.pending = prop  # the end of the record, unless more follows
            return
        game.play(play)

    def check_turn(self, seat: int) -> None:
        if self.game.turn != seat:
            # Translators: {player} is W or B, the player of a match file whose turn it is
            raise UserError(_("it is {player}'s turn").format(player=SEATS[1 - seat]))

    def cube(self, seat: int, word: str) -> None:
        game = self.game
        if game.terms is None:
            raise UserError(_("a cube action in a game without the doubling cube (tavla)"))
        offered = game.offered_by
        if word != "double":
            if offered != 1 - seat:
                raise UserError(_("a take or drop without a double by the other player"))
            game.take() if word == "take" else game.pass_double()
        elif offered is not None:
            self.beaver(seat)
        else:
            if game.turn is None or not game.record:
                raise UserError(_("a double before the opening roll"))
            self.check_turn(seat)
            if game.cube_owner == 1 - seat:
                raise UserError(_("a double by the player who does not own the cube"))
            if game.cube_value >= MAX_CUBE:
                # Translators: {value} is the highest value of the doubling cube, 64
                raise UserError(_("the cube is at {value}, the highest it goes").format(value=MAX_CUBE))
            game.double()

    def beaver(self, seat: int) -> None:
        """`seat`, doubled, takes and redoubles at once, keeping the cube."""
        game = self.game
        assert game.terms is not None
        if game.offered_by == seat:
            raise UserError(_("a second double before the first was taken or dropped"))
        if game.terms.length is not None:
            raise UserError(_("a beaver in a match: beavers are for money play"))
        if game.beavered:
            raise UserError(_("a double of a beaver (a raccoon), which is not played here"))
        if game.cube_value * 4 > MAX_CUBE:
            # Translators: {value} is the highest value of the doubling cube, 64
            raise UserError(_("the cube is at {value}, the highest it goes").format(value=MAX_CUBE))
        game.beaver()

    def finish(self, tree: GameTree, result: tuple[int, int] | None) -> GameRecord:
        """The game's record: its end on the board or by a drop, else RE's resignation, else unfinished."""
        game = self.game
        winner, points, resigned = None, 0, None
        if game.result is not None:
            winner, points = game.result.winner, game.result.points
        elif result is not None:
            levels = len(game.rules.resignations)
            winner, level = result[0], min(max(result[1] // game.cube_value, 1), levels)
            resigned = Resignation(level)
            points = game.rules.points(level) * game.cube_value
        elif game.offered_by is not None:
            raise _fail(tree.line, _("a double was neither taken nor dropped"))
        return GameRecord(tuple(game.record), tuple(game.cube_record), self.score, winner, points, resigned)
