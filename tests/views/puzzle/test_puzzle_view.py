"""The Fifteen scene, headless: clicks and keys glide tiles to exactly where the model says."""

import pytest
from arcade import key

from game.puzzle.model.board import Board, Direction, goal_tiles
from game.puzzle.model.game import PuzzleGame
from tests.views.driver import click, press_key, screenshot, step
from tests.views.puzzle.screen import (
    ONE_FROM_GOAL,
    assert_sprites_on_cells,
    one_from_goal,
    open_puzzle,
    wait_for,
)


def test_a_click_starts_a_glide_that_lands_exactly(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    cell = view.game.board.movable_cells()[0]
    tile = view.game.board.tile_at(cell)
    start = view.sprite_of[tile].position
    click(view, *view.cell_centre(cell))
    assert view.game.moves >= 1
    step(view, view.duration / 3)
    middle = view.sprite_of[tile].position
    assert middle != pytest.approx(start), "the tile has started to move"
    assert middle != pytest.approx(view.cell_centre(view.game.board.cell_of(tile))), "but not jumped"
    step(view, view.duration)
    assert not view.animating
    assert_sprites_on_cells(view)


def test_clicking_a_far_tile_slides_the_whole_line_together(window):
    view = open_puzzle(window, size="5x5", image="numbers", seed=9)
    empty_column, empty_row = view.game.board.empty_cell
    far = (0 if empty_column > 0 else 4, empty_row)
    click(view, *view.cell_centre(far))
    assert view.game.moves == abs(far[0] - empty_column)
    assert len(view.glides) == abs(far[0] - empty_column)
    step(view, view.duration * 1.5)
    assert_sprites_on_cells(view)


def test_a_burst_of_keys_during_an_animation_is_played_in_order(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=3)
    presses = [key.LEFT, key.UP, key.RIGHT, key.D, key.S, key.DOWN, key.A, key.W, key.LEFT, key.UP]
    directions = {
        key.LEFT: Direction.LEFT,
        key.A: Direction.LEFT,
        key.UP: Direction.UP,
        key.W: Direction.UP,
        key.RIGHT: Direction.RIGHT,
        key.D: Direction.RIGHT,
        key.DOWN: Direction.DOWN,
        key.S: Direction.DOWN,
    }
    expected = PuzzleGame(view.game.board)
    for symbol in presses:
        press_key(view, symbol)
        expected.press(directions[symbol])
        step(view, 1 / 60)
    assert view.animating
    assert view.game.board == expected.board
    step(view, 3.0)
    assert not view.animating
    assert_sprites_on_cells(view)


def test_undo_and_redo_animate_back_and_forth(window):
    view = open_puzzle(window, size="3x3", image="numbers", seed=1)
    start = view.game.board
    press_key(view, key.LEFT)
    press_key(view, key.UP)
    step(view, 1.0)
    moved = view.game.board
    press_key(view, key.Z, key.MOD_CTRL)
    press_key(view, key.U)
    assert view.animating
    step(view, 1.0)
    assert view.game.board == start
    assert_sprites_on_cells(view)
    press_key(view, key.R)
    press_key(view, key.Y, key.MOD_CTRL)
    step(view, 1.0)
    assert view.game.board == moved
    assert_sprites_on_cells(view)


def test_solving_shows_the_panel_stops_input_and_records_a_best(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = one_from_goal(window)
    assert not view.practice
    click(view, *view.cell_centre((3, 3)))
    assert view.game.solved
    assert not view.panel_visible, "the panel waits for the last tile to land"
    step(view, 1.0)
    assert view.panel_visible
    assert view.outcome is not None and view.outcome.best.moves == 1
    board = view.game.board
    click(view, *view.cell_centre((2, 3)))
    press_key(view, key.LEFT)
    assert view.game.board == board, "input to the board stops once solved"
    image = screenshot(window)
    assert "Well done" in view.panel_texts[0].text
    button = view.panel_button.rect
    inside_beside_the_label = (round(button.x - button.width / 2 + 4), round(800 - button.y))
    assert image.getpixel(inside_beside_the_label)[0] > 200, "the Play again button is drawn"
    click(view, view.panel_button.rect.x, view.panel_button.rect.y)
    assert not view.game.solved and view.game.moves == 0


def test_the_picture_fades_in_its_missing_tile_when_solved(window):
    name = window.settings.puzzle.images[0].name
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image=name)
    assert view.empty_sprite is not None and view.empty_sprite.alpha == 0
    click(view, *view.cell_centre((3, 3)))
    step(view, 2.0)
    assert view.empty_sprite.alpha == 255


def test_restart_and_new_game(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=12)
    start = view.game.board
    press_key(view, key.LEFT)
    press_key(view, key.UP)
    step(view, 1.0)
    view.restart()
    assert view.game.board == start and view.game.moves == 0
    assert_sprites_on_cells(view)
    press_key(view, key.N)
    assert view.game.board != start
    assert_sprites_on_cells(view)


def test_clock_starts_with_the_first_move(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=4)
    step(view, 2.0)
    assert view.game.elapsed == 0
    press_key(view, key.LEFT if view.game.board.empty_cell[0] < 3 else key.RIGHT)
    step(view, 2.5)
    assert view.game.elapsed == pytest.approx(2.5, abs=0.05)
    assert view.texts["time"].text == "Time 0:02"


def test_a_broken_picture_falls_back_to_numbers_with_a_message(window, tmp_path):
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 50)
    view = open_puzzle(window, size="4x4", image=str(broken), seed=2)
    assert view.picture_name == "numbers"
    assert "broken.png" in view.toast.message
    assert_sprites_on_cells(view)


