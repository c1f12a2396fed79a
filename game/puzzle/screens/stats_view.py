"""The statistics screen: per board size and picture, the bests and averages, a plot of the last 100
times with the running ao12, and every kept solve, each to watch again or copy as text.

The figures come from game/puzzle/model/stats.py (the same as `python main.py stats`), the words from
stats_captions.py; replays open replay_view.py. On a small window (`compact`) the words
grow, so the screen takes its `COMPACT` layout: the list of solves leaves out the date and shows fewer
rows, each taller, under a lower plot with a wider axis; the counts and the help are said shortly.
"""

from __future__ import annotations

from dataclasses import dataclass

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.records import RecordsUnavailable
from game.core.text.i18n import _
from game.puzzle.model.replay import Replay, parse_replay, replay_of
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.model.stats import PLOT_AVERAGE, Solve, Stats, by_board, compute
from game.puzzle.model.stats_report import format_time, unreadable_text
from game.puzzle.screens import stats_captions as words
from game.puzzle.screens.replay_view import ReplayView, copy_replay
from game.ui import theme
from game.ui.keys import matches
from game.ui.plot import PlotArea
from game.ui.scene import SceneView
from game.ui.text import Label, LabelSpec
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card

LEFT_X = 330
LEFT_WIDTH = 560
RIGHT_X = 950
RIGHT_WIDTH = 600
CARD_Y = 385
CARD_HEIGHT = 690
TITLE_Y = 765
SELECTOR_Y = 668
COUNTED_Y = 620
TABLE_TOP = 580
TABLE_ROW = 30
TABLE_COLUMNS = (LEFT_X - LEFT_WIDTH / 2 + 24, LEFT_X - 20, LEFT_X + 130)
TABLE_ROWS = 8
BUTTON_ROW_Y = (290, 234)
BUTTON_WIDTH = 250
BUTTON_HEIGHT = 44
BUTTON_GAP = 12
KEYS_Y = 150
PLOT_BOTTOM = 458
PLOT_HEIGHT = 218
PLOT_LEFT = RIGHT_X - RIGHT_WIDTH / 2 + 70
PLOT_WIDTH = RIGHT_WIDTH - 100
LIST_TITLE_Y = 402
LIST_TOP = 372
LIST_ROW = 26
LIST_ROWS = 11
LIST_COLUMNS = (0, 40, 206, 276, 336, 392, 478)  # the time well apart from the date ("19:32 21.563")
LIST_FIELDS = (0, 1, 2, 3, 4, 5, 6)
"""Which of a solve's fields (`words.solve_row`) the list shows, each in the column at the same place."""
LIST_LEFT = RIGHT_X - RIGHT_WIDTH / 2 + 20
LEGEND_LINE = 180
TOAST_Y = 56
TIME_COLOUR = (154, 163, 178)
AVERAGE_COLOUR = theme.ACCENT
SELECTED = (58, 66, 84)
SELECTOR_SIZE = (420, 44)
AXIS_WIDTH = 64
AXIS_GAP = 8
LEGEND_GAP = 24
KEYS_HEIGHT = 60

KEY_UP = [key.UP, key.W]
KEY_DOWN = [key.DOWN, key.S]
KEY_PAGE_UP = [key.PAGEUP]
KEY_PAGE_DOWN = [key.PAGEDOWN]
KEY_PREVIOUS_BOARD = [key.LEFT, key.A]
KEY_NEXT_BOARD = [key.RIGHT, key.D]
KEY_WATCH = [key.ENTER, key.RETURN, key.SPACE]
KEY_COPY = [key.C, (key.C, key.MOD_CTRL)]
KEY_PASTE = [key.V, (key.V, key.MOD_CTRL)]

Board = tuple[BoardSize, str]


@dataclass(frozen=True)
class Layout:
    """Where the screen puts what changes with the window's size, in logical units."""

    selector_y: float
    selector_size: tuple[float, float]
    counted_y: float
    counted_width: float
    table_top: float
    table_row: float
    button_rows: tuple[float, float]
    button_size: tuple[float, float]
    keys_y: float
    keys_height: float
    plot_bottom: float
    plot_height: float
    plot_left: float
    plot_width: float
    axis_width: float
    axis_gap: float
    legend_gap: float
    legend_line: float
    list_title_y: float
    list_top: float
    list_row: float
    list_rows: int
    list_fields: tuple[int, ...]
    list_columns: tuple[float, ...]
    toast_y: float


