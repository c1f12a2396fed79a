"""End to end: a coached 3x3 solve in a real window, the coach's arrows on screen, played with the mouse."""

import pytest

from game.puzzle.model import method_steps
from game.puzzle.model.board import parse_game_id
from game.puzzle.screens.layout import BOARD_AREA, BOARD_X, PANEL_X, SOLVED_Y
from tests.e2e.harness import difference
from tests.e2e.test_puzzle import cell_centre

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

BOARD = "3x3:1,2,3,7,4,6,5,0,8"
"""Top row done; the left column needs the corner trick (4 to the corner, 7 beside it, the gap up, two
slides), then the last 2x2: nine moves, every kind of step but a plain one."""
ARROW = (240, 170, 80)


def orange(shot) -> int:
    """Pixels of the coach's colour over the board (its arrows and the outline of the tile to move)."""
    left, right = round(BOARD_X - BOARD_AREA / 2), round(BOARD_X + BOARD_AREA / 2)
    region = shot.crop((left, 0, right, shot.size[1]))
    return sum(
        1
        for r, g, b in region.getdata()
        if abs(r - ARROW[0]) < 16 and abs(g - ARROW[1]) < 16 and abs(b - ARROW[2]) < 16
    )


def test_a_coached_3x3_solve_played_with_the_mouse(launch, tmp_path):
    board = parse_game_id(BOARD)[0]
    moves = method_steps.solution(board)
    assert len(moves) == 9
    game = launch("puzzle", "--id", BOARD, "--image", "numbers", "--coach")
    start = game.screenshot(tmp_path / "coached.png")
    assert orange(start) > 800, "the coach's arrows and outline are on the board"
    for tile in moves:
        before = game.screenshot()
        cell = board.cell_of(tile)
        game.click(*cell_centre(3, 3, cell))
        board = board.slide_tile(tile).board
        box = _box(cell)
        game.wait_until(lambda shot, box=box, before=before: difference(before, shot, box) > 15)
    assert board.is_solved()
    panel = (PANEL_X - 150, SOLVED_Y - 100, PANEL_X + 150, SOLVED_Y + 100)
    game.wait_until(lambda shot: difference(start, shot, panel) > 10)
    game.settle(1.0)
    solved = game.screenshot(tmp_path / "solved.png")
    assert orange(solved) < 200, "no arrows once solved"


def _box(cell: tuple[int, int]) -> tuple[float, float, float, float]:
    x, y = cell_centre(3, 3, cell)
    half = BOARD_AREA / 6 - 8
    return x - half, y - half, x + half, y + half
