"""The ranked hint in the side panel: up to five plays, each a row to choose, over the panel's upper part
while it is shown (the move list stays in view below it, so the plays that led here can be read beside the
hint); the chosen play stands on the board as ghost checkers until the player makes it or moves on.

The words are hint_captions', the ranking and the ghosts' places hints'; the view hands the panel the
hint found, draws it, and lists `buttons` among its own while the panel is shown.
"""

from collections.abc import Callable

import arcade
from arcade.types import XYWH

from game.tavla.analysis.decisions import JudgedPlay
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import Variant
from game.tavla.screens import layout
from game.tavla.screens.table import hint_captions
from game.tavla.screens.table.hints import RankedHint, ghosts, leaving
from game.tavla.screens.table.panel import MOVES_TOP, PANEL_PADDING, PANEL_WIDTH, PANEL_X
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

Colour = tuple[int, int, int]

ROWS = 5
AREA_TOP = 786  # the panel's upper part, over its lines and buttons: the move list stays in view below
AREA_BOTTOM = MOVES_TOP + 20
HEADING_Y = AREA_TOP - 16
DEPTH_Y = HEADING_Y - 19  # cubeless · Master, 2-ply
COLUMNS_Y = DEPTH_Y - 19  # the headings of the chances' columns: gammon, bg
FIRST_ROW_TOP = COLUMNS_Y - 10
BUTTON_Y = AREA_BOTTOM + 24
BUTTON_HEIGHT = 30
GHOST_ALPHA = 120
CHOSEN = (70, 80, 106)
MAKE_WIDTH = 150
ROLL_OUT_WIDTH = 84
CLOSE_WIDTH = 30  # a ×
TEXT_SIZE = 12  # the smallest the table writes (readable at 1280x800)
LINE = 23  # a line of text at TEXT_SIZE, as the font sets it
PLAY_STEP = LINE - 3  # from a play's first line to the line under it
CHANCES_STEP = LINE - 5  # the two lines of chances, set closer
ROW_PADDING = 3  # above and below a row's lines
ROW_GAP = 2  # between two rows
PLAY_WIDTH = 162  # a play's column: a long one wraps onto a second line, at the same size
PLAY_LINES = 3  # the most lines a play takes (four moves of doubles with hits take two)
EQUITY_RIGHT, EQUITY_WIDTH, DIFFERENCE_WIDTH = 218, 52, 48
FIRST_COLUMN_WIDTH = 138  # "Win 55.4%", "Lose 44.6%", up to where the gammon column's numbers start
COLUMN_RIGHTS = (190, PANEL_WIDTH)  # the right edges of the gammon (mars) and backgammon columns
COLUMN_WIDTH = 66
HEADING_WIDTHS = (118, COLUMN_RIGHTS[1] - COLUMN_RIGHTS[0] - 6)  # a heading may reach left of its column


def _chance_labels() -> list[Label]:
    """A line of chances: the game won or lost, then its gammon (mars) and backgammon, in columns."""
    left = PANEL_X - PANEL_WIDTH / 2
    first = Label("", left, 0, theme.MUTED, TEXT_SIZE, box_width=FIRST_COLUMN_WIDTH, anchor_y="top")
    columns = [
        Label(
            "",
            left + right,
            0,
            theme.MUTED,
            TEXT_SIZE,
            box_width=COLUMN_WIDTH,
            anchor_x="right",
            anchor_y="top",
        )
        for right in COLUMN_RIGHTS
    ]
    return [first, *columns]


