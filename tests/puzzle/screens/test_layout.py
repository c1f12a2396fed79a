"""The Fifteen screen's geometry, without a window: cells, their centres and what a point hits."""

import pytest

from game.puzzle.screens.layout import BOARD_AREA, BOARD_X, BOARD_Y, BoardGeometry
from game.ui import theme


def test_the_board_sits_in_the_middle_of_the_canvas_height():
    assert BOARD_Y == theme.DESIGN_HEIGHT / 2


@pytest.mark.parametrize(("columns", "rows"), [(4, 4), (6, 5), (3, 7), (10, 10)])
def test_every_cell_centre_hits_its_own_cell(columns, rows):
    board = BoardGeometry(columns, rows)
    for column in range(columns):
        for row in range(rows):
            assert board.cell_at(*board.cell_centre((column, row))) == (column, row)


def test_square_cells_fill_the_longer_side_of_the_area():
    wide = BoardGeometry(6, 5)
    assert wide.tile_size == BOARD_AREA / 6
    assert (wide.width, wide.height) == pytest.approx((BOARD_AREA, BOARD_AREA * 5 / 6))
    assert wide.cell_centre((0, 0)) == pytest.approx(
        (BOARD_X - BOARD_AREA / 2 + wide.tile_size / 2, BOARD_Y + wide.height / 2 - wide.tile_size / 2)
    )


def test_the_edges_belong_to_the_board_and_outside_is_nothing():
    board = BoardGeometry(4, 4)
    right, bottom = BOARD_X + board.width / 2, BOARD_Y - board.height / 2
    assert board.cell_at(right, bottom) == (3, 3)
    assert board.cell_at(right + 0.5, BOARD_Y) is None
    assert board.cell_at(BOARD_X, bottom - 0.5) is None
