"""The menu and the Settings screen, headless: a button's centre, a selector turned to a value, the board
size set, Settings opened from the menu."""

from arcade import key

from game.menu.settings import SettingsView
from tests.views.driver import click, press_key


def rect_centre(button):
    return button.rect.x, button.rect.y


def choose(menu, selector, value) -> None:
    """Click the selector's right arrow until it shows `value`."""
    for _ in selector.choices:
        if selector.value == value:
            return
        click(menu, *rect_centre(selector.right))
    raise AssertionError(f"{value} is not offered")


def choose_size(menu, size: str) -> None:
    """Click the board size's column and row arrows until it shows `size` (``WxH``)."""
    columns, rows = size.split("x")
    choose(menu, menu.size_picker.columns, columns)
    choose(menu, menu.size_picker.rows, rows)
    assert str(menu.size_picker.value) == size


def open_settings(window) -> SettingsView:
    press_key(window.current_view, key.S)
    view = window.current_view
    assert isinstance(view, SettingsView)
    return view
