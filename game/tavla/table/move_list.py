"""The game's move list in the side panel: a window of rows (from `captions.move_rows`) that scrolls.

The newest turn is kept in view and lit, so the computer's play can be read as soon as its checkers
move; older turns are a wheel turn or a click on ▲ ▼ (beside the heading) away.
"""

import arcade

from game.i18n import _
from game.tavla.table.captions import MoveRow
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

Colour = tuple[int, int, int]

ROWS = 8
ROW_HEIGHT = 22
NUMBER_WIDTH = 26
DISC_RADIUS = 7
SCROLL_WIDTH = 44  # ▲ and ▼ side by side right of the heading
SCROLL_HEIGHT = 28
ROW_SIZE = theme.SMALL_SIZE - 1


class MoveList:
    """The rows of the game so far, `ROWS` at a time, from `first`; ▲ ▼ and the wheel scroll them."""

    def __init__(self, left: float, top: float, width: float, colours: tuple[Colour, Colour]) -> None:
        self.left, self.top, self.width = left, top, width
        self.colours = colours
        self.rows: list[MoveRow] = []
        self.first = 0
        # Translators: the heading of the list of the game's moves in the table's side panel
        self.heading = Label(
            _("Moves"), left, top, theme.MUTED, theme.SMALL_SIZE, box_width=width / 2, anchor_y="center"
        )
        text_left = left + NUMBER_WIDTH + 3 * DISC_RADIUS
        text_width = width - NUMBER_WIDTH - 3 * DISC_RADIUS
        number_x = left + NUMBER_WIDTH - 4
        self._numbers = [
            Label(
                "",
                number_x,
                self.row_y(i),
                theme.MUTED,
                ROW_SIZE,
                box_width=NUMBER_WIDTH - 4,
                anchor_x="right",
                anchor_y="center",
            )
            for i in range(ROWS)
        ]
        self._texts = [
            Label("", text_left, self.row_y(i), theme.TEXT, ROW_SIZE, box_width=text_width, anchor_y="center")
            for i in range(ROWS)
        ]
        down = Rect(left + width - SCROLL_WIDTH / 2, top, SCROLL_WIDTH, SCROLL_HEIGHT)
        up = Rect(down.x - SCROLL_WIDTH - 6, top, SCROLL_WIDTH, SCROLL_HEIGHT)
        self.up_button = Button("▲", up, self.scroll_up, font_size=ROW_SIZE)
        self.down_button = Button("▼", down, self.scroll_down, font_size=ROW_SIZE)
        self.buttons = [self.up_button, self.down_button]
        self._show()

    def row_y(self, index: int) -> float:
        return self.top - ROW_HEIGHT * (index + 1)

    @property
    def bottom(self) -> float:
        return self.row_y(ROWS - 1) - ROW_HEIGHT / 2

    def contains(self, x: float, y: float) -> bool:
        """Over the list (where the wheel scrolls it)."""
        return self.left <= x <= self.left + self.width and self.bottom <= y <= self.top + ROW_HEIGHT / 2

    @property
    def last_first(self) -> int:
        """The `first` row that shows the newest turn at the bottom."""
        return max(0, len(self.rows) - ROWS)

    def set_rows(self, rows: list[MoveRow]) -> None:
        """The game's rows now; a new turn scrolls into view when the list was showing the newest."""
        if rows == self.rows:
            return
        following = self.first >= self.last_first
        self.rows = rows
        self.first = self.last_first if following else min(self.first, self.last_first)
        self._show()

    def scroll(self, rows: int) -> None:
        """Older turns for a negative `rows`, newer ones for a positive."""
        self.first = max(0, min(self.last_first, self.first + rows))
        self._show()

    def scroll_up(self) -> None:
        self.scroll(-1)

    def scroll_down(self) -> None:
        self.scroll(1)

    def _show(self) -> None:
        newest = len(self.rows) - 1
        for index, (number, text) in enumerate(zip(self._numbers, self._texts, strict=True)):
            row_index = self.first + index
            row = self.rows[row_index] if row_index < len(self.rows) else None
            number.text = "" if row is None else row.number
            text.text = "" if row is None else row.text
            colour = theme.ACCENT if row_index == newest else theme.TEXT
            if text.color[:3] != colour:
                text.color = colour
        self.up_button.enabled = self.first > 0
        self.down_button.enabled = self.first < self.last_first

    def draw(self) -> None:
        """The heading, the rows and a disc in the mover's colour on each; the scene draws the buttons."""
        self.heading.draw()
        for index in range(ROWS):
            row_index = self.first + index
            if row_index >= len(self.rows):
                break
            x = self.left + NUMBER_WIDTH + DISC_RADIUS
            y = self.row_y(index)
            arcade.draw_circle_filled(x, y, DISC_RADIUS, self.colours[self.rows[row_index].seat])
            arcade.draw_circle_outline(x, y, DISC_RADIUS, theme.MUTED, 1)
            self._numbers[index].draw()
            self._texts[index].draw()