FULL = Layout(
    SELECTOR_Y,
    SELECTOR_SIZE,
    COUNTED_Y,
    LEFT_WIDTH - 20,
    TABLE_TOP,
    TABLE_ROW,
    BUTTON_ROW_Y,
    (BUTTON_WIDTH, BUTTON_HEIGHT),
    KEYS_Y,
    KEYS_HEIGHT,
    PLOT_BOTTOM,
    PLOT_HEIGHT,
    PLOT_LEFT,
    PLOT_WIDTH,
    AXIS_WIDTH,
    AXIS_GAP,
    LEGEND_GAP,
    LEGEND_LINE,
    LIST_TITLE_Y,
    LIST_TOP,
    LIST_ROW,
    LIST_ROWS,
    LIST_FIELDS,
    LIST_COLUMNS,
    TOAST_Y,
)
COMPACT = Layout(
    selector_y=654,
    selector_size=(480, 46),
    counted_y=608,
    counted_width=LEFT_WIDTH,
    table_top=568,
    table_row=30,
    button_rows=(286, 230),
    button_size=(264, 48),
    keys_y=136,
    keys_height=120,
    plot_bottom=522,
    plot_height=148,
    plot_left=RIGHT_X - RIGHT_WIDTH / 2 + 122,
    plot_width=RIGHT_WIDTH - 152,
    axis_width=110,
    axis_gap=16,
    legend_gap=30,
    legend_line=230,
    list_title_y=452,
    list_top=416,
    list_row=32,
    list_rows=10,
    list_fields=(0, 2, 3, 4, 6),
    list_columns=(0, 70, 190, 298, 380),
    toast_y=76,
)
"""A small window's: the list of solves leaves out the date (the number and time tell a solve) and the
optimal length (the solved panel says it), so the larger words of the rest have room, with fewer rows,
each taller, under a lower plot."""