class _Row(Button):
    """A ranked play: a click chooses it; its play (wrapped when long) with its equity and difference
    beside it, then its chances of winning and of losing; lit when chosen. `place` stacks it under the
    row above, as tall as its play's lines make it."""

    def __init__(self, on_click: Callable[[], None]) -> None:
        super().__init__("", Rect(PANEL_X, 0, PANEL_WIDTH + PANEL_PADDING, LINE), on_click)
        left = PANEL_X - PANEL_WIDTH / 2
        size = TEXT_SIZE
        self.play = Label(
            "",
            left,
            0,
            theme.TEXT,
            size,
            box_width=PLAY_WIDTH,
            box_height=PLAY_LINES * LINE,
            anchor_y="top",
            bold=True,
            multiline=True,
        )
        self.equity = Label(
            "",
            left + EQUITY_RIGHT,
            0,
            theme.TEXT,
            size,
            box_width=EQUITY_WIDTH,
            anchor_x="right",
            anchor_y="top",
        )
        self.difference = Label(
            "",
            left + PANEL_WIDTH,
            0,
            theme.MUTED,
            size,
            box_width=DIFFERENCE_WIDTH,
            anchor_x="right",
            anchor_y="top",
        )
        self.wins = _chance_labels()
        self.losses = _chance_labels()
        self.chosen = False

    @property
    def texts(self) -> tuple[Label, ...]:
        return (self.play, self.equity, self.difference, *self.wins, *self.losses)

    def set_chances(self, wins: tuple[str, ...], losses: tuple[str, ...]) -> None:
        for labels, texts in ((self.wins, wins), (self.losses, losses)):
            for label, text in zip(labels, (*texts, "", ""), strict=False):
                label.text = text

    def place(self, top: float) -> float:
        """Lay the row out from `top` down (a long play takes a second line); the bottom it ends at."""
        y = top - ROW_PADDING
        for label in (self.play, self.equity, self.difference):
            label.y = y
        lines = max(1, round(self.play.content_height / LINE))
        y -= PLAY_STEP + (lines - 1) * LINE
        for label in self.wins:
            label.y = y
        y -= CHANCES_STEP
        for label in self.losses:
            label.y = y
        bottom = y - CHANCES_STEP - ROW_PADDING
        self.rect.y, self.rect.height = (top + bottom) / 2, top - bottom
        return bottom

    def draw(self) -> None:
        r = self.rect
        if self.chosen or self.hovered:
            arcade.draw_rect_filled(
                XYWH(r.x, r.y, r.width, r.height), CHOSEN if self.chosen else theme.BUTTON
            )
        for label in self.texts:
            label.draw()


