"""The menu and the Settings screen, headless: a button's centre, a selector turned to a value, Settings
opened from the menu."""

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


def open_settings(window) -> SettingsView:
    press_key(window.current_view, key.S)
    view = window.current_view
    assert isinstance(view, SettingsView)
    return view
