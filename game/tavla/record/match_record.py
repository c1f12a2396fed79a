"""A played match as the analysis reads it: each game's turns, cube actions, score and result.

One shape for matches played here (`MatchRecord.from_match`, with the cube actions of each game's
`cube_record`) and matches imported from a `.mat` file (game/tavla/record/mat.py).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.tavla.engine.cube import CubeEvent as GameCubeEvent
from game.tavla.engine.game import CubeTurn, Match, Turn
from game.tavla.engine.rules import Rules


class CubeKind(StrEnum):
    """A cube action as a `.mat` file writes it."""

    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"


@dataclass(frozen=True)
class CubeEvent:
    """A cube action by `player`, made before the game's turn number `turn` (0-based; the turn that
    would have followed a drop); `value` is the cube's value offered (a double) or accepted."""

    turn: int
    player: int
    kind: CubeKind
    value: int


@dataclass(frozen=True)
class GameRecord:
    """One game: its turns in order, cube actions, the score before it (seat 0, seat 1), and who won
    how many points (None: unfinished)."""

    turns: tuple[Turn, ...]
    cube: tuple[CubeEvent, ...] = ()
    score: tuple[int, int] = (0, 0)
    winner: int | None = None
    points: int = 0


@dataclass(frozen=True)
class MatchRecord:
    """A match to `length` points (0: money play) between `names` (seat 0, seat 1)."""

    names: tuple[str, str]
    length: int
    rules: Rules
    games: tuple[GameRecord, ...]

    @classmethod
    def from_match(cls, match: Match, names: Sequence[str]) -> "MatchRecord":
        """The record of a match played on this program's table, its cube actions included."""
        games = []
        score = [0, 0]
        for game in match.games:
            if game.turn is None:
                continue
            result = game.result
            winner = None if result is None else result.winner
            points = 0 if result is None else result.points
            cube = tuple(_cube_event(action) for action in game.cube_record)
            games.append(GameRecord(tuple(game.record), cube, (score[0], score[1]), winner, points))
            if winner is not None:
                score[winner] += points
        return cls((names[0], names[1]), match.length, match.rules, tuple(games))


_KINDS = {
    GameCubeEvent.DOUBLE: CubeKind.DOUBLE,
    GameCubeEvent.TAKE: CubeKind.TAKE,
    GameCubeEvent.PASS: CubeKind.DROP,
}


def _cube_event(action: CubeTurn) -> CubeEvent:
    """A cube action of `Game.cube_record` as the record keeps it (the values already agree: offered
    for a double, the new value for a take, the value the pass loses)."""
    return CubeEvent(action.before_turn, action.player, _KINDS[action.event], action.value)
