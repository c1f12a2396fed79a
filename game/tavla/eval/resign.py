"""Resignations weighed from cubeless chances: whether to offer one, and whether to accept one.

What playing on is worth is the cubeless value of the chances (win, win gammon, win backgammon, lose
gammon, lose backgammon; gammons include backgammons) with the cube dead at its present value: points
times the cube in money play (a single game under the Jacoby rule while the cube is in the centre), the
match-winning chance after each result in a match, from the shipped match equity table as the cube
decisions read it (game/tavla/eval/cube_decision.py `score_value`). A resignation is worth its level's
points (`Rules.points`) times the cube, the same way.

- Accepting: an offer is accepted when what it gives is at least what playing on is worth (so a sure
  gammon accepts a gammon and nothing less; in a match a single game may already be worth everything).
- Offering: as GNU Backgammon's bots, only sure things and only in a race (where the race network and
  the bear-off database are near exact): the smallest level above any already declined at which playing
  on is worth no more than resigning, within RESIGN_MARGIN (in equity normalised to the cube, EMG in a
  match): no chance of winning left, and the level covers every gammon and backgammon still possible.

`ChancesResign` gives a bot `resigns` and `accepts_resignation` (game/tavla/engine/resigning.py) from
its own chances of the player on roll, which a subclass supplies (`resign_chances`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.position import BAR, HOME_POINTS, OFF, OPP_BAR, OPP_OFF, flip, is_race
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import score_value
from game.tavla.eval.neural import other_side

RESIGN_MARGIN = 0.002
"""How much more than resigning playing on may be worth (normalised to the cube) for a bot to resign:
a chance of winning of about 0.1% at most, or as little of a gammon more than offered."""
_EPSILON = 1e-9


def _points(level: int, rules: Rules, cube: Cube) -> int:
    """What a result at gammon `level` scores under `rules` with `cube` (the Jacoby rule included)."""
    if cube.jacoby and cube.owner is CubeOwner.CENTRE:
        return cube.value
    return rules.points(level) * cube.value


def play_on_value(chances: Sequence[float], rules: Rules, cube: Cube) -> float:
    """The cubeless value of playing on for the player whose `chances` they are, seeing `cube`."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = (float(c) for c in chances)
    win = min(max(win, 0.0), 1.0)
    lose = 1.0 - win
    win_gammon = min(max(win_gammon, 0.0), win)
    win_backgammon = min(max(win_backgammon, 0.0), win_gammon)
    lose_gammon = min(max(lose_gammon, 0.0), lose)
    lose_backgammon = min(max(lose_backgammon, 0.0), lose_gammon)
    shares = (
        (1, win - win_gammon),
        (2, win_gammon - win_backgammon),
        (3, win_backgammon),
        (-1, lose - lose_gammon),
        (-2, lose_gammon - lose_backgammon),
        (-3, lose_backgammon),
    )
    return sum(
        share * score_value(cube, _points(abs(level), rules, cube) * (1 if level > 0 else -1))
        for level, share in shares
    )


def resignation_value(level: Resignation, rules: Rules, cube: Cube, resigning: bool) -> float:
    """What an accepted resignation of `level` is worth to the one resigning (or, not `resigning`, to
    the one accepting)."""
    points = _points(level, rules, cube)
    return score_value(cube, -points if resigning else points)


def accepts(chances: Sequence[float], level: Resignation, rules: Rules, cube: Cube) -> bool:
    """Whether the player whose `chances` they are accepts the opponent's offer to resign `level`."""
    offer = resignation_value(level, rules, cube, resigning=False)
    return offer >= play_on_value(chances, rules, cube) - _EPSILON


def offered_level(
    chances: Sequence[float], rules: Rules, cube: Cube, declined: int = 0
) -> Resignation | None:
    """The level the player whose `chances` they are should resign at (the smallest above `declined`
    that gives up no more than playing on is worth, within RESIGN_MARGIN), or None to play on."""
    unit = (score_value(cube, cube.value) - score_value(cube, -cube.value)) / 2.0
    play_on = play_on_value(chances, rules, cube)
    margin = RESIGN_MARGIN * unit
    for level in rules.resignations:
        given_up = resignation_value(level, rules, cube, resigning=True)
        if level > declined and given_up <= play_on + margin:
            return level if given_up >= play_on - margin else None
    return None


def certain_chances(state: Sequence[int], chances: Sequence[float]) -> np.ndarray:
    """`chances` of the player on roll in `state` with the gammons and backgammons the position has
    already ruled out set to 0 (an evaluator's small outputs there are noise): none for a side that
    has borne a checker off; no backgammon, once the sides have passed, for a side with no checker on
    the bar or in the other's home board (checkers only move on in a race)."""
    fixed = np.array(chances, dtype=float)
    race = is_race(state)
    if state[OPP_OFF] > 0:
        fixed[1:3] = 0.0
    elif race and state[OPP_BAR] == 0 and not any(state[point] < 0 for point in HOME_POINTS):
        fixed[2] = 0.0
    if state[OFF] > 0:
        fixed[3:5] = 0.0
    elif race and state[BAR] == 0 and not any(state[25 - point] > 0 for point in HOME_POINTS):
        fixed[4] = 0.0
    return fixed


class ChancesResign:
    """`resigns` and `accepts_resignation` from the bot's cubeless chances of the player on roll (a
    subclass supplies `resign_chances` and `resign_rules`)."""

    resign_rules: Rules

    def resign_chances(self, state: Sequence[int], dice: tuple[int, int] | None) -> np.ndarray:
        """The chances of the player on roll in `state`: before its roll (`dice` None), or after its best
        play of `dice`."""
        raise NotImplementedError

    def resigns(
        self, state: Sequence[int], dice: tuple[int, int] | None, cube: Cube, declined: int = 0
    ) -> Resignation | None:
        """The level to resign at now, on roll in `state`: only in a race, only a sure thing."""
        if not is_race(state):
            return None
        chances = certain_chances(state, self.resign_chances(state, dice))
        return offered_level(chances, self.resign_rules, cube, declined)

    def accepts_resignation(
        self, state: Sequence[int], dice: tuple[int, int] | None, level: Resignation, cube: Cube
    ) -> bool:
        """Whether to accept the opponent's offer to resign `level`; `state` from this bot's side with
        the offerer on roll (with `dice`, if rolled)."""
        offerer = flip(state)
        theirs = certain_chances(offerer, self.resign_chances(offerer, dice))
        return accepts(other_side(theirs), level, self.resign_rules, cube)
