"""The main menu: its choices open the right screen, Esc comes back, the letterbox keeps proportions."""

from arcade import key

from game.menu.main_menu import MainMenuView
from game.puzzle.view import PuzzleView
from game.tavla.table.view import TableView
from tests.views.driver import click, press_key, screenshot


def rect_centre(button):
    return button.rect.x, button.rect.y


def test_menu_opens_puzzle_with_chosen_size_and_back(window):
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click(menu, *rect_centre(menu.size_selector.right))
    chosen = menu.size_selector.value
    assert chosen != window.settings.puzzle.default_size
    click(menu, *rect_centre(menu.play_puzzle))
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView)
    assert puzzle.size_text == chosen
    press_key(puzzle, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


def test_menu_opens_tavla_with_chosen_opponent_and_rules(window):
    menu = window.current_view
    click(menu, *rect_centre(menu.rules_selector.right))
    click(menu, *rect_centre(menu.opponent_selector.left))
    opponent, rules = menu.opponent_selector.value, menu.rules_selector.value
    assert rules != window.settings.tavla.rules
    click(menu, *rect_centre(menu.play_tavla))
    table = window.current_view
    assert isinstance(table, TableView)
    assert (table.opponent, table.rules) == (opponent, rules)
    press_key(table, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


def test_selectors_wrap_around(window):
    selector = window.current_view.size_selector
    start = selector.value
    for _ in selector.choices:
        selector.step(1)
    assert selector.value == start


def test_escape_on_the_menu_stays(window):
    menu = window.current_view
    press_key(menu, key.ESCAPE)
    assert window.current_view is menu


def test_menu_draws_title_and_cards(window):
    image = screenshot(window)
    width, height = image.size
    background = image.getpixel((5, height // 2))
    card = image.getpixel((width // 4, height // 2))
    assert background != card
    title_row = [image.getpixel((x, round(height * 0.09))) for x in range(width // 3, 2 * width // 3)]
    assert max(sum(p) for p in title_row) > 600, "the title is light text on the dark background"


def test_missing_weights_are_a_message_and_the_other_opponents_still_play(window, monkeypatch):
    from game.tavla.bots import neural

    monkeypatch.setattr(neural, "WEIGHTS_FILE", "weights/no-such-file.npz")
    monkeypatch.setattr(neural, "_cached", {})
    menu = window.current_view
    selector = menu.opponent_selector
    for name in ("expert", "pubeval"):
        while selector.value != name:
            click(menu, *rect_centre(selector.right))
        click(menu, *rect_centre(menu.play_tavla))
        if name == "expert":
            assert window.current_view is menu
            assert "no-such-file.npz" in menu.toast.message
    table = window.current_view
    assert isinstance(table, TableView) and table.opponent == "pubeval"
    press_key(table, key.ESCAPE)
