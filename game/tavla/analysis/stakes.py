"""The stakes of a recorded match's games and of the table's match, for the analysis: each game's score
from a seat's side (game/tavla/eval/stakes.py says what a score and a cube make the results worth).
"""

from __future__ import annotations

from game.tavla.engine.cube import MatchScore
from game.tavla.engine.match import Match
from game.tavla.engine.match_equity import shipped_table
from game.tavla.engine.rules import crawford_game
from game.tavla.eval.stakes import Stakes
from game.tavla.record.match_record import MatchRecord


def match_score(record: MatchRecord, number: int, seat: int) -> MatchScore | None:
    """The score of the `number`th game of `record` from `seat`'s side (None: money play, a match
    longer than the table, or a score the match cannot be at)."""
    length = record.length
    if not 0 < length <= shipped_table().length:
        return None
    game = record.games[number - 1]
    mine, theirs = game.score[seat], game.score[1 - seat]
    if max(mine, theirs) >= length:
        return None
    crawford = crawford_game(length, [g.score for g in record.games[:number]])
    return MatchScore(length, mine, theirs, crawford)


def stakes_at(match: Match, seat: int) -> Stakes:
    """The stakes for `seat` of the game `match` is playing (its last), as the analysis of the match's
    record judges them: the score before the game, the Crawford rule, the cube's present value."""
    scores = []
    points = [0, 0]
    for game in match.games:
        scores.append((points[0], points[1]))
        if game.result is not None:
            points[game.result.winner] += game.result.points
    current = match.current
    cube = current.cube_value if current is not None else 1
    length = match.length
    if not scores or not 0 < length <= shipped_table().length or max(scores[-1]) >= length:
        return Stakes(match.rules, None, cube)
    mine, theirs = scores[-1][seat], scores[-1][1 - seat]
    return Stakes(match.rules, MatchScore(length, mine, theirs, crawford_game(length, scores)), cube)


def is_match(record: MatchRecord) -> bool:
    """Whether `record` is judged in EMG: a match the table covers (else money points)."""
    return 0 < record.length <= shipped_table().length