class HintPanel:
    """The ranked hint (None: hidden); `choose(index)` puts a play on the board as ghosts, `make` (the
    Make this play button) asks the view to play it, Close hides the panel."""

    def __init__(
        self,
        make: Callable[[JudgedPlay], None],
        chosen: Callable[[JudgedPlay], None],
        close: Callable[[], None],
        colours: tuple[Colour, Colour],
        roll_out: Callable[[], None],
    ) -> None:
        """`chosen` is told the play chosen (the view points its arrows at it), `close` hides the hint
        (the × button); `colours` are the checkers' colours of seat 0 and seat 1; `roll_out` (the Roll
        out button) rolls the position's best plays out in the position lab."""
        self._make, self._chosen = make, chosen
        self.colours = colours
        self.hint: RankedHint | None = None
        self.seat = 0
        self.variant: Variant = Rules.TAVLA.variant  # the game of the hint shown
        self.choice = 0
        left = PANEL_X - PANEL_WIDTH / 2
        self.heading = Label(
            "", left, HEADING_Y, theme.ACCENT, theme.SMALL_SIZE, box_width=PANEL_WIDTH, anchor_y="center"
        )
        self.depth = Label(
            "", left, DEPTH_Y, theme.MUTED, TEXT_SIZE, box_width=PANEL_WIDTH, anchor_y="center"
        )
        self.columns = [
            Label(
                "",
                left + right,
                COLUMNS_Y,
                theme.MUTED,
                TEXT_SIZE,
                box_width=width,
                anchor_x="right",
                anchor_y="center",
            )
            for right, width in zip(COLUMN_RIGHTS, HEADING_WIDTHS, strict=True)
        ]
        self.rows = [_Row(lambda i=i: self.choose(i)) for i in range(ROWS)]
        size = theme.SMALL_SIZE
        self.make_button = Button(
            hint_captions.make_label(),
            Rect(left + MAKE_WIDTH / 2, BUTTON_Y, MAKE_WIDTH, BUTTON_HEIGHT),
            self.make,
            primary=True,
            font_size=size,
        )
        self.roll_out_button = Button(
            hint_captions.roll_out_label(),
            Rect(left + MAKE_WIDTH + 3 + ROLL_OUT_WIDTH / 2, BUTTON_Y, ROLL_OUT_WIDTH, BUTTON_HEIGHT),
            roll_out,
            font_size=size,
        )
        self.close_button = Button(
            "×",
            Rect(left + PANEL_WIDTH - CLOSE_WIDTH / 2, BUTTON_Y, CLOSE_WIDTH, BUTTON_HEIGHT),
            close,
            font_size=size + 2,
        )

    @property
    def shown(self) -> bool:
        return self.hint is not None and bool(self.hint.ranked)

    @property
    def buttons(self) -> list[Button]:
        """The rows and buttons to click while shown (none while hidden)."""
        if not self.shown or self.hint is None:
            return []
        rows = self.rows[: len(self.hint.ranked)]
        return [*rows, self.make_button, self.roll_out_button, self.close_button]

    @property
    def labels(self) -> list[Label]:
        rows = [label for row in self.rows for label in row.texts]
        heads = [self.heading, self.depth, *self.columns]
        buttons = (self.make_button, self.roll_out_button, self.close_button)
        return [*heads, *rows, *(label for button in buttons for label in button.labels)]

    def covering(self, buttons: list[Button], covered: list[Button]) -> list[Button]:
        """The scene's `buttons` with this panel's in place of `covered` (the side panel's upper buttons)
        while shown."""
        if not self.shown:
            return list(buttons)
        return [*self.buttons, *(button for button in buttons if button not in covered)]

    def show(self, hint: RankedHint, seat: int, start: State, rules: Rules) -> None:
        """The ranked plays of the turn of `seat` that started at `start` in the game of `rules`; the best
        is chosen first."""
        self.hint, self.seat, self.variant = hint, seat, rules.variant
        self.heading.text = hint_captions.heading_text(hint.emg)
        self.depth.text = hint.judged_by
        for label, text in zip(self.columns, (*hint_captions.column_headings(rules), ""), strict=False):
            label.text = text
        top = FIRST_ROW_TOP
        for row, text in zip(self.rows, hint_captions.hint_rows(start, hint.ranked, rules), strict=False):
            row.play.text, row.equity.text, row.difference.text = text.play, text.equity, text.difference
            row.set_chances(text.wins, text.losses)
            top = row.place(top) - ROW_GAP
        self.choose(0)

    def choose(self, index: int) -> None:
        if self.hint is None or not 0 <= index < len(self.hint.ranked):
            return
        self.choice = index
        for number, row in enumerate(self.rows):
            row.chosen = number == index
        self._chosen(self.hint.ranked[index])

    @property
    def play(self) -> JudgedPlay | None:
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
        self.depth.draw()
        for label in self.columns:
            label.draw()

    def draw_ghosts(self, now: State | None) -> None:
        """The chosen play on the board from `now` (the mover's side): a faded checker where each lands,
        a ring on each that leaves."""
        play = self.play
        if play is None or now is None:
            return
        seat = self.seat
        for ghost in ghosts(now, play.after):
            owner = seat if ghost.own else 1 - seat
            point = ghost.point
            if point not in (layout.OFF_POINT, layout.BAR_POINT):
                point = layout.to_display(owner, point, self.variant)
            x, y = layout.checker_position(owner, point, ghost.index, ghost.count)
            arcade.draw_circle_filled(x, y, layout.CHECKER / 2 - 2, (*self.colours[owner], GHOST_ALPHA))
            arcade.draw_circle_outline(x, y, layout.CHECKER / 2 - 2, (*theme.ACCENT, 200), 2)
        for point, count in leaving(now, play.after).items():
            shown = layout.to_display(seat, point, self.variant)
            height = max(now[point], 0)
            for index in range(height - count, height):
                x, y = layout.checker_position(seat, shown, index, height)
                arcade.draw_circle_outline(x, y, layout.CHECKER / 2 - 4, (*theme.BACKGROUND, 220), 4)
