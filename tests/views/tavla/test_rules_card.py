"""F1 at the table: the rules of the game played, on a card (Plakoto's says what the ring means)."""

import arcade

from game.tavla.engine.rules import Rules
from tests.views.driver import press_key, screenshot
from tests.views.tavla.test_no_hitting_view import table
from tests.views.text import assert_text_fits


def test_f1_shows_the_games_rules_and_f1_or_enter_closes_them(window):
    plakoto = Rules.PLAKOTO.variant
    view = table(window, Rules.PLAKOTO, plakoto.opening, (6, 5))
    assert view.overlays.top is None
    press_key(view, arcade.key.F1)
    assert view.overlays.top is view.rules_card
    title, body = (text.text for text in view.rules_card.texts)
    assert title == "Plakoto" and "pinned" in body and "ringed" in body
    assert_text_fits(window, "the rules card")
    screenshot(window).save("/tmp/rules_card.png")
    press_key(view, arcade.key.F1)
    assert view.overlays.top is None
    press_key(view, arcade.key.F1)
    press_key(view, arcade.key.ENTER)
    assert view.overlays.top is None and window.current_view is view


def test_the_cards_of_long_nardy_and_moultezim_fit_in_every_language(window, language):
    for rules in (Rules.NARDY, Rules.MOULTEZIM):
        view = table(window, rules, rules.variant.opening, (6, 5))
        press_key(view, arcade.key.F1)
        assert view.overlays.top is view.rules_card
        assert_text_fits(window, f"the rules card of {rules}")
        press_key(view, arcade.key.F1)
