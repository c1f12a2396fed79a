"""Long nardy and Moultezim by hand: the openings, the head rule, the six-block rule with and without an
opposing checker past it, Moultezim's four points, and the scoring (docs/tavla-games.md). The plays of
random games are checked against the slow reference in test_tavla_games.py."""

import pytest

from game.tavla.engine.game import Game
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import Refusal, TurnInProgress
from tests.tavla.engine.test_tavla_games import same_way

NARDY, MOULTEZIM, FEVGA = (rules.variant for rules in (Rules.NARDY, Rules.MOULTEZIM, Rules.FEVGA))


def plays(game, state, die1, die2) -> set[str]:
    return {" ".join(f"{start}/{end}" for start, end in play) for play in game.legal_plays(state, die1, die2)}


def after_all(game, state, die1, die2):
    return [game.apply_play(state, play) for play in game.legal_plays(state, die1, die2)]


# The head ------------------------------------------------------------------------------------------


def test_the_hand_checked_openings_take_one_checker_off_the_head():
    opening = NARDY.validate(NARDY.opening)
    assert plays(NARDY, opening, 6, 5) == {"24/18 18/13"}
    assert plays(NARDY, opening, 2, 1) == {"24/22 22/21"}
    assert plays(NARDY, opening, 5, 5) == {"24/19 19/14 14/9 9/4"}, "12 is only passed over"
    assert plays(NARDY, opening, 1, 1) == {"24/23 23/22 22/21 21/20"}


def test_the_first_turns_6_6_4_4_and_3_3_take_two_off_the_head():
    opening = NARDY.validate(NARDY.opening)
    # 6-6: two to 18, and the other sixes are lost (18/12 lands on the opponent's head)
    assert plays(NARDY, opening, 6, 6) == {"24/18 24/18"}
    assert plays(NARDY, opening, 4, 4) == {"24/20 24/20 20/16 20/16"}
    assert plays(NARDY, opening, 3, 3) == {"24/21 24/21 21/18 21/18", "24/21 24/21 21/18 18/15"}


def test_the_second_player_has_the_first_turns_doubles_too():
    moved_once = same_way({24: 15}, {12: 14, 1: 1}, game=NARDY)  # the opponent went 24/13, their numbers
    assert plays(NARDY, moved_once, 6, 6) == {"24/18 24/18"}


def test_after_the_first_turn_one_checker_leaves_the_head_even_with_a_double():
    state = same_way({24: 14, 20: 1}, {12: 14, 1: 1}, game=NARDY)
    for die1, die2 in ((6, 6), (4, 4), (3, 3), (2, 1)):
        for after in after_all(NARDY, state, die1, die2):
            assert after[24] >= 13, (die1, die2, after)
    # the second checker from the head would need the 5: the 6 and 5 go to one checker or the other
    assert plays(NARDY, state, 6, 5) == {"24/18 20/15", "24/19 20/14", "24/18 18/13", "20/14 14/9"}


def test_a_second_checker_off_the_head_is_refused_in_words():
    state = same_way({24: 14, 20: 1}, {12: 14, 1: 1}, game=NARDY)
    with pytest.raises(IllegalPlay, match="one checker leaves the head"):
        NARDY.check_play(state, 6, 5, "24/18 24/19")
    turn = TurnInProgress(state, 6, 5, Rules.NARDY)
    turn.apply(turn.move_by_die(24, 6))
    assert 24 not in turn.movable_points()
    assert turn.pick_refusal(24).reason is Refusal.HEAD


# The six-block --------------------------------------------------------------------------------------


def holds(state, points) -> bool:
    return all(state[point] > 0 for point in points)


def test_six_in_a_row_needs_an_opposing_checker_past_it():
    # our points 10-6 held, 11 to make with 13/11; the opponent's way runs 12, 11, ... 1, then 24 ... 13
    behind = same_way({24: 5, 13: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 15}, game=NARDY)
    assert not any(holds(after, range(6, 12)) for after in after_all(NARDY, behind, 2, 1))
    ahead = same_way({24: 5, 13: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 14, 3: 1}, game=NARDY)
    assert any(holds(after, range(6, 12)) for after in after_all(NARDY, ahead, 2, 1))


