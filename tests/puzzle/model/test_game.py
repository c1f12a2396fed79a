"""The game session: history, counting, the clock, the solved state, and properties under any input."""

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.puzzle.model.board import Board, Direction, TileMove
from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.size import BoardSize

ALMOST = Board(4, 4, (*range(1, 15), 0, 15))
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None)

sizes = st.tuples(st.integers(2, 6), st.integers(2, 6))
cells = st.tuples(st.integers(-1, 6), st.integers(-1, 6))
actions = st.lists(
    st.one_of(
        st.tuples(st.just("click"), cells),
        st.tuples(st.just("press"), st.sampled_from(list(Direction))),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
        st.tuples(st.just("tile"), st.integers(-1, 40)),
    ),
    max_size=60,
)


def apply(game: PuzzleGame, action) -> tuple:
    name, arg = action
    if name == "click":
        return game.click(arg)
    if name == "press":
        return game.press(arg)
    if name == "tile":
        return game.slide_tile(arg)
    return game.undo() if name == "undo" else game.redo()


def replay(board: Board, moves: tuple) -> Board:
    """Apply reported moves to a plain tile list, as a view moving sprites would."""
    tiles = list(board.tiles)
    for move in moves:
        src, dst = board.index(move.src), board.index(move.dst)
        assert tiles[src] == move.tile and tiles[dst] == 0
        tiles[dst], tiles[src] = move.tile, 0
    return Board(board.width, board.height, tuple(tiles))


def test_click_counts_each_tile_moved():
    game = PuzzleGame(Board.goal(4, 4).slide_from((0, 3)).board)
    moves = game.click((3, 3))
    assert [m.tile for m in moves] == [13, 14, 15]
    assert game.moves == 3 and game.solved


def test_solving_stops_input_and_the_clock():
    game = PuzzleGame(ALMOST)
    game.tick(5)
    assert game.elapsed == 0  # the clock starts at the first move
    game.press(Direction.LEFT)
    assert game.solved and game.moves == 1
    game.tick(3)
    assert game.elapsed == 0
    assert game.click((3, 2)) == () and game.press(Direction.DOWN) == ()
    assert game.undo() == () and game.redo() == () and game.slide_tile(12) == ()
    assert not game.can_undo and game.board.is_solved()


def test_clock_runs_from_first_move_and_ignores_bad_dt():
    game = PuzzleGame(Board.shuffled(4, 4, 3), seed=3)
    game.tick(1.0)
    game.click(game.board.movable_cells()[0])
    assert game.clock_running
    for dt in (0.5, 0.25, -1.0, math.nan, math.inf, "x", None):
        game.tick(dt)
    assert game.elapsed == 0.75
    game.undo()
    game.tick(0.25)
    assert game.elapsed == 1.0  # undoing to the start does not stop the clock


def test_undo_redo_and_new_move_clears_redo():
    game = PuzzleGame(Board.goal(3, 3).slide_from((0, 2)).board)
    start = game.board
    first = game.press(Direction.DOWN)
    after_first = game.board
    second = game.press(Direction.LEFT)
    assert len(first) == len(second) == 1
    assert game.moves == 2
    assert game.undo() == tuple(m.reversed() for m in reversed(second))
    assert game.board == after_first and game.moves == 1
    assert game.undo() == (first[0].reversed(),)
    assert game.board == start and game.moves == 0 and game.undo() == ()
    assert game.redo() == first and game.board == after_first
    assert game.press(Direction.UP)
    assert game.can_undo and not game.can_redo and game.redo() == ()


def test_undo_of_a_line_slide_reverses_the_order():
    game = PuzzleGame(Board(4, 4, (0, *range(1, 16))))
    moves = game.click((0, 3))
    assert [m.tile for m in moves] == [4, 8, 12]
    assert game.moves == 3
    back = game.undo()
    assert [m.tile for m in back] == [12, 8, 4]
    assert back[0] == TileMove(12, (0, 2), (0, 3))
    assert game.moves == 0 and game.board == game.start


def test_restart_returns_each_displaced_tile_home():
    game = PuzzleGame.new(BoardSize(4, 4), seed=11)
    for cell in ((0, 0), (3, 3), (0, 3), (3, 0)):
        game.click(cell)
    played = game.board
    game.tick(2)
    moves = game.restart()
    assert game.board == game.start and game.moves == 0 and game.elapsed == 0 and not game.started
    assert not game.can_undo and not game.can_redo
    assert {m.tile for m in moves} == {t for t in range(1, 16) if played.cell_of(t) != game.start.cell_of(t)}
    assert all(played.cell_of(m.tile) == m.src and game.start.cell_of(m.tile) == m.dst for m in moves)


def test_restart_after_solving_and_assisted_flag_stays():
    game = PuzzleGame(ALMOST)
    game.mark_assisted()
    game.slide_tile(15)
    assert game.solved
    assert game.restart() == (TileMove(15, (2, 3), (3, 3)),)
    assert not game.solved and game.assisted


def test_game_ids():
    assert PuzzleGame.new(BoardSize(6, 5), 7).game_id == "6x5#7"
    assert PuzzleGame(ALMOST).game_id == ALMOST.game_id()


def test_a_game_started_solved_takes_no_input():
    game = PuzzleGame(Board.goal(3, 3))
    assert game.solved and game.click((2, 1)) == ()


@PROPERTY_SETTINGS
@given(size=sizes, seed=st.integers(0, 2**32), script=actions)
def test_any_input_keeps_a_solvable_permutation_and_reports_true_moves(size, seed, script):
    game = PuzzleGame.new(BoardSize(*size), seed)
    for action in script:
        before = game.board
        moves = apply(game, action)
        assert replay(before, moves) == game.board
        assert sorted(game.board.tiles) == list(range(size[0] * size[1]))
        assert game.board.is_solvable()
        assert all(abs(m.src[0] - m.dst[0]) + abs(m.src[1] - m.dst[1]) == 1 for m in moves)


@PROPERTY_SETTINGS
@given(size=sizes, seed=st.integers(0, 2**32), script=actions)
def test_undo_everything_then_redo_everything_round_trips(size, seed, script):
    game = PuzzleGame.new(BoardSize(*size), seed)
    for action in script:
        apply(game, action)
    assume(not game.solved)
    final, count = game.board, game.moves
    undone = 0
    while game.can_undo:
        game.undo()
        undone += 1
    assert game.moves == 0 and game.board == game.start
    for _ in range(undone):
        game.redo()
    assert game.board == final and game.moves == count


@PROPERTY_SETTINGS
@given(size=sizes, seed=st.integers(0, 2**32), cells_clicked=st.lists(cells, max_size=30))
def test_each_undo_restores_the_board_before_that_move(size, seed, cells_clicked):
    game = PuzzleGame.new(BoardSize(*size), seed)
    history = []
    for cell in cells_clicked:
        before, count = game.board, game.moves
        if game.click(cell):
            history.append((before, count))
        if game.solved:
            return
    for before, count in reversed(history):
        game.undo()
        assert game.board == before and game.moves == count
