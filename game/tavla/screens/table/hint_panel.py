"""The ranked hint in the side panel: up to five plays, each a row to choose, over the panel's upper part
while it is shown (the move list stays in view below it, so the plays that led here can be read beside the
hint); the chosen play stands on the board as ghost checkers until the player makes it or moves on.

The words are hint_captions', the ranking and the ghosts' places hints'; the view hands the panel the
hint found, draws it, and lists `buttons` among its own while the panel is shown.
"""

from collections.abc import Callable

import arcade
from arcade.types import XYWH

from game.tavla.analysis.decisions import RankedPlay
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.screens import layout
from game.tavla.screens.table import hint_captions
from game.tavla.screens.table.hints import RankedHint, ghosts, leaving
from game.tavla.screens.table.panel import MOVES_TOP, PANEL_PADDING, PANEL_WIDTH, PANEL_X
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

Colour = tuple[int, int, int]

ROWS = 5
ROW_HEIGHT = 36
AREA_TOP = 786  # the panel's upper part, over its lines and buttons: the move list stays in view below
AREA_BOTTOM = MOVES_TOP + 20
HEADING_Y = AREA_TOP - 18
FIRST_ROW_Y = HEADING_Y - 40
BUTTON_Y = AREA_BOTTOM + 24
BUTTON_HEIGHT = 30
GHOST_ALPHA = 120
CHOSEN = (70, 80, 106)
MAKE_WIDTH = 176
CLOSE_WIDTH = 88
TEXT_SIZE = 12  # the smallest the table writes (readable at 1280x800)


class _Row(Button):
    """A ranked play: a click chooses it; drawn as two lines, lit when chosen."""

    def __init__(self, y: float, on_click: Callable[[], None]) -> None:
        super().__init__("", Rect(PANEL_X, y, PANEL_WIDTH + PANEL_PADDING, ROW_HEIGHT - 2), on_click)
        left = PANEL_X - PANEL_WIDTH / 2
        size = TEXT_SIZE
        self.play = Label("", left, y + 8, theme.TEXT, size, box_width=172, anchor_y="center", bold=True)
        self.equity = Label(
            "", left + 222, y + 8, theme.TEXT, size, box_width=48, anchor_x="right", anchor_y="center"
        )
        self.difference = Label(
            "",
            left + PANEL_WIDTH,
            y + 8,
            theme.MUTED,
            size,
            box_width=46,
            anchor_x="right",
            anchor_y="center",
        )
        self.chances = Label("", left, y - 9, theme.MUTED, size, box_width=PANEL_WIDTH, anchor_y="center")
        self.chosen = False

    def draw(self) -> None:
        r = self.rect
        if self.chosen or self.hovered:
            arcade.draw_rect_filled(
                XYWH(r.x, r.y, r.width, r.height), CHOSEN if self.chosen else theme.BUTTON
            )
        for label in (self.play, self.equity, self.difference, self.chances):
            label.draw()


