"""The statistics screen: per board size and picture, the bests and averages, a plot of the last 100
times with the running ao12, and every kept solve, each to watch again or copy as text.

The figures come from game/puzzle/stats.py (the same as `python main.py stats`), the words from
stats_captions.py; replays open game/puzzle/replay_view.py.
"""

from __future__ import annotations

import arcade
from arcade import key
from arcade.types import XYWH

from game.errors import UserError
from game.i18n import _
from game.puzzle import stats_captions as words
from game.puzzle.replay import Replay, parse_replay, replay_of
from game.puzzle.stats import PLOT_AVERAGE, Solve, Stats, by_board, compute
from game.puzzle.stats_report import format_time
from game.records import Records, RecordsUnavailable
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import LabelSpec
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
BUTTON_ROW_Y = (290, 234)
BUTTON_WIDTH = 250
BUTTON_HEIGHT = 44
KEYS_Y = 150
PLOT_BOTTOM = 458
PLOT_HEIGHT = 218
PLOT_LEFT = RIGHT_X - RIGHT_WIDTH / 2 + 70
PLOT_WIDTH = RIGHT_WIDTH - 100
LIST_TITLE_Y = 402
LIST_TOP = 372
LIST_ROW = 26
LIST_ROWS = 11
LIST_COLUMNS = (0, 40, 190, 276, 336, 394, 480)
LIST_LEFT = RIGHT_X - RIGHT_WIDTH / 2 + 20
LEGEND_LINE = 180
TOAST_Y = 56
TIME_COLOUR = (154, 163, 178)
AVERAGE_COLOUR = theme.ACCENT
SELECTED = (58, 66, 84)

KEY_UP = [key.UP, key.W]
KEY_DOWN = [key.DOWN, key.S]
KEY_PAGE_UP = [key.PAGEUP]
KEY_PAGE_DOWN = [key.PAGEDOWN]
KEY_PREVIOUS_BOARD = [key.LEFT, key.A]
KEY_NEXT_BOARD = [key.RIGHT, key.D]
KEY_WATCH = [key.ENTER, key.RETURN, key.SPACE]
KEY_COPY = [key.C, (key.C, key.MOD_CTRL)]
KEY_PASTE = [key.V, (key.V, key.MOD_CTRL)]

Board = tuple[str, str]


