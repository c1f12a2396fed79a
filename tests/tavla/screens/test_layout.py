"""The drawn table's geometry: every point is found where its checkers are drawn."""

import pytest

from game.tavla.screens import layout


@pytest.mark.parametrize("point", range(1, 25))
def test_each_point_is_found_under_its_checkers(point):
    for count in (1, 5, 9, 15):
        for index in range(count):
            x, y = layout.checker_position(0, point, index, count)
            assert layout.location_at(x, y) == point
            assert y - layout.CHECKER / 2 + 0.01 >= layout.INNER_BOTTOM
            assert y + layout.CHECKER / 2 <= layout.INNER_TOP + 0.01


def test_bar_and_tray_are_found():
    for seat in (0, 1):
        for count in (1, 4, 15):
            x, y = layout.checker_position(seat, layout.BAR_POINT, count - 1, count)
            assert layout.location_at(x, y) == layout.BAR_POINT
            x, y = layout.checker_position(seat, layout.OFF_POINT, count - 1, count)
            assert layout.location_at(x, y) == layout.OFF_POINT


def test_the_two_halves_of_the_tray_do_not_overlap():
    top_of_seat0 = layout.checker_position(0, layout.OFF_POINT, 14, 15)[1]
    bottom_of_seat1 = layout.checker_position(1, layout.OFF_POINT, 14, 15)[1]
    assert top_of_seat0 < layout.MIDDLE_Y < bottom_of_seat1


def test_outside_the_board_is_nothing():
    assert layout.location_at(5, 400) is None
    assert layout.location_at(500, 10) is None


def test_display_numbering_round_trips():
    for seat in (0, 1):
        for point in range(26):
            assert layout.from_display(seat, layout.to_display(seat, point)) == point
    assert layout.to_display(1, 24) == 1 and layout.to_display(1, 25) == 25
