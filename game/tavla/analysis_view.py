"""The analysis screen: a played match judged move by move (in a thread, with its progress), the first
player's chance of winning drawn over the match with the mistakes marked, the mistakes worst first, and
for the one chosen the position after the play made beside the one after the best play, and the ranking.

The judging is game/tavla/analysis_match.py's, the words analysis_captions', the graph's geometry
analysis_graph's and the boards' pictures analysis_board's; a click on a row or on a mark on the graph
chooses a mistake, ↑ ↓ (or Previous / Next) step through them.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable

import arcade
from arcade import key
from arcade.types import XYWH

from game.config import rgb
from game.errors import UserError
from game.tavla import analysis_captions as words
from game.tavla import layout
from game.tavla.analysis import Decision, Mark, MatchAnalysis
from game.tavla.analysis_board import position_image
from game.tavla.analysis_graph import Graph, GraphBox, graph, nearest_marker
from game.tavla.analysis_match import analyse_match
from game.tavla.board_art import Palette
from game.tavla.match_record import MatchRecord
from game.tavla.moves import apply_play
from game.tavla.notation import parse_play
from game.tavla.position import State, flip
from game.tavla.table.hint_captions import hint_rows
from game.tavla.table.opponent import run_in_thread
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

KEY_PREVIOUS = [key.UP, key.LEFT]
KEY_NEXT = [key.DOWN, key.RIGHT]


def _label(
    x: float, y: float, colour: tuple[int, int, int], size: float, width: float, **kw: object
) -> Label:
    return Label("", x, y, colour, size, box_width=width, anchor_y="center", **kw)  # type: ignore[arg-type]


class _Row(Button):
    """A row of a list: left-aligned text, a click chooses it, lit when chosen."""

    def __init__(self, x: float, y: float, width: float, on_click: Callable[[], None]) -> None:
        super().__init__("", Rect(x, y, width, LIST_ROW - 2), on_click)
        self.text = _label(x - width / 2 + 8, y, theme.TEXT, theme.SMALL_SIZE, width - 16)
        self.chosen = False
        self.shown = False

    def draw(self) -> None:
        if not self.shown:
            return
        r = self.rect
        if self.chosen or self.hovered:
            arcade.draw_rect_filled(
                XYWH(r.x, r.y, r.width, r.height), CHOSEN if self.chosen else theme.BUTTON
            )
        self.text.draw()

    def on_mouse_press(self, x: float, y: float) -> bool:
        return self.shown and super().on_mouse_press(x, y)


class AnalysisView(SceneView):
    """The analysis of `record`; `back` (default: the menu) is where Back and Esc lead."""

    def __init__(self, record: MatchRecord, back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.record = record
        self._back = back
        colours = self.game_window.settings.tavla.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self.analysis: MatchAnalysis | None = None
        self.mistakes: list[Decision] = []
        self.chosen = 0
        self.graph = Graph([], [], [], [])
        self.progress = (0, max(1, len(record.games)))
        self.error = ""
        self.boards = arcade.SpriteList()
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
        self.graph_heading = _label(
            left,
            GRAPH.bottom + GRAPH.height + 18,
            theme.MUTED,
            theme.SMALL_SIZE,
            COLUMN_WIDTH - 2 * LEGEND_WIDTH,
        )
        self.axis = [
            _label(
                GRAPH.left - 8,
                GRAPH.bottom + GRAPH.height * value,
                theme.MUTED,
                theme.SMALL_SIZE - 1,
                50,
                anchor_x="right",
            )
            for value in (0.0, 0.5, 1.0)
        ]
        for label, text in zip(self.axis, ("0%", "50%", "100%"), strict=True):
            label.text = text
        self.legend = [
            _label(
                GRAPH.left + GRAPH.width - LEGEND_WIDTH * (1 - i),
                GRAPH.bottom + GRAPH.height + 18,
                colour,
                theme.SMALL_SIZE - 1,
                LEGEND_WIDTH - 6,
                anchor_x="right",
            )
            for i, colour in enumerate(LINE_COLOURS)
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
        self.rows = [
            _Row(LEFT_X, LIST_TOP - LIST_ROW * (i + 1), COLUMN_WIDTH, lambda i=i: self.choose_row(i))
            for i in range(LIST_ROWS)
        ]
        right = RIGHT_X - COLUMN_WIDTH / 2
        self.where = _label(right, TITLE_Y - 48, theme.ACCENT, theme.BODY_SIZE, COLUMN_WIDTH, bold=True)
        self.board_labels = [
            Label(
                "",
                RIGHT_X + dx,
                BOARD_Y + 132,
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
        self.ranked = [
            _label(right, RANKED_TOP - RANKED_ROW * i, theme.TEXT, theme.SMALL_SIZE, COLUMN_WIDTH)
            for i in range(6)
        ]
        self.ranked_chances = [
            _label(
                right + 24, RANKED_TOP - RANKED_ROW * i - 15, theme.MUTED, theme.SMALL_SIZE - 1, COLUMN_WIDTH
            )
            for i in range(6)
        ]
        self.previous_button = Button(
            words.previous_label(), Rect(LEFT_X - 200, BUTTON_Y, 180, 44), self.previous
        )
        self.next_button = Button(
            words.next_label(), Rect(LEFT_X, BUTTON_Y, 180, 44), self.next, primary=True
        )
        self.back_button = Button(words.back_label(), Rect(RIGHT_X + 200, BUTTON_Y, 180, 44), self.back)
        self.buttons = [*self.rows, self.previous_button, self.next_button, self.back_button]
        self.future: concurrent.futures.Future | None = run_in_thread(
            "tavla-analysis", analyse_match, record, None, "expert", None, self._progress
        )
        self._show()

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
        self.graph = graph(analysis, GRAPH, self.mistakes)
        self.graph_heading.text = words.graph_heading()
        for label, summary in zip(self.players, analysis.players, strict=True):
            label.text = words.player_text(summary)
        self.list_heading.text = words.mistakes_heading(len(self.mistakes))
        self.choose(0)

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
            self.game_window.show_menu()

    @property
    def _first(self) -> int:
        """The first row shown: pages of LIST_ROWS, the chosen one always in view."""
        return (self.chosen // LIST_ROWS) * LIST_ROWS

    def _show(self) -> None:
        done, total = self.progress
        if self.error:
            self.status.text = self.error
        elif self.analysis is None:
            self.status.text = words.progress_text(done, total)
        else:
            self.status.text = ""
        first = self._first
        for number, row in enumerate(self.rows):
            index = first + number
            row.shown = index < len(self.mistakes)
            row.chosen = index == self.chosen
            row.text.text = words.mistake_row(self.mistakes[index], self.record) if row.shown else ""
            if row.shown:
                row.text.color = MARK_COLOURS[self.mistakes[index].mark]
        has = bool(self.mistakes)
        self.previous_button.enabled = has and self.chosen > 0
        self.next_button.enabled = has and self.chosen < len(self.mistakes) - 1
        self.request_redraw()

    def _show_mistake(self) -> None:
        decision = self.mistake
        if decision is None:
            return
        name = words.shown_name(self.record.names[decision.player])
        self.where.text = f"{words.where_text(decision)} · {name}"
        self.board_labels[0].text = words.played_text(decision)
        self.board_labels[1].text = words.best_text(decision)
        self.boards.clear()
        for dx, state in zip((-BOARD_DX, BOARD_DX), self._afters(decision), strict=True):
            self._add_board(state, RIGHT_X + dx, decision.player)
        rows = hint_rows(decision.state, decision.ranked, self.record.rules)
        played = next((i for i, p in enumerate(decision.ranked) if p.text == decision.action), None)
        for index, (label, chances) in enumerate(zip(self.ranked, self.ranked_chances, strict=True)):
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
        """A small board at (x, BOARD_Y) of a position from `player`'s side, drawn from seat 0's."""
        state = mover_state if player == 0 else flip(mover_state)
        scale = BOARD_SCALE * self.pixel_scale
        image = position_image(self.palette, state, scale, numbers=False)
        sprite = arcade.Sprite(
            arcade.Texture(image, hash=f"analysis-{state}-{image.size}"), center_x=x, center_y=BOARD_Y
        )
        sprite.width, sprite.height = image.width / self.pixel_scale, image.height / self.pixel_scale
        self.boards.append(sprite)

    def on_scale_changed(self) -> None:
        self._show_mistake()

    # --- input ---

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click on a mistake's mark on the graph chooses it."""
        found = nearest_marker(self.graph.markers, x, y, MARKER_REACH)
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
        box = GRAPH
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
