"""Replays: the U D L R letters both ways, pasted replays, the move log of a game, and the replay clock."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.puzzle.model.board import Board, Direction, TileMove
from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.replay import (
    PASTED_PACE_MS,
    SPEEDS,
    Replay,
    ReplayTimeline,
    TimedMove,
    direction_of,
    format_moves,
    format_replay,
    moves_due,
    parse_moves,
    parse_replay,
    play,
    replay_of,
)
from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import Solve
from game.puzzle.solver import solve

U, D, L, R = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT
# 1 2 3 / 4 5 6 / 7 0 8: the gap has 8 on its right, 7 on its left and 5 above it.
NEAR = Board(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))


def directions_of_tiles(board: Board, tiles: list[int]) -> list[Direction]:
    """The letters of a solver answer (tile numbers), as a player pressing keys would make them."""
    directions = []
    for tile in tiles:
        slide = board.slide_tile(tile)
        directions.append(direction_of(slide.moves[0]))
        board = slide.board
    return directions


def test_runs_are_written_with_counts_and_read_back():
    moves = [R, R, R, D, D, L, U]
    assert format_moves(moves) == "R3 D2 L U"
    assert parse_moves("R3 D2 L U") == tuple(moves)
    assert format_moves([]) == "" and parse_moves("") == () and parse_moves("   ") == ()


@pytest.mark.parametrize("text", ["R3D2LU", "r3 d2 l u", " R3\nD2  L\tU ", "RRR DD L U", "R2R D1D LU"])
def test_slidysims_compact_form_any_case_and_spacing_are_read(text):
    assert format_moves(parse_moves(text)) == "R3 D2 L U"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list(Direction)), max_size=40))
def test_any_moves_survive_the_round_trip(moves):
    text = format_moves(moves)
    assert parse_moves(text) == tuple(moves) and parse_moves(text.replace(" ", "")) == tuple(moves)
    assert len(text.split()) == sum(1 for i, m in enumerate(moves) if i == 0 or moves[i - 1] is not m)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 1000), st.lists(st.one_of(st.sampled_from(list(Direction)), st.just("undo")), max_size=40)
)
def test_the_move_log_replayed_from_the_start_gives_the_board_of_the_game(seed, actions):
    game = PuzzleGame.new(BoardSize(3, 3), seed)
    for action in actions:
        if game.solved:
            break
        game.undo() if action == "undo" else game.press(action)
        game.tick(0.01)
    assert play(game.start, [move.direction for move in game.move_log]) == game.board
    assert [move.ms for move in game.move_log] == sorted(move.ms for move in game.move_log)


def test_a_letter_is_the_direction_the_tile_moves():
    """slidysim's convention: R slides the tile on the gap's left to the right (the gap goes left)."""
    assert play(NEAR, parse_moves("R")) == Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    assert play(NEAR, parse_moves("L")).is_solved()
    assert play(NEAR, parse_moves("D")) == Board(3, 3, (1, 2, 3, 4, 0, 6, 7, 5, 8))
    assert direction_of(TileMove(8, (2, 2), (1, 2))) is L
    assert direction_of(TileMove(5, (1, 1), (1, 2))) is D


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("R3 X2", "'X2' is not a move"),
        ("R0", "'R0' is not a move"),
        ("3R", "'3R' is not a move"),
        ("R,U", "',U' is not a move"),
    ],
)
def test_bad_letters_are_refused_naming_them(text, fragment):
    with pytest.raises(UserError, match=fragment) as caught:
        parse_moves(text)
    assert "U, D, L, R" in str(caught.value)


def test_a_move_no_tile_can_make_is_refused_with_its_number():
    with pytest.raises(UserError, match=r"move 3 \(U\) cannot be made"):
        play(NEAR, parse_moves("L R U"))


def test_huge_counts_are_refused():
    with pytest.raises(UserError, match="at most"):
        parse_moves("R9999 " * 11)


def test_a_solver_answer_pasted_as_text_replays_to_the_goal():
    board = Board.shuffled(3, 3, 5)
    directions = directions_of_tiles(board, solve(board, optimal=True))
    text = format_replay("3x3#5", directions)
    assert text.startswith("3x3#5 ") and " " in text[6:]
    pasted = parse_replay(text)
    assert pasted.start == board and pasted.directions == tuple(directions) and pasted.solves
    assert [move.ms for move in pasted.moves] == [i * PASTED_PACE_MS for i in range(len(directions))]
    assert pasted.text() == text
    exact = format_replay(board.game_id(), directions)
    assert parse_replay(exact).start == board
    assert parse_replay(exact.replace(" ", "", 1) + "\n").directions == tuple(directions)


def test_a_replay_that_stops_short_is_read_but_does_not_solve():
    replay = parse_replay("3x3:1,2,3,4,5,6,7,0,8 R")
    assert not replay.solves and replay.text() == "3x3:1,2,3,4,5,6,7,0,8 R"
    assert parse_replay("3x3:1,2,3,4,5,6,7,0,8").moves == ()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty replay"),
        ("  \n", "empty replay"),
        ("R3 D2", "starts with the game ID"),
        ("4x4 R3", "neither ':' nor '#'"),
        ("3x3#5 Q", "'Q' is not a move"),
        ("3x3:1,2,3,4,5,6,7,0,8 U", r"move 1 \(U\)"),
    ],
)
def test_bad_replay_texts_say_what_is_wrong(text, fragment):
    with pytest.raises(UserError, match=fragment):
        parse_replay(text)


# --- the move log of a game ---


def test_the_game_logs_every_tile_move_with_the_clock():
    game = PuzzleGame(Board(3, 3, (1, 2, 3, 4, 5, 6, 0, 7, 8)))
    game.tick(5.0)  # before the first move: not counted
    game.press(L)
    game.tick(0.25)
    game.undo()
    game.tick(0.125)
    game.redo()
    game.tick(0.5)
    game.click((2, 2))
    assert game.solved
    assert game.move_log == (
        TimedMove(L, 0),
        TimedMove(R, 250),
        TimedMove(L, 375),
        TimedMove(L, 875),
    )
    done = game.as_solve("numbers", practice=True)
    assert done == Solve(
        size=BoardSize(3, 3),
        picture="numbers",
        scramble="3x3:1,2,3,4,5,6,0,7,8",
        moves=2,
        seconds=0.875,
        practice=True,
        solution="L R L2",
        times_ms=(0, 250, 375, 875),
    )
    assert not done.counted and done.tps == pytest.approx(2 / 0.875)
    replay = replay_of(done)
    assert replay.solves and replay.total_ms == 875 and replay.game_id == done.scramble


def test_a_click_moving_several_tiles_logs_them_at_once_and_restart_forgets_the_log():
    game = PuzzleGame.new(BoardSize(4, 4), 7)
    empty_col, empty_row = game.board.empty_cell
    far = (3 if empty_col < 2 else 0, empty_row)
    moved = game.click(far)
    assert len(moved) >= 2 and {m.ms for m in game.move_log} == {0} and len(game.move_log) == len(moved)
    game.mark_assisted()
    game.restart()
    assert game.move_log == () and game.assisted
    with pytest.raises(ValueError):
        game.as_solve("numbers", practice=False)


def test_a_seeded_game_keeps_its_short_id_and_help_as_assisted():
    game = PuzzleGame.new(BoardSize(3, 3), 5)
    game.mark_assisted()
    for tile in solve(game.board):
        game.slide_tile(tile)
        game.tick(0.1)
    done = game.as_solve("sunset", practice=False)
    assert done.scramble == "3x3#5" and done.assisted and not done.counted
    assert replay_of(done).solves


def test_a_solve_kept_before_replays_cannot_be_replayed():
    with pytest.raises(UserError, match="before replays"):
        replay_of(Solve(BoardSize(4, 4), "numbers", "", 80, 60.0))


def test_a_solve_whose_times_do_not_match_replays_at_a_steady_pace():
    replay = replay_of(
        Solve(BoardSize(3, 3), "numbers", "3x3:1,2,3,4,5,6,7,0,8", 1, 1.0, solution="L", times_ms=(1, 2))
    )
    assert replay.moves == (TimedMove(L, 0),)


# --- the replay clock ---


def timeline() -> ReplayTimeline:
    """Four moves of tile 7: R at 0, L and R at 100 (as if at once) and L at 400 ms, back where it was."""
    moves = (TimedMove(R, 0), TimedMove(L, 100), TimedMove(R, 100), TimedMove(L, 400))
    return ReplayTimeline(Replay("3x3:1,2,3,4,5,6,7,0,8", NEAR, moves))


def test_moves_come_due_at_their_times():
    times = [0, 100, 100, 400]
    assert [moves_due(times, t) for t in (-1, 0, 99.9, 100, 399, 400, 10_000)] == [0, 1, 1, 3, 3, 4, 4]


def test_playing_at_real_speed_with_a_fake_clock():
    line = timeline()
    assert line.advance(1.0) == () and line.played == 0  # paused until played
    line.play()
    first = line.advance(0.05)
    assert first == (TileMove(7, (0, 2), (1, 2)),) and line.played == 1 and line.clock_ms == 50
    assert len(line.advance(0.05)) == 2 and line.played == 3
    assert line.advance(0.299) == ()
    assert line.advance(0.001) == (TileMove(7, (1, 2), (0, 2)),)
    assert line.finished and not line.playing and line.board == NEAR
    line.play()  # from the start again
    assert line.played == 0 and line.board == NEAR and line.playing


def test_speed_changes_how_fast_the_solve_clock_runs():
    line = timeline()
    line.play()
    assert line.faster() == 2.0 and line.faster() == 4.0
    line.advance(0.1)
    assert line.clock_ms == 400 and line.finished
    line.rewind()
    assert line.slower() == 2.0 and line.slower() == 1.0 and line.slower() == 0.5
    line.play()
    line.advance(0.4)
    assert line.clock_ms == 200 and line.played == 3
    for _ in SPEEDS:
        line.faster()
    assert line.speed == SPEEDS[-1] and line.faster() == SPEEDS[-1]
    for _ in SPEEDS:
        line.slower()
    assert line.slower() == SPEEDS[0]


@pytest.mark.parametrize("dt", [0, -1.0, float("nan"), float("inf"), "1"])
def test_bad_frame_times_are_ignored(dt):
    line = timeline()
    line.play()
    assert line.advance(dt) == () and line.clock_ms == 0


def test_step_by_step_pauses_and_moves_the_clock_to_each_move():
    line = timeline()
    line.play()
    assert line.step_back() == () and not line.playing
    assert line.step_forward() == (TileMove(7, (0, 2), (1, 2)),) and line.clock_ms == 0
    line.step_forward()
    line.step_forward()
    assert line.played == 3 and line.clock_ms == 100
    assert line.step_back() == (TileMove(7, (1, 2), (0, 2)),) and line.played == 2 and line.clock_ms == 100
    line.step_forward()
    assert line.step_forward() == (TileMove(7, (1, 2), (0, 2)),) and line.finished and line.clock_ms == 400
    assert line.step_forward() == ()
    assert line.rewind() == () and line.played == 0
    line.step_forward()
    back = line.rewind()
    assert back == (TileMove(7, (1, 2), (0, 2)),) and line.board == NEAR and line.clock_ms == 0
    line.toggle()
    assert line.playing
    line.toggle()
    assert not line.playing
