"""The analysis screen: a played match judged move by move (in a thread, with its progress), the first
player's chance of winning drawn over the match with the mistakes marked, the mistakes worst first, and
for the one chosen the position after the play made beside the one after the best play, and the ranking.

The judging is game/tavla/analysis/match.py's, the words analysis_captions', the graph's geometry
analysis_graph's and the boards' pictures analysis_board's; a click on a row or on a mark on the graph
chooses a mistake, ↑ ↓ (or Previous / Next) step through them.

On a small window (`compact`) the text grows to stay readable, so the screen shows less of it: no graph
heading (the legend names the lines), each player's figures on two lines in the player's colour, fewer
rows of mistakes (the player a dot of that colour, the mark the row's colour: the chosen one's line names
both), and fewer ranked plays, the play made always among them, so the boards' captions give only the
equities (and the cube action, or a play that is not ranked).
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass

import arcade
from arcade import key
from arcade.types import XYWH

from game.config import rgb
from game.errors import UserError
from game.tavla.analysis.decisions import Decision, Mark, MatchAnalysis
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.moves import apply_play
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import State, flip
from game.tavla.record.match_record import MatchRecord
from game.tavla.screens import layout
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.board import position_image
from game.tavla.screens.analysis.graph import Graph, GraphBox, graph, nearest_marker
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table.hint_captions import hint_rows
from game.tavla.screens.table.opponent import run_in_thread
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, draw_card

TITLE_Y = 770
LEFT_X = 325
RIGHT_X = 955
COLUMN_WIDTH = 590
CARD_WIDTH = 620
CARD_Y = 405
CARD_HEIGHT = 670
GRAPH = GraphBox(left=80, bottom=530, width=530, height=175)
LEGEND_WIDTH = 160
PLAYERS_Y = (492, 444)
LIST_TOP = 410
LIST_ROW = 30
LIST_ROWS = 10
BUTTON_Y = 40
BOARD_SCALE = 290 / (layout.BOARD_RIGHT - layout.BOARD_LEFT)
BOARD_Y = 555
BOARD_DX = 152
RANKED_TOP = 404
RANKED_ROW = 34
MARKER_REACH = 12
PROGRESS_WIDTH = 400
LINE_COLOURS = ((242, 236, 224), theme.TEAL)
MARK_COLOURS = {Mark.DOUBTFUL: (255, 209, 102), Mark.BAD: theme.ACCENT, Mark.VERY_BAD: (230, 80, 70)}
CHOSEN = (70, 80, 106)

DOT_RADIUS = 6
DOT_ROOM = 22
"""A compact row's dot of the player's colour, and the room it takes before the row's text."""

KEY_PREVIOUS = [key.UP, key.LEFT]
KEY_NEXT = [key.DOWN, key.RIGHT]


@dataclass(frozen=True)
class Layout:
    """Where the parts of the screen sit, in logical units: the full layout, or the compact one of a small
    window, whose larger text takes more room a line."""

    graph: GraphBox
    legend_y: float
    axis_width: float
    players_y: tuple[float, float]
    players_height: float
    list_top: float
    list_row: float
    list_rows: int
    where_y: float
    board_y: float
    board_label_y: float
    board_label_height: float
    ranked_top: float
    ranked_row: float
    ranked_rows: int
    chances_dy: float
    marker_reach: float
    status_width: float


FULL = Layout(
    graph=GRAPH,
    legend_y=GRAPH.bottom + GRAPH.height + 18,
    axis_width=50,
    players_y=PLAYERS_Y,
    players_height=48,
    list_top=LIST_TOP,
    list_row=LIST_ROW,
    list_rows=LIST_ROWS,
    where_y=TITLE_Y - 48,
    board_y=BOARD_Y,
    board_label_y=BOARD_Y + 132,
    board_label_height=46,
    ranked_top=RANKED_TOP,
    ranked_row=RANKED_ROW,
    ranked_rows=6,
    chances_dy=15,
    marker_reach=MARKER_REACH,
    status_width=900,
)
COMPACT = Layout(
    graph=GraphBox(left=100, bottom=586, width=510, height=108),
    legend_y=718,
    axis_width=70,
    players_y=(535, 447),
    players_height=76,
    list_top=390,
    list_row=36,
    list_rows=8,
    where_y=716,
    board_y=501,
    board_label_y=654,
    board_label_height=76,
    ranked_top=360,
    ranked_row=72,
    ranked_rows=4,
    chances_dy=32,
    marker_reach=18,
    status_width=1160,
)


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


