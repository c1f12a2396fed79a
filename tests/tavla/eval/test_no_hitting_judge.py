"""Issue 49, item 3: a judge for every game of the board behind `judge_for`: Plakoto, Fevga and Gul bara
by their own networks at the levels' depths, Portes by backgammon's judge with Portes' scoring."""

import numpy as np
import pytest

from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import equities, other_side
from game.tavla.eval.no_hitting_judge import NoHittingJudge
from game.tavla.eval.stakes import Stakes

NO_HITTING = [Rules.PLAKOTO, Rules.FEVGA, Rules.GUL_BARA, Rules.NARDY, Rules.MOULTEZIM]


def midgame(rules: Rules):
    """A position some turns into a game, the player on roll to play."""
    game = rules.variant
    state = game.opening
    for dice in ((6, 5), (3, 1), (5, 2), (4, 4), (6, 3), (2, 1)):
        plays = game.legal_plays(state, *dice)
        state = game.flip(game.apply_play(state, plays[len(plays) // 2]) if plays else state)
    return state


def test_every_game_of_the_board_is_analysable():
    assert all(rules.analysable for rules in Rules)


@pytest.mark.parametrize("rules", NO_HITTING)
@pytest.mark.parametrize(("level", "plies"), [(JudgeLevel.EXPERT, 0), (JudgeLevel.MASTER, 1)])
def test_the_games_without_hitting_are_judged_by_their_networks_at_the_levels_depths(rules, level, plies):
    judge = judge_for(rules, level)
    assert isinstance(judge, NoHittingJudge) and judge.plies == plies and not judge.cubeful
    state = midgame(rules)
    ranked = judge.rank(state, (4, 2))
    legal = rules.variant.legal_plays(state, 4, 2)
    assert len(legal) > 1 and sorted(play.play for play in ranked) == sorted(legal)
    assert ranked[0].plies == plies
    deepest = [play.equity for play in ranked if play.plies == plies]  # the filter's, best first
    assert deepest == sorted(deepest, reverse=True)


def test_portes_is_judged_by_backgammons_judge_with_its_own_scoring():
    judge = judge_for(Rules.PORTES, JudgeLevel.EXPERT)
    assert not isinstance(judge, NoHittingJudge) and judge.rules is Rules.PORTES
    assert Stakes(Rules.PORTES).equities(np.array([1.0, 1.0, 1.0, 0.0, 0.0])) == pytest.approx(2.0)


def test_one_ply_is_the_average_of_the_opponents_best_reply_over_the_rolls():
    rules = Rules.PLAKOTO
    judge = judge_for(rules, JudgeLevel.MASTER)
    game = rules.variant
    after = game.apply_play(game.opening, game.legal_plays(game.opening, 6, 5)[0])
    theirs = game.flip(after)
    expected = np.zeros(5)
    for d1, d2, weight in ROLLS:
        replies = [result for _play, result in game.legal_results(theirs, d1, d2)] or [theirs]
        chances = judge.net.probabilities(replies)
        best = chances[int(np.argmax(equities(chances, rules)))]
        expected += weight * other_side(best) / 36.0
    assert judge.search([after], 1)[0] == pytest.approx(expected)
