"""Resignations asked of bots: whether a bot offers to resign, and whether it accepts an offer.

A bot object may carry

- `resigns(state, dice, cube, declined) -> Resignation | None`, asked at its own turn (before its roll,
  or with the dice rolled): `state` and `cube` as it sees them on roll, `dice` its roll or None,
  `declined` the highest level the opponent has already declined in this game (0: none), so it offers
  only more than that;
- `accepts_resignation(state, dice, level, cube) -> bool`, asked when the opponent offers to resign
  `level`: `state` and `cube` from the bot's own side with the offerer on roll, `dice` the offerer's
  roll if it was rolled.

`cube` here is the stakes as well as the cube: a `Cube` whose value multiplies the points and whose
`score` is the match score (None: money play); a match played without the doubling cube gets one at 1
in the centre that nobody can turn (`stakes_cube`).

The line protocol has no resignation, so a program, a Python bot's file, and the built-in bots without
an evaluator (random, greedy, pubeval) never resign and answer by one fair rule (`most_at_stake`): they
accept an offer that gives them at least the most the position could still give them, so they never
take less than they could win.
"""

from collections.abc import Sequence

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.position import HOME_POINTS, OPP_BAR, OPP_OFF, is_race
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MAX_CUBE_MATCH, Rules

Dice = tuple[int, int] | None


def most_at_stake(state: Sequence[int], rules: Rules) -> Resignation:
    """The most the player not on roll in `state` (seen from its side) could still win from the player
    on roll: a single game once that player has borne a checker off; else a backgammon (where the rules
    score one) while one of its checkers is on the bar or in this side's home board, or could still be
    hit there (the sides in contact); else a gammon (mars)."""
    if state[OPP_OFF] > 0:
        return Resignation.SINGLE
    stuck = state[OPP_BAR] > 0 or any(state[point] < 0 for point in HOME_POINTS) or not is_race(state)
    level = Resignation.BACKGAMMON if stuck else Resignation.GAMMON
    return Resignation(min(level, rules.max_points))


def bot_resigns(
    bot: object, state: Sequence[int], dice: Dice, cube: Cube, declined: int, rules: Rules
) -> Resignation | None:
    """The level `bot`, on turn in `state`, offers to resign at, or None; an answer that is not a level
    the rules score above `declined` is no offer (bots without `resigns` never offer)."""
    resigns = getattr(bot, "resigns", None)
    if not callable(resigns):
        return None
    level = resigns(list(state), dice, cube, declined)
    levels = [resignation.value for resignation in rules.resignations]
    if isinstance(level, bool) or not isinstance(level, int) or level not in levels or level <= declined:
        return None
    return Resignation(level)


def bot_accepts(
    bot: object, state: Sequence[int], dice: Dice, level: Resignation, cube: Cube, rules: Rules
) -> bool:
    """Whether `bot` accepts the opponent's offer to resign `level` (`state` from the bot's side, the
    offerer on roll): its own answer where it has one, else the fair rule of `most_at_stake`."""
    accepts = getattr(bot, "accepts_resignation", None)
    if callable(accepts):
        return bool(accepts(list(state), dice, level, cube))
    return level >= most_at_stake(state, rules)


def stakes_cube(cube: Cube | None, length: int | None, scores: tuple[int, int], crawford: bool) -> Cube:
    """What a game is played for, as a resignation is weighed: the game's cube as the player sees it,
    or for a game without one a cube at 1 in the centre (`scores` mine first; `length` None or longer
    than the match equity table: money)."""
    if cube is not None:
        return cube
    score = None
    if length is not None and length <= MAX_CUBE_MATCH and max(scores) < length:
        score = MatchScore(length, scores[0], scores[1], crawford)
    return Cube(1, CubeOwner.CENTRE, score)
