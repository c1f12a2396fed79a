"""The 28-integer state: validation messages, flipping, pips, race detection and gnubg Position IDs."""

import re

import pytest
from hypothesis import given, settings

from game.core.errors import UserError
from game.tavla.engine.position import (
    OPENING,
    flip,
    format_state,
    from_gnubg_board,
    is_race,
    parse_state,
    pip_counts,
    position_id,
    state_from_position_id,
    to_gnubg_board,
    validate_state,
    winner_gammon_level,
)
from tests.tavla.builders import position, states

OPENING_TEXT = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"


def test_opening_text_parses_to_the_opening_position():
    assert parse_state(OPENING_TEXT) == OPENING
    assert format_state(OPENING) == OPENING_TEXT


def _opening_with(**changes: int) -> str:
    """The opening text with some items replaced, e.g. _opening_with(i25=-1)."""
    values = list(OPENING)
    for key, value in changes.items():
        values[int(key[1:])] = value
    return " ".join(map(str, values))


@pytest.mark.parametrize("text", [f"[{OPENING_TEXT}]", OPENING_TEXT.replace(" ", ", "), f" {OPENING_TEXT}\n"])
def test_parse_accepts_the_seed_printing_styles(text):
    assert parse_state(text) == OPENING


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "must have 28 integers, got 0"),
        (" ".join(["0"] * 27), "must have 28 integers, got 27"),
        (OPENING_TEXT + " 0", "must have 28 integers, got 29"),
        (OPENING_TEXT.replace("-3", "x", 1), "state item 17 is not an integer: 'x'"),
        (OPENING_TEXT.replace("-3", "2.5", 1), "state item 17 is not an integer: '2.5'"),
        (_opening_with(i24=3), "you must have 15 checkers"),
        (_opening_with(i19=-4), "the opponent must have 15 checkers"),
        (_opening_with(i25=-1), "on the bar (state[25]) cannot be negative"),
        (_opening_with(i26=-1), "bar (state[26]) cannot be negative"),
        (_opening_with(i0=-1, i24=3), "borne off (state[0]) cannot be negative"),
        (_opening_with(i27=-1, i1=-3), "borne off (state[27]) cannot be negative"),
    ],
)
def test_malformed_states_are_refused_with_a_message_naming_the_problem(text, message):
    with pytest.raises(UserError, match=re.escape(message)):
        parse_state(text)


@pytest.mark.parametrize("values", [[True] * 28, [0.0] * 28, "0" * 28, 5])
def test_validate_refuses_non_integer_sequences(values):
    with pytest.raises(UserError):
        validate_state(values)


def test_flip_swaps_sides_and_point_numbers():
    state = position({24: 1, 6: 4}, {1: 2, 19: 3}, own_bar=2, opp_bar=1)
    flipped = flip(state)
    assert flipped[0] == state[27] and flipped[27] == state[0]
    assert flipped[25] == state[26] and flipped[26] == state[25]
    for point in range(1, 25):
        assert flipped[25 - point] == -state[point]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(states())
def test_flipping_twice_is_the_identity_and_keeps_15_a_side(state):
    assert flip(flip(state)) == state
    assert validate_state(flip(state)) == flip(state)
    own, opp = pip_counts(state)
    assert pip_counts(flip(state)) == (opp, own)


def test_pip_counts_of_the_opening_and_of_the_bar():
    assert pip_counts(OPENING) == (167, 167)
    assert pip_counts(position({6: 1}, {24: 1}, own_bar=1, opp_bar=2)) == (6 + 25, 1 + 50)


def test_race_detection():
    assert not is_race(OPENING)
    assert is_race(position({6: 5, 1: 2}, {7: 3, 24: 2}))
    assert not is_race(position({6: 5, 8: 2}, {7: 3}))
    assert not is_race(position({6: 5}, {7: 3}, opp_bar=1))


def test_gammon_levels_of_a_finished_game():
    assert winner_gammon_level(position({}, {20: 14})) == 1
    assert winner_gammon_level(position({}, {20: 15})) == 2
    assert winner_gammon_level(position({}, {20: 14, 3: 1})) == 3
    assert winner_gammon_level(position({}, {20: 14}, opp_bar=1)) == 3


def test_opening_position_id_is_gnubgs_documented_one():
    assert position_id(OPENING) == "4HPwATDgc/ABMA"
    assert state_from_position_id("4HPwATDgc/ABMA") == OPENING


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(states())
def test_position_id_round_trips(state):
    assert state_from_position_id(position_id(state)) == state
    assert from_gnubg_board(to_gnubg_board(state)) == state


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(states())
def test_position_id_matches_gnubg(state):
    gnubg = pytest.importorskip("gnubg", reason="gnubg (GNU Backgammon bindings, a test extra) is missing")
    assert position_id(state) == gnubg.position_id(to_gnubg_board(state))
    assert tuple(map(tuple, gnubg.position_from_id(position_id(state)))) == to_gnubg_board(state)


@pytest.mark.parametrize("text", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMA=", "!!!!!!!!!!!!!!", "//////////////"])
def test_bad_position_ids_are_refused(text):
    with pytest.raises(UserError):
        state_from_position_id(text)
