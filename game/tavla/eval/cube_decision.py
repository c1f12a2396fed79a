"""Cube decisions from cubeless chances: no double, double/take, double/pass, in points or match chances.

A decision compares three cubeful equities of the player on roll: no double (the cube as it is), double
and take (the opponent owns the cube at twice the value), double and pass (the current value, won).

Cubeful equities follow Janowski's model ("Take-points in money games", 1993): the cubeful equity is a
mix, by a cube efficiency x, of the dead-cube equity and the equity with a perfectly efficient (live)
cube, which is piecewise linear in the chance of winning between the points where the cube changes
hands. Janowski's formulas are for money; here the same picture is drawn in the units of the game being
played: points for money, match-winning chances for a match (from the match equity table). The take
and cash points of the live cube come from the same picture one cube level up, so a recube is worth what
it is worth at that score, down to a cube that can no longer be used (the Crawford game, a player for
whom the cube already wins the match, or after six more levels in money, where it makes no difference).

The gammon and backgammon shares of the wins and losses are taken as they are now at every cube level,
as in Janowski's model. The cube efficiency is 0.68 in contact (Janowski's value for middle games),
0.6 to 0.7 in races (longer races leave more cube turns) and 0 when the opponent will bear off with
its next roll for sure: then nothing can happen to the cube after this roll, and the answer is exact.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.tavla.engine.cube import Cube, CubeAction, CubeOwner
from game.tavla.engine.match_equity import MatchEquityTable, shipped_table
from game.tavla.engine.position import BAR, OPP_BAR, OPP_OFF, is_race, pip_counts
from game.tavla.eval.bearoff import table as bearoff_table

CONTACT_EFFICIENCY = 0.68
RACE_EFFICIENCY = (0.6, 0.7)  # at 0 and from RACE_LONG pips of the player on roll
RACE_LONG = 100
_MONEY_LEVELS = 6  # live cube levels followed in money play; deeper ones change nothing visible
_EPSILON = 1e-9


@dataclass(frozen=True)
class CubeDecision:
    """Three cubeful equities of the player on roll, normalised to the cube's present value (so a pass
    is +1), and whether doubling is allowed at all."""

    no_double: float
    double_take: float
    double_pass: float
    may_double: bool = True

    @property
    def action(self) -> CubeAction:
        """The best action and the right answer to a double (gnubg's categories)."""
        take = self.double_take <= self.double_pass
        best_double = min(self.double_take, self.double_pass)
        if not self.may_double:
            return CubeAction.NO_DOUBLE_TAKE if take else CubeAction.NO_DOUBLE_PASS
        if best_double > self.no_double or (not take and best_double == self.no_double):
            return CubeAction.DOUBLE_TAKE if take else CubeAction.DOUBLE_PASS
        if self.no_double > self.double_pass:
            return CubeAction.TOO_GOOD_TAKE if take else CubeAction.TOO_GOOD_PASS
        return CubeAction.NO_DOUBLE_TAKE if take else CubeAction.NO_DOUBLE_PASS


def cube_efficiency(state: Sequence[int], last_roll: bool) -> float:
    """Janowski's x for the position before the roll of the player on roll."""
    if last_roll:
        return 0.0
    if not is_race(state):
        return CONTACT_EFFICIENCY
    low, high = RACE_EFFICIENCY
    return low + (high - low) * min(pip_counts(state)[0], RACE_LONG) / RACE_LONG


def opponent_finishes_next(state: Sequence[int]) -> bool:
    """True when the opponent, all at home, bears off every checker with any roll: the last roll."""
    if state[BAR] or state[OPP_BAR] or not is_race(state):
        return False
    theirs = [max(-state[point], 0) for point in range(24, 0, -1)]
    if any(theirs[6:]):
        return False
    db = bearoff_table()
    row = db.all_off[db.index(np.array([theirs[:6]]))[0]]
    return bool(row[1] > 1.0 - _EPSILON) and state[OPP_OFF] < 15


class _Game:
    """Outcome values and live-cube points for one decision, in the units of the game played."""

    def __init__(self, chances: Sequence[float], cube: Cube, table: MatchEquityTable | None) -> None:
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = (float(c) for c in chances)
        self.p = min(max(win, 0.0), 1.0)
        lose = 1.0 - self.p
        self.wins = _shares(self.p, win_gammon, win_backgammon)
        self.losses = _shares(lose, lose_gammon, lose_backgammon)
        self.cube = cube
        self.table = table if table is not None else shipped_table()
        self._take: dict[int, float] = {}
        self._cash: dict[int, float] = {}

    def value(self, points: int) -> float:
        """Points (money) or match-winning chance (match) after the player on roll wins `points`."""
        return score_value(self.cube, points, self.table)

    def win_value(self, cube: int) -> float:
        """The mean value of a win at `cube` with the present share of gammons and backgammons."""
        return sum(share * self.value(level * cube) for level, share in self.wins)

    def lose_value(self, cube: int) -> float:
        """The mean value of a loss at `cube`."""
        return sum(share * self.value(-level * cube) for level, share in self.losses)

    def usable(self, cube: int, mine: bool) -> bool:
        """Whether a player could still gain by doubling a cube of `cube` (mine: the player on roll)."""
        score = self.cube.score
        if score is None:
            return cube < self.cube.value * 2**_MONEY_LEVELS
        if score.crawford:
            return False
        return cube < (score.away if mine else score.their_away)

    def take_point(self, cube: int) -> float:
        """The chance of winning at which the player on roll, doubled from `cube` to twice it, is as well
        off taking (and owning the cube) as passing."""
        if cube not in self._take:
            high = 2 * cube
            anchors = [(0.0, self.lose_value(high))]
            if self.usable(high, mine=True):
                anchors.append((self.cash_point(high), self.value(high)))
            anchors.append((1.0, self.win_value(high)))
            self._take[cube] = _solve(anchors, self.value(-cube))
        return self._take[cube]

    def cash_point(self, cube: int) -> float:
        """The chance of winning of the player on roll above which the opponent, doubled from `cube`,
        should pass."""
        if cube not in self._cash:
            high = 2 * cube
            anchors = [(0.0, self.lose_value(high))]
            if self.usable(high, mine=False):
                anchors.append((self.take_point(high), self.value(-high)))
            anchors.append((1.0, self.win_value(high)))
            self._cash[cube] = _solve(anchors, self.value(cube))
        return self._cash[cube]

    def cubeful(self, cube: int, owner: CubeOwner, efficiency: float) -> float:
        """The cubeful value of the position for the player on roll, the cube at `cube` held by `owner`."""
        jacoby = self.cube.jacoby and owner is CubeOwner.CENTRE
        win = self.value(cube) if jacoby else self.win_value(cube)
        lose = self.value(-cube) if jacoby else self.lose_value(cube)
        dead = self.p * win + (1.0 - self.p) * lose
        if efficiency == 0.0 or self.cube.crawford:
            return dead
        anchors = [(0.0, lose)]
        if owner is not CubeOwner.ME and self.usable(cube, mine=False):
            anchors.append((self.take_point(cube), self.value(-cube)))
        if owner is not CubeOwner.OPPONENT and self.usable(cube, mine=True):
            anchors.append((self.cash_point(cube), self.value(cube)))
        anchors.append((1.0, win))
        xs, ys = zip(*sorted(anchors), strict=True)
        live = float(np.interp(self.p, xs, ys))
        return (1.0 - efficiency) * dead + efficiency * live

    def normalised(self, value: float) -> float:
        """A value as an equity at the present cube: -1 for losing it, +1 for winning it."""
        cube = self.cube.value
        if self.cube.score is None:
            return value / cube
        won, lost = self.value(cube), self.value(-cube)
        return 2.0 * (value - lost) / (won - lost) - 1.0


def score_value(cube: Cube, points: int, table: MatchEquityTable | None = None) -> float:
    """What winning `points` (losing, when negative) is worth to the player who sees `cube`: the points
    themselves in money play, the match-winning chance at the score after it in a match (the shipped
    match equity table unless `table`; its post-Crawford row in and after the Crawford game)."""
    score = cube.score
    if score is None:
        return float(points)
    post = score.crawford or score.post_crawford
    away, their_away = score.away - max(points, 0), score.their_away + min(points, 0)
    return (table if table is not None else shipped_table()).win_chance(away, their_away, post_crawford=post)


def _shares(total: float, gammon: float, backgammon: float) -> list[tuple[int, float]]:
    """(level, share) of single, gammon and backgammon results among results worth `total` in all;
    with no such results at all, a single one."""
    if total < _EPSILON:
        return [(1, 1.0)]
    backgammon = min(max(backgammon, 0.0), total)
    gammon = min(max(gammon, backgammon), total)
    return [(1, (total - gammon) / total), (2, (gammon - backgammon) / total), (3, backgammon / total)]


def _solve(anchors: list[tuple[float, float]], target: float) -> float:
    """The chance at which the piecewise-linear value through `anchors` reaches `target` (clamped)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(anchors):
        if y0 <= target <= y1 and y1 > y0:
            return x0 + (x1 - x0) * (target - y0) / (y1 - y0)
    return 0.0 if target <= anchors[0][1] else 1.0


def decide(
    chances: Sequence[float],
    cube: Cube,
    efficiency: float,
    table: MatchEquityTable | None = None,
) -> CubeDecision:
    """The cube decision of the player on roll, whose cubeless chances before the roll are `chances`
    (win, win gammon, win backgammon, lose gammon, lose backgammon; gammons include backgammons)."""
    game = _Game(chances, cube, table)
    no_double = game.cubeful(cube.value, cube.owner, efficiency)
    double_take = game.cubeful(cube.value * 2, CubeOwner.OPPONENT, efficiency)
    double_pass = game.value(cube.value)
    return CubeDecision(
        no_double=game.normalised(no_double),
        double_take=game.normalised(double_take),
        double_pass=game.normalised(double_pass),
        may_double=cube.may_double(),
    )


def decide_position(chances: Sequence[float], state: Sequence[int], cube: Cube) -> CubeDecision:
    """`decide` with the cube efficiency of `state`, the position before the roll."""
    return decide(chances, cube, cube_efficiency(state, opponent_finishes_next(state)))
