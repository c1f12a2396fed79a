"""Resignations weighed by the bots with an evaluator, on positions whose answer is certain: a sure
gammon, a sure single game, the opening; money play, a match score where a gammon counts for nothing,
and the cube's value."""

import numpy as np
import pytest

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.position import OPENING, flip, validate_state
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules
from game.tavla.eval.resign import accepts, certain_chances, offered_level, play_on_value
from game.tavla.players import get_bot

STANDARD, TAVLA = Rules.STANDARD, Rules.TAVLA
SINGLE, GAMMON, BACKGAMMON = Resignation


def state(points: dict[int, int], off: int = 0, opp_off: int = 0):
    values = [0] * 28
    values[0], values[27] = off, opp_off
    for point, count in points.items():
        values[point] = count
    return validate_state(values)


SURE_GAMMON = state({7: 5, 8: 5, 9: 5, 24: -1}, opp_off=14)
"""On roll, nothing borne off, every checker outside its home; the opponent bears off its last checker
with any roll: a gammon lost for sure, no backgammon possible (a race: our checkers only move on)."""
SURE_SINGLE = state({3: 5, 24: -1}, off=10, opp_off=14)
"""On roll with five checkers on the 3 point, ten off: no roll bears all five off; a single game lost."""
EVALUATOR_BOTS = ("beginner", "expert", "master", "gnubg")


@pytest.mark.parametrize("name", EVALUATOR_BOTS)
@pytest.mark.parametrize("rules", [STANDARD, TAVLA])
def test_a_bot_resigns_only_what_it_surely_loses(name, rules):
    bot = get_bot(name, rules=rules)
    money = Cube()
    assert bot.resigns(list(SURE_GAMMON), None, money, 0) is GAMMON
    assert bot.resigns(list(SURE_GAMMON), (2, 1), money, 0) is GAMMON
    assert bot.resigns(list(SURE_GAMMON), None, money, GAMMON) is None  # declined: it plays on
    assert bot.resigns(list(SURE_SINGLE), (6, 6), money, 0) is SINGLE
    assert bot.resigns(list(OPENING), None, money, 0) is None


@pytest.mark.parametrize("name", EVALUATOR_BOTS)
@pytest.mark.parametrize("rules", [STANDARD, TAVLA])
def test_a_bot_with_a_sure_win_accepts_nothing_less_than_it_wins(name, rules):
    bot = get_bot(name, rules=rules)
    money = Cube()
    # The bot answers from its own side; the offerer is on roll.
    answers = {
        level: bot.accepts_resignation(list(flip(SURE_GAMMON)), None, level, money)
        for level in rules.resignations
    }
    assert answers == {level: level >= GAMMON for level in rules.resignations}
    answers = {
        level: bot.accepts_resignation(list(flip(SURE_SINGLE)), None, level, money)
        for level in rules.resignations
    }
    assert all(answers.values())
    assert bot.accepts_resignation(
        list(flip(OPENING)), None, SINGLE, money
    )  # a single game is more than it has


def test_at_a_score_where_a_gammon_counts_for_nothing_a_single_game_is_enough():
    bot = get_bot("expert", rules=STANDARD)
    one_away = Cube(1, CubeOwner.CENTRE, MatchScore(5, 0, 4, crawford=True))  # seen by the loser
    assert bot.resigns(list(SURE_GAMMON), None, one_away, 0) is SINGLE
    assert bot.accepts_resignation(list(flip(SURE_GAMMON)), None, SINGLE, one_away.flipped())
    two_away = Cube(1, CubeOwner.CENTRE, MatchScore(5, 0, 3))
    assert bot.resigns(list(SURE_GAMMON), None, two_away, 0) is GAMMON
    assert not bot.accepts_resignation(list(flip(SURE_GAMMON)), None, SINGLE, two_away.flipped())


def test_the_cube_multiplies_what_both_are_worth():
    lose_gammon = np.array([0.0, 0.0, 0.0, 1.0, 0.0])
    at_four = Cube(4, CubeOwner.OPPONENT)
    assert play_on_value(lose_gammon, STANDARD, at_four) == pytest.approx(-8.0)
    assert offered_level(lose_gammon, STANDARD, at_four) is GAMMON
    win_gammon = np.array([1.0, 1.0, 0.0, 0.0, 0.0])
    assert accepts(win_gammon, GAMMON, STANDARD, at_four) and not accepts(
        win_gammon, SINGLE, STANDARD, at_four
    )
    jacoby = Cube(1, CubeOwner.CENTRE, jacoby=True)  # gammons count only once the cube is turned
    assert accepts(win_gammon, SINGLE, STANDARD, jacoby)
    assert offered_level(np.array([0.3, 0.0, 0.0, 0.0, 0.0]), STANDARD, Cube()) is None


def test_what_the_position_rules_out_is_set_to_nothing():
    noisy = np.array([0.001, 0.0005, 0.0001, 0.99, 0.02])
    fixed = certain_chances(SURE_GAMMON, noisy)
    assert fixed.tolist() == pytest.approx([0.001, 0.0, 0.0, 0.99, 0.0])  # they are off; we are past
    assert certain_chances(SURE_SINGLE, noisy).tolist() == pytest.approx([0.001, 0.0, 0.0, 0.0, 0.0])
    assert certain_chances(OPENING, noisy).tolist() == pytest.approx(noisy.tolist())  # contact: all open
