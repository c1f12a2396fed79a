"""The drawn table's geometry: every point is found where its checkers are drawn."""

import pytest

from game.tavla.engine.rules import Rules
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
    for variant in (Rules.TAVLA.variant, Rules.FEVGA.variant):
        for seat in (0, 1):
            for point in range(26):
                assert layout.from_display(seat, layout.to_display(seat, point, variant), variant) == point
    backgammon = Rules.STANDARD.variant
    assert layout.to_display(1, 24, backgammon) == 1 and layout.to_display(1, 25, backgammon) == 25


def test_in_fevga_both_sides_run_the_same_way_round_from_opposite_corners():
    fevga = Rules.FEVGA.variant
    assert layout.to_display(1, 24, fevga) == 12, "seat 1 starts diagonally opposite seat 0's 24"
    assert layout.to_display(1, 13, fevga) == 1 and layout.to_display(1, 12, fevga) == 24
    assert layout.to_display(1, 1, fevga) == 13, "seat 1's home is seat 0's 13-18"
    # Both count down as they move: seat 1's 24 -> 13 is seat 0's 12 -> 1, the way seat 0 runs.
    assert [layout.to_display(1, point, fevga) for point in (24, 23, 13)] == [12, 11, 1]
