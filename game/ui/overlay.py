"""Panels over a scene (dialogs, end-of-game cards) that take the input before the scene's buttons.

A scene lists its dialogs in an `OverlayLayer` and hands it each mouse and key event first: while a
dialog is shown, the clicks are its own (nothing behind it reacts), and a dialog that has keys takes
every key press.
"""

from collections.abc import Callable, Sequence

import arcade
from arcade.types import XYWH

from game.ui import theme
from game.ui.keys import Binding, matches
from game.ui.text import Label
from game.ui.widgets import Button, Rect

DIM = (16, 18, 26, 235)
KeyAction = tuple[list[Binding], Callable[[], None]]


class Dialog:
    """A framed panel of texts and buttons, shown while `shown()` says so; `keys` (when given) bind
    key bindings to actions and make the dialog take every key press."""

    def __init__(
        self,
        rect: Rect,
        texts: Sequence[Label],
        buttons: Sequence[Button],
        shown: Callable[[], bool],
        keys: Sequence[KeyAction] | None = None,
    ) -> None:
        self.rect = rect
        self.texts = list(texts)
        self.buttons = list(buttons)
        self.shown = shown
        self.keys = keys

    @property
    def labels(self) -> list[Label]:
        return [*self.texts, *(label for button in self.buttons for label in button.labels)]

    def draw(self) -> None:
        r = self.rect
        arcade.draw_rect_filled(XYWH(r.x, r.y, r.width, r.height), DIM)
        arcade.draw_rect_outline(XYWH(r.x, r.y, r.width, r.height), theme.ACCENT, 2)
        for text in self.texts:
            text.draw()
        for button in self.buttons:
            button.draw()


class OverlayLayer:
    """The scene's dialogs, the first of them shown on top; it answers whether it took an event."""

    def __init__(self, dialogs: Sequence[Dialog]) -> None:
        self.dialogs = list(dialogs)

    @property
    def top(self) -> Dialog | None:
        """The dialog shown now, if any."""
        return next((dialog for dialog in self.dialogs if dialog.shown()), None)

    def draw(self) -> None:
        top = self.top
        if top is not None:
            top.draw()

    def on_mouse_motion(self, x: float, y: float) -> None:
        """Hover for every dialog's buttons, so one shown later has none left lit."""
        for dialog in self.dialogs:
            for button in dialog.buttons:
                button.on_mouse_motion(x, y)

    def on_mouse_press(self, x: float, y: float) -> bool:
        """A press in logical coordinates; True when a dialog is shown (it took the press)."""
        top = self.top
        if top is None:
            return False
        for button in top.buttons:
            button.on_mouse_press(x, y)
        return True

    def on_mouse_release(self, x: float, y: float) -> bool:
        """A release in logical coordinates; True when a dialog is shown (at most one button clicks)."""
        top = self.top
        if top is None:
            return False
        for button in list(top.buttons):
            if button.on_mouse_release(x, y):
                break
        return True

    def on_key(self, symbol: int, modifiers: int) -> bool:
        """A key press; True when the dialog shown has keys (it took the press, bound or not)."""
        top = self.top
        if top is None or top.keys is None:
            return False
        for spec, action in top.keys:
            if matches(spec, symbol, modifiers):
                action()
                break
        return True
