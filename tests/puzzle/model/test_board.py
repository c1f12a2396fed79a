"""The board model: slides, keyboard directions, the win test, sizes and game IDs."""

import pytest

from game.core.errors import UserError
from game.puzzle.model.board import (
    MAX_SEED,
    Board,
    Direction,
    TileMove,
    goal_tiles,
    parse_game_id,
    parse_tiles,
    seed_game_id,
)
from game.puzzle.model.size import BoardSize

ALMOST = Board(4, 4, (*range(1, 15), 0, 15))


def board(width, height, text):
    return Board(width, height, tuple(int(t) for t in text.split()))


def test_goal_and_cells():
    goal = Board.goal(3, 2)
    assert goal.tiles == (1, 2, 3, 4, 5, 0)
    assert goal.is_solved()
    assert goal.empty_cell == (2, 1)
    assert goal.cell_of(4) == (0, 1)
    assert goal.tile_at((1, 0)) == 2
    assert goal.size == BoardSize(3, 2)


def test_tutorial_false_positive_is_not_solved():
    # The tutorial's test (no inversions, empty square in the last column) accepts this board.
    fooled = board(4, 4, "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15")
    assert not fooled.is_solved()
    assert not fooled.is_solvable()
    assert not board(3, 3, "1 2 0 3 4 5 6 7 8").is_solved()


def test_single_slide_next_to_the_empty_square():
    slide = ALMOST.slide_from((3, 3))
    assert slide.moves == (TileMove(15, (3, 3), (2, 3)),)
    assert slide.board.is_solved()
    assert ALMOST.tiles[-1] == 15  # the original board is untouched


def test_line_slide_moves_every_tile_between_click_and_gap():
    start = Board.goal(4, 4)
    slide = start.slide_from((0, 3))
    assert [m.tile for m in slide.moves] == [15, 14, 13]
    assert slide.moves[0] == TileMove(15, (2, 3), (3, 3))
    assert slide.moves[-1] == TileMove(13, (0, 3), (1, 3))
    assert slide.board.tiles[12:] == (0, 13, 14, 15)
    column = start.slide_from((3, 0))
    assert [m.tile for m in column.moves] == [12, 8, 4]
    assert column.board.empty_cell == (3, 0)


@pytest.mark.parametrize("cell", [(0, 0), (1, 2), (3, 3), (-1, 3), (4, 3), (3, 9)])
def test_cells_out_of_line_or_off_board_do_nothing(cell):
    start = Board.goal(4, 4)
    if cell == (3, 3):
        assert start.slide_from(cell).moves == ()  # the empty square itself
    else:
        assert not start.can_slide_from(cell)
        slide = start.slide_from(cell)
        assert slide.moves == () and slide.board is start


def test_movable_cells_are_the_empty_squares_row_and_column():
    assert Board.goal(3, 3).movable_cells() == [(2, 0), (2, 1), (0, 2), (1, 2)]


@pytest.mark.parametrize(
    ("direction", "tile", "cell"),
    [
        (Direction.UP, 11, (1, 1)),
        (Direction.DOWN, 2, (1, 1)),
        (Direction.LEFT, 7, (1, 1)),
        (Direction.RIGHT, 5, (1, 1)),
    ],
)
def test_direction_moves_the_tile_that_goes_that_way(direction, tile, cell):
    centre = board(3, 4, "1 2 3 5 0 7 4 8 6 9 11 10")
    slide = centre.move_in_direction(direction)
    assert len(slide.moves) == 1
    move = slide.moves[0]
    assert move.tile == centre.tile_at((cell[0] - direction.delta[0], cell[1] - direction.delta[1]))
    assert move.dst == cell
    assert (move.dst[0] - move.src[0], move.dst[1] - move.src[1]) == direction.delta


def test_direction_against_the_edge_does_nothing():
    goal = Board.goal(4, 4)
    assert goal.move_in_direction(Direction.UP).moves == ()
    assert goal.move_in_direction(Direction.LEFT).moves == ()
    assert goal.move_in_direction(Direction.RIGHT).moves[0].tile == 15


