"""The analysis screen's graph, drawn: the heading and the legend, the axis in percent, each game's span
with its label (the game's number and the score before it, the number alone where the span is narrow),
the move numbers along the axis, both players' lines, the mistakes' marks and a line at the decision
chosen. The geometry is graph.py's, the words captions.py's."""

from collections.abc import Sequence

import arcade

from game.tavla.analysis.decisions import Decision, MatchAnalysis
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.geometry import COLUMN_WIDTH, LEFT_X, LEGEND_WIDTH, LINE_COLOURS, Layout
from game.tavla.screens.analysis.graph import EMPTY, Graph, game_labels, graph, series_index
from game.ui import theme
from game.ui.text import Label

MARK_COLOURS = {"doubtful": (255, 209, 102), "bad": theme.ACCENT, "very bad": (230, 80, 70)}
TICK_ROOM = 26
"""The least room between two move numbers along the axis."""


def _label(
    x: float, y: float, colour: tuple[int, int, int], size: float, width: float, **kw: object
) -> Label:
    return Label("", x, y, colour, size, box_width=width, anchor_y="center", **kw)  # type: ignore[arg-type]


def mark_colour(decision: Decision) -> tuple[int, int, int]:
    return MARK_COLOURS.get(decision.mark.value, theme.TEXT)


class GraphPanel:
    """The graph of a match's analysis and its words, laid out for a Layout."""

    def __init__(self, names: Sequence[str]) -> None:
        left = LEFT_X - COLUMN_WIDTH / 2
        self.heading = _label(left, 0, theme.MUTED, theme.SMALL_SIZE, COLUMN_WIDTH - 2 * LEGEND_WIDTH)
        self.axis = [_label(0, 0, theme.MUTED, theme.SMALL_SIZE - 1, 50, anchor_x="right") for _ in range(3)]
        for label, text in zip(self.axis, ("0%", "50%", "100%"), strict=True):
            label.text = text
        self.legend = [
            _label(0, 0, colour, theme.SMALL_SIZE - 1, 0, anchor_x="right") for colour in LINE_COLOURS
        ]
        for label, name in zip(self.legend, names, strict=True):
            label.text = words.shown_name(name)
        self.games: list[Label] = []
        self.runs: list[Label] = []
        """The games' labels over games too short for their number: drawn on the background, the
        border lines under them."""
        self.ticks: list[Label] = []
        self.drawn: Graph = EMPTY
        self.analysis: MatchAnalysis | None = None
        self.at: Layout | None = None

    @property
    def labels(self) -> list[Label]:
        return [self.heading, *self.axis, *self.legend, *self.games, *self.ticks]

    def place(self, at: Layout, compact: bool) -> None:
        """The heading, axis and legend where the layout has them (the games' and moves' labels follow
        the analysis, in `fill`)."""
        self.at = at
        box = at.graph
        self.heading.position = (self.heading.x, at.legend_y)
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

    def fill(self, analysis: MatchAnalysis, mistakes: list[Decision], compact: bool, smallest: float) -> None:
        """The lines, the marks of `mistakes`, the games' labels (at least `smallest` in size) and the move
        numbers."""
        at = self.at
        assert at is not None
        self.analysis = analysis
        box = at.graph
        self.drawn = graph(analysis, box, mistakes)
        self.heading.text = "" if compact else words.graph_heading(analysis.emg)
        size = theme.SMALL_SIZE - 2
        self.games = self._game_labels(analysis, compact, smallest, size)
        self.ticks = []
        if at.ticks:
            last = -1e9
            for x, number in self.drawn.ticks:
                if x - last < TICK_ROOM:
                    continue
                label = _label(x, box.bottom - 11, theme.MUTED, size, TICK_ROOM, anchor_x="center")
                label.keep_readable(smallest)
                label.text = str(number)
                self.ticks.append(label)
                last = x

    def _game_labels(
        self, analysis: MatchAnalysis, compact: bool, smallest: float, size: float
    ) -> list[Label]:
        """Each game's label over its span, none over another (graph.game_labels): the game's number
        and the score before it, or the number alone where that does not fit (always on a small
        window); games too short for their number share one label."""
        assert self.at is not None
        box = self.at.graph
        probe = _label(0, 0, theme.MUTED, size, box.width)
        probe.keep_readable(smallest)

        def measure(text: str) -> float:
            probe.text = text
            return probe.content_width

        texts = []
        for number in range(1, len(self.drawn.spans) + 1):
            score = analysis.record.games[number - 1].score if analysis.emg else None
            short = words.game_label(number, score, short=True)
            texts.append((short,) if compact else (words.game_label(number, score), short))
        placed = game_labels(self.drawn.spans, texts, words.games_run_label, measure)
        labels = []
        self.runs = []
        for game in placed:
            width = measure(game.text) + 1
            label = _label(game.left, box.bottom + box.height - 9, theme.MUTED, size, width)
            label.keep_readable(smallest)
            label.text = game.text
            labels.append(label)
            if game.crowded:
                self.runs.append(label)
        return labels

    def cursor(self, decision: Decision | None) -> float | None:
        """The x of the chosen decision's turn on the graph."""
        if decision is None or self.analysis is None or not self.drawn.points:
            return None
        return self.drawn.points[series_index(self.analysis, decision)][0]

    def draw(self, mistakes: list[Decision], chosen: Decision | None) -> None:
        at = self.at
        assert at is not None
        box = at.graph
        arcade.draw_lrbt_rectangle_filled(
            box.left - 4,
            box.left + box.width + 4,
            box.bottom - 4,
            box.bottom + box.height + 4,
            theme.BACKGROUND,
        )
        top = box.bottom + box.height
        middle = box.bottom + box.height / 2
        arcade.draw_line(box.left, middle, box.left + box.width, middle, theme.PANEL_BORDER, 1)
        for x in self.drawn.borders:
            arcade.draw_line(x, box.bottom - 4, x, top + 4, theme.MUTED, 1)
        for x, _number in self.drawn.ticks:
            arcade.draw_line(x, box.bottom - 4, x, box.bottom, theme.PANEL_BORDER, 1)
        cursor = self.cursor(chosen)
        if cursor is not None:
            arcade.draw_line(cursor, box.bottom, cursor, top, theme.PANEL_BORDER, 2)
        for line, colour in zip((self.drawn.mirror, self.drawn.points), LINE_COLOURS[::-1], strict=True):
            if len(line) > 1:
                arcade.draw_line_strip(line, colour, 2)
        for (x, y), decision in zip(self.drawn.markers, mistakes, strict=True):
            picked = decision is chosen
            radius = 7 if picked else 4
            arcade.draw_circle_filled(x, y, radius, mark_colour(decision))
            if picked:
                arcade.draw_circle_outline(x, y, radius + 3, theme.TEXT, 2)
        for label in self.runs:
            half = label.content_height / 2
            arcade.draw_lrbt_rectangle_filled(
                label.x - 2,
                label.x + label.content_width + 2,
                label.y - half,
                label.y + half,
                theme.BACKGROUND,
            )
        for label in self.labels:
            label.draw()
