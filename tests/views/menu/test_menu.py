"""The main menu: its choices open the right screen, Esc comes back, the letterbox keeps proportions."""

import pytest
from arcade import key

from game.menu.main_menu import MainMenuView
from game.puzzle.screens.view import PuzzleView
from game.settings import load_config
from game.tavla.engine.rules import Rules
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, press_key, screenshot
from tests.views.menu.menus import choose, choose_size, rect_centre


@pytest.mark.slow
def test_menu_opens_puzzle_with_chosen_size_and_back(window):
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click(menu, *rect_centre(menu.size_picker.columns.right))
    chosen = menu.size_picker.value
    assert chosen != load_config().puzzle.default_size
    click(menu, *rect_centre(menu.play_puzzle))
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView)
    assert puzzle.game.board.size == chosen
    press_key(puzzle, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


@pytest.mark.slow
def test_menu_opens_tavla_with_chosen_opponent_and_rules(window):
    menu = window.current_view
    click(menu, *rect_centre(menu.rules_selector.right))
    click(menu, *rect_centre(menu.opponent_selector.left))
    opponent, rules = menu.opponent_selector.value, menu.rules_selector.value
    assert rules != str(load_config().tavla.rules)
    click(menu, *rect_centre(menu.play_tavla))
    table = window.current_view
    assert isinstance(table, TableView)
    assert (table.opponent, table.rules) == (opponent, rules)
    press_key(table, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


def test_selectors_wrap_around(window):
    selector = window.current_view.size_picker.columns
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
    title_row = [image.getpixel((x, round(height * 0.06))) for x in range(width // 3, 2 * width // 3)]
    assert max(sum(p) for p in title_row) > 600, "the title is light text on the dark background"


@pytest.mark.slow
def test_missing_weights_are_a_message_and_the_other_opponents_still_play(window, monkeypatch):
    from game.tavla.eval import neural

    monkeypatch.setitem(neural.WEIGHTS_FILES, Rules.TAVLA, "weights/no-such-file.npz")
    monkeypatch.setattr(neural, "_cached", {})
    menu = window.current_view
    selector = menu.opponent_selector
    for name in ("beginner", "intermediate"):  # the beginner plays on our networks, Open Sage or not
        while selector.value != name:
            click(menu, *rect_centre(selector.right))
        click(menu, *rect_centre(menu.play_tavla))
        if name == "beginner":
            assert window.current_view is menu
            assert "no-such-file.npz" in menu.toast.message
    table = window.current_view
    assert isinstance(table, TableView) and table.opponent == "intermediate"
    press_key(table, key.ESCAPE)


@pytest.mark.slow
def test_the_menu_keeps_every_choice_across_screens_and_runs(window):
    menu = window.current_view
    wanted = {
        "size": "5x5",
        "image": "sunset",
        "opponent": "beginner",
        "rules": "standard",
        "length": "7",
        "side": "black",
    }
    choose_size(menu, wanted["size"])
    for name, value in wanted.items():
        if name != "size":
            choose(menu, getattr(menu, f"{name}_selector"), value)

    def shown(view) -> dict[str, str]:
        chosen = {name: str(getattr(view, f"{name}_selector").value) for name in wanted if name != "size"}
        return {"size": str(view.size_picker.value), **chosen}

    press_key(menu, key.S)
    press_key(window.current_view, key.ESCAPE)
    assert shown(window.current_view) == wanted, "back from Settings"
    click(window.current_view, *rect_centre(window.current_view.play_tavla))
    assert window.current_view.settings.match_length == 7
    press_key(window.current_view, key.ESCAPE)
    assert shown(window.current_view) == wanted, "back from a game"
    kept = load_config(window.config_file)
    assert (str(kept.puzzle.default_size), kept.puzzle.default_image) == ("5x5", "sunset")
    assert (kept.tavla.opponent, str(kept.tavla.rules), kept.tavla.match_length, kept.tavla.human_side) == (
        "beginner",
        "standard",
        7,
        "black",
    )
    window.settings = kept
    window.show_menu()
    assert shown(window.current_view) == wanted, "the next start reads the file"


def test_intermediate_and_pubeval_are_one_entry(window):
    offered = window.current_view.opponent_selector.choices
    assert "intermediate" in offered and "pubeval" not in offered
    assert window.current_view.opponent_selector.value == "intermediate", "the default, pubeval, shows as it"


@pytest.mark.slow
def test_the_keyboard_alone_chooses_and_plays(window):
    menu = window.current_view
    press_key(menu, key.TAB)
    assert menu.focus_order[menu.focus] is menu.size_picker.columns
    press_key(menu, key.RIGHT)
    assert menu.size_picker.value != load_config().puzzle.default_size
    for _ in range(4):
        press_key(menu, key.TAB)
    assert menu.focus_order[menu.focus] is menu.opponent_selector
    press_key(menu, key.LEFT)
    assert menu.opponent_selector.value == "beginner"
    press_key(menu, key.TAB, key.MOD_SHIFT)
    assert menu.focus_order[menu.focus] is menu.play_puzzle
    press_key(menu, key.DOWN)
    press_key(menu, key.ENTER)
    table = window.current_view
    assert isinstance(table, TableView) and table.opponent == "beginner"
    press_key(table, key.ESCAPE)
    menu = window.current_view
    press_key(menu, key.TAB)
    press_key(menu, key.RETURN)
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView) and puzzle.game.board.size == menu.size_picker.value
    press_key(puzzle, key.ESCAPE)


def test_the_cube_toggle_is_in_the_keyboard_order_while_the_rules_have_a_cube(window):
    menu = window.current_view
    choose(menu, menu.rules_selector, "tavla")
    assert menu.cube_button not in menu.focus_order
    choose(menu, menu.rules_selector, "standard")
    order = menu.focus_order
    assert order[order.index(menu.rules_selector) + 1] is menu.cube_button
    menu.focus = order.index(menu.cube_button)
    before = window.settings.tavla.cube
    press_key(menu, key.ENTER)
    assert window.settings.tavla.cube is not before


def test_an_opponent_not_installed_is_shown_so_and_cannot_be_played(window, monkeypatch):
    from game.tavla.players import gnubg_adapter

    monkeypatch.setattr(gnubg_adapter, "available", lambda: False)
    menu = window.current_view
    choose(menu, menu.opponent_selector, "gnubg")
    assert "not installed" in menu.opponent_selector.describe("gnubg")
    assert gnubg_adapter.INSTALL_HINT in menu.opponent_note.text
    assert not menu.play_tavla.enabled
    click(menu, *rect_centre(menu.play_tavla))
    press_key(menu, key.ENTER)
    assert window.current_view is menu and not menu.toast.message
    assert load_config(window.config_file).tavla.opponent != "gnubg", "not kept as the choice"


def test_the_numbers_preview_shows_the_chosen_size(window):
    menu = window.current_view
    choose(menu, menu.image_selector, "numbers")
    choose_size(menu, "4x4")
    square = menu._puzzle_preview[0]
    choose_size(menu, "6x5")
    wide = menu._puzzle_preview[0]
    assert square.width == square.height and wide.width > wide.height


@pytest.mark.slow
def test_an_opponent_named_on_the_command_line_wins_over_the_resume_offer(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    window.show_view(TableView(opponent="random"))
    press_key(window.current_view, key.ESCAPE)
    window.show_view(TableView(opponent="human", offer_resume=False))
    assert window.current_view.saved is None and window.current_view.opponent == "human"
    press_key(window.current_view, key.ESCAPE)
    click(window.current_view, *rect_centre(window.current_view.play_tavla))
    assert window.current_view.saved is not None, "the menu's Play still offers it"
    press_key(window.current_view, key.ESCAPE)
