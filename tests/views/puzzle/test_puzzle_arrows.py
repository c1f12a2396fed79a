"""Issue 47, Fifteen: the hint's and the coach's arrows are drawn between the tiles, at the edge of the
tile to move, so its number stays readable: the middle of every tile an arrow starts from is drawn the
same with the arrows as without them (a 4x4 board at the full window and at 800x500)."""

import pytest
from arcade import key
from arcade.types import LBWH

from game.puzzle.screens.view import PuzzleView
from tests.views.driver import click, press_key, screenshot, to_screen
from tests.views.menu.menus import rect_centre
from tests.views.puzzle.screen import open_puzzle, wait_for

NUMBER_HALF_WIDTH, NUMBER_HALF_HEIGHT = 0.24, 0.17  # a two-digit number's box, in tile sizes


def number_box(view: PuzzleView, tile: int, image_height: int) -> tuple[int, int, int, int]:
    """The screen pixels (left, top, right, bottom) of where `tile`'s number is drawn."""
    x, y = view.cell_centre(view.game.board.cell_of(tile))
    size = view.tile_size
    left, bottom = to_screen(view, x - NUMBER_HALF_WIDTH * size, y - NUMBER_HALF_HEIGHT * size)
    right, top = to_screen(view, x + NUMBER_HALF_WIDTH * size, y + NUMBER_HALF_HEIGHT * size)
    return int(left), image_height - int(top), int(right) + 1, image_height - int(bottom) + 1


def numbers_unchanged(window, view: PuzzleView, tiles: list[int], hide) -> bool:
    """Whether the numbers of `tiles` are drawn alike with the arrows and with them hidden (`hide`)."""
    shown = screenshot(window)
    boxes = [number_box(view, tile, shown.height) for tile in tiles]
    with_arrows = [list(shown.crop(box).getdata()) for box in boxes]
    with hide():
        plain = screenshot(window)
    return with_arrows == [list(plain.crop(box).getdata()) for box in boxes]


@pytest.fixture(params=["full", "800x500"])
def puzzle(window, request):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    if request.param == "800x500":
        view.camera.viewport = LBWH(0, 0, 800, 500)
        view.rescale()
    yield view
    view.on_resize(*window.get_size())


def test_the_coachs_arrows_leave_the_numbers_readable(window, puzzle, tmp_path):
    view = puzzle
    click(view, *rect_centre(view.coach_button))
    coach = view.coach
    assert coach is not None and coach.arrows
    view.on_update(1 / 60)
    screenshot(window).save(tmp_path / "coach.png")
    tiles = [arrow.tile for arrow in coach.arrows]

    class NoArrows:
        def __enter__(self):
            self.saved = coach._arrows
            coach._arrows = []

        def __exit__(self, *exc):
            coach._arrows = self.saved

    assert numbers_unchanged(window, view, tiles, NoArrows), "an arrow is drawn over a tile's number"


def test_the_hints_arrow_leaves_the_number_readable(window, puzzle, tmp_path):
    view = puzzle
    press_key(view, key.H)
    wait_for(view, lambda: bool(view.hint_tile), 60)
    view.hint_time = 0.26  # the outline at its widest
    screenshot(window).save(tmp_path / "hint.png")
    tile = view.hint_tile

    class NoHint:
        def __enter__(self):
            view.hint_tile = 0

        def __exit__(self, *exc):
            view.hint_tile = tile

    assert numbers_unchanged(window, view, [tile], NoHint), "the hint's arrow is drawn over the number"
