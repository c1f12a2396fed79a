"""The game's move list in the side panel: a window of rows (from `captions.move_rows`) that scrolls.

The newest turn is kept in view and lit, so the computer's play can be read as soon as its checkers
move; older turns are a wheel turn or a click on ▲ ▼ (beside the heading) away. On a small window the
text is larger, so fewer turns show, each with two lines to wrap in.
"""

from dataclasses import dataclass

import arcade

from game.core.text.i18n import _
from game.tavla.screens.table.captions import MoveRow
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

Colour = tuple[int, int, int]

DISC_RADIUS = 7
ROW_SIZE = theme.SMALL_SIZE - 1


@dataclass(frozen=True)
class Rows:
    """How many turns show, how tall each is, and whether a long one wraps onto a second line (then it
    takes two rows' room, and fewer turns show)."""

    count: int
    height: float
    number_width: float  # 0: no turn numbers (the discs still say who moved)
    scroll_size: tuple[float, float]  # ▲ and ▼ side by side right of the heading
    wraps: bool


ROWS = Rows(count=8, height=22, number_width=26, scroll_size=(32, 28), wraps=False)
COMPACT_ROWS = Rows(count=4, height=41, number_width=0, scroll_size=(54, 42), wraps=True)


class MoveList:
    """The rows of the game so far, `ROWS` at a time, from `first`; ▲ ▼ and the wheel scroll them."""

    def __init__(
        self, left: float, top: float, width: float, colours: tuple[Colour, Colour], compact: bool = False
    ) -> None:
        self.left, self.top, self.width = left, top, width
        self.colours = colours
        self.layout = layout = COMPACT_ROWS if compact else ROWS
        self.rows: list[MoveRow] = []
        self.first = 0
        # Translators: the heading of the list of the game's moves in the table's side panel
        self.heading = Label(
            _("Moves"), left, top, theme.MUTED, theme.SMALL_SIZE, box_width=width / 2, anchor_y="center"
        )
        text_left = left + layout.number_width + 3 * DISC_RADIUS
        text_width = width - layout.number_width - 3 * DISC_RADIUS
        number_x = left + layout.number_width - 4
        self._numbers = [
            Label(
                "",
                number_x,
                self.row_y(i),
                theme.MUTED,
                ROW_SIZE,
                box_width=layout.number_width - 4,
                anchor_x="right",
                anchor_y="center",
            )
            for i in range(layout.count if layout.number_width else 0)
        ]
        self._texts = [
            Label(
                "",
                text_left,
                self.row_y(i),
                theme.TEXT,
                ROW_SIZE,
                box_width=text_width,
                box_height=2 * layout.height - 2 if layout.wraps else None,
                anchor_y="center",
                multiline=layout.wraps,
            )
            for i in range(layout.count)
        ]
        scroll_width, scroll_height = layout.scroll_size
        down = Rect(left + width - scroll_width / 2, top, scroll_width, scroll_height)
        up = Rect(down.x - scroll_width - 6, top, scroll_width, scroll_height)
        self.up_button = Button("▲", up, self.scroll_up, font_size=ROW_SIZE)
        self.down_button = Button("▼", down, self.scroll_down, font_size=ROW_SIZE)
        self.buttons = [self.up_button, self.down_button]
        self._lines: dict[str, int] = {}  # a row's text at a size -> the lines it takes (a wrapping list)
        self._row_ys = [self.row_y(i) for i in range(layout.count)]
        self.shown = 0  # the rows shown (fewer than `count` where rows wrap)
        self._laid_at = self._texts[-1].base_size
        self._show()

    @property
    def labels(self) -> list[Label]:
        """The heading and the rows (the scene lists the buttons' own)."""
        return [self.heading, *self._numbers, *self._texts]

    def row_y(self, index: int) -> float:
        """The middle of the one-line row `index`; a wrapping list's rows start just under the heading."""
        height = self.layout.height
        first = self.top - 22 - height / 2 if self.layout.wraps else self.top - height
        return first - height * index

    def lines(self, text: str) -> int:
        """The lines a row's `text` takes: one, or two in a wrapping list where one line cannot hold it
        at a readable size (measured once per text and size)."""
        if not self.layout.wraps:
            return 1
        probe = self._texts[-1]
        key = f"{probe.base_size}|{text}"
        if key not in self._lines:
            shown = probe.text
            probe.text = text
            self._lines[key] = 1 if probe.content_height <= self.layout.height else 2
            probe.text = shown
        return self._lines[key]

    @property
    def bottom(self) -> float:
        return self.row_y(self.layout.count - 1) - self.layout.height / 2

    def contains(self, x: float, y: float) -> bool:
        """Over the list (where the wheel scrolls it)."""
        top = self.top + self.layout.height / 2
        return self.left <= x <= self.left + self.width and self.bottom <= y <= top

    @property
    def last_first(self) -> int:
        """The `first` row that shows the newest turn at the bottom."""
        room, first = self.layout.count, len(self.rows)
        while first > 0 and self.lines(self.rows[first - 1].text) <= room:
            room -= self.lines(self.rows[first - 1].text)
            first -= 1
        return min(first, max(0, len(self.rows) - 1))

    def set_rows(self, rows: list[MoveRow]) -> None:
        """The game's rows now; a new turn scrolls into view when the list was showing the newest."""
        size = self._texts[-1].base_size  # the window may have changed it, and so a row's lines
        if rows == self.rows and size == self._laid_at:
            return
        following = self.first >= self.last_first
        self.rows = rows
        self._laid_at = size
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
        room = self.layout.count  # one-line rows' room left
        self.shown = 0
        for index, text in enumerate(self._texts):
            row_index = self.first + index
            row = self.rows[row_index] if row_index < len(self.rows) else None
            lines = 1 if row is None else self.lines(row.text)
            if row is not None and lines <= room:
                top_row = self.layout.count - room
                self._row_ys[index] = self.row_y(top_row) - (lines - 1) * self.layout.height / 2
                text.y = self._row_ys[index]
                room -= lines
                self.shown += 1
            else:
                row = None
            if self._numbers:
                self._numbers[index].text = "" if row is None else row.number
            text.text = "" if row is None else row.text
            colour = theme.ACCENT if row_index == newest else theme.TEXT
            if text.color[:3] != colour:
                text.color = colour
        self.up_button.enabled = self.first > 0
        self.down_button.enabled = self.first < self.last_first

    def draw(self) -> None:
        """The heading, the rows and a disc in the mover's colour on each; the scene draws the buttons."""
        self.heading.draw()
        for index in range(self.shown):
            row_index = self.first + index
            x = self.left + self.layout.number_width + DISC_RADIUS
            y = self._row_ys[index]
            arcade.draw_circle_filled(x, y, DISC_RADIUS, self.colours[self.rows[row_index].seat])
            arcade.draw_circle_outline(x, y, DISC_RADIUS, theme.MUTED, 1)
            if self._numbers:
                self._numbers[index].draw()
            self._texts[index].draw()
