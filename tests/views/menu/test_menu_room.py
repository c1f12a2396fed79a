"""Issue 47, the menu: the cube's toggle has room above the rules (clear of the opponent's note and of the
rules selector), and at 800x500 the Play buttons (their shadows too) stay inside their cards, in every
language."""

import pytest
from arcade.types import LBWH

from game.menu.layout import CARD_HEIGHT, CARD_WIDTH, CARD_Y, LEFT_X, RIGHT_X
from game.ui.widgets import Rect
from tests.views.driver import screenshot
from tests.views.text import assert_text_fits

pytestmark = pytest.mark.slow  # each test here takes over 5 s

SHADOW = 3  # a button's shadow, drawn this far below it
MARGIN = 4


def standard_menu(window):
    """The menu with the standard rules and the cube on: the toggle shown beside the rules."""
    tavla = window.settings.tavla.model_copy(update={"rules": "standard", "cube": True})
    window.settings = window.settings.model_copy(update={"tavla": tavla})
    window.show_menu()
    return window.current_view


def inside_card(button_rect: Rect, card_x: float) -> bool:
    left, right = card_x - CARD_WIDTH / 2, card_x + CARD_WIDTH / 2
    bottom, top = CARD_Y - CARD_HEIGHT / 2, CARD_Y + CARD_HEIGHT / 2
    r = button_rect
    return (
        r.x - r.width / 2 >= left + MARGIN
        and r.x + r.width / 2 + SHADOW <= right - MARGIN
        and r.y - r.height / 2 - SHADOW >= bottom + MARGIN
        and r.y + r.height / 2 <= top - MARGIN
    )


def check_room(view, where: str) -> None:
    for button, card_x in (
        (view.play_puzzle, LEFT_X),
        (view.learn_button, LEFT_X),
        (view.play_tavla, RIGHT_X),
    ):
        assert inside_card(button.rect, card_x), f"{where}: {button.label!r} crosses its card's edge"
    toggle = view.cube_button
    assert toggle in view.buttons, f"{where}: the standard rules show the cube's toggle"
    note = view.opponent_note
    note_bottom = note.y - note.content_height / 2
    selector_top = view.rules_selector.rect.y + view.rules_selector.rect.height / 2
    toggle_top, toggle_bottom = toggle.rect.y + toggle.rect.height / 2, toggle.rect.y - toggle.rect.height / 2
    assert toggle_top + MARGIN <= note_bottom, f"{where}: the cube's toggle touches the opponent's note"
    assert toggle_bottom - SHADOW >= selector_top + MARGIN, f"{where}: the toggle sits on the rules selector"
    assert toggle.rect.height >= 32, f"{where}: the toggle is squeezed ({toggle.rect.height})"


def test_the_cube_toggle_and_the_play_buttons_have_room_at_every_size(window, language, tmp_path):
    view = standard_menu(window)
    check_room(view, f"full window, {language}")
    assert_text_fits(window, f"menu {language}")
    view.camera.viewport = LBWH(0, 0, 800, 500)
    view.rescale()
    try:
        assert view.compact
        check_room(view, f"800x500, {language}")
        assert_text_fits(window, f"menu at 800x500, {language}")
        image = screenshot(window)
        image.crop((0, image.height - 500, 800, image.height)).save(tmp_path / f"menu-800-{language}.png")
    finally:
        view.on_resize(*window.get_size())
