"""Small widgets drawn with Arcade primitives: buttons and value selectors.

They live in the scene's logical coordinates; the scene converts mouse positions before asking them.
Text objects are kept and only re-laid out when their text changes (draw_text is slow).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import arcade
from arcade.types import XYWH, Color

from game.ui import theme
from game.ui.text import Label

BUTTON_PADDING = 16


@dataclass
class Rect:
    """A rectangle by its centre, in logical coordinates."""

    x: float
    y: float
    width: float
    height: float

    def contains(self, px: float, py: float) -> bool:
        return abs(px - self.x) <= self.width / 2 and abs(py - self.y) <= self.height / 2


def draw_card(x: float, y: float, width: float, height: float) -> None:
    """A raised panel with a soft shadow: the menu's cards, the settings panel."""
    arcade.draw_rect_filled(XYWH(x + 4, y - 6, width, height), theme.SHADOW)
    arcade.draw_rect_filled(XYWH(x, y, width, height), theme.PANEL)
    arcade.draw_rect_outline(XYWH(x, y, width, height), theme.PANEL_BORDER, 1)


class Button:
    """A rounded-looking flat button with hover and pressed states."""

    def __init__(
        self,
        label: str,
        rect: Rect,
        on_click: Callable[[], None],
        *,
        primary: bool = False,
        font_size: int = theme.BODY_SIZE,
    ) -> None:
        self.rect = rect
        self.on_click = on_click
        self.primary = primary
        self.enabled = True
        self.hovered = False
        self.pressed = False
        self._text = Label(
            label,
            rect.x,
            rect.y,
            theme.TEXT,
            font_size,
            box_width=rect.width - BUTTON_PADDING,
            box_height=rect.height - 4,
            anchor_x="center",
            anchor_y="center",
            bold=primary,
        )

    @property
    def label(self) -> str:
        return self._text.text

    @label.setter
    def label(self, value: str) -> None:
        self._text.text = value

    @property
    def labels(self) -> tuple[Label, ...]:
        return (self._text,)

    def move_to(self, x: float, y: float) -> None:
        self.rect.x, self.rect.y = x, y
        self._text.position = (x, y)

    def draw(self) -> None:
        r = self.rect
        if self.primary:
            fill = theme.ACCENT_DARK if self.pressed else theme.ACCENT
            if self.hovered and not self.pressed:
                fill = (255, 182, 112)
        else:
            fill = (
                theme.BUTTON_PRESSED
                if self.pressed
                else (theme.BUTTON_HOVER if self.hovered else theme.BUTTON)
            )
        if not self.enabled:
            fill = theme.PANEL
        arcade.draw_rect_filled(XYWH(r.x + 2, r.y - 3, r.width, r.height), theme.SHADOW)
        arcade.draw_rect_filled(XYWH(r.x, r.y, r.width, r.height), fill)
        arcade.draw_rect_outline(XYWH(r.x, r.y, r.width, r.height), theme.PANEL_BORDER, 1)
        colour = theme.TEXT if self.enabled else theme.MUTED
        if self.primary and self.enabled:
            colour = Color(24, 28, 38)
        if tuple(self._text.color) != (*colour[:3], 255):  # setting it lays the text out: on change only
            self._text.color = colour
        self._text.draw()

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.hovered = self.enabled and self.rect.contains(x, y)

    def on_mouse_press(self, x: float, y: float) -> bool:
        self.pressed = self.enabled and self.rect.contains(x, y)
        return self.pressed

    def on_mouse_release(self, x: float, y: float) -> bool:
        """Clicks on release over the button, as desktop buttons do; True when it clicked."""
        clicked = self.pressed and self.rect.contains(x, y)
        self.pressed = False
        if clicked:
            self.on_click()
        return clicked


