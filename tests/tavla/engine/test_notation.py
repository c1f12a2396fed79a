"""The seed's from/to notation: tolerant of spaces, strict about everything else."""

import pytest

from game.core.errors import UserError
from game.tavla.engine.notation import display_dice, display_play, format_play, format_play_hits, parse_play
from game.tavla.engine.position import OPENING


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("8/5 6/5", ((8, 5), (6, 5))),
        ("  8/5    6/5  ", ((8, 5), (6, 5))),
        ("8/5\t6/5", ((8, 5), (6, 5))),
        ("24/18 24/18 13/7 13/7", ((24, 18), (24, 18), (13, 7), (13, 7))),
        ("25/24", ((25, 24),)),
        ("3/0", ((3, 0),)),
        ("6/5 8/5", ((6, 5), (8, 5))),
    ],
)
def test_parse_reads_moves_in_the_order_written(text, moves):
    assert parse_play(text) == moves


@pytest.mark.parametrize("text", ["", "   ", None])
def test_empty_text_and_none_mean_no_move(text):
    assert parse_play(text) == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bar/20", "'bar/20' is not a move"),
        ("24/off", "'24/off' is not a move"),
        ("24-18", "'24-18' is not a move"),
        ("24/18*", "'24/18*' is not a move"),
        ("24/18(2)", "'24/18(2)' is not a move"),
        ("24/18,13/9", "'24/18,13/9' is not a move"),
        ("8/ 5", "'8/' is not a move"),
        ("+8/5", "'+8/5' is not a move"),
        ("8/10", "8/10: moves go from a higher number to a lower one"),
        ("8/8", "8/8: moves go from a higher number to a lower one"),
        ("26/20", "26/20: a move starts on a point 1-24 or on the bar (25), not 26"),
        ("0/0", "0/0: a move starts on a point 1-24 or on the bar (25), not 0"),
        ("30/25", "30/25: a move starts"),
        ("25/25", "25/25: a move ends on a point 1-24 or off the board (0), not 25"),
        ("6/5 6/5 6/5 6/5 6/5", "at most 4 moves"),
    ],
)
def test_anything_else_is_refused_with_a_clear_message(text, message):
    with pytest.raises(UserError) as caught:
        parse_play(text)
    assert message in str(caught.value)


def test_a_non_text_play_is_refused():
    with pytest.raises(UserError, match="must be text"):
        parse_play(85)  # type: ignore[arg-type]


def test_format_lists_highest_from_first_and_never_combines():
    assert format_play(((6, 5), (8, 5))) == "8/5 6/5"
    assert format_play(((18, 14), (24, 18))) == "24/18 18/14"
    assert format_play(((6, 2), (6, 5))) == "6/5 6/2"
    assert format_play(()) == ""
    assert format_play(None) == ""


def test_hits_are_starred_as_gnu_backgammon_writes_them():
    state = list(OPENING)
    state[4] = -1
    state[20] = -1
    assert format_play_hits(state, [(6, 4), (8, 4)]) == "8/4* 6/4", "the second checker on 4 hits nothing"
    assert format_play_hits(state, [(24, 20), (20, 16)]) == "24/20* 20/16"
    assert format_play_hits(state, [(13, 10), (10, 9)]) == "13/10 10/9"
    state[3] = -2
    assert format_play_hits(state, [(6, 3)]) == "6/3", "a made point is never hit"
    assert format_play_hits(state, []) == "" and format_play_hits(state, None) == ""


def test_players_read_the_form_gnu_backgammon_writes():
    state = list(OPENING)
    state[16] = -1  # an opposing blot on our 16
    assert display_play(state, [(24, 18), (18, 16)]) == "24/16*", "one checker's moves are joined"
    assert display_play(state, [(13, 11), (13, 11), (6, 4), (6, 4)]) == "13/11(2) 6/4(2)"
    state[18] = -1
    assert display_play(state, [(24, 18), (18, 16)]) == "24/18*/16*", "a hit on the way is shown"
    entering = [0] * 28
    entering[25], entering[6], entering[5], entering[20], entering[27] = 1, 5, 9, -1, 14
    assert display_play(entering, [(25, 20), (6, 0)]) == "bar/20* 6/off"
    assert display_play(entering, [(6, 0), (6, 0), (6, 0), (6, 0)]) == "6/off(4)"
    assert display_play(state, []) == "" and display_play(state, None) == ""


def test_a_roll_is_shown_high_die_first():
    assert display_dice(1, 4) == "41" and display_dice(4, 1) == "41" and display_dice(6, 6) == "66"
