"""End to end: Fifteen in a real window, played with a real mouse."""

import signal
import time

import pytest

from game.puzzle.model.board import Board
from game.puzzle.screens.layout import BOARD_AREA, BOARD_X, BOARD_Y, PANEL_X, SOLVED_Y
from tests.e2e.harness import difference, pixel

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SEED = 21


def cell_centre(width: int, height: int, cell: tuple[int, int]) -> tuple[float, float]:
    tile = min(BOARD_AREA / width, BOARD_AREA / height)
    column, row = cell
    return BOARD_X - width * tile / 2 + (column + 0.5) * tile, BOARD_Y + height * tile / 2 - (
        row + 0.5
    ) * tile


def cell_box(width: int, height: int, cell: tuple[int, int]) -> tuple[float, float, float, float]:
    x, y = cell_centre(width, height, cell)
    half = min(BOARD_AREA / width, BOARD_AREA / height) / 2 - 8
    return x - half, y - half, x + half, y + half


def test_clicking_a_movable_tile_moves_it(launch, tmp_path):
    board = Board.shuffled(4, 4, SEED)
    cell = board.movable_cells()[0]
    empty = board.empty_cell
    game = launch("puzzle", "--size", "4x4", "--image", "numbers", "--seed", str(SEED))
    before = game.screenshot(tmp_path / "before.png")
    game.click(*cell_centre(4, 4, cell))
    after = game.wait_until(lambda shot: difference(before, shot, cell_box(4, 4, empty)) > 20)
    game.settle(0.5)
    after = game.screenshot(tmp_path / "after.png")
    assert difference(before, after, cell_box(4, 4, cell)) > 20, "the clicked cell is empty now"
    assert difference(before, after, cell_box(4, 4, empty)) > 20, "the tile arrived in the gap"
    assert difference(after, game.screenshot(), cell_box(4, 4, cell)) < 1, "and it stays there"


def test_solving_the_last_move_shows_well_done(launch, tmp_path):
    goal_but_one = ",".join(map(str, [*range(1, 15), 0, 15]))
    game = launch("puzzle", "--id", f"4x4:{goal_but_one}", "--image", "numbers")
    before = game.screenshot(tmp_path / "before.png")
    game.click(*cell_centre(4, 4, (3, 3)))
    panel = (PANEL_X - 150, SOLVED_Y - 100, PANEL_X + 150, SOLVED_Y + 100)
    game.wait_until(lambda shot: difference(before, shot, panel) > 10)
    game.settle(1.0)
    after = game.screenshot(tmp_path / "solved.png")
    assert difference(before, after, panel) > 10, "the Well done panel appeared"
    title = [pixel(after, x, SOLVED_Y + 64) for x in range(round(PANEL_X - 100), round(PANEL_X + 100))]
    assert any(r > 200 and 120 < g < 200 and b < 130 for r, g, b in title), "the title is in the accent"


def test_a_resized_window_letterboxes_the_scene_and_clicks_still_land(launch, tmp_path):
    board = Board.shuffled(6, 5, SEED)
    game = launch("puzzle", "--size", "6x5", "--image", "sunset", "--seed", str(SEED))
    full = game.screenshot(tmp_path / "full.png")
    game.resize(1000, 500)
    small = game.wait_until(lambda shot: shot.size == (1000, 500) and shot.getpixel((500, 250)) != (0, 0, 0))
    game.settle(1.0)
    small = game.screenshot(tmp_path / "small.png")
    assert small.size == (1000, 500)
    scale = min(1000 / 1280, 500 / 800)
    left = (1000 - 1280 * scale) / 2
    scene = small.crop((round(left), 0, round(left + 1280 * scale), 500)).resize(full.size)
    assert difference(full, scene) < 12, "the same scene, scaled down with bars at the sides"
    cell = board.movable_cells()[0]
    x, y = cell_centre(6, 5, cell)
    game.click_pixel(left + x * scale, (800 - y) * scale)
    box = cell_box(6, 5, cell)
    crop = (
        round(left + box[0] * scale),
        round((800 - box[3]) * scale),
        round(left + box[2] * scale),
        round((800 - box[1]) * scale),
    )
    after = game.wait_until(lambda shot: difference(small.crop(crop), shot.crop(crop)) > 15)
    assert difference(small.crop(crop), after.crop(crop)) > 15, "the click moved the tile under the mouse"


def test_a_board_solved_with_the_keyboard_is_in_the_statistics(launch, tmp_path):
    import subprocess
    import sys

    from game.puzzle.model.replay import LETTERS, direction_of
    from game.puzzle.solver import solve
    from tests.e2e.harness import ROOT

    board = Board.shuffled(3, 2, SEED)
    names = {"U": "Up", "D": "Down", "L": "Left", "R": "Right"}
    keys = []
    for tile in solve(board):
        slide = board.slide_tile(tile)
        keys += [names[LETTERS[direction_of(move)]] for move in slide.moves]
        board = slide.board
    game = launch("puzzle", "--size", "3x2", "--image", "numbers", "--seed", str(SEED))
    before = game.screenshot()
    for name in keys:
        game.key(name)
        game.settle(0.15)
    panel = (PANEL_X - 150, SOLVED_Y - 100, PANEL_X + 150, SOLVED_Y + 100)
    game.wait_until(lambda shot: difference(before, shot, panel) > 10)
    game.settle(1.0)
    assert difference(before, game.screenshot(tmp_path / "solved.png"), panel) > 10, "solved"
    game.close()
    env = {**game.env, "COLUMNS": "120"}
    shown = subprocess.run(
        [sys.executable, "main.py", "stats", "--size", "3x2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "3x2 · Numbers: 1 solve" in shown
    assert f" {len(keys)} " in shown, "the moves of the solve"


def test_a_stop_signal_ends_the_game_at_once_while_its_solver_tables_are_built(launch, tmp_path, monkeypatch):
    """SIGTERM on a puzzle whose solver tables are still being built (an empty cache): the game ends in
    a moment with 128 + 15 and no traceback. The loop's end used to leave the screen's solver threads
    waiting for the build, and the interpreter waited for them at exit (10 s and more)."""
    monkeypatch.setenv("FIFTEEN_TAVLA_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.delenv("FIFTEEN_TAVLA_QUICK_PDB", raising=False)  # the strong 4x4 tables: a minute
    game = launch("puzzle", "--size", "4x4", "--image", "numbers", "--seed", str(SEED))
    started = time.monotonic()
    game.process.send_signal(signal.SIGTERM)
    assert game.process.wait(timeout=30) == 128 + signal.SIGTERM
    assert time.monotonic() - started < 5.0, "ended at once, not after the tables"
    assert "Traceback" not in game.log.read_text(encoding="utf-8")
