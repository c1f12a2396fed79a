"""A board size: read once from its WxH text, refused with what is allowed, written back as WxH."""

import pytest

from game.core.errors import UserError
from game.puzzle.model.size import BoardSize


@pytest.mark.parametrize(
    ("text", "size"), [("6x5", (6, 5)), ("4X4", (4, 4)), (" 10 x 2 ", (10, 2)), ("2×3", (2, 3))]
)
def test_a_size_is_read_from_wxh_and_written_back(text, size):
    parsed = BoardSize.parse(text)
    assert (parsed.columns, parsed.rows) == size
    assert str(parsed) == f"{size[0]}x{size[1]}"
    assert BoardSize.parse(str(parsed)) == parsed == BoardSize(*size)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0x4", "width .* 0 is out of range"),
        ("4x1", "height .* 1 is out of range"),
        ("4x", "not valid"),
        ("100x100", "out of range"),
        ("4x4x4", "not valid"),
        ("", "not valid"),
        ("x", "not valid"),
        ("-4x4", "not valid"),
        ("4.5x4", "not valid"),
        ("٤x٤", "not valid"),
        ("11x3", "out of range"),
        pytest.param("9" * 5000 + "x4", "not valid", id="huge-number"),
    ],
)
def test_a_wrong_size_is_refused_with_what_is_allowed(text, message):
    with pytest.raises(UserError, match=message) as caught:
        BoardSize.parse(text)
    assert "columns x rows" in str(caught.value) and "2 to 10" in str(caught.value)


def test_a_size_that_is_not_text_is_refused():
    with pytest.raises(UserError):
        BoardSize.parse(None)


def test_an_out_of_range_size_is_refused_in_the_words_of_what_was_typed():
    with pytest.raises(UserError, match=r"board size ' 11 X 3 ': width \(columns\) 11"):
        BoardSize.parse(" 11 X 3 ")
    with pytest.raises(UserError, match=r"board size '4x11': height \(rows\) 11"):
        BoardSize(4, 11)
    with pytest.raises(UserError, match="width"):
        BoardSize(True, 4)


def test_a_size_is_a_value():
    assert {BoardSize(4, 4), BoardSize.parse("4X4")} == {BoardSize(4, 4)}
    assert f"Fifteen {BoardSize(6, 5)}" == "Fifteen 6x5"
