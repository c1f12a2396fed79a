"""The main menu by keyboard: Tab or ↑/↓ go round the choices and buttons in reading order (the Tavla
card's toggles after the rules while they are shown), ←/→ change a choice, Enter presses a button or plays
the game of the card; S opens Settings, Q quits.

A mixin of `MainMenuView` (game/menu/main_menu.py), which holds the widgets, the focus and the calls
these keys make.
"""

import arcade
from arcade import key

from game.ui import theme
from game.ui.keys import matches
from game.ui.widgets import Button, Selector

KEY_QUIT = [key.Q]
KEY_SETTINGS = [key.S]
KEY_NEXT = [key.TAB, key.DOWN]
KEY_PREVIOUS = [(key.TAB, key.MOD_SHIFT), key.UP]
KEY_LEFT = [key.LEFT]
KEY_RIGHT = [key.RIGHT]
KEY_PRESS = [key.ENTER, key.RETURN, key.NUM_ENTER, key.SPACE]

Focusable = Selector | Button


class MenuKeyboard:
    """The keys of the main menu and the focus they move."""

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_QUIT, symbol, modifiers):
            arcade.exit()
        elif matches(KEY_SETTINGS, symbol, modifiers):
            self.open_settings()
        elif matches(KEY_PREVIOUS, symbol, modifiers):
            self.move_focus(-1)
        elif matches(KEY_NEXT, symbol, modifiers):
            self.move_focus(1)
        elif self.focus is not None:
            self._on_focused_key(self.focus_order[self.focus], symbol, modifiers)

    @property
    def focus_order(self) -> list[Focusable]:
        """The widgets the keyboard goes round, in reading order; the cube's toggle after the rules
        while the chosen rules have a cube."""
        order = list(self._focusable)
        shown = [button for button in self._toggles if button in self.buttons]
        place = order.index(self.rules_selector) + 1
        order[place:place] = shown
        return order

    @property
    def _toggles(self) -> tuple[Button, ...]:
        """The small switches of the Tavla card, in reading order."""
        return (self.cube_button, self.jacoby_button, self.beavers_button)

    def move_focus(self, delta: int) -> None:
        """The keyboard's place: the first widget at the first press, then on round the screen."""
        count = len(self.focus_order)
        if self.focus is None:
            self.focus = 0 if delta > 0 else count - 1
        else:
            self.focus = (self.focus + delta) % count

    def _on_focused_key(self, widget: Focusable, symbol: int, modifiers: int) -> None:
        if isinstance(widget, Selector):
            if matches(KEY_LEFT, symbol, modifiers):
                widget.step(-1)
            elif matches(KEY_RIGHT, symbol, modifiers):
                widget.step(1)
            elif matches(KEY_PRESS, symbol, modifiers) and widget.rect.x < theme.DESIGN_WIDTH / 2:
                self.start_puzzle()
            elif matches(KEY_PRESS, symbol, modifiers):
                self.start_tavla()
        elif matches(KEY_PRESS, symbol, modifiers) and widget.enabled:
            widget.on_click()
