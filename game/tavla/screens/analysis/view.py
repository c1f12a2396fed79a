"""The analysis screen: a played match judged move by move (in a thread, with its progress), in a
backgammon player's terms. On the left, the graph of the first player's chance (of winning the match, in a
match) with the games and the move numbers labelled and the mistakes marked, the players' figures as a
table in named units, and a list: the mistakes worst first, or every move of the match in order (two
tabs). On the right, the decision chosen: the position after the play made beside the one after the
best play with the ranking, or for a cube decision its position with the three equities; gnubg's IDs of
the moment under it.

The parts are their own modules: the judging game/tavla/analysis/match.py's, the words captions.py's, the
graph graph.py's (geometry) and graph_panel.py's (drawing), the figures figures_table.py's, the right half
decision_panel.py's, the list's contents stepper.py's, the places geometry.py's. A click on a row, on a
mark or anywhere on the graph chooses a decision; ↑ ↓ ← → (or Previous / Next) step through the list, Tab
switches it.

On a small window (`compact`) the text grows to stay readable, so the screen shows less of it: no graph
heading (the legend names the lines) and no move numbers along it, fewer figures, fewer rows (the player a
dot of that colour, the mark the row's colour: the chosen one's line names both), and fewer ranked plays,
the play made always among them.
"""

from __future__ import annotations

import concurrent.futures
import threading
from collections.abc import Callable

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import rgb
from game.core.text.i18n import _
from game.tavla.analysis.decisions import Decision, MatchAnalysis, level_text
from game.tavla.analysis.match import analyse_match
from game.tavla.record.match_record import MatchRecord
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis import lab_actions
from game.tavla.screens.analysis.decision_panel import DecisionPanel
from game.tavla.screens.analysis.figures_table import FiguresTable
from game.tavla.screens.analysis.geometry import (
    BUTTON_Y,
    CARD_HEIGHT,
    CARD_WIDTH,
    CARD_Y,
    COLUMN_WIDTH,
    COMPACT,
    FULL,
    GRAPH,
    LEFT_X,
    LINE_COLOURS,
    PROGRESS_WIDTH,
    RIGHT_X,
    TITLE_Y,
)
from game.tavla.screens.analysis.graph import Graph, move_at, nearest_marker, turn_at
from game.tavla.screens.analysis.graph_panel import GraphPanel, mark_colour
from game.tavla.screens.analysis.stepper import Listing, Stepper
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table.opponent import run_in_thread
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Toast, draw_card

__all__ = ["BUTTON_Y", "COMPACT", "FULL", "GRAPH", "LEFT_X", "RIGHT_X", "AnalysisView"]

CHOSEN = (70, 80, 106)

DOT_RADIUS = 6
DOT_ROOM = 22
"""A compact row's dot of the player's colour, and the room it takes before the row's text."""

KEY_PREVIOUS = [key.UP, key.LEFT]
KEY_NEXT = [key.DOWN, key.RIGHT]
KEY_SWITCH = [key.TAB]
KEY_COPY = [key.C]
KEY_SETUP = [key.E]  # as at the table
KEY_PRACTICE = [key.P]  # the chosen decision into the practice deck


def _label(
    x: float, y: float, colour: tuple[int, int, int], size: float, width: float, **kw: object
) -> Label:
    return Label("", x, y, colour, size, box_width=width, anchor_y="center", **kw)  # type: ignore[arg-type]


class _Row(Button):
    """A row of a list: left-aligned text, a click chooses it, lit when chosen; on a small window a dot of
    the player's colour stands before the text in place of the name."""

    def __init__(
        self, x: float, y: float, width: float, height: float, on_click: Callable[[], None], dotted: bool
    ) -> None:
        super().__init__("", Rect(x, y, width, height - 2), on_click)
        room = DOT_ROOM if dotted else 0
        self.text = _label(x - width / 2 + 8 + room, y, theme.TEXT, theme.SMALL_SIZE, width - 16 - room)
        self.dot: tuple[int, int, int] | None = None
        self.chosen = False
        self.shown = False

    @property
    def labels(self) -> tuple[Label, ...]:
        return (*super().labels, self.text)

    def draw(self) -> None:
        if not self.shown:
            return
        r = self.rect
        if self.chosen or self.hovered:
            arcade.draw_rect_filled(
                XYWH(r.x, r.y, r.width, r.height), CHOSEN if self.chosen else theme.BUTTON
            )
        if self.dot is not None:
            arcade.draw_circle_filled(r.x - r.width / 2 + 8 + DOT_RADIUS, r.y, DOT_RADIUS, self.dot)
        self.text.draw()

    def on_mouse_press(self, x: float, y: float) -> bool:
        return self.shown and super().on_mouse_press(x, y)


