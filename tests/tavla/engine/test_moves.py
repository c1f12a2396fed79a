"""Legal plays: every rule and example of docs/notation.md, validation messages, and properties."""

import pytest
from hypothesis import given, settings

from game.core.errors import UserError
from game.tavla.engine.moves import (
    IllegalPlay,
    apply_play,
    check_play,
    dice_left,
    legal_plays,
    legal_results,
    next_moves,
)
from game.tavla.engine.notation import format_play, parse_play
from game.tavla.engine.position import OPENING, flip, validate_state
from game.tavla.engine.rules import Rules
from tests.tavla.builders import dice, position, random_game_positions, states
from tests.tavla.reference import reference_plays


def texts(state, die1, die2, rules=Rules.TAVLA):
    return {format_play(p) for p in legal_plays(state, die1, die2, rules)}


def reason(state, die1, die2, play, rules=Rules.TAVLA):
    with pytest.raises(IllegalPlay) as caught:
        check_play(state, die1, die2, play, rules)
    return str(caught.value)


# --- the examples of docs/notation.md (the contest's) ------------------------------------------


def test_spec_opening_31_has_the_16_distinct_plays_including_8_5_6_5():
    plays = texts(OPENING, 3, 1)
    assert "8/5 6/5" in plays
    assert len(plays) == 16


def test_spec_opening_66_plays_four_moves_including_24_18_24_18_13_7_13_7():
    plays = texts(OPENING, 6, 6)
    assert "24/18 24/18 13/7 13/7" in plays
    assert all(len(parse_play(p)) == 4 for p in plays)


# The seed's "both dice must be played": white rolls 6-4; 13/7 for safety would leave the 4 unplayable
# (20, 9, 3 and 2 are blocked), but 24/18 18/14 plays both, so it is the only legal play.
BOTH_DICE = position({24: 1, 13: 1, 6: 13}, {20: 2, 9: 2, 3: 2, 2: 2, 10: 7})


def test_spec_64_must_use_both_dice_with_24_18_18_14():
    assert texts(BOTH_DICE, 6, 4) == {"24/18 18/14"}
    assert reason(BOTH_DICE, 6, 4, "13/7") == "both dice can be played"
    assert check_play(BOTH_DICE, 6, 4, "24/18 18/14") == ((24, 18), (18, 14))


def test_spec_64_the_other_order_of_the_same_checker_names_the_blocked_point():
    assert reason(BOTH_DICE, 6, 4, "24/20 20/14") == "24/20: point 20 is blocked"


# The seed's bear-off case: with 6-4, 6/0 leaves the 4 unplayable (5/1 is blocked); 6/2 5/0 plays both.
BEAR_OFF_BOTH = position({6: 1, 5: 1}, {1: 2, 19: 13})


def test_spec_bear_off_64_6_0_is_illegal_when_6_2_5_0_plays_both():
    assert texts(BEAR_OFF_BOTH, 6, 4) == {"6/2 5/0"}
    assert reason(BEAR_OFF_BOTH, 6, 4, "6/0") == "both dice can be played"
    assert check_play(BEAR_OFF_BOTH, 4, 6, "6/2 5/0") == ((6, 2), (5, 0))


# The seed's "choice of the playable die": white rolls 6-4 and can only move the checker on 24, and
# only one die: 24/18 or, better, 24/20 hitting (20/14 and 18/14 are blocked; the rest cannot move).
ONE_DIE = position({24: 1, 1: 14}, {20: 1, 14: 2, 16: 12})


def test_spec_one_playable_die_tavla_rules_let_the_player_choose():
    assert texts(ONE_DIE, 6, 4, Rules.TAVLA) == {"24/18", "24/20"}
    assert check_play(ONE_DIE, 6, 4, "24/20", Rules.TAVLA) == ((24, 20),)


def test_spec_one_playable_die_standard_rules_force_the_larger():
    assert texts(ONE_DIE, 6, 4, Rules.STANDARD) == {"24/18"}
    assert "standard rules require the larger one (6)" in reason(ONE_DIE, 6, 4, "24/20", Rules.STANDARD)


def test_standard_rules_play_the_smaller_die_when_the_larger_cannot_move():
    state = position({24: 1, 1: 14}, {18: 2, 14: 2, 16: 11})
    assert texts(state, 6, 4, Rules.STANDARD) == texts(state, 6, 4, Rules.TAVLA) == {"24/20"}


def test_spec_hitting_the_blot_sends_it_to_the_bar():
    after = apply_play(ONE_DIE, check_play(ONE_DIE, 6, 4, "24/20"))
    assert after[20] == 1 and after[26] == 1
    assert validate_state(after) == after