class AnalysisView(SceneView):
    """The analysis of `record`; `back` (default: the menu) is where Back and Esc lead."""

    def __init__(self, record: MatchRecord, back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.record = record
        self._back = back
        colours = self.shell.settings.tavla.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self.analysis: MatchAnalysis | None = None
        self.mistakes: list[Decision] = []
        self.chosen = 0
        self.graph = Graph([], [], [], [])
        self.progress = (0, max(1, len(record.games)))
        self.error = ""
        self.boards = arcade.SpriteList()
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
        left = LEFT_X - COLUMN_WIDTH / 2
        self.status = _label(theme.DESIGN_WIDTH / 2, 420, theme.TEXT, theme.BODY_SIZE, 900, anchor_x="center")
        self.graph_heading = _label(left, 0, theme.MUTED, theme.SMALL_SIZE, COLUMN_WIDTH - 2 * LEGEND_WIDTH)
        self.axis = [_label(0, 0, theme.MUTED, theme.SMALL_SIZE - 1, 50, anchor_x="right") for _ in range(3)]
        for label, text in zip(self.axis, ("0%", "50%", "100%"), strict=True):
            label.text = text
        self.legend = [
            _label(0, 0, colour, theme.SMALL_SIZE - 1, 0, anchor_x="right") for colour in LINE_COLOURS
        ]
        for label, name in zip(self.legend, record.names, strict=True):
            label.text = words.shown_name(name)
        self.players = [
            Label(
                "",
                left,
                y,
                theme.TEXT,
                theme.SMALL_SIZE - 1,
                box_width=COLUMN_WIDTH,
                box_height=48,
                anchor_y="center",
                multiline=True,
            )
            for y in PLAYERS_Y
        ]
        self.list_heading = _label(left, LIST_TOP, theme.ACCENT, theme.SMALL_SIZE, COLUMN_WIDTH, bold=True)
        self.rows: list[_Row] = []
        right = RIGHT_X - COLUMN_WIDTH / 2
        self.where = _label(right, 0, theme.ACCENT, theme.BODY_SIZE, COLUMN_WIDTH, bold=True)
        self.board_labels = [
            Label(
                "",
                RIGHT_X + dx,
                0,
                theme.TEXT,
                theme.SMALL_SIZE - 1,
                box_width=2 * BOARD_DX - 12,
                box_height=46,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            )
            for dx in (-BOARD_DX, BOARD_DX)
        ]
        self.ranked: list[Label] = []
        self.ranked_chances: list[Label] = []
        self.previous_button = Button(
            words.previous_label(), Rect(LEFT_X - 200, BUTTON_Y, 180, 44), self.previous
        )
        self.next_button = Button(
            words.next_label(), Rect(LEFT_X, BUTTON_Y, 180, 44), self.next, primary=True
        )
        self.back_button = Button(words.back_label(), Rect(RIGHT_X + 200, BUTTON_Y, 180, 44), self.back)
        self._place()
        self.future: concurrent.futures.Future | None = run_in_thread(
            "tavla-analysis", analyse_match, record, None, "expert", None, self._progress
        )
        self._show()

    def _place(self) -> None:
        """Lay the screen out for `self.layout`: the graph's labels and lines, the players' figures, the
        rows of mistakes and of ranked plays (made again, as many as the layout has room for)."""
        at = self.layout
        compact = at is COMPACT
        box = at.graph
        self.status.set_box(at.status_width, None)
        self.graph_heading.position = (self.graph_heading.x, at.legend_y)
        for label, value in zip(self.axis, (0.0, 0.5, 1.0), strict=True):
            label.position = (box.left - 8, box.bottom + box.height * value)
            label.set_box(at.axis_width, None)
        for i, label in enumerate(self.legend):
            if compact:
                # no heading: the first name at the column's left, the second at the graph's right
                label.anchor_x = "right" if i else "left"
                x = box.left + box.width if i else LEFT_X - COLUMN_WIDTH / 2
            else:
                label.anchor_x = "right"
                x = box.left + box.width - LEGEND_WIDTH * (1 - i)
            label.position = (x, at.legend_y)
            label.set_box(COLUMN_WIDTH / 2 - 10 if compact else LEGEND_WIDTH - 6, None)
        for label, y in zip(self.players, at.players_y, strict=True):
            label.position = (label.x, y)
            label.set_box(COLUMN_WIDTH, at.players_height)
        self.list_heading.position = (self.list_heading.x, at.list_top)
        self.rows = [
            _Row(
                LEFT_X,
                at.list_top - at.list_row * (i + 1),
                COLUMN_WIDTH,
                at.list_row,
                lambda i=i: self.choose_row(i),
                dotted=compact,
            )
            for i in range(at.list_rows)
        ]
        self.buttons = [*self.rows, self.previous_button, self.next_button, self.back_button]
        right = RIGHT_X - COLUMN_WIDTH / 2
        self.where.position = (right, at.where_y)
        for label in self.board_labels:
            label.position = (label.x, at.board_label_y)
            label.set_box(label.box_width, at.board_label_height)
        self.ranked = [
            _label(right, at.ranked_top - at.ranked_row * i, theme.TEXT, theme.SMALL_SIZE, COLUMN_WIDTH)
            for i in range(at.ranked_rows)
        ]
        self.ranked_chances = [
            _label(
                right + 24,
                at.ranked_top - at.ranked_row * i - at.chances_dy,
                theme.MUTED,
                theme.SMALL_SIZE - 1,
                COLUMN_WIDTH - 24,
            )
            for i in range(at.ranked_rows)
        ]

    def readable_labels(self) -> list[Label]:
        """Every label the screen draws, kept at the least readable size on a small window."""
        return [
            self.title,
            self.status,
            self.graph_heading,
            *self.axis,
            *self.legend,
            *self.players,
            self.list_heading,
            self.where,
            *self.board_labels,
            *self.ranked,
            *self.ranked_chances,
            *(label for button in self.buttons for label in button.labels),
        ]

    def _progress(self, done: int, total: int) -> None:
        """Called from the analysis thread after each game."""
        self.progress = (done, total)

    @property
    def in_motion(self) -> bool:
        return self.future is not None

    @property
    def mistake(self) -> Decision | None:
        return self.mistakes[self.chosen] if self.mistakes else None

    def on_update(self, delta_time: float) -> None:
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        try:
            analysis = future.result()
        except Exception as error:  # noqa: BLE001 - a record the analysis cannot follow is told, not fatal
            self.error = words.failed_text(str(error) if isinstance(error, UserError) else repr(error))
            self._show()
            return
        self.finished(analysis)

    def finished(self, analysis: MatchAnalysis) -> None:
        """The analysis has come: the graph, the players' figures, the mistakes (the worst chosen)."""
        self.analysis = analysis
        self.mistakes = [d for d in analysis.worst(len(analysis.decisions)) if d.mark is not Mark.NONE]
        self._fill()
        self.choose(0)

    def _fill(self) -> None:
        """The graph and the words that the layout changes: the graph's heading, the players' figures."""
        analysis = self.analysis
        if analysis is None:
            return
        compact = self.layout is COMPACT
        self.graph = graph(analysis, self.layout.graph, self.mistakes)
        self.graph_heading.text = "" if compact else words.graph_heading()
        self.list_heading.text = words.mistakes_heading(len(self.mistakes), compact)
        for label, summary, colour in zip(self.players, analysis.players, LINE_COLOURS, strict=True):
            label.text = words.player_text(summary, compact, analysis.emg, analysis.cube)
            label.color = colour if compact else theme.TEXT  # the colour of the rows' dots

    # --- choosing ---

    def choose(self, index: int) -> None:
        """Show mistake `index` (of the list, worst first)."""
        if not self.mistakes:
            self._show()
            return
        self.chosen = max(0, min(len(self.mistakes) - 1, index))
        self._show()
        self._show_mistake()

    def choose_row(self, row: int) -> None:
        self.choose(self._first + row)

    def previous(self) -> None:
        self.choose(self.chosen - 1)

    def next(self) -> None:
        self.choose(self.chosen + 1)

    def back(self) -> None:
        if self._back is not None:
            self._back()
        else:
            self.shell.show_menu()

    @property
    def _first(self) -> int:
        """The first row shown: pages of the layout's rows, the chosen one always in view."""
        rows = self.layout.list_rows
        return (self.chosen // rows) * rows

    def _show(self) -> None:
        done, total = self.progress
        if self.error:
            self.status.text = self.error
        elif self.analysis is None:
            self.status.text = words.progress_text(done, total)
        else:
            self.status.text = ""
        first = self._first
        compact = self.layout is COMPACT
        for number, row in enumerate(self.rows):
            index = first + number
            row.shown = index < len(self.mistakes)
            row.chosen = index == self.chosen
            decision = self.mistakes[index] if row.shown else None
            row.text.text = "" if decision is None else words.mistake_row(decision, self.record, compact)
            if decision is not None:
                row.text.color = MARK_COLOURS[decision.mark]
                row.dot = LINE_COLOURS[decision.player] if compact else None
        has = bool(self.mistakes)
        self.previous_button.enabled = has and self.chosen > 0
        self.next_button.enabled = has and self.chosen < len(self.mistakes) - 1
        self.request_redraw()

    def _show_mistake(self) -> None:
        decision = self.mistake
        if decision is None:
            return
        compact = self.layout is COMPACT
        self.where.text = words.chosen_text(decision, self.record, compact)
        played = next((i for i, p in enumerate(decision.ranked) if p.text == decision.action), None)
        self.board_labels[0].text = words.played_text(decision, compact, ranked=played is not None)
        self.board_labels[0].color = theme.ACCENT if compact else theme.TEXT  # as its ranked row
        self.board_labels[1].text = words.best_text(decision, compact)
        self.boards.clear()
        for dx, state in zip((-BOARD_DX, BOARD_DX), self._afters(decision), strict=True):
            self._add_board(state, RIGHT_X + dx, decision.player)
        rows = hint_rows(decision.state, decision.ranked, self.record.rules)
        shown = list(range(len(self.ranked)))
        if played is not None and played >= len(shown):
            shown[-1] = played  # the play made always shows, in place of the last one that has room
        for index, label, chances in zip(shown, self.ranked, self.ranked_chances, strict=True):
            row = rows[index] if index < len(rows) else None
            label.text = "" if row is None else f"{row.play}   {row.equity}   {row.difference}"
            chances.text = "" if row is None else row.chances
            label.color = theme.ACCENT if index == played else theme.TEXT

    def _afters(self, decision: Decision) -> tuple[State, State]:
        """The positions after the play made and after the best play (before the roll, for the cube)."""
        if decision.kind == "cube":
            return decision.state, decision.state
        made = apply_play(decision.state, parse_play(decision.action))
        best = decision.ranked[0].after if decision.ranked else made
        return made, best

    def _add_board(self, mover_state: State, x: float, player: int) -> None:
        """A small board at (x, the layout's board_y) of a position from `player`'s side, drawn from
        seat 0's."""
        state = mover_state if player == 0 else flip(mover_state)
        scale = BOARD_SCALE * self.pixel_scale
        image = position_image(self.palette, state, scale, numbers=False)
        sprite = arcade.Sprite(
            arcade.Texture(image, hash=f"analysis-{state}-{image.size}"),
            center_x=x,
            center_y=self.layout.board_y,
        )
        sprite.width, sprite.height = image.width / self.pixel_scale, image.height / self.pixel_scale
        self.boards.append(sprite)

    def on_compact_changed(self, compact: bool) -> None:
        """The compact layout on a small window, the full one on a large."""
        self.layout = COMPACT if compact else FULL
        self._place()
        self._fill()
        self._show()

    def on_scale_changed(self) -> None:
        """The boards drawn again at the new resolution (after the layout, which places them)."""
        self._show_mistake()

    # --- input ---

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click on a mistake's mark on the graph chooses it."""
        found = nearest_marker(self.graph.markers, x, y, self.layout.marker_reach)
        if found is not None:
            self.choose(found)

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_PREVIOUS, symbol, modifiers):
            self.previous()
        elif matches(KEY_NEXT, symbol, modifiers):
            self.next()

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
        self._draw_graph()
        for label in (*self.players, self.list_heading, self.graph_heading, *self.axis, *self.legend):
            label.draw()
        if self.mistake is not None:
            self.where.draw()
            self.boards.draw()
            for label in (*self.board_labels, *self.ranked, *self.ranked_chances):
                label.draw()

    def _draw_progress(self) -> None:
        done, total = self.progress
        bar = XYWH(theme.DESIGN_WIDTH / 2, 380, PROGRESS_WIDTH, 14)
        arcade.draw_rect_outline(bar, theme.PANEL_BORDER, 2)
        width = PROGRESS_WIDTH * done / max(1, total)
        if width > 0:
            left = theme.DESIGN_WIDTH / 2 - PROGRESS_WIDTH / 2
            arcade.draw_rect_filled(XYWH(left + width / 2, 380, width, 10), theme.ACCENT)
        self.status.draw()

    def _draw_graph(self) -> None:
        box = self.layout.graph
        arcade.draw_rect_filled(
            XYWH(box.left + box.width / 2, box.bottom + box.height / 2, box.width + 8, box.height + 8),
            theme.BACKGROUND,
        )
        middle = box.bottom + box.height / 2
        arcade.draw_line(box.left, middle, box.left + box.width, middle, theme.PANEL_BORDER, 1)
        for x in self.graph.borders:
            arcade.draw_line(x, box.bottom, x, box.bottom + box.height, theme.PANEL_BORDER, 1)
        for line, colour in zip((self.graph.mirror, self.graph.points), LINE_COLOURS[::-1], strict=True):
            if len(line) > 1:
                arcade.draw_line_strip(line, colour, 2)
        for index, ((x, y), decision) in enumerate(zip(self.graph.markers, self.mistakes, strict=True)):
            colour = MARK_COLOURS[decision.mark]
            radius = 7 if index == self.chosen else 4
            arcade.draw_circle_filled(x, y, radius, colour)
            if index == self.chosen:
                arcade.draw_circle_outline(x, y, radius + 3, theme.TEXT, 2)
