"""Greedy players for the games without hitting (Plakoto, and the same-way games: Fevga, Gul bara, long
nardy, Moultezim): one-ply rules of thumb a bot author can read and beat.

Each scores the position every legal play leads to, from the side that has just moved, and plays the
best, as the backgammon `greedy` bot does (greedy.py). The numbers are hand-set, not trained.

Plakoto: pin what you can, the further from its home the better (a checker pinned in our home board is
stuck longest), never leave a lone checker where the opponent can land on it (the mother above all: a
pinned mother loses two points), make points, and go home.
The same-way games: nothing is hit, so the game is a race with blocks: hold points just in front of the
opponent's checkers, build rows of them, leave the start in time, and go home.
"""

from collections.abc import Sequence

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.fevga import OPPONENT_ROUTE, SameWayGame
from game.tavla.engine.no_hitting import REACH_ROLLS, NoHittingGame
from game.tavla.engine.notation import format_play
from game.tavla.engine.plakoto import START, Plakoto, pin
from game.tavla.engine.position import CHECKERS, OFF, OPP_OFF
from game.tavla.engine.rules import Rules

WIN = float("inf")


PIP = 0.1  # per own pip still to travel
OFF_VALUE = 3.0  # per checker borne off
PIN_VALUE = 1.0  # per pinned opposing checker, plus PIN_DEPTH per pip it still has to go
PIN_DEPTH = 0.25
PINNED_COST = 1.0  # per own pinned checker, plus PIN_DEPTH per pip it has to go
EXPOSED = 0.12  # per roll of 36 that lands on a lone checker of ours, times what a pin there would cost
MOTHER_EXPOSED = 0.5  # per roll that pins a lone mother (a pinned mother loses the game twice over)
MADE_POINT = 0.4  # per point held by two or more
BLOCK = 0.6  # per held point one to six pips in front of an opposing checker, fewer the further
ROW = 0.5  # per extra point in a row on the opponent's way
LATE_START = 0.3  # per checker still on our start once the opponent has left theirs


def plakoto_score(state: Sequence[int]) -> float:
    """How good `state` is for the player who has just moved it (higher is better)."""
    game = PLAKOTO
    if game.is_over(state):
        return WIN
    if game.is_drawn(state):
        return 0.0
    score = OFF_VALUE * state[OFF]
    for point in range(1, 25):
        count, pinned = state[point], pin(state, point)
        if pinned == -1:
            score += PIN_VALUE + PIN_DEPTH * (25 - point)
        elif pinned == 1:
            score -= PINNED_COST + PIN_DEPTH * point
        if count > 0:
            score -= PIP * count * point
            if count >= 2:
                score += MADE_POINT
            elif count == 1 and pinned == 0:
                rolls = _plakoto_reach(state, point)
                weight = MOTHER_EXPOSED if point == START else EXPOSED * (1 + point / 8)
                score -= weight * rolls
        elif pinned == 1:
            score -= PIP * point
    return score


def _plakoto_reach(state: Sequence[int], point: int) -> int:
    """Rolls (of 36, capped) with which a free opposing checker can land on our lone checker on
    `point`: theirs move up our numbers, so they stand below it."""
    rolls = 0
    for distance, count in REACH_ROLLS.items():
        below = point - distance
        if below >= 1 and state[below] < 0 and not (state[below] == -1 and pin(state, below) == 1):
            rolls += count
    return min(rolls, 36)


def same_way_score(state: Sequence[int]) -> float:
    """The same-way games: how good `state` is for the player who has just moved it."""
    if state[OFF] == CHECKERS:
        return WIN
    pips = sum(state[point] * point for point in range(1, 25) if state[point] > 0)
    score = OFF_VALUE * state[OFF] - PIP * pips
    route = OPPONENT_ROUTE
    held = [state[point] > 0 for point in route]
    theirs = [state[point] < 0 for point in route]
    row = 0
    for index in range(len(route)):
        if held[index]:
            behind = [theirs[index - step] for step in range(1, 7) if index - step >= 0]
            score += BLOCK * sum(flag / (step + 1) for step, flag in enumerate(behind))
            row += 1
            if row > 1:
                score += ROW
        else:
            row = 0
    if state[OPP_OFF] or state[12] >= 0:  # the opponent has left its start: ours should empty too
        score -= LATE_START * max(state[24] - 1, 0)
    return score


class NoHittingGreedyBot:
    """Plays the legal play whose position scores best under `rules`, a game without hitting."""

    name = "greedy"

    def __init__(self, rules: Rules) -> None:
        game = rules.variant
        if not isinstance(game, Plakoto | SameWayGame):
            raise UserError(
                _("this bot plays the games without hitting, not {rules}").format(rules=game.rules)
            )
        self.game: NoHittingGame = game
        self.score = plakoto_score if isinstance(game, Plakoto) else same_way_score

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The best play by the rules of thumb, in the seed's notation ("" when there is none)."""
        plays = self.game.legal_plays(state, die1, die2)
        if not plays:
            return ""
        return format_play(max(plays, key=lambda play: self.score(self.game.apply_play(state, play))))


PLAKOTO = Rules.PLAKOTO.variant