class HintPanel:
    """The ranked hint (None: hidden); `choose(index)` puts a play on the board as ghosts, `make` (the
    Make this play button) asks the view to play it, Close hides the panel."""

    def __init__(
        self,
        make: Callable[[RankedPlay], None],
        chosen: Callable[[RankedPlay], None],
        close: Callable[[], None],
        colours: tuple[Colour, Colour],
    ) -> None:
        """`chosen` is told the play chosen (the view points its arrows at it), `close` hides the hint
        (the Close button); `colours` are the checkers' colours of seat 0 and seat 1."""
        self._make, self._chosen = make, chosen
        self.colours = colours
        self.hint: RankedHint | None = None
        self.seat = 0
        self.choice = 0
        left = PANEL_X - PANEL_WIDTH / 2
        self.heading = Label(
            "", left, HEADING_Y, theme.ACCENT, theme.SMALL_SIZE, box_width=PANEL_WIDTH, anchor_y="center"
        )
        self.rows = [_Row(FIRST_ROW_Y - i * ROW_HEIGHT, lambda i=i: self.choose(i)) for i in range(ROWS)]
        size = theme.SMALL_SIZE
        self.make_button = Button(
            hint_captions.make_label(),
            Rect(left + MAKE_WIDTH / 2, BUTTON_Y, MAKE_WIDTH, BUTTON_HEIGHT),
            self.make,
            primary=True,
            font_size=size,
        )
        self.close_button = Button(
            hint_captions.close_label(),
            Rect(left + PANEL_WIDTH - CLOSE_WIDTH / 2, BUTTON_Y, CLOSE_WIDTH, BUTTON_HEIGHT),
            close,
            font_size=size,
        )

    @property
    def shown(self) -> bool:
        return self.hint is not None and bool(self.hint.ranked)

    @property
    def buttons(self) -> list[Button]:
        """The rows and buttons to click while shown (none while hidden)."""
        if not self.shown or self.hint is None:
            return []
        return [*self.rows[: len(self.hint.ranked)], self.make_button, self.close_button]

    @property
    def labels(self) -> list[Label]:
        rows = [label for row in self.rows for label in (row.play, row.equity, row.difference, row.chances)]
        return [self.heading, *rows, *self.make_button.labels, *self.close_button.labels]

    def covering(self, buttons: list[Button], covered: list[Button]) -> list[Button]:
        """The scene's `buttons` with this panel's in place of `covered` (the side panel's upper buttons)
        while shown."""
        if not self.shown:
            return list(buttons)
        return [*self.buttons, *(button for button in buttons if button not in covered)]

    def show(self, hint: RankedHint, seat: int, start: State, rules: Rules) -> None:
        """The ranked plays of the turn of `seat` that started at `start`; the best is chosen first."""
        self.hint, self.seat = hint, seat
        self.heading.text = hint_captions.heading_text(hint.emg)
        for row, text in zip(self.rows, hint_captions.hint_rows(start, hint.ranked, rules), strict=False):
            row.play.text, row.equity.text = text.play, text.equity
            row.difference.text, row.chances.text = text.difference, text.chances
        self.choose(0)

    def choose(self, index: int) -> None:
        if self.hint is None or not 0 <= index < len(self.hint.ranked):
            return
        self.choice = index
        for number, row in enumerate(self.rows):
            row.chosen = number == index
        self._chosen(self.hint.ranked[index])

    @property
    def play(self) -> RankedPlay | None:
        """The play chosen, while shown."""
        return self.hint.ranked[self.choice] if self.shown and self.hint is not None else None

    def make(self) -> None:
        play = self.play
        if play is not None:
            self._make(play)

    def clear(self) -> None:
        self.hint = None

    def draw(self) -> None:
        """The panel over the side panel's upper part (the rows and buttons are the scene's to draw)."""
        if not self.shown:
            return
        height = AREA_TOP - AREA_BOTTOM
        rect = XYWH(PANEL_X, (AREA_TOP + AREA_BOTTOM) / 2, PANEL_WIDTH + 2 * PANEL_PADDING, height)
        arcade.draw_rect_filled(rect, theme.PANEL)
        arcade.draw_line(
            PANEL_X - PANEL_WIDTH / 2,
            AREA_BOTTOM,
            PANEL_X + PANEL_WIDTH / 2,
            AREA_BOTTOM,
            theme.PANEL_BORDER,
            1,
        )
        self.heading.draw()

    def draw_ghosts(self, now: State | None) -> None:
        """The chosen play on the board from `now` (the mover's side): a faded checker where each lands,
        a ring on each that leaves."""
        play = self.play
        if play is None or now is None:
            return
        seat = self.seat
        for ghost in ghosts(now, play.after):
            owner = seat if ghost.own else 1 - seat
            point = ghost.point if ghost.point in (0, 25) else layout.to_display(owner, ghost.point)
            x, y = layout.checker_position(owner, point, ghost.index, ghost.count)
            arcade.draw_circle_filled(x, y, layout.CHECKER / 2 - 2, (*self.colours[owner], GHOST_ALPHA))
            arcade.draw_circle_outline(x, y, layout.CHECKER / 2 - 2, (*theme.ACCENT, 200), 2)
        for point, count in leaving(now, play.after).items():
            shown = layout.to_display(seat, point)
            height = max(now[point], 0)
            for index in range(height - count, height):
                x, y = layout.checker_position(seat, shown, index, height)
                arcade.draw_circle_outline(x, y, layout.CHECKER / 2 - 4, (*theme.BACKGROUND, 220), 4)
