"""Item 9: states and dice are read in ASCII digits only (int() also reads '٣' and '３'), and impossible
states (15 borne off by both sides) are refused."""

import pytest

from game.core.errors import UserError
from game.tavla.commands.moves import moves_command
from game.tavla.commands.options import parse_dice
from game.tavla.engine.position import OPENING, parse_state, validate_state
from tests.faults.helpers import OPENING as OPENING_TEXT
from tests.faults.helpers import game


@pytest.mark.parametrize("digit", ["٣", "３", "𝟑", "³"])
def test_non_ascii_digits_are_refused_in_dice_and_states(digit):
    with pytest.raises(UserError, match="first die is not an integer"):
        parse_dice([digit, "1"])
    state = OPENING_TEXT.split()
    state[6] = digit.replace("٣", "٥").replace("３", "５").replace("𝟑", "𝟓") if digit != "³" else "⁵"
    with pytest.raises(UserError, match="state item 6 is not an integer"):
        parse_state(" ".join(state))


@pytest.mark.parametrize("text", ["1_0", "0x3", " 3 4", "3.0", "", "+"])
def test_other_odd_numbers_are_refused_too(text):
    with pytest.raises(UserError):
        parse_dice([text, "1"])


def test_signs_and_brackets_are_still_read():
    assert parse_dice(["+3", "1"]) == (3, 1)
    assert parse_state("[" + OPENING_TEXT.replace(" ", ", ") + "]") == OPENING


def test_the_command_line_refuses_them_in_one_line():
    result = game("moves", "--state", OPENING_TEXT, "--dice", "٣", "1")
    assert result.returncode == 2 and "not an integer" in result.stderr and result.stdout == ""


def test_both_sides_borne_off_is_impossible():
    both = [15] + [0] * 26 + [15]
    with pytest.raises(UserError, match="both sides have borne off all 15"):
        validate_state(both)
    with pytest.raises(UserError, match="both sides"):
        moves_command(" ".join(map(str, both)), ["3", "1"])
    one_side = [15] + [0] * 23 + [-15, 0, 0, 0]
    assert validate_state(one_side)[0] == 15, "a finished game's final position is still a position"
