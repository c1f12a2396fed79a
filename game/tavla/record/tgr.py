"""The table-games record (`.tgr`): our own text format for matches of the games of the board that GNU
Backgammon's `.mat` cannot hold (Portes, Plakoto, Fevga, Gul bara, and a Tavli match of three of them),
read and written here; docs/table-games-record.md describes it for other programs.

One line says one thing, its first word which: `match GAMES LENGTH`, `player SEAT NAME` (twice), then
each game's `game NUMBER GAME SCORE`, its turns `SEAT DICE: PLAY` in the seed's notation (the play empty
for a pass; Gul bara's cascade of doubles a line each) and its end, `wins SEAT POINTS` (with `resigned
LEVEL` and `rolled DICE` after a resignation; before the end without them, a disqualification) or
`draw`; `;` begins a comment. Every play is replayed
through `Game`, so a file that breaks the rules is refused with the number of its line and what that
line may hold; what the replay decides (a game over on the board, a draw) must be what the file says.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from game.core.errors import UserError
from game.core.files.reading import read_regular_text
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.game import Game
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.notation import format_play
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, TAVLI, Rules, TableGames
from game.tavla.record.mat import MAX_MAT_BYTES, Stopped
from game.tavla.record.match_record import GameRecord, MatchRecord

TGR_SUFFIX = ".tgr"
HEADER = "; Fifteen & Tavla table-games record 1"
MAX_NAME_CHARS = 60
_MATCH = re.compile(r"match\s+(\S+)\s+(\d{1,4})")
_PLAYER = re.compile(r"player\s+([01])\s+(.+)")
_GAME = re.compile(r"game\s+(\d{1,4})\s+(\S+)\s+(\d{1,4})-(\d{1,4})")
_TURN = re.compile(r"([01])\s+([1-6])([1-6]):\s*(.*)")
_WINS = re.compile(r"wins\s+([01])\s+(\d{1,2})(?:\s+resigned\s+([1-3])(?:\s+rolled\s+([1-6])([1-6]))?)?")
_DRAW = "draw"
# What each part of the file may hold, to say when a line holds something else.
_TURN_FORM = "'0 63: 24/18 13/10'"
_END_FORMS = "'wins 0 1', 'wins 1 2 resigned 2', 'draw'"


def uses_tgr(games: TableGames | Rules) -> bool:
    """Whether a match of `games` is kept as a table-games record: every game of the board but
    backgammon's own rule sets, which stay `.mat` (GNU Backgammon's)."""
    rotation = games.rotation if isinstance(games, TableGames) else (games,)
    return not all(rules.is_backgammon for rules in rotation)


def export_tgr(record: MatchRecord) -> str:
    """The match, finished or not, as a table-games record; a roll not yet played is left out."""
    games = TAVLI.name if record.rotation == TAVLI.rotation else str(record.rules)
    lines = [HEADER, f"match {games} {record.length}"]
    lines += [f"player {seat} {_name(name, seat)}" for seat, name in enumerate(record.names)]
    for index, game in enumerate(record.games):
        lines.append(f"game {index + 1} {record.rules_of(index)} {game.score[0]}-{game.score[1]}")
        lines += [
            f"{turn.player} {turn.dice[0]}{turn.dice[1]}: {format_play(turn.play)}".rstrip()
            for turn in game.turns
        ]
        lines += _end(game)
    return "\n".join(lines) + "\n"


def _end(game: GameRecord) -> list[str]:
    if game.winner is None:
        return []
    if game.points == 0:
        return [_DRAW]
    text = f"wins {game.winner} {game.points}"
    if game.resigned is not None:
        text += f" resigned {int(game.resigned)}"
        if game.resigned_roll is not None:
            text += f" rolled {game.resigned_roll[0]}{game.resigned_roll[1]}"
    return [text]


def _name(name: str, seat: int) -> str:
    cleaned = " ".join("".join(c if c.isprintable() else " " for c in name).split())[:MAX_NAME_CHARS]
    return cleaned or f"Player {seat + 1}"


def read_tgr(path: str | Path, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match of a `.tgr` file; UserError naming the file and the line when it cannot be read."""
    text = read_regular_text(path, MAX_MAT_BYTES)
    try:
        return parse_tgr(text, stop)
    except UserError as error:
        raise UserError(f"{quoted(path)}: {error}") from None