def test_game_ids_open_exact_boards(window):
    view = open_puzzle(window, game_id="3x2:1,2,3,4,0,5")
    assert view.game.board == Board(3, 2, (1, 2, 3, 4, 0, 5))
    view = open_puzzle(window, game_id="5x4#77")
    assert view.game.board == Board.shuffled(5, 4, 77)
    assert view.game.board.tiles != goal_tiles(5, 4)


def test_tile_textures_follow_the_screen_scale(window):
    from arcade.types import LBWH

    view = open_puzzle(window, size="4x4", image=window.settings.puzzle.images[0].name, seed=8)
    sprite = view.sprite_of[1]
    full = sprite.texture.width
    assert full == round((view.tile_size - 4) * view.pixel_scale)
    view.camera.viewport = LBWH(0, 0, 640, 400)
    view.on_scale_changed()
    assert view.pixel_scale == 0.5
    assert abs(view.sprite_of[1].texture.width - full / 2) <= 1
    assert view.sprite_of[1].width == pytest.approx(view.tile_size - 4), "same size on screen, fewer pixels"
    view.on_resize(*window.get_size())


def test_a_corrupt_records_database_is_reported_and_the_game_runs(window, tmp_path, monkeypatch):
    from game.core.records import DB_NAME

    (tmp_path / DB_NAME).write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image="numbers")
    assert DB_NAME in view.toast.message or "records" in view.toast.message.lower()
    click(view, *view.cell_centre((3, 3)))
    step(view, 1.0)
    assert view.panel_visible and view.game.solved
    assert (tmp_path / DB_NAME).read_bytes() == b"this is not a database" * 100, "nothing is overwritten"


def test_hint_lights_a_tile_that_moves_toward_the_goal(window):
    view = open_puzzle(window, size="3x3", image="numbers", seed=6)
    press_key(view, key.H)
    wait_for(view, lambda: view.hint_tile != 0)
    tile = view.hint_tile
    assert view.game.board.can_slide_from(view.game.board.cell_of(tile))
    assert view.game.assisted
    screenshot(window)
    click(view, *view.cell_centre(view.game.board.cell_of(tile)))
    assert view.hint_tile == 0, "a move clears the hint"


@pytest.mark.slow
def test_solve_plays_the_solution_and_is_not_a_record(window):
    view = open_puzzle(window, size="3x3", image="numbers", seed=8)
    click(view, view.solve_button.rect.x, view.solve_button.rect.y)
    wait_for(view, lambda: view.panel_visible, 60.0)
    assert view.game.solved and view.game.assisted
    assert view.outcome is not None and not view.outcome.new_best
    assert "not a record" in view.panel_texts[2].text


def test_any_key_stops_the_auto_solve(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=9)
    view.auto_solve()
    wait_for(view, lambda: view.game.moves >= 2, 30.0)
    press_key(view, key.SPACE)
    moves = view.game.moves
    step(view, 2.0)
    assert not view.game.solved and not view.autoplay.running
    assert view.game.moves == moves, "nothing more plays by itself"
    press_key(view, key.LEFT if view.game.board.empty_cell[0] < 3 else key.RIGHT)
    assert view.game.moves == moves + 1, "and the player continues from there"


@pytest.mark.slow
def test_fuzz_random_clicks_and_keys_keep_the_puzzle_sound(window):
    import random

    view = open_puzzle(window, size="4x3", image="numbers", seed=3)
    rng = random.Random(3)
    keys = [
        key.UP,
        key.DOWN,
        key.LEFT,
        key.RIGHT,
        key.W,
        key.A,
        key.S,
        key.D,
        key.U,
        key.R,
        key.N,
        key.H,
        key.C,
        key.Z,
        key.Y,
        key.SPACE,
    ]
    for i in range(2_000):
        roll = rng.random()
        if roll < 0.4:
            x, y = rng.uniform(0, 1280), rng.uniform(0, 800)
            if not view.menu_button.rect.contains(x, y):
                click(view, x, y)
        elif roll < 0.8:
            symbol = rng.choice(keys)
            press_key(view, symbol, key.MOD_CTRL if symbol in (key.Z, key.Y) and rng.random() < 0.5 else 0)
        else:
            view.on_update(rng.choice([1 / 60, 0.05, 0.5]))
        if i % 100 == 0:
            tiles = view.game.board.tiles
            assert sorted(tiles) == list(range(12)) and view.game.board.is_solvable()
    assert window.current_view is view
    step(view, 30.0)
    assert not view.animating
    assert_sprites_on_cells(view)
    view.leave()


def test_messages_show_in_the_panel_not_on_the_tiles(window):
    from game.puzzle.screens.layout import BOARD_AREA, BOARD_PADDING, BOARD_X

    view = open_puzzle(window, size="4x4", image="numbers", seed=3)
    view.auto_solve()
    step(view, 0.1)
    press_key(view, key.SPACE)
    assert view.toast.message
    board_right = BOARD_X + BOARD_AREA / 2 + BOARD_PADDING
    assert view.toast.x - view.toast.width / 2 > board_right, "Auto-solve stopped is beside the board"