def test_spec_bear_off_with_a_larger_die_from_the_highest_point_only():
    state = position({4: 1, 2: 2}, {20: 15})
    assert "4/0 2/0" in texts(state, 6, 5)
    assert reason(state, 6, 5, "2/0 2/0") == (
        "2/0: a larger die bears off only from the highest point, and you have a checker on point 4"
    )


def test_spec_doubles_are_played_four_times_and_as_many_as_possible():
    state = position({13: 2, 6: 13}, {7: 2, 1: 13})
    # 6-6: 13/7 is blocked and the 6 point can't bear off, so nothing moves.
    assert legal_plays(state, 6, 6) == []
    state = position({13: 1, 8: 2, 6: 12}, {4: 2, 1: 13})
    # 2-2: every checker can step, four times.
    assert all(len(p) == 4 for p in legal_plays(state, 2, 2))


def test_doubles_partial_play_when_fewer_than_four_moves_exist():
    # 5-5: only the 24 point checker moves (19, 14 open, 9 blocked) and the rest are stuck.
    state = position({24: 1, 2: 14}, {9: 2, 16: 13})
    assert texts(state, 5, 5) == {"24/19 19/14"}
    assert reason(state, 5, 5, "24/19") == "2 moves of 5 can be played, not 1"


# --- the bar --------------------------------------------------------------------------------------


def test_bar_must_enter_first():
    state = position({13: 5, 6: 5, 8: 3, 24: 1}, {1: 2, 12: 13}, own_bar=1)
    assert reason(state, 6, 4, "13/7 13/9") == "13/7: must enter from the bar first"
    assert all(play[0][0] == 25 for play in legal_plays(state, 6, 4))


def test_bar_entry_with_25_notation_and_blocked_entry_points():
    state = position({6: 14}, {24: 2, 22: 2, 20: 11}, own_bar=1)
    assert texts(state, 1, 3) == set()
    assert check_play(state, 1, 3, "") == ()
    assert check_play(state, 1, 3, None) == ()
    assert "25/23" in " ".join(texts(state, 2, 1))
    assert reason(state, 2, 1, "25/24") == "25/24: point 24 is blocked"


def test_two_on_the_bar_with_one_entry_open_enters_one_and_stops():
    state = position({6: 13}, {24: 2, 12: 13}, own_bar=2)
    assert texts(state, 1, 3) == {"25/22"}
    assert texts(state, 2, 3) == {"25/23 25/22"}


def test_doubles_from_the_bar_enter_all_before_moving_others():
    state = position({6: 12, 13: 1}, {1: 2, 12: 13}, own_bar=2)
    for play in legal_plays(state, 3, 3):
        assert play[0] == (25, 22) and play[1] == (25, 22)


# --- validation messages ----------------------------------------------------------------------------


def test_a_die_that_was_not_rolled_is_named():
    assert reason(OPENING, 5, 3, "13/7 8/5") == "13/7: die 6 is not available (dice left: 3 5)"


def test_a_die_used_twice_is_named():
    assert reason(OPENING, 6, 4, "24/18 13/7") == "13/7: die 6 is not available (dice left: 4)"


def test_a_blocked_point_is_named():
    assert reason(OPENING, 6, 5, "13/7 6/1") == "6/1: point 1 is blocked"


def test_combined_moves_are_refused():
    assert "moves are not combined" in reason(OPENING, 6, 5, "24/13")


def test_moving_a_checker_you_do_not_have():
    assert reason(OPENING, 6, 5, "23/17 13/8") == "23/17: you have no checker on point 23"
    assert reason(OPENING, 6, 5, "25/19 13/8") == "25/19: you have no checker on the bar"


def test_bearing_off_before_all_are_home():
    assert reason(OPENING, 6, 5, "6/0 6/1") == "6/0: cannot bear off until all 15 checkers are home"


def test_passing_when_a_move_exists():
    assert reason(OPENING, 6, 5, "") == "a move is possible: passing is not allowed"


def test_too_many_moves():
    assert "die 6 is not available (all dice are used)" in reason(OPENING, 6, 5, "24/18 13/8 13/7")


def test_any_sequence_reaching_a_legal_position_is_accepted_and_canonicalised():
    assert check_play(OPENING, 6, 4, "24/20 20/14") == ((24, 18), (18, 14))
    assert check_play(OPENING, 3, 1, "6/5 8/5") == ((8, 5), (6, 5))
    assert check_play(OPENING, 3, 1, [(6, 5), (8, 5)]) == ((8, 5), (6, 5))
    last = position({2: 1}, {20: 15})
    assert check_play(last, 6, 1, "2/0") == ((2, 1), (1, 0))


def test_malformed_text_is_a_user_error_not_a_crash():
    with pytest.raises(UserError, match="is not a move"):
        check_play(OPENING, 6, 4, "24/18 foo")
    with pytest.raises(UserError, match="unknown rule set"):
        check_play(OPENING, 6, 4, "24/18 18/14", rules=Rules.parse("backgammon"))


