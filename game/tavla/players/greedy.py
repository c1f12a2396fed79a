"""The `greedy` bot: one-ply hand-written heuristics, readable by a bot author as a starting point.

It scores each position a legal play leads to and plays the best. In contact it values hitting (the
opponent's lost pips), made points (more in the home board and in a row), anchors, and it fears blots
by the number of rolls that hit them and what a hit would cost. In a race it counts pips and checkers
borne off and avoids wasting pips. Bearing off against contact is the seed's "safe move" case: leaving
no blot for a checker on the bar outweighs a pip.
"""

from collections.abc import Sequence

from game.tavla.engine.position import BAR, OFF, OPP_BAR, State, all_borne_off, is_race, pip_counts
from game.tavla.eval.doubling import CountCube
from game.tavla.players.evaluator_bot import EvaluatorBot

# Rolls out of 36 that hit a blot at a given distance in pips (single checker, no blocking).
HIT_ROLLS = {
    1: 11,
    2: 12,
    3: 14,
    4: 15,
    5: 15,
    6: 17,
    7: 6,
    8: 6,
    9: 5,
    10: 3,
    11: 2,
    12: 3,
    15: 1,
    16: 1,
    18: 1,
    20: 1,
    24: 1,
}
ROLLS = 36
WIN = float("inf")

# Value of a made point (two or more checkers) by its number: the home board and the 7 point count
# most, the 5 point above all; the opponent's home (19-24) is an anchor.
POINT_VALUE = (
    0.0,
    2.0,
    3.0,
    4.0,
    5.0,
    6.0,
    5.5,
    5.0,
    3.0,
    2.0,
    1.5,
    1.0,
    1.0,
    0.5,
    0.5,
    0.5,
    0.5,
    0.5,
    1.0,
    2.5,
    3.0,
    2.5,
    2.0,
    1.5,
    1.0,
)
PRIME_BONUS = 1.5  # per extra point in a row of made points
HIT_VALUE = 0.35  # per pip the opponent loses
PIP_VALUE = 0.1  # per own pip still to travel, in contact
BLOT_BASE = 4.0  # cost of being hit before counting the pips lost
BLOT_PIP = 0.35  # per pip a hit would send the blot back
BEAR_OFF_CONTACT = 6.0  # per checker borne off while contact remains
RACE_OFF = 8.0  # per checker borne off in a race
RACE_WASTE = 0.6  # per checker piled beyond three on one point in a race
HOME_BOARD_BAR = 1.0  # per home point made, times opponent checkers on the bar


def shots(position: Sequence[int], point: int) -> int:
    """Rolls (of 36) with which the opponent can hit a blot of ours on `point`, capped at 36.

    The opponent moves up our numbering, and enters from the bar as if from our point 0.
    """
    total = 0
    if position[OPP_BAR] > 0:
        total += HIT_ROLLS.get(point, 0)
    for source in range(point - 1, 0, -1):
        if position[source] < 0:
            total += HIT_ROLLS.get(point - source, 0)
    return min(total, ROLLS)


def evaluate(position: Sequence[int]) -> float:
    """The heuristic value of a position after our move, from our side (higher is better)."""
    if all_borne_off(position):
        return WIN
    own_pips, opp_pips = pip_counts(position)
    if is_race(position):
        waste = sum(n - 3 for n in position[1:25] if n > 3)
        return RACE_OFF * position[OFF] - own_pips - RACE_WASTE * waste
    value = HIT_VALUE * opp_pips - PIP_VALUE * own_pips + BEAR_OFF_CONTACT * position[OFF]
    run = 0
    home_points = 0
    for point in range(1, 25):
        n = position[point]
        if n >= 2:
            value += POINT_VALUE[point]
            run += 1
            if run > 1:
                value += PRIME_BONUS
            if point <= 6:
                home_points += 1
        else:
            run = 0
            if n == 1:
                value -= shots(position, point) / ROLLS * (BLOT_BASE + BLOT_PIP * (25 - point))
    if position[BAR]:
        value -= BLOT_BASE * position[BAR]
    value += HOME_BOARD_BAR * home_points * position[OPP_BAR]
    return value


class GreedyBot(EvaluatorBot, CountCube):
    """Plays the legal play whose resulting position `evaluate` likes best; the cube by a race count."""

    name = "greedy"

    def values(self, state: State, afters: list[State]) -> list[float]:
        """The heuristics' value of each resulting position."""
        return [evaluate(after) for after in afters]