class AnalysisLeft(Exception):
    """Raised in the analysis thread to end an analysis whose screen was left."""


class AnalysisView(SceneView):
    """The analysis of `record`; `back` (default: the menu) is where Back and Esc lead."""

    def __init__(self, record: MatchRecord, back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.record = record
        self._back = back
        colours = self.shell.settings.tavla.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self.analysis: MatchAnalysis | None = None
        self.stepper = Stepper()
        self.progress = (0, max(1, len(record.games)))
        self.error = ""
        self.layout = COMPACT if self.compact else FULL
        self.title = _label(
            theme.DESIGN_WIDTH / 2,
            TITLE_Y,
            theme.TEAL,
            theme.HEADING_SIZE - 2,
            1200,
            anchor_x="center",
            bold=True,
        )
        self.title.text = words.title_text(record)
        self.status = _label(theme.DESIGN_WIDTH / 2, 420, theme.TEXT, theme.BODY_SIZE, 900, anchor_x="center")
        self.graph_panel = GraphPanel(record.names)
        self.figures = FiguresTable()
        self.panel = DecisionPanel(self.palette, record.rules)
        left = LEFT_X - COLUMN_WIDTH / 2
        self.list_note = _label(left, 0, theme.ACCENT, theme.SMALL_SIZE, COLUMN_WIDTH, bold=True)
        self.tabs: list[Button] = []
        self.rows: list[_Row] = []
        self.previous_button = Button(
            words.previous_label(), Rect(LEFT_X - 200, BUTTON_Y, 180, 44), self.previous
        )
        self.next_button = Button(
            words.next_label(), Rect(LEFT_X, BUTTON_Y, 180, 44), self.next, primary=True
        )
        self.back_button = Button(words.back_label(), Rect(RIGHT_X + 200, BUTTON_Y, 180, 44), self.back)
        # Translators: button on the analysis screen: the chosen moment's GNU Backgammon IDs and XGID to
        # the clipboard
        self.copy_button = Button(_("Copy IDs"), Rect(RIGHT_X - 200, BUTTON_Y, 180, 44), self.copy_ids)
        # Translators: button on the analysis screen: the chosen moment on the position lab's set-up
        # screen, to change, hint, roll out or play on
        self.setup_button = Button(_("Set up"), Rect(RIGHT_X, BUTTON_Y, 180, 44), self.open_setup)
        self.toast = Toast(RIGHT_X, CARD_Y, CARD_WIDTH - 40)
        self._place()
        self._left = threading.Event()
        self.future: concurrent.futures.Future | None = None
        self._start_analysis()
        self._show()

    def _start_analysis(self) -> None:
        """The match judged on a thread of its own, the screen following its progress."""
        self.progress = (0, max(1, len(self.record.games)))
        self.future = run_in_thread(
            "tavla-analysis",
            analyse_match,
            self.record,
            None,
            self.shell.settings.tavla.judge,
            None,
            self._progress,
        )

    def leave(self) -> None:
        """An analysis still running stops after the game it is judging: no one would read it (a screen
        shown again before it is done starts it again, `on_update`)."""
        super().leave()
        self._left.set()

    def on_show_view(self) -> None:
        super().on_show_view()
        self._left.clear()

    def _place(self) -> None:
        """Lay the screen out for `self.layout`: the graph's words, the figures' table, the tabs, the rows
        of the list and the right half (made again, as many as the layout has room for)."""
        at = self.layout
        compact = at is COMPACT
        self.status.set_box(at.status_width, None)
        self.graph_panel.place(at, compact)
        self.figures.place(at)
        self.panel.place(at)
        left = LEFT_X - COLUMN_WIDTH / 2
        self.tabs = [
            Button(
                "",
                Rect(
                    left + at.tab_width / 2 + i * (at.tab_width + 8), at.tabs_y, at.tab_width, at.tab_height
                ),
                lambda listing=listing: self.show_listing(listing),
                font_size=theme.SMALL_SIZE,
            )
            for i, listing in enumerate(Listing)
        ]
        self.list_note.position = (left, at.list_top)
        self.rows = [
            _Row(
                LEFT_X,
                at.list_top - at.list_row * i,
                COLUMN_WIDTH,
                at.list_row,
                lambda i=i: self.choose_row(i),
                dotted=compact,
            )
            for i in range(at.list_rows)
        ]
        self.buttons = [
            *self.tabs,
            *self.rows,
            self.previous_button,
            self.next_button,
            self.copy_button,
            self.setup_button,
            self.back_button,
        ]

    def readable_labels(self) -> list[Label]:
        """Every label the screen draws, kept at the least readable size on a small window."""
        return [
            self.title,
            self.status,
            *self.graph_panel.labels,
            *self.figures.labels,
            self.list_note,
            *self.panel.labels,
            *(label for button in self.buttons for label in button.labels),
            *self.toast.labels,
        ]

    def _progress(self, done: int, total: int) -> None:
        """Called from the analysis thread after each game; stops it once the screen is left."""
        if self._left.is_set():
            raise AnalysisLeft
        self.progress = (done, total)

    @property
    def in_motion(self) -> bool:
        return self.future is not None or self.toast.remaining > 0

    # The list's state, as the tests and the other parts read it
    @property
    def mistakes(self) -> list[Decision]:
        return self.stepper.mistakes

    @property
    def chosen(self) -> int:
        return self.stepper.chosen

    @property
    def mistake(self) -> Decision | None:
        """The decision chosen (a mistake or any move, as the list shows)."""
        return self.stepper.decision

    @property
    def graph(self) -> Graph:
        return self.graph_panel.drawn

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        try:
            analysis = future.result()
        except AnalysisLeft:
            self._start_analysis()  # left and shown again before it stopped
            return
        except Exception as error:  # noqa: BLE001 - a record the analysis cannot follow is told, not fatal
            self.error = words.failed_text(str(error) if isinstance(error, UserError) else repr(error))
            self._show()
            return
        self.finished(analysis)

    def finished(self, analysis: MatchAnalysis) -> None:
        """The analysis has come: the graph, the players' figures, the mistakes (the worst chosen), or
        every move when there is no mistake."""
        self.analysis = analysis
        self.stepper = Stepper.of(analysis)
        self._fill()
        self.choose(0)

    def _fill(self) -> None:
        """The graph and the figures, for the layout."""
        analysis = self.analysis
        if analysis is None:
            return
        compact = self.layout is COMPACT
        self.graph_panel.fill(analysis, self.mistakes, compact, self.smallest_text)
        self.figures.fill(analysis, compact)
        self.keep_text_readable()

    # --- choosing ---

    def choose(self, index: int) -> None:
        """Show the decision at `index` of the list shown."""
        self.stepper.choose(index)
        self._show()
        self._show_decision()

    def choose_row(self, row: int) -> None:
        self.choose(self._first + row)

    def previous(self) -> None:
        self.choose(self.chosen - 1)

    def next(self) -> None:
        self.choose(self.chosen + 1)

    def show_listing(self, listing: Listing) -> None:
        """The mistakes or every move, the chosen decision kept where it is in both."""
        self.stepper.show(listing)
        self.choose(self.chosen)

    def copy_ids(self) -> None:
        if self.copy_button.enabled:  # backgammon's IDs
            lab_actions.copy_ids(self.shell, self.mistake, self.toast)

    def open_setup(self) -> None:
        if self.setup_button.enabled:  # the position lab sets up backgammon
            lab_actions.open_setup(self.shell, self.mistake, self.panel.rules, self.toast, self._return_here)

    def _return_here(self) -> None:
        self.shell.show_view(self)

    def back(self) -> None:
        if self._back is not None:
            self._back()
        else:
            self.shell.show_menu()

    @property
    def _first(self) -> int:
        """The first row shown: pages of the layout's rows, the chosen one always in view."""
        return self.stepper.first_row(self.layout.list_rows)

    def _show(self) -> None:
        done, total = self.progress
        if self.error:
            self.status.text = self.error
        elif self.analysis is None:
            self.status.text = words.progress_text(done, total)
        else:
            self.status.text = ""
        compact = self.layout is COMPACT
        stepper = self.stepper
        ready = self.analysis is not None
        counts = (len(stepper.mistakes), len(stepper.every))
        for tab, listing, label, count in zip(
            self.tabs, Listing, (words.mistakes_tab, words.every_tab), counts, strict=True
        ):
            tab.label = label(count) if ready else ""
            tab.enabled = ready and bool(count)
            tab.primary = listing is stepper.listing  # the list shown stands out
        self.list_note.text = words.no_mistakes_text(compact) if ready and not stepper.mistakes else ""
        items = stepper.items
        first = self._first
        skip = 1 if self.list_note.text else 0  # the note takes the first row's place
        for number, row in enumerate(self.rows):
            index = first + number - skip
            row.shown = 0 <= index < len(items) and number >= skip
            row.chosen = row.shown and index == stepper.chosen
            decision = items[index] if row.shown else None
            row.text.text = "" if decision is None else words.list_row(decision, self.record, compact)
            if decision is not None:
                row.text.color = mark_colour(decision)
                row.dot = LINE_COLOURS[decision.player] if compact else None
        has = bool(items)
        self.previous_button.enabled = has and not stepper.at_start
        self.next_button.enabled = has and not stepper.at_end
        self.request_redraw()

    def _show_decision(self) -> None:
        analysis = self.analysis
        # the judge and its depth (the unit follows in the headings): short enough for a small window
        if self.mistake is not None:  # a Tavli match's decisions each under its own game's rules
            self.panel.rules = self.record.rules_of(self.mistake.game - 1)
        level = analysis.level if analysis is not None else self.shell.settings.tavla.judge
        judged_by = level_text(level, self.panel.rules)
        emg = analysis.emg if analysis is not None else False
        # GNU Backgammon's IDs and the position lab are backgammon's
        self.copy_button.enabled = self.setup_button.enabled = self.panel.rules.is_backgammon
        self.panel.show(self.mistake, self.record, judged_by, emg, self.pixel_scale)
        self.keep_text_readable()

    def on_compact_changed(self, compact: bool) -> None:
        """The compact layout on a small window, the full one on a large."""
        self.layout = COMPACT if compact else FULL
        self._place()
        self._fill()
        self._show()

    def on_scale_changed(self) -> None:
        """The boards drawn again at the new resolution (after the layout, which places them)."""
        self._show_decision()

    # --- input ---

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click on a mistake's mark on the graph chooses it; elsewhere on the graph, the turn under it."""
        analysis = self.analysis
        if analysis is None:
            return
        found = nearest_marker(self.graph.markers, x, y, self.layout.marker_reach)
        if found is not None:
            self.stepper.choose_decision(self.mistakes[found])
            self.choose(self.chosen)
            return
        turn = turn_at(self.graph, self.layout.graph, x, y)
        decision = move_at(analysis, turn) if turn is not None else None
        if decision is not None:
            self.stepper.choose_decision(decision)
            self.choose(self.chosen)

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_PREVIOUS, symbol, modifiers):
            self.previous()
        elif matches(KEY_NEXT, symbol, modifiers):
            self.next()
        elif matches(KEY_COPY, symbol, modifiers):
            self.copy_ids()
        elif matches(KEY_SETUP, symbol, modifiers):
            self.open_setup()
        elif matches(KEY_PRACTICE, symbol, modifiers):
            lab_actions.add_to_practice(self.mistake, self.panel.rules, self.toast)
        elif matches(KEY_SWITCH, symbol, modifiers) and self.analysis is not None:
            other = Listing.EVERY if self.stepper.listing is Listing.MISTAKES else Listing.MISTAKES
            if other is Listing.EVERY or self.mistakes:
                self.show_listing(other)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.ESCAPE:
            self.back()
        else:
            self.on_scene_key(symbol, modifiers)

    # --- drawing ---

    def draw_scene(self) -> None:
        self.title.draw()
        draw_card(LEFT_X, CARD_Y, CARD_WIDTH, CARD_HEIGHT)
        draw_card(RIGHT_X, CARD_Y, CARD_WIDTH, CARD_HEIGHT)
        if self.analysis is None:
            self._draw_progress()
            return
        self.graph_panel.draw(self.mistakes, self.mistake)
        self.figures.draw()
        self._draw_tabs_line()
        self.list_note.draw()
        self.panel.draw()
        self.toast.draw()

    def _draw_tabs_line(self) -> None:
        """A line under the tabs, over the list."""
        at = self.layout
        left = LEFT_X - COLUMN_WIDTH / 2
        y = at.tabs_y - at.tab_height / 2 - 2
        arcade.draw_line(left, y, left + COLUMN_WIDTH, y, theme.ACCENT, 2)

    def _draw_progress(self) -> None:
        done, total = self.progress
        bar = XYWH(theme.DESIGN_WIDTH / 2, 380, PROGRESS_WIDTH, 14)
        arcade.draw_rect_outline(bar, theme.PANEL_BORDER, 2)
        width = PROGRESS_WIDTH * done / max(1, total)
        if width > 0:
            left = theme.DESIGN_WIDTH / 2 - PROGRESS_WIDTH / 2
            arcade.draw_rect_filled(XYWH(left + width / 2, 380, width, 10), theme.ACCENT)
        self.status.draw()