# --- properties -------------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(states(), dice)
def test_one_play_per_distinct_position_and_15_checkers_a_side(state, roll):
    for rules in Rules.backgammon():
        results = legal_results(state, *roll, rules)
        positions = [after for _, after in results]
        assert len(set(positions)) == len(positions)
        for after in positions:
            validate_state(after)
            validate_state(flip(after))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(states(), dice)
def test_every_legal_play_round_trips_through_notation_and_validation(state, roll):
    for play in legal_plays(state, *roll):
        text = format_play(play)
        assert parse_play(text) == play
        assert check_play(state, *roll, text) == play
        assert check_play(state, *roll, " ".join(reversed(text.split()))) == play


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(states(), dice)
def test_engine_agrees_with_the_brute_force_reference(state, roll):
    for rules in Rules.backgammon():
        expected = reference_plays(state, *roll, rules)
        plays = legal_plays(state, *roll, rules)
        assert {apply_play(state, p): p for p in plays} == expected


@pytest.mark.slow
def test_engine_agrees_with_the_reference_on_random_game_positions():
    for state, die1, die2 in random_game_positions(3000, seed=11):
        for rules in Rules.backgammon():
            plays = legal_plays(state, die1, die2, rules)
            assert {apply_play(state, p): p for p in plays} == reference_plays(state, die1, die2, rules)


def test_dice_order_does_not_matter():
    for state, die1, die2 in random_game_positions(500, seed=12):
        assert sorted(legal_plays(state, die1, die2)) == sorted(legal_plays(state, die2, die1))


# --- moving one checker at a time (the table scene) ---------------------------------------------------


def test_next_moves_offers_only_moves_that_can_finish_a_legal_play():
    assert set(next_moves(BOTH_DICE, 6, 4)) == {(24, 18)}
    assert next_moves(BOTH_DICE, 6, 4, [(24, 18)]) == [(18, 14)]
    assert next_moves(BOTH_DICE, 6, 4, [(24, 18), (18, 14)]) == []
    assert dice_left(BOTH_DICE, 6, 4, [(24, 18)]) == [4]


def test_next_moves_follows_the_rule_set_for_a_single_playable_die():
    assert set(next_moves(ONE_DIE, 6, 4, rules=Rules.TAVLA)) == {(24, 18), (24, 20)}
    assert set(next_moves(ONE_DIE, 6, 4, rules=Rules.STANDARD)) == {(24, 18)}
    assert next_moves(ONE_DIE, 6, 4, [(24, 20)], rules=Rules.TAVLA) == []


def test_next_moves_lets_a_chain_go_either_way_and_check_play_accepts_the_result():
    first = set(next_moves(OPENING, 6, 4))
    assert {(24, 18), (24, 20), (13, 7), (13, 9), (8, 2), (8, 4), (6, 2)} <= first
    done = [(24, 20), (20, 14)]
    assert next_moves(OPENING, 6, 4, done) == []
    assert check_play(OPENING, 6, 4, done) == ((24, 18), (18, 14))


def test_a_bear_off_that_lands_on_a_finished_play_can_still_go_on():
    # 4/0 with the 4 lands where 4/3 3/0 does; the 1 may still be played (4/0 1/0 is legal too).
    state = (1, 7, 1, 5, 1, *[0] * 16, -2, -1, -7, -3, 0, 0, 2)
    finals = {apply_play(state, play) for play in legal_plays(state, 1, 4)}
    assert apply_play(state, ((4, 0),)) in finals
    assert set(next_moves(state, 1, 4, [(4, 0)])) == {(3, 2), (2, 1), (1, 0)}


def test_next_moves_refuses_an_impossible_start():
    with pytest.raises(IllegalPlay, match="die 5 is not available"):
        next_moves(OPENING, 6, 4, [(13, 8)])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(states(), dice)
def test_following_next_moves_always_ends_in_a_legal_play(state, roll):
    legal = legal_plays(state, *roll)
    done: list = []
    while True:
        options = next_moves(state, *roll, done)
        if not options:
            break
        done.append(options[len(done) % len(options)])
    assert check_play(state, *roll, done) in legal or (not legal and not done)


@pytest.mark.parametrize("answer", [42, [("8", "5")], [(8, 5, 1)], [(True, 0)], ["85"]])
def test_answers_that_are_not_plays_are_illegal_plays(answer):
    with pytest.raises(IllegalPlay):
        check_play(OPENING, 3, 1, answer)


def test_repeated_calls_return_fresh_equal_lists_for_lists_and_tuples():
    first = legal_plays(OPENING, 6, 4)
    first.clear()
    again = legal_plays(list(OPENING), 6, 4)
    assert again and again == legal_plays(OPENING, 4, 6)
    assert legal_plays(OPENING, 6, 4, Rules.STANDARD) == again
