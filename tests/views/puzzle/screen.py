"""The Fifteen screens, headless: open a board, check its sprites, wait for the solver, keep solves."""

import random
import time

import pytest

from game.puzzle.model.board import parse_game_id
from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.screens.view import PuzzleView
from game.puzzle.solver import solve

ONE_FROM_GOAL = "4x4:" + ",".join(map(str, [*range(1, 15), 0, 15]))


def open_puzzle(window, size: str | None = None, **kwargs) -> PuzzleView:
    """The puzzle screen, its `size` given as WxH (read as the command line reads it)."""
    window.show_view(PuzzleView(size=None if size is None else BoardSize.parse(size), **kwargs))
    view = window.current_view
    assert isinstance(view, PuzzleView)
    return view


def assert_sprites_on_cells(view: PuzzleView) -> None:
    board = view.game.board
    for index, tile in enumerate(board.tiles):
        if tile:
            assert view.sprite_of[tile].position == pytest.approx(view.cell_centre(board.cell(index)))


def one_from_goal(window) -> PuzzleView:
    """A shuffled game (not practice) whose board is then set one move from the goal."""
    view = open_puzzle(window, size="4x4", image="numbers", seed=1)
    view.game = PuzzleGame(parse_game_id(ONE_FROM_GOAL)[0])
    view.restart()
    return view


def wait_for(view: PuzzleView, condition, seconds: float = 10.0) -> None:
    """Step the scene (and real time, for the solver's threads) until `condition` holds. A millisecond
    a frame lets the threads in: the scene's own time is the frames' (an auto-solve's slides are hundreds
    of them, and five milliseconds each were most of such a test's time)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        view.on_update(1 / 60)
        time.sleep(0.001)


def keep_solves(book: SolveRecords, count: int, size: tuple[int, int] = (3, 3), seed: int = 100) -> None:
    """``count`` solves of fair shuffles, each move 0.1-0.5 s apart; every fourth with a hint."""
    rng = random.Random(seed)
    for number in range(count):
        game = PuzzleGame.new(BoardSize(*size), seed + number)
        for tile in solve(game.board):
            game.tick(rng.uniform(0.1, 0.5))
            game.slide_tile(tile)
        if number % 4 == 3:
            game.mark_assisted()
        book.record_solve(game.as_solve("numbers", practice=False))
