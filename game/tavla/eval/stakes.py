"""What the results of a game are worth to the player on roll, in the units the analysis judges in:
points in money play, EMG (GNU Backgammon's "equivalent to money game") in a match.

In a match, the cubeless chances after a play (win, win gammon, win backgammon, lose gammon, lose
backgammon; gammons include backgammons) are first turned into match-winning chances (MWC) at the score:
each result moves the score by its points (Rules.points) times the cube's present value, and the match
equity table gives the chance of winning the match from there (game/tavla/engine/match_equity.py, the
shipped Kazaross XG2 table; its post-Crawford row for the results of the Crawford game and after it).
A result that cannot change the match more than a single game does (a gammon for a player who needs
one point, a gammon lost to an opponent who needs one, any result of a game at double match point)
is worth what the single game is, so "gammons don't count" comes out of the table by itself, as does the
worth of a gammon saved when the opponent needs two.

The MWC is then mapped linearly onto EMG, as gnubg's eval.c `mwc2eq` does:

    EMG = 2 (MWC - L) / (W - L) - 1

with W and L the MWC after winning and after losing a single game at the cube's present value: a single
game won at the cube is +1 and one lost -1, as a money equity normalised to the cube is. Differences of
EMG are the analysis's losses in a match (in millipoints, "mEMG"), normalised to the cube as gnubg's
error rates are; the cube decisions of game/tavla/eval/cube_decision.py come out in the same units.

In money play (and in a match longer than the table) a result is worth its points, and the same
formula gives the cubeless equity in points per unit of cube, Rules.equity_weights: the money figures.
The table was made for matches played with the cube; a match played without it (tavla) is judged
through it all the same, an approximation.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.match_equity import shipped_table
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import equities


@dataclass(frozen=True)
class Stakes:
    """The worth of a game's results for the player on roll: money (`score` None) or a match score,
    with the cube at `cube`, held by `owner` (seen by the player on roll); `jacoby`: money play where
    gammons count only once the cube has turned. The owner and the Jacoby rule matter to cubeful
    equities only (game/tavla/eval/judge.py); the cubeless ones here count the results alone."""

    rules: Rules
    score: MatchScore | None = None
    cube: int = 1
    owner: CubeOwner = CubeOwner.CENTRE
    jacoby: bool = False

    @classmethod
    def of_cube(cls, rules: Rules, cube: Cube) -> Stakes:
        """The stakes a cube before a roll sets, for the player on roll (a match longer than the table
        is judged as money play, as the analysis judges it)."""
        score = cube.score if cube.score is not None and cube.score.length <= shipped_table().length else None
        return cls(rules, score, cube.value, cube.owner, cube.jacoby)

    @property
    def match(self) -> bool:
        """Whether equities are EMG at a match score (else money points)."""
        return self.score is not None

    def value(self, points: int) -> float:
        """The MWC (match) or the points (money) of the player on roll after winning `points` (losing,
        when negative)."""
        score = self.score
        if score is None:
            return float(points)
        post = score.crawford or score.post_crawford
        away, their_away = score.away - max(points, 0), score.their_away + min(points, 0)
        return shipped_table().win_chance(away, their_away, post_crawford=post)

    @functools.cached_property
    def _weights(self) -> tuple[np.ndarray, float]:
        """(weights, offset) with EMG = chances @ weights + offset (the MWC is linear in the chances)."""
        levels = (1, self.rules.points(2), self.rules.points(3))
        won = [self.value(level * self.cube) for level in levels]
        lost = [self.value(-level * self.cube) for level in levels]
        scale = 2.0 / (won[0] - lost[0])
        steps = (won[0] - lost[0], won[1] - won[0], won[2] - won[1], lost[1] - lost[0], lost[2] - lost[1])
        return scale * np.array(steps), -1.0

    def equities(self, chances: np.ndarray) -> np.ndarray:
        """The equity of each row of chances (or of one row): EMG in a match, cubeless points in money."""
        if self.score is None:
            return equities(chances, self.rules)
        weights, offset = self._weights
        return np.asarray(chances, dtype=float) @ weights + offset

    def mwc(self, emg: float) -> float:
        """The match-winning chance an EMG stands for (money: the EMG itself, in points per cube)."""
        if self.score is None:
            return emg
        won, lost = self.value(self.cube), self.value(-self.cube)
        return lost + (emg + 1.0) * (won - lost) / 2.0

    @property
    def mwc_span(self) -> float:
        """The match-winning chance one EMG is worth here: half the chance between winning and losing a
        single game at the cube (gnubg's EMG-to-MWC scale); 0 in money play."""
        if self.score is None:
            return 0.0
        return (self.value(self.cube) - self.value(-self.cube)) / 2.0

    def emg(self, mwc: float) -> float:
        """The EMG of a match-winning chance (money: the points per cube)."""
        if self.score is None:
            return mwc
        won, lost = self.value(self.cube), self.value(-self.cube)
        return 2.0 * (mwc - lost) / (won - lost) - 1.0