class StatsView(SceneView):
    """The statistics of one board (size, picture) at a time; ←/→ or the selector switch boards."""

    def __init__(self, size: BoardSize | None = None, picture: str | None = None, selected: int = 0) -> None:
        super().__init__()
        self.layout = COMPACT if self.compact else FULL
        self.records = SolveRecords()
        self.toast = Toast(theme.DESIGN_WIDTH / 2, self.layout.toast_y, 900)
        try:
            solves = self.records.solves()
        except RecordsUnavailable as error:
            self.groups = {}
            self.toast.show(str(error))
        else:
            self.groups = by_board(solves)
            if solves.skipped:
                self.toast.show(unreadable_text(solves.skipped))
        self.boards: list[Board] = list(self.groups)
        self.board: Board | None = None
        if self.boards:
            wanted = (size, picture)
            latest = max(self.boards, key=lambda board: self.groups[board][-1].id or 0)
            self.board = wanted if wanted in self.groups else latest
        self.selected = selected
        self.first_row = 0
        self._build_widgets()
        self.show_board(self.board, selected)

    # --- set-up ---

    def _build_widgets(self) -> None:
        """Every label, button and the selector, placed by `self.layout` (built again when it changes)."""
        layout = self.layout
        self.title = LabelSpec(
            theme.DESIGN_WIDTH / 2,
            TITLE_Y,
            600,
            theme.ACCENT,
            theme.HEADING_SIZE,
            bold=True,
            anchor_x="center",
        ).label(_("Statistics"))
        self.selector: Selector | None = None
        if self.board is not None:
            choices = [str(i) for i in range(len(self.boards))]
            self.selector = Selector(
                # Translators: the caption of the choice of board size and picture on the statistics screen
                _("Board"),
                choices,
                str(self.boards.index(self.board)),
                Rect(LEFT_X, layout.selector_y, *layout.selector_size),
                lambda index: words.board(*self.boards[int(index)]),
                lambda index: self.show_board(self.boards[int(index)]),
            )
        self.counted = LabelSpec(
            LEFT_X, layout.counted_y, layout.counted_width, theme.MUTED, theme.SMALL_SIZE, anchor_x="center"
        ).label()
        width = layout.button_size[0]
        left, right = LEFT_X - width / 2 - BUTTON_GAP / 2, LEFT_X + width / 2 + BUTTON_GAP / 2
        top, bottom = layout.button_rows

        def place(x: float, y: float) -> Rect:
            return Rect(x, y, *layout.button_size)

        self.watch_button = Button(
            # Translators: button: watch the chosen solve again, with its own timing
            _("Watch replay"),
            place(left, top),
            self.watch,
            primary=True,
        )
        self.copy_button = Button(
            # Translators: button: put the chosen solve on the clipboard as text (its game ID and moves)
            _("Copy replay"),
            place(right, top),
            self.copy,
        )
        self.paste_button = Button(
            # Translators: button: watch a replay copied as text (from this game or another player)
            _("Paste replay"),
            place(left, bottom),
            self.paste,
        )
        self.menu_button = Button(
            _("Back to the menu"),
            place(right, bottom),
            self.shell.show_menu,
        )
        self.buttons = [
            *(self.selector.buttons if self.selector else ()),
            self.watch_button,
            self.copy_button,
            self.paste_button,
            self.menu_button,
        ]
        self.keys_help = LabelSpec(
            LEFT_X,
            layout.keys_y,
            LEFT_WIDTH - 40,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_height=layout.keys_height,
            anchor_x="center",
            align="center",
        ).label(words.stats_keys(self.compact))
        self.table = [
            [
                LabelSpec(
                    x,
                    layout.table_top - row * layout.table_row,
                    160 if column else 200,
                    theme.MUTED if row == 0 or column == 0 else theme.TEXT,
                    theme.BODY_SIZE,
                    bold=row == 0,
                ).label()
                for column, x in enumerate(TABLE_COLUMNS)
            ]
            for row in range(TABLE_ROWS)
        ]
        plot_left, plot_top = layout.plot_left, layout.plot_bottom + layout.plot_height

        def axis(y: float) -> Label:
            x = plot_left - layout.axis_gap
            return LabelSpec(x, y, layout.axis_width, theme.MUTED, theme.SMALL_SIZE, anchor_x="right").label()

        self.plot_labels = [
            LabelSpec(plot_left, plot_top + 20, layout.plot_width, theme.TEXT, theme.BODY_SIZE).label(),
            axis(plot_top),
            axis(layout.plot_bottom),
        ]
        legend_y = layout.plot_bottom - layout.legend_gap
        # Translators: the plot's legend: a dot is one solve's time
        one_solve = _("one solve")
        self.legend = (
            LabelSpec(plot_left + 14, legend_y, layout.legend_line - 30, theme.MUTED, theme.SMALL_SIZE).label(
                one_solve
            ),
            LabelSpec(
                plot_left + layout.legend_line + 38, legend_y, 100, theme.MUTED, theme.SMALL_SIZE
            ).label(PLOT_AVERAGE),
        )
        self.list_title = LabelSpec(
            LIST_LEFT, layout.list_title_y, RIGHT_WIDTH - 40, theme.TEXT, theme.BODY_SIZE
        ).label()
        columns = layout.list_columns
        widths = [b - a - 6 for a, b in zip(columns, [*columns[1:], RIGHT_WIDTH - 40], strict=True)]
        self.list_labels = [
            [
                LabelSpec(
                    LIST_LEFT + x,
                    layout.list_top - row * layout.list_row,
                    width,
                    theme.MUTED if row == 0 else theme.TEXT,
                    theme.SMALL_SIZE,
                    bold=row == 0,
                ).label()
                for x, width in zip(columns, widths, strict=True)
            ]
            for row in range(layout.list_rows + 1)
        ]
        headings = words.list_headings()
        for label, field in zip(self.list_labels[0], layout.list_fields, strict=True):
            label.text = headings[field]

    def on_compact_changed(self, compact: bool) -> None:
        """Past the compact size either way: the widgets again in the other layout, with the same board,
        solve and notice shown (the labels' larger size is the scene's)."""
        self.layout = layout = COMPACT if compact else FULL
        self.toast.move_to(self.toast.x, layout.toast_y)
        self._build_widgets()
        self.show_board(self.board, self.selected)

    def readable_labels(self) -> list[Label]:
        selector = self.selector.labels if self.selector else ()
        buttons = [label for button in self.buttons for label in button.labels]
        return [
            self.title,
            *selector,
            self.counted,
            *buttons,
            self.keys_help,
            *(label for row in self.table for label in row),
            *self.plot_labels,
            *self.legend,
            self.list_title,
            *(label for row in self.list_labels for label in row),
            *self.toast.labels,
        ]

    # --- content ---

    @property
    def solves(self) -> list[Solve]:
        """The shown board's solves, latest first (the list's order)."""
        return list(reversed(self.groups[self.board])) if self.board else []

    def show_board(self, board: Board | None, selected: int = 0) -> None:
        """Fill the table, the plot and the list with one board's solves."""
        self.board = board
        solves = self.groups.get(board, []) if board else []
        self.stats: Stats = compute(solves)
        last = next((solve for solve in reversed(solves) if solve.counted), None)
        current, best = words.columns()
        rows = [("", current, best), *words.table(self.stats, last)] if board else []
        for labels, row in zip(self.table, [*rows, *[("",) * 3] * (8 - len(rows))], strict=True):
            for label, text in zip(labels, row, strict=True):
                label.text = text
        compact = self.compact
        self.counted.text = words.counted(self.stats, compact) if board else words.no_solves(compact)
        self.selected = max(0, min(selected, len(solves) - 1))
        self.first_row = max(0, self.selected - self.layout.list_rows + 1)
        self._fill_plot()
        self._fill_list()
        enabled = bool(solves)
        self.watch_button.enabled = self.copy_button.enabled = enabled
        self.request_redraw()

    def _fill_plot(self) -> None:
        plot = self.stats.plot
        self.plot_points: list[tuple[float, float]] = []
        self.plot_average: list[tuple[float, float]] = []
        title, high, low = self.plot_labels
        title.text = words.plot_title(len(plot), self.compact) if plot else ""
        high.text = low.text = ""
        if not plot:
            return
        values = [p.seconds for p in plot] + [p.average for p in plot if p.average is not None]
        top, bottom = max(values), min(values)
        if top == bottom:  # one solve, or equal times: an axis a second either side, the solve in the middle
            top, bottom = top + 1.0, max(0.0, bottom - 1.0)
        high.text, low.text = format_time(top), format_time(bottom)
        area = self.plot_area

        def at(index: int, seconds: float) -> tuple[float, float]:
            return area.at(index, len(plot), seconds, bottom, top)

        self.plot_points = [at(i, p.seconds) for i, p in enumerate(plot)]
        self.plot_average = [at(i, p.average) for i, p in enumerate(plot) if p.average is not None]

    def _fill_list(self) -> None:
        solves = self.solves
        count = len(solves)
        self.list_title.text = words.list_title(count) if count else ""
        for offset, labels in enumerate(self.list_labels[1:]):
            index = self.first_row + offset
            row = words.solve_row(count - index, solves[index]) if index < count else ("",) * len(LIST_FIELDS)
            for label, field in zip(labels, self.layout.list_fields, strict=True):
                label.text = row[field]

    def select(self, index: int) -> None:
        """Light a solve of the list, scrolling it into view."""
        count = len(self.solves)
        if not count:
            return
        self.selected = max(0, min(index, count - 1))
        if self.selected < self.first_row:
            self.first_row = self.selected
        elif self.selected >= self.first_row + self.layout.list_rows:
            self.first_row = self.selected - self.layout.list_rows + 1
        self._fill_list()
        self.request_redraw()

    # --- actions ---

    def _chosen_replay(self) -> Replay | None:
        solves = self.solves
        if not solves:
            return None
        try:
            return replay_of(solves[self.selected])
        except UserError as error:
            self.toast.show(str(error))
            return None

    def watch(self) -> None:
        """The chosen solve again, with its real timing; Back returns here."""
        replay = self._chosen_replay()
        if replay is not None and self.board is not None:
            self._open(replay, self.board[1])

    def copy(self) -> None:
        """The chosen solve as text (game ID and moves) on the clipboard."""
        replay = self._chosen_replay()
        if replay is None:
            return
        copy_replay(self.shell, self.toast, replay)

    def paste(self) -> None:
        """Watch the replay on the clipboard (copied here, or by another player)."""
        try:
            replay = parse_replay(self.shell.get_clipboard_text())
        except UserError as error:
            self.toast.show(words.not_pasted(error))
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            self.toast.show(words.not_pasted(error))
        else:
            self._open(replay, None)

    def _open(self, replay: Replay, picture: str | None) -> None:
        board, selected = self.board, self.selected

        def back() -> None:
            self.shell.show_view(StatsView(*(board or (None, None)), selected))

        self.shell.show_view(ReplayView(replay, picture, back))

    # --- input and time ---

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    @property
    def in_motion(self) -> bool:
        return self.toast.remaining > 0

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_UP, symbol, modifiers):
            self.select(self.selected - 1)
        elif matches(KEY_DOWN, symbol, modifiers):
            self.select(self.selected + 1)
        elif matches(KEY_PAGE_UP, symbol, modifiers):
            self.select(self.selected - self.layout.list_rows)
        elif matches(KEY_PAGE_DOWN, symbol, modifiers):
            self.select(self.selected + self.layout.list_rows)
        elif matches(KEY_PREVIOUS_BOARD, symbol, modifiers) and self.selector:
            self.selector.step(-1)
        elif matches(KEY_NEXT_BOARD, symbol, modifiers) and self.selector:
            self.selector.step(1)
        elif matches(KEY_WATCH, symbol, modifiers):
            self.watch()
        elif matches(KEY_COPY, symbol, modifiers):
            self.copy()
        elif matches(KEY_PASTE, symbol, modifiers):
            self.paste()

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click on a row of the list chooses that solve."""
        if not LIST_LEFT <= x <= LIST_LEFT + RIGHT_WIDTH - 40:
            return
        top, height = self.layout.list_top, self.layout.list_row
        row = round((top - y) / height)
        if 1 <= row <= self.layout.list_rows and abs(top - row * height - y) <= height / 2:
            self.select(self.first_row + row - 1)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        count = len(self.solves)
        rows = self.layout.list_rows
        if count > rows:
            self.first_row = max(0, min(count - rows, self.first_row - round(scroll_y)))
            self._fill_list()

    # --- drawing ---

    def draw_scene(self) -> None:
        draw_card(LEFT_X, CARD_Y, LEFT_WIDTH + 20, CARD_HEIGHT)
        draw_card(RIGHT_X, CARD_Y, RIGHT_WIDTH + 20, CARD_HEIGHT)
        self.title.draw()
        if self.selector:
            self.selector.draw()
        for label in [self.counted, self.keys_help, *(label for row in self.table for label in row)]:
            label.draw()
        self._draw_plot()
        self._draw_list()
        self.toast.draw()

    @property
    def plot_area(self) -> PlotArea:
        layout = self.layout
        return PlotArea(layout.plot_left, layout.plot_bottom, layout.plot_width, layout.plot_height)

    def _draw_plot(self) -> None:
        self.plot_area.draw_frame()
        if len(self.plot_average) > 1:
            arcade.draw_line_strip(self.plot_average, AVERAGE_COLOUR, 3)
        for x, y in self.plot_points:
            arcade.draw_circle_filled(x, y, 3.5, TIME_COLOUR)
        for label in self.plot_labels:
            label.draw()
        if self.plot_points:
            self._draw_legend()

    def _draw_legend(self) -> None:
        y = self.layout.plot_bottom - self.layout.legend_gap
        x = self.layout.plot_left
        arcade.draw_circle_filled(x + 4, y, 4, TIME_COLOUR)
        line = self.layout.legend_line
        arcade.draw_line(x + line, y, x + line + 30, y, AVERAGE_COLOUR, 3)
        for label in self.legend:
            label.draw()

    def _draw_list(self) -> None:
        self.list_title.draw()
        shown = self.selected - self.first_row
        layout = self.layout
        if self.solves and 0 <= shown < layout.list_rows:
            y = layout.list_top - (shown + 1) * layout.list_row
            arcade.draw_rect_filled(XYWH(RIGHT_X, y, RIGHT_WIDTH - 20, layout.list_row), SELECTED)
        for row in self.list_labels:
            for label in row:
                label.draw()
