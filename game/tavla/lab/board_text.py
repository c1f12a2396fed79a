"""A small text board for a terminal (44 columns), as GNU Backgammon draws its own.

The player on roll is X, at the bottom, moving from the top right (its 24 point) round to the bottom
right (its 1 point); the opponent is O. A point shows up to five checkers, then the count in the fifth
row; checkers on the bar stand in the bar's column from the middle out (X's above, O's below).
"""

from __future__ import annotations

from game.tavla.engine.position import BAR, OPP_BAR, State

ROWS = 5  # checkers drawn on a point before the count takes the fifth place
MINE, THEIRS = "X", "O"
_TOP_LEFT, _TOP_RIGHT = range(13, 19), range(19, 25)
_BOTTOM_LEFT, _BOTTOM_RIGHT = range(12, 6, -1), range(6, 0, -1)


def board_lines(state: State, middle: str = "") -> list[str]:
    """The board's 13 lines; `middle` is written on the middle line (the bar's row) to the right."""
    lines = [_edge(_TOP_LEFT, _TOP_RIGHT)]
    for row in range(ROWS):
        lines.append(_row(state, _TOP_LEFT, _TOP_RIGHT, row, state[BAR], MINE))
    lines.append(f" |{' ' * 18}|BAR|{' ' * 18}|   {middle}".rstrip())
    for row in reversed(range(ROWS)):
        lines.append(_row(state, _BOTTOM_LEFT, _BOTTOM_RIGHT, row, state[OPP_BAR], THEIRS))
    lines.append(_edge(_BOTTOM_LEFT, _BOTTOM_RIGHT))
    return lines


def _edge(left: range, right: range) -> str:
    """An edge with the point numbers, as gnubg writes it: ` +13-14-15-16-17-18------19-...-24-+`."""

    def numbers(points: range) -> str:
        return "-".join(f"{point:->2}" for point in points)

    return f" +{numbers(left)}------{numbers(right)}-+"


def _row(state: State, left: range, right: range, row: int, bar: int, bar_colour: str) -> str:
    """One row of a half: `row` 0 is next to the edge."""
    cells_left = "".join(_cell(state[point], row) for point in left)
    cells_right = "".join(_cell(state[point], row) for point in right)
    on_bar = _checker_cell(bar, ROWS - 1 - row, bar_colour)  # from the middle outwards
    return f" |{cells_left}|{on_bar}|{cells_right}|"


def _cell(count: int, row: int) -> str:
    colour = MINE if count > 0 else THEIRS
    return _checker_cell(abs(count), row, colour)


def _checker_cell(count: int, row: int, colour: str) -> str:
    """What a point (or the bar) shows in `row`: a checker, the count in the last row, or nothing."""
    if count > ROWS and row == ROWS - 1:
        return f"{count:^3}"
    if count > row:
        return f" {colour} "
    return "   "