class Selector:
    """`◀ value ▶`: cycles through a list of choices, with a caption above; `describe` names a choice
    for the player (the value itself is what the game uses)."""

    ARROW_WIDTH = 44

    def __init__(
        self,
        caption: str,
        choices: Sequence[str],
        value: str,
        rect: Rect,
        describe: Callable[[str], str] = str,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.choices = list(choices)
        self.describe = describe
        self.on_change = on_change
        self.index = self.choices.index(value) if value in self.choices else 0
        self.rect = rect
        half = rect.width / 2 - self.ARROW_WIDTH / 2
        self.left = Button(
            "◀", Rect(rect.x - half, rect.y, self.ARROW_WIDTH, rect.height), lambda: self.step(-1)
        )
        self.right = Button(
            "▶", Rect(rect.x + half, rect.y, self.ARROW_WIDTH, rect.height), lambda: self.step(1)
        )
        self._caption = Label(
            caption,
            rect.x - rect.width / 2,
            rect.y + rect.height / 2 + 8,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=rect.width,
            anchor_y="bottom",
        )
        self._value = Label(
            describe(self.value),
            rect.x,
            rect.y,
            theme.TEXT,
            theme.BODY_SIZE + 2,
            box_width=rect.width - 2 * self.ARROW_WIDTH - 8,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )

    @property
    def value(self) -> str:
        return self.choices[self.index]

    @property
    def caption(self) -> str:
        """The words above the selector (a choice may change what they should say)."""
        return self._caption.text

    @caption.setter
    def caption(self, text: str) -> None:
        self._caption.text = text

    @property
    def enabled(self) -> bool:
        """A selector that cannot be changed now (the volume with the sound off) is drawn dim, and its
        arrows and `step` do nothing."""
        return self.right.enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self.left.enabled = self.right.enabled = value

    def step(self, delta: int) -> None:
        if not self.enabled:
            return
        self.index = (self.index + delta) % len(self.choices)
        self._value.text = self.describe(self.value)
        if self.on_change is not None:
            self.on_change(self.value)

    @property
    def buttons(self) -> tuple[Button, Button]:
        return self.left, self.right

    @property
    def labels(self) -> tuple[Label, ...]:
        """The caption, the value and the arrows' labels."""
        return self._caption, self._value, *(label for button in self.buttons for label in button.labels)

    def draw(self) -> None:
        r = self.rect
        enabled = self.enabled
        arcade.draw_rect_filled(
            XYWH(r.x, r.y, r.width, r.height), theme.BACKGROUND if enabled else theme.PANEL
        )
        arcade.draw_rect_outline(XYWH(r.x, r.y, r.width, r.height), theme.PANEL_BORDER, 1)
        self._caption.draw()
        self._value.color = theme.TEXT if enabled else theme.MUTED
        self._value.draw()
        for button in self.buttons:
            button.draw()


class Toast:
    """A message that shows for a few seconds over the scene, then fades; for errors and notices."""

    SECONDS = 6.0
    FADE = 0.5
    PADDING = 14
    MAX_LINES_HEIGHT = 160

    def __init__(self, x: float, y: float, width: float, padding_y: float = PADDING) -> None:
        """`padding_y`: the room above and below the words (less where the toast takes a tight place)."""
        self.x, self.y, self.width = x, y, width
        self.padding_y = padding_y
        self.remaining = 0.0
        self._text = Label(
            "",
            x,
            y,
            theme.TEXT,
            theme.BODY_SIZE - 1,
            box_width=width - 2 * self.PADDING,
            box_height=self.MAX_LINES_HEIGHT,
            anchor_x="center",
            anchor_y="center",
            multiline=True,
            align="center",
        )

    @property
    def message(self) -> str:
        return self._text.text if self.remaining > 0 else ""

    @property
    def labels(self) -> tuple[Label, ...]:
        return (self._text,)

    def move_to(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self._text.position = (x, y)

    def set_width(self, width: float) -> None:
        self.width = width
        self._text.set_box(width - 2 * self.PADDING, self.MAX_LINES_HEIGHT)

    def show(self, message: str, seconds: float = SECONDS) -> None:
        self._text.text = message
        self.remaining = seconds

    def update(self, dt: float) -> None:
        self.remaining = max(0.0, self.remaining - dt)

    def draw(self) -> None:
        if self.remaining <= 0:
            return
        alpha = min(1.0, self.remaining / self.FADE)
        height = self._text.content_height + 2 * self.padding_y
        arcade.draw_rect_filled(XYWH(self.x, self.y, self.width, height), (12, 14, 20, round(225 * alpha)))
        arcade.draw_rect_outline(
            XYWH(self.x, self.y, self.width, height), (*theme.ACCENT, round(255 * alpha)), 1
        )
        self._text.color = (*theme.TEXT, round(255 * alpha))
        self._text.draw()