def test_the_six_block_is_refused_in_words_at_the_table():
    behind = same_way({24: 5, 13: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 15}, game=NARDY)
    turn = TurnInProgress(behind, 2, 1, Rules.NARDY)
    assert turn.drop_refusal(13, 11) is None, "13/11 may still go on to 10 with the 1"
    turn.apply(turn.move_by_die(24, 1))
    assert turn.drop_refusal(13, 11).reason is Refusal.LIMIT


def test_unlike_fevga_the_starting_quarter_may_be_held_once_a_checker_is_past():
    # 24/19 would hold all of 19-24; an opposing checker on our 16 is past it on their way
    state = same_way({24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 10: 1, 5: 1}, {12: 13, 16: 1, 1: 1}, game=NARDY)
    assert any(holds(after, range(19, 25)) for after in after_all(NARDY, state, 5, 1))
    fevga = same_way({24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 10: 1, 5: 1}, {12: 13, 16: 1, 1: 1})
    assert not any(holds(after, range(19, 25)) for after in after_all(FEVGA, fevga, 5, 1))


# Moultezim ------------------------------------------------------------------------------------------


def test_moultezim_opens_as_fevga_does():
    opening = MOULTEZIM.validate(MOULTEZIM.opening)
    assert plays(MOULTEZIM, opening, 6, 5) == {"24/18 18/13"}
    assert plays(MOULTEZIM, opening, 6, 6) == {"24/18"}, "the first checker must pass their start first"


def test_moultezim_holds_at_most_four_points_of_the_opponents_starting_quarter():
    state = same_way({24: 8, 11: 2, 10: 2, 9: 1, 8: 1, 3: 1}, {12: 15}, game=MOULTEZIM)  # four held
    assert plays(MOULTEZIM, state, 4, 1)
    assert not any(sum(after[p] > 0 for p in range(7, 13)) > 4 for after in after_all(MOULTEZIM, state, 4, 1))
    assert any(sum(after[p] > 0 for p in range(7, 13)) > 4 for after in after_all(FEVGA, state, 4, 1))


def test_moultezim_allows_the_prime_fevga_forbids():
    # 24/18 holds 18-13 with every opposing checker still on its start, behind it
    behind = same_way({24: 5, 17: 1, 16: 2, 15: 2, 14: 2, 13: 2, 5: 1}, {12: 15}, game=MOULTEZIM)
    assert any(holds(after, range(13, 19)) for after in after_all(MOULTEZIM, behind, 6, 1))
    assert not any(holds(after, range(13, 19)) for after in after_all(FEVGA, behind, 6, 1))


# Scoring and the flow -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules.NARDY, Rules.MOULTEZIM])
def test_a_mars_scores_two_and_a_single_win_one(rules):
    game = rules.variant
    mars = same_way({1: 1}, {20: 15}, game=game)
    won = game.apply_play(mars, ((1, 0),))
    assert game.is_over(won) and game.win_points(won) == 2
    single = same_way({1: 1}, {20: 14}, game=game)
    assert game.win_points(game.apply_play(single, ((1, 0),))) == 1
    assert rules.max_points == 2 and not rules.has_cube


def test_a_game_of_long_nardy_is_played_to_the_end_by_the_flow():
    flow = Game(Rules.NARDY, seed=4)
    flow.start()
    while not flow.over:
        if flow.dice is None:
            flow.roll()
        flow.play(flow.legal_plays()[0] if flow.legal_plays() else ())
    assert flow.result.points in (1, 2)


def test_a_point_one_opposing_checker_holds_is_refused_as_blocked():
    state = same_way({24: 14, 20: 1}, {12: 14, 17: 1}, game=NARDY)
    assert TurnInProgress(state, 3, 1, Rules.NARDY).drop_refusal(20, 17).reason is Refusal.BLOCKED
