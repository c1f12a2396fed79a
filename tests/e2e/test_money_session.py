"""End to end, in a real window with the real mouse: a money session chosen in the menu (Money, then
Beavers on), played from Play Tavla to the end card of its first game (the player resigns at once) and
stopped there; the card says the session is over, the session is kept for the analysis as a 0 point
match under the Jacoby rule, and the table forgets it once left."""

import pytest
import yaml

from game.core.records import DB_NAME, Records
from game.menu.layout import CARDS, HALF_OFFSET, HALF_SELECTOR, RIGHT_X
from game.tavla.engine.results import Resignation
from game.tavla.record.save import saved_table
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import OVERLAY_X
from game.ui.widgets import Selector
from tests.e2e.harness import difference
from tests.e2e.table_screen import card_shown, wait_for_screen
from tests.e2e.test_resign import RESIGN, choice_shown, level_button

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LENGTH_LEFT = (RIGHT_X - HALF_OFFSET - HALF_SELECTOR / 2 + Selector.ARROW_WIDTH / 2, CARDS.third_row)
BEAVERS = (RIGHT_X + (CARDS.money_toggles[0] + CARDS.money_toggles[2]) / 2, CARDS.rules_note)
PLAY_TAVLA = (RIGHT_X, CARDS.play)
STOP = (OVERLAY_X, layout.MIDDLE_Y - 70)  # the end card's second button
CHANGED = 8.0


def test_a_money_session_from_the_menu_to_its_stop(launch, tmp_path):
    config = tmp_path / "mine.yaml"
    config.write_text("language: en\ntavla:\n  rules: standard\n  opponent: random\n", encoding="utf-8")
    game = launch("--config", str(config))
    menu = game.screenshot()
    for _ in range(3):  # 5 points, 3, 1, then Money
        game.click(*LENGTH_LEFT)
        game.settle(0.3)
    assert game.wait_for(lambda: _tavla(config).get("match_length") == "money")
    money = game.wait_until(lambda shot: difference(menu, shot) > 0.5)
    game.click(*BEAVERS)
    assert game.wait_for(lambda: _tavla(config).get("beavers") is True), "the toggle is kept"
    game.settle(0.6)
    game.screenshot(tmp_path / "menu-money.png")
    assert difference(money, game.screenshot()) > 0.05, "Beavers: on is drawn"
    game.click(*PLAY_TAVLA)
    table = game.wait_until(lambda shot: difference(menu, shot) > CHANGED)
    assert difference(menu, table) > CHANGED, "Play Tavla opens the table"
    game.settle(3.0)  # random plays its opening roll if it won it
    game.click(*RESIGN)
    wait_for_screen(game, choice_shown, "the choice of level", timeout=15)
    game.click(*level_button(Resignation.BACKGAMMON))
    over = wait_for_screen(game, card_shown, "the end card of the first game")
    over.save(tmp_path / "game-over.png")
    matches = tmp_path / "matches"
    assert not matches.is_dir() or not list(matches.glob("*.mat")), "nothing kept yet: the session goes on"
    game.click(*STOP)
    assert game.wait_for(lambda: matches.is_dir() and any(matches.glob("*.mat")), timeout=15), "kept"
    stopped = game.wait_until(lambda shot: difference(over, shot) > 0.5)
    stopped.save(tmp_path / "session-over.png")
    assert card_shown(stopped) and difference(over, stopped) > 0.5, "the card says the session is over"
    text = next(matches.glob("*.mat")).read_text()
    assert " 0 point match" in text and '; [Jacoby "On"]' in text and '; [Beaver "On"]' in text
    assert "Wins 1 point" in text, "a backgammon resigned with the cube in the centre: Jacoby, 1 point"
    game.key("Escape")
    records = Records(tmp_path / DB_NAME)
    assert game.wait_for(lambda: game.screenshot() is not None and saved_table(records) is None, timeout=10)
    back = game.wait_until(lambda shot: difference(table, shot) > CHANGED)
    assert difference(table, back) > CHANGED, "back at the menu"
    assert game.running


def _tavla(config) -> dict:
    return (yaml.safe_load(config.read_text(encoding="utf-8")) or {}).get("tavla", {})
