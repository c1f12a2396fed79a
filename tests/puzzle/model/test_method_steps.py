"""The human method (game/puzzle/model/method_steps.py): it solves every board, and a finished line stays
finished."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.puzzle.model import method_steps
from game.puzzle.model.board import Board, goal_tiles
from game.puzzle.model.method_steps import Kind


def lines_in_place(tiles: tuple[int, ...], width: int, height: int) -> set[int]:
    """Which of the method's lines (by number) have every tile on its square."""
    goal = goal_tiles(width, height)
    return {
        number
        for number, line in enumerate(method_steps.lines(width, height))
        if all(tiles[c] == goal[c] for c in line.cells)
    }


def slide_checked(board: Board, moves: list[int]) -> Board:
    """Play the moves one by one (each must be one tile next to the gap); no finished line may break."""
    width, height = board.width, board.height
    finished: set[int] = set()
    for tile in moves:
        slide = board.slide_tile(tile)
        assert len(slide.moves) == 1, f"tile {tile} is not next to the empty square"
        board = slide.board
        now = lines_in_place(board.tiles, width, height)
        # A line counts as finished once it and every line before it are in place.
        done = method_steps.lines_done(board)
        assert finished <= now, f"a finished line was broken: {sorted(finished - now)}"
        finished |= set(range(done))
    return board


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(width=st.integers(3, 10), height=st.integers(3, 10), seed=st.integers(0, 2**31))
@example(width=10, height=10, seed=1)
@example(width=10, height=3, seed=2)
@example(width=3, height=10, seed=3)
@example(width=3, height=3, seed=4)
def test_the_method_solves_every_board_and_never_breaks_a_finished_line(
    width: int, height: int, seed: int
) -> None:
    board = Board.shuffled(width, height, seed)
    assert slide_checked(board, method_steps.solution(board)).is_solved()


@settings(max_examples=30, deadline=None)
@given(width=st.integers(2, 4), height=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_small_and_narrow_boards_too(width: int, height: int, seed: int) -> None:
    board = Board.shuffled(width, height, seed)
    assert slide_checked(board, method_steps.solution(board)).is_solved()


def test_lines_are_top_row_then_left_column_down_to_the_last_2x2() -> None:
    plan = method_steps.lines(4, 4)
    assert [(line.is_row, line.cells) for line in plan] == [
        (True, (0, 1, 2, 3)),
        (False, (4, 8, 12)),
        (True, (5, 6, 7)),
        (False, (9, 13)),
    ]
    assert [line.is_row for line in method_steps.lines(3, 3)] == [True, False]


def test_the_corner_trick_in_order() -> None:
    # 3x3, top row: 1 in place; 2 and 3 need the corner trick.
    board = Board(3, 3, (1, 4, 5, 3, 2, 8, 6, 7, 0))
    kinds = []
    while (step := method_steps.step(board)) is not None and step.line is not None and step.line.is_row:
        kinds.append(step.kind)
        assert step.placed == (1,)
        assert step.tiles == (2, 3)
        board = slide_checked(board, list(step.moves))
    assert kinds[-1] == Kind.SLIDE
    assert kinds == sorted(kinds, key=[Kind.AWAY, Kind.CORNER, Kind.BESIDE, Kind.EMPTY, Kind.SLIDE].index)
    assert board.tiles[:3] == (1, 2, 3)


def test_a_last_tile_locked_in_under_the_corner_goes_off_the_line_first() -> None:
    # Top row of a 3x3: 2 (second-last) is in the corner, 3 (last) on 2's square: 3 could never leave.
    board = Board(3, 3, (1, 3, 2, 4, 5, 6, 8, 7, 0))
    step = method_steps.step(board)
    assert step is not None and step.kind is Kind.AWAY
    assert step.targets[0] == 7
    board = slide_checked(board, list(step.moves))
    assert board.tiles[7] == 3 and board.tiles[0] == 1
    assert slide_checked(board, method_steps.solution(board)).is_solved()


def test_a_board_in_the_middle_of_a_step_continues_from_where_it_is() -> None:
    board = Board.shuffled(5, 5, 3)
    first = method_steps.step(board)
    assert first is not None and len(first.moves) > 1
    halfway = slide_checked(board, list(first.moves[:1]))
    again = method_steps.step(halfway)
    assert again is not None and again.moves == first.moves[1:]


@pytest.mark.slow
def test_solve_method_human_prints_the_tiles_the_method_slides() -> None:
    import subprocess
    import sys
    from pathlib import Path

    board = Board.shuffled(4, 4, 5)
    text = " ".join(map(str, board.tiles))
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "main.py", "solve", "--size", "4x4", "--board", text, "--method", "human"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    moves = [int(tile) for tile in done.stdout.split()]
    assert moves == method_steps.solution(board)
    assert slide_checked(board, moves).is_solved()
    assert f"{len(moves)} tiles to slide" in done.stderr
    refused = subprocess.run(
        [
            sys.executable,
            "main.py",
            "solve",
            "--size",
            "4x4",
            "--board",
            text,
            "--method",
            "human",
            "--optimal",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "--method human" in refused.stderr