def parse_tgr(text: str, stop: Callable[[], bool] | None = None) -> MatchRecord:
    """The match written in `text`; UserError naming the line and what it may hold. `stop`, asked
    before each line, calls the reading off (Stopped)."""
    reader = _Reader()
    for number, line in enumerate(text.splitlines(), 1):
        if stop is not None and stop():
            raise Stopped
        try:
            reader.line(line.strip())
        except UserError as error:
            raise UserError(_("line {line}: {problem}").format(line=number, problem=error)) from None
    try:
        return reader.finish()
    except UserError as error:
        raise UserError(_("the match file is incomplete: {problem}").format(problem=error)) from None


def _expected(forms: str, line: str) -> UserError:
    # Translators: {forms} lists what a line of a match file may hold, e.g. 'player 0 NAME'; {text} is
    # what the line holds instead
    return UserError(_("expected {forms}, found {text}").format(forms=forms, text=in_quotes(line)))


class _Reader:
    """The match read so far, one line at a time."""

    def __init__(self) -> None:
        self.games: TableGames | None = None
        self.length = 0
        self.names: dict[int, str] = {}
        self.records: list[GameRecord] = []
        self.game: Game | None = None
        self.score = (0, 0)
        self.ended: GameRecord | None = None  # the game being read, once its end line is read

    def line(self, line: str) -> None:
        if not line or line.startswith(";"):
            return
        if self.games is None:
            self._match(line)
        elif len(self.names) < 2:
            self._player(line)
        elif (found := _GAME.fullmatch(line)) is not None:
            self._close()
            self._game(found)
        elif self.game is None:
            raise _expected("'game 1 GAME 0-0'", line)
        elif self.ended is not None:
            raise _expected("'game N GAME SCORE'", line)
        elif (found := _TURN.fullmatch(line)) is not None:
            self._turn(int(found.group(1)), (int(found.group(2)), int(found.group(3))), found.group(4))
        elif line == _DRAW or line.startswith("wins"):
            self._end(line)
        else:
            raise _expected(f"{_TURN_FORM}, {_END_FORMS}, 'game N GAME SCORE'", line)

    def _match(self, line: str) -> None:
        found = _MATCH.fullmatch(line)
        if found is None:
            raise _expected("'match GAME LENGTH' ('match plakoto 5', 'match tavli 3')", line)
        games = TableGames.parse(found.group(1))
        if any(rules.has_cube for rules in games.rotation):
            # Translators: {rules} is a rule set with the doubling cube (standard); .mat is a file kind
            message = _("a {rules} match is kept as a .mat file: this format holds games without the cube")
            raise UserError(message.format(rules=games))
        self.games, self.length = games, int(found.group(2))

    def _player(self, line: str) -> None:
        found = _PLAYER.fullmatch(line)
        seat = len(self.names)
        if found is None or int(found.group(1)) != seat:
            raise _expected(f"'player {seat} NAME'", line)
        self.names[seat] = found.group(2).strip()

    def _game(self, found: re.Match[str]) -> None:
        assert self.games is not None
        number, rules = int(found.group(1)), Rules.parse(found.group(2))
        index = len(self.records)
        if number != index + 1:
            # Translators: {number} is the number a game of a match file should have, {given} the one it has
            raise UserError(
                _("game {given} where game {number} comes").format(given=number, number=index + 1)
            )
        if rules is not self.games.rules_of(index):
            # Translators: {number} is a game of a match; {games} the match's games (tavli); {rules} the
            # game it plays in turn, {given} the one the file names
            message = _("game {number} of a {games} match is {rules}, not {given}")
            raise UserError(
                message.format(number=number, games=self.games, rules=self.games.rules_of(index), given=rules)
            )
        self.score = (int(found.group(3)), int(found.group(4)))
        if self.length != MONEY and max(self.score) >= self.length:
            message = _(
                "a score of {first}–{second} in a match to {length}: "
                "a game starts only while both players have fewer than {length} points"
            )
            raise UserError(message.format(first=self.score[0], second=self.score[1], length=self.length))
        self.game = Game(rules)

    def _turn(self, seat: int, dice: tuple[int, int], play: str) -> None:
        game = self.game
        assert game is not None
        if game.over:
            raise UserError(_("a move after the last checker was borne off"))
        if game.turn is None and game.variant.opening_roll_played:
            game.start(dice if seat == 0 else (dice[1], dice[0]))
        elif game.turn is None:
            game.start(first=seat)
        if game.turn != seat:
            # Translators: {seat} is the seat (0 or 1) whose turn it is in a match file
            raise UserError(_("it is seat {seat}'s turn").format(seat=game.turn))
        if game.dice is None:
            game.roll(dice)
        elif game.dice != dice:  # Gul bara's cascade: the dice come without a roll
            # Translators: {dice} are the dice of Gul bara's cascade of doubles that come next, e.g. 44
            message = _("the cascade of doubles goes on with {dice}")
            raise UserError(message.format(dice=f"{game.dice[0]}{game.dice[1]}"))
        try:
            game.play(play)
        except IllegalPlay as error:
            message = _("game {game}, turn {turn}: the play {play} is not legal under the {rules} rules")
            text = message.format(
                game=len(self.records) + 1, turn=len(game.record) + 1, play=play or "-", rules=game.rules
            )
            raise UserError(f"{text}: {error}") from None

    def _end(self, line: str) -> None:
        game = self.game
        assert game is not None
        result = game.result
        if line == _DRAW:
            if result is None or not result.drawn:
                raise UserError(_("a draw where the game is not drawn on the board"))
            self.ended = self._record(result.winner, 0)
            return
        found = _WINS.fullmatch(line)
        if found is None:
            raise _expected(_END_FORMS, line)
        winner, points = int(found.group(1)), int(found.group(2))
        resigned = None if found.group(3) is None else Resignation(int(found.group(3)))
        rolled = None if found.group(4) is None else (int(found.group(4)), int(found.group(5)))
        if result is not None and (
            resigned is not None or (winner, points) != (result.winner, result.points)
        ):
            # Translators: {seat} and {points}: who won a game on the board and how many points it scored
            message = _("the game ends on the board: seat {seat} wins {points}")
            raise UserError(message.format(seat=result.winner, points=result.points))
        if result is None and resigned is None and points != game.rules.max_points:
            # Translators: {points} the points a file gives the winner of a game not over on the board and
            # not resigned (the loser was disqualified); {most} what a disqualification scores
            message = _(
                "a game won before its end, not resigned: a disqualification scores {most}, not {points}"
            )
            raise UserError(message.format(points=points, most=game.rules.max_points))
        if resigned is not None and game.rules.points(resigned) != points:
            message = _("a resignation at level {level} scores {points}")
            raise UserError(message.format(level=int(resigned), points=game.rules.points(resigned)))
        if rolled is not None:
            self._rolled(winner, rolled)
        self.ended = self._record(winner, points, resigned, rolled)

    def _rolled(self, winner: int, rolled: tuple[int, int]) -> None:
        """The roll the loser resigned with, rolled (unless a cascade gave it already)."""
        game = self.game
        assert game is not None
        if game.turn is None:
            game.start(first=1 - winner)
        if game.turn == winner:
            raise UserError(_("it is seat {seat}'s turn").format(seat=winner))
        if game.dice is None:
            game.roll(rolled)
        elif game.dice != rolled:
            message = _("the cascade of doubles goes on with {dice}")
            raise UserError(message.format(dice=f"{game.dice[0]}{game.dice[1]}"))

    def _record(
        self,
        winner: int | None,
        points: int,
        resigned: Resignation | None = None,
        rolled: tuple[int, int] | None = None,
    ) -> GameRecord:
        assert self.game is not None
        return GameRecord(tuple(self.game.record), (), self.score, winner, points, resigned, rolled)

    def _close(self) -> None:
        """Keep the game read so far: as ended, else as it stands (unfinished)."""
        if self.game is None:
            return
        if self.ended is None and self.game.over:
            raise UserError(
                _("game {number} ends on the board without its 'wins' line").format(
                    number=len(self.records) + 1
                )
            )
        self.records.append(self.ended or self._record(None, 0))
        self.game, self.ended = None, None

    def finish(self) -> MatchRecord:
        if self.games is None:
            raise UserError(_("no 'match GAME LENGTH' line"))
        if len(self.names) < 2:
            raise UserError(_("no 'player 0 NAME' and 'player 1 NAME' lines"))
        self._close()
        if not self.records:
            raise UserError(_("no game"))
        rotation = self.games.rotation if len(self.games.rotation) > 1 else ()
        names = (self.names[0], self.names[1])
        return MatchRecord(
            names, self.length, self.games.first, tuple(self.records), cube=False, rotation=rotation
        )
