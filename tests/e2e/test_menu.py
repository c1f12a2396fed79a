"""End to end: the menu under a real window and real keys remembers its choices and can be driven by
the keyboard alone."""

import pytest
import yaml

from game.menu.layout import CARDS, LEFT_X, PREVIEW_SIZE, PREVIEW_Y, RIGHT_X
from tests.e2e.harness import difference

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CHANGED = 8.0
SAME = 2.0
HALF = PREVIEW_SIZE / 2
PUZZLE_PREVIEW = (LEFT_X - 2 * HALF, PREVIEW_Y - HALF, LEFT_X + 2 * HALF, PREVIEW_Y + HALF)
SELECTORS = (LEFT_X - 250, CARDS.first_row - 200, RIGHT_X + 250, CARDS.first_row + 30)


def test_the_menu_keeps_its_choices_across_settings_and_a_restart(launch, tmp_path):
    config = tmp_path / "mine.yaml"
    config.write_text("language: en\n", encoding="utf-8")
    game = launch("--config", str(config))
    first = game.screenshot()
    game.key("Tab", "Right", "Tab", "Right", "Tab", "Right", "Tab", "Tab", "Left", "Tab", "Right")
    chosen = game.wait_until(lambda shot: difference(first, shot, PUZZLE_PREVIEW) > CHANGED)
    assert difference(first, chosen, PUZZLE_PREVIEW) > CHANGED, "5x5 sunset shows in the preview"
    game.settle(1.0)  # the preview changes at the second key (columns, then rows): the rest come after
    chosen = game.screenshot()
    game.key("s")
    settings = game.wait_until(lambda shot: difference(chosen, shot) > CHANGED)
    game.key("Escape")
    back = game.wait_until(lambda shot: difference(settings, shot) > CHANGED)
    back.save(tmp_path / "menu-back.png")
    assert difference(chosen, back, SELECTORS) < SAME, "the choices are still there after Settings"
    kept = yaml.safe_load(config.read_text(encoding="utf-8"))
    assert kept["puzzle"] == {"default_size": "5x5", "default_image": "sunset"}
    assert (kept["tavla"]["opponent"], kept["tavla"]["rules"]) == ("beginner", "standard")
    game.close()

    again = launch("--config", str(config))
    restarted = again.screenshot(tmp_path / "menu-restarted.png")
    assert difference(back, restarted) < SAME, "the next start shows the same choices"
    assert difference(first, restarted) > SAME / 4


def test_the_keyboard_alone_goes_from_the_menu_into_a_game_and_back(launch, tmp_path):
    config = tmp_path / "mine.yaml"
    config.write_text("language: en\n", encoding="utf-8")
    game = launch("--config", str(config))
    menu = game.screenshot()
    game.key(*["Tab"] * 8, "Return")
    table = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    table.save(tmp_path / "tavla.png")
    assert difference(menu, table) > CHANGED, "Tab to Play Tavla, Enter: the table"
    game.key("Escape")
    game.wait_until(lambda shot: difference(menu, shot) < SAME)
    game.key("Tab", "Return")
    puzzle = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    assert difference(menu, puzzle) > CHANGED and difference(table, puzzle) > CHANGED, "Enter on Board size"
    assert game.running