class StatsView(SceneView):
    """The statistics of one board (size, picture) at a time; ←/→ or the selector switch boards."""

    def __init__(self, size: str | None = None, picture: str | None = None, selected: int = 0) -> None:
        super().__init__()
        self.records = Records()
        self.toast = Toast(theme.DESIGN_WIDTH / 2, TOAST_Y, 900)
        try:
            self.groups = by_board(self.records.solves())
        except RecordsUnavailable as error:
            self.groups = {}
            self.toast.show(str(error))
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
                Rect(LEFT_X, SELECTOR_Y, 420, 44),
                lambda index: words.board(*self.boards[int(index)]),
                lambda index: self.show_board(self.boards[int(index)]),
            )
        self.counted = LabelSpec(
            LEFT_X, COUNTED_Y, LEFT_WIDTH - 20, theme.MUTED, theme.SMALL_SIZE, anchor_x="center"
        ).label()
        left = LEFT_X - LEFT_WIDTH / 2 + 24
        self.watch_button = Button(
            # Translators: button: watch the chosen solve again, with its own timing
            _("Watch replay"),
            Rect(left + BUTTON_WIDTH / 2, BUTTON_ROW_Y[0], BUTTON_WIDTH, BUTTON_HEIGHT),
            self.watch,
            primary=True,
        )
        self.copy_button = Button(
            # Translators: button: put the chosen solve on the clipboard as text (its game ID and moves)
            _("Copy replay"),
            Rect(left + 1.5 * BUTTON_WIDTH + 12, BUTTON_ROW_Y[0], BUTTON_WIDTH, BUTTON_HEIGHT),
            self.copy,
        )
        self.paste_button = Button(
            # Translators: button: watch a replay copied as text (from this game or another player)
            _("Paste replay"),
            Rect(left + BUTTON_WIDTH / 2, BUTTON_ROW_Y[1], BUTTON_WIDTH, BUTTON_HEIGHT),
            self.paste,
        )
        self.menu_button = Button(
            _("Back to the menu"),
            Rect(left + 1.5 * BUTTON_WIDTH + 12, BUTTON_ROW_Y[1], BUTTON_WIDTH, BUTTON_HEIGHT),
            self.game_window.show_menu,
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
            KEYS_Y,
            LEFT_WIDTH - 40,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_height=60,
            anchor_x="center",
            align="center",
        ).label(words.stats_keys())
        self.table = [
            [
                LabelSpec(
                    x,
                    TABLE_TOP - row * TABLE_ROW,
                    160 if column else 200,
                    theme.MUTED if row == 0 or column == 0 else theme.TEXT,
                    theme.BODY_SIZE,
                    bold=row == 0,
                ).label()
                for column, x in enumerate(TABLE_COLUMNS)
            ]
            for row in range(8)
        ]
        self.plot_labels = [
            LabelSpec(
                PLOT_LEFT, PLOT_BOTTOM + PLOT_HEIGHT + 20, PLOT_WIDTH, theme.TEXT, theme.BODY_SIZE
            ).label(),
            LabelSpec(
                PLOT_LEFT - 8, PLOT_BOTTOM + PLOT_HEIGHT, 64, theme.MUTED, theme.SMALL_SIZE, anchor_x="right"
            ).label(),
            LabelSpec(
                PLOT_LEFT - 8, PLOT_BOTTOM, 64, theme.MUTED, theme.SMALL_SIZE, anchor_x="right"
            ).label(),
        ]
        legend_y = PLOT_BOTTOM - 24
        self.legend = (
            # Translators: the plot's legend: a dot is one solve's time
            LabelSpec(PLOT_LEFT + 14, legend_y, 150, theme.MUTED, theme.SMALL_SIZE).label(_("one solve")),
            LabelSpec(PLOT_LEFT + LEGEND_LINE + 38, legend_y, 100, theme.MUTED, theme.SMALL_SIZE).label(
                PLOT_AVERAGE
            ),
        )
        self.list_title = LabelSpec(
            LIST_LEFT, LIST_TITLE_Y, RIGHT_WIDTH - 40, theme.TEXT, theme.BODY_SIZE
        ).label()
        widths = [b - a - 6 for a, b in zip(LIST_COLUMNS, [*LIST_COLUMNS[1:], RIGHT_WIDTH - 40], strict=True)]
        self.list_labels = [
            [
                LabelSpec(
                    LIST_LEFT + x,
                    LIST_TOP - row * LIST_ROW,
                    width,
                    theme.MUTED if row == 0 else theme.TEXT,
                    theme.SMALL_SIZE,
                    bold=row == 0,
                ).label()
                for x, width in zip(LIST_COLUMNS, widths, strict=True)
            ]
            for row in range(LIST_ROWS + 1)
        ]
        for label, heading in zip(self.list_labels[0], words.list_headings(), strict=True):
            label.text = heading

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
        self.counted.text = words.counted(self.stats) if board else words.no_solves()
        self.selected = max(0, min(selected, len(solves) - 1))
        self.first_row = max(0, self.selected - LIST_ROWS + 1)
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
        title.text = words.plot_title(len(plot)) if plot else ""
        high.text = low.text = ""
        if not plot:
            return
        values = [p.seconds for p in plot] + [p.average for p in plot if p.average is not None]
        top, bottom = max(values), min(values)
        span = (top - bottom) or 1.0
        high.text, low.text = format_time(top), format_time(bottom)
        step = PLOT_WIDTH / max(1, len(plot) - 1)

        def at(index: int, seconds: float) -> tuple[float, float]:
            x = PLOT_LEFT + (index * step if len(plot) > 1 else PLOT_WIDTH / 2)
            return x, PLOT_BOTTOM + (seconds - bottom) / span * PLOT_HEIGHT

        self.plot_points = [at(i, p.seconds) for i, p in enumerate(plot)]
        self.plot_average = [at(i, p.average) for i, p in enumerate(plot) if p.average is not None]

    def _fill_list(self) -> None:
        solves = self.solves
        count = len(solves)
        self.list_title.text = words.list_title(count) if count else ""
        for offset, labels in enumerate(self.list_labels[1:]):
            index = self.first_row + offset
            row = words.solve_row(count - index, solves[index]) if index < count else ("",) * len(labels)
            for label, text in zip(labels, row, strict=True):
                label.text = text

    def select(self, index: int) -> None:
        """Light a solve of the list, scrolling it into view."""
        count = len(self.solves)
        if not count:
            return
        self.selected = max(0, min(index, count - 1))
        if self.selected < self.first_row:
            self.first_row = self.selected
        elif self.selected >= self.first_row + LIST_ROWS:
            self.first_row = self.selected - LIST_ROWS + 1
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
        from game.puzzle.replay_view import copy_replay

        copy_replay(self.window, self.toast, replay)

    def paste(self) -> None:
        """Watch the replay on the clipboard (copied here, or by another player)."""
        try:
            replay = parse_replay(self.window.get_clipboard_text())
        except UserError as error:
            self.toast.show(words.not_pasted(error))
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            self.toast.show(words.not_pasted(error))
        else:
            self._open(replay, None)

    def _open(self, replay: Replay, picture: str | None) -> None:
        from game.puzzle.replay_view import ReplayView

        board, selected = self.board, self.selected

        def back() -> None:
            self.game_window.show_view(StatsView(*(board or (None, None)), selected))

        self.game_window.show_view(ReplayView(replay, picture, back))

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
            self.select(self.selected - LIST_ROWS)
        elif matches(KEY_PAGE_DOWN, symbol, modifiers):
            self.select(self.selected + LIST_ROWS)
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
        row = round((LIST_TOP - y) / LIST_ROW)
        if 1 <= row <= LIST_ROWS and abs(LIST_TOP - row * LIST_ROW - y) <= LIST_ROW / 2:
            self.select(self.first_row + row - 1)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        count = len(self.solves)
        if count > LIST_ROWS:
            self.first_row = max(0, min(count - LIST_ROWS, self.first_row - round(scroll_y)))
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

    def _draw_plot(self) -> None:
        frame = XYWH(
            PLOT_LEFT + PLOT_WIDTH / 2, PLOT_BOTTOM + PLOT_HEIGHT / 2, PLOT_WIDTH + 20, PLOT_HEIGHT + 20
        )
        arcade.draw_rect_filled(frame, theme.BACKGROUND)
        for fraction in (0.0, 0.5, 1.0):
            y = PLOT_BOTTOM + fraction * PLOT_HEIGHT
            arcade.draw_line(PLOT_LEFT - 10, y, PLOT_LEFT + PLOT_WIDTH + 10, y, theme.PANEL_BORDER, 1)
        if len(self.plot_average) > 1:
            arcade.draw_line_strip(self.plot_average, AVERAGE_COLOUR, 3)
        for x, y in self.plot_points:
            arcade.draw_circle_filled(x, y, 3.5, TIME_COLOUR)
        for label in self.plot_labels:
            label.draw()
        if self.plot_points:
            self._draw_legend()

    def _draw_legend(self) -> None:
        y = PLOT_BOTTOM - 24
        x = PLOT_LEFT
        arcade.draw_circle_filled(x + 4, y, 4, TIME_COLOUR)
        arcade.draw_line(x + LEGEND_LINE, y, x + LEGEND_LINE + 30, y, AVERAGE_COLOUR, 3)
        for label in self.legend:
            label.draw()

    def _draw_list(self) -> None:
        self.list_title.draw()
        shown = self.selected - self.first_row
        if self.solves and 0 <= shown < LIST_ROWS:
            y = LIST_TOP - (shown + 1) * LIST_ROW
            arcade.draw_rect_filled(XYWH(RIGHT_X, y, RIGHT_WIDTH - 20, LIST_ROW), SELECTED)
        for row in self.list_labels:
            for label in row:
                label.draw()
