"""End to end: the real game in a real window, clicked through with a real mouse."""

import pytest

from game.core.text import i18n
from game.menu.layout import CARDS, FOOTER_BUTTON_Y, LEFT_X, RIGHT_X, footer_x
from game.menu.settings import GRID
from game.ui.widgets import Selector
from tests.e2e.harness import difference

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PLAY_BUTTON_Y = CARDS.play
LANGUAGE = GRID.rect(0, 0, 0)
NEXT_LANGUAGE = (LANGUAGE.x + LANGUAGE.width / 2 - Selector.ARROW_WIDTH / 2, LANGUAGE.y)
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


def test_the_settings_screen_switches_the_language_at_once_and_keeps_it(launch, tmp_path):
    config = tmp_path / "mine.yaml"
    config.write_text("language: en   # chosen by hand\n", encoding="utf-8")
    game = launch("--config", str(config))
    menu = game.screenshot()
    game.click(footer_x("settings"), FOOTER_BUTTON_Y)
    settings = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    game.click(*NEXT_LANGUAGE)
    turkish = game.wait_until(lambda shot: difference(settings, shot) > SAME / 4)
    turkish.save(tmp_path / "settings-tr.png")
    i18n.set_language("tr")
    try:
        caption = i18n._("Fifteen & Tavla")
    finally:
        i18n.set_language("en")
    assert game.wait_for(lambda: game.window_name() == caption), game.window_name()
    assert config.read_text(encoding="utf-8") == "language: tr   # chosen by hand\n"
    assert game.running, "no restart: the same process"
