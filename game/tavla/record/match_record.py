"""A played match as the analysis reads it: each game's turns, cube actions, score and result.

One shape for matches played here (`MatchRecord.from_match`, with each game's `cube_record`) and matches
imported from a `.mat` file (game/tavla/record/mat.py); cube actions are the engine's `CubeTurn`s.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from game.tavla.engine.game import CubeTurn, Turn
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules


@dataclass(frozen=True)
class GameRecord:
    """One game: its turns in order, cube actions, the score before it (seat 0, seat 1), and who won
    how many points (None: unfinished)."""

    turns: tuple[Turn, ...]
    cube: tuple[CubeTurn, ...] = ()
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
            cube = tuple(game.cube_record)
            games.append(GameRecord(tuple(game.record), cube, (score[0], score[1]), winner, points))
            if winner is not None:
                score[winner] += points
        return cls((names[0], names[1]), match.length, match.rules, tuple(games))