def test_slide_tile_by_number():
    assert ALMOST.slide_tile(15).board.is_solved()
    assert ALMOST.slide_tile(1).moves == ()
    assert ALMOST.slide_tile(0).moves == ()
    assert ALMOST.slide_tile(99).moves == ()


def test_str_draws_rows():
    assert str(Board.goal(2, 2)) == "1 2\n3 ."


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ((1, 2, 3), "has 4 tiles, not 3"),
        ((1, 2, 3, 4), "out of range"),
        ((1, 1, 2, 0), "appears twice"),
        ((1, 2, 3, -1), "out of range"),
        ((1, 2, 3, "0"), "out of range"),
        ((True, 2, 3, 0), "out of range"),
    ],
)
def test_bad_tile_lists_are_refused(tiles, message):
    with pytest.raises(UserError, match=message):
        Board(2, 2, tiles)


@pytest.mark.parametrize("size", [(2, 2), (4, 4), (6, 5), (10, 10), (2, 10)])
def test_game_ids_round_trip(size):
    start = Board.shuffled(*size, seed=42)
    assert parse_game_id(start.game_id()) == (start, None)
    assert parse_game_id(seed_game_id(*size, 42)) == (start, 42)


def test_game_id_formats():
    assert ALMOST.game_id() == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
    assert seed_game_id(6, 5, 7) == "6x5#7"
    assert parse_game_id(" 4x4:1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 ")[0] == ALMOST
    assert parse_game_id(f"3x3#{MAX_SEED}")[1] == MAX_SEED


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("", "empty game ID"),
        ("   ", "empty game ID"),
        ("4x4", "neither ':' nor '#'"),
        ("4x4;1,2", "neither"),
        ("1x4:1,2,3,0", "out of range"),
        ("11x11#3", "out of range"),
        ("4x:1,2", "not valid"),
        ("ax4#1", "not valid"),
        ("2x2:1,2,3", "has 4 tiles, not 3"),
        ("2x2:1,2,3,0,4", "has 4 tiles, not 5"),
        ("2x2:1,2,2,0", "appears twice"),
        ("2x2:1,2,3,4", "out of range"),
        ("2x2:1,2,3,x", "'x' is not valid"),
        ("2x2:1,2,3,-0", "'-0' is not valid"),
        ("2x2:", "has 4 tiles, not 0"),
        pytest.param("2x2:1,2,3," + "9" * 5000, "not valid", id="huge-tile"),
        ("2x2:2,1,3,0", "cannot be solved"),
        ("4x4:1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15", "cannot be solved"),
        ("2x2:1,2,3,0", "solved board"),
        ("3x3#", "seed '' is not valid"),
        ("3x3#-1", "seed '-1'"),
        ("3x3#1.5", "seed"),
        (f"3x3#{MAX_SEED + 1}", "seed"),
        pytest.param("3x3#" + "1" * 5000, "seed", id="huge-seed"),
        ("3x3#4:1", "seed"),
        ("3x3:1,2#3", "not valid"),
    ],
)
def test_bad_game_ids_are_refused_clearly(game_id, message):
    with pytest.raises(UserError, match=message) as caught:
        parse_game_id(game_id)
    assert len(str(caught.value)) < 300


def test_bad_game_id_messages_say_what_is_allowed():
    for game_id in ("", "4x4", "2x2:1,2,3"):
        with pytest.raises(UserError, match=r"WxH:t0,t1,\.\.\. .* or WxH#seed"):
            parse_game_id(game_id)


def test_parse_tiles_for_the_solve_command():
    assert parse_tiles(BoardSize(2, 2), "1 2 0 3").tiles == (1, 2, 0, 3)
    assert parse_tiles(BoardSize(2, 2), "1 2 3 0").is_solved()
    with pytest.raises(UserError, match="cannot be solved"):
        parse_tiles(BoardSize(2, 2), "2 1 3 0")


def test_seeds_out_of_range_are_refused():
    for seed in (-1, MAX_SEED + 1, 1.5, True, "3"):
        with pytest.raises(UserError, match="seed"):
            Board.shuffled(3, 3, seed)
    with pytest.raises(UserError, match="seed"):
        seed_game_id(3, 3, -5)


def test_goal_tiles():
    assert goal_tiles(2, 3) == (1, 2, 3, 4, 5, 0)
