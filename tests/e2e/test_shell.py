"""End to end: the real game in a real window, clicked through with a real mouse."""

import pytest

from game.menu.main_menu import CARD_Y, LEFT_X, RIGHT_X
from tests.e2e.harness import difference

pytestmark = pytest.mark.e2e

PLAY_BUTTON_Y = CARD_Y - 220
CHANGED = 8.0
SAME = 2.0


def test_click_through_the_menu_into_each_screen_and_back(launch, tmp_path):
    game = launch()
    menu = game.screenshot(tmp_path / "menu.png")
    assert menu.size == (1280, 800)

    game.click(LEFT_X, PLAY_BUTTON_Y)
    puzzle = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    puzzle.save(tmp_path / "puzzle.png")
    assert difference(menu, puzzle) > CHANGED, "clicking Play Fifteen should open the puzzle"

    game.key("Escape")
    again = game.wait_until(lambda shot: difference(menu, shot) < SAME)
    again.save(tmp_path / "menu-again.png")
    assert difference(menu, again) < SAME, "Esc returns to the menu"

    game.click(RIGHT_X, PLAY_BUTTON_Y)
    table = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    table.save(tmp_path / "tavla.png")
    assert difference(menu, table) > CHANGED, "clicking Play Tavla should open the table"
    assert difference(puzzle, table) > CHANGED

    game.key("Escape")
    assert difference(menu, game.wait_until(lambda shot: difference(menu, shot) < SAME)) < SAME
    assert game.running
