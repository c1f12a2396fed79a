"""The players' figures on the analysis screen, as a table like GNU Backgammon's statistics: a row per
figure, its units named in the first column, a column per player headed by the player's name in the
colour of the player's line; the words are captions.py's `figure_rows`, the same figures and units as
the `analyse` report's."""

import arcade

from game.tavla.analysis.decisions import MatchAnalysis
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.geometry import COLUMN_WIDTH, LEFT_X, LINE_COLOURS, Layout
from game.ui import theme
from game.ui.text import Label

ROWS = 8
"""The most rows (with the cube); a match without it, or a small window, fills fewer."""


def _label(x: float, y: float, colour: tuple[int, ...], width: float, bold: bool = False) -> Label:
    return Label("", x, y, colour, theme.SMALL_SIZE - 1, box_width=width, anchor_y="center", bold=bold)


class FiguresTable:
    """The header of names and the rows of figures, laid out for a Layout."""

    def __init__(self) -> None:
        self.unit = _label(0, 0, theme.MUTED, 1)
        self.names: list[Label] = []
        self.rows: list[tuple[Label, Label, Label]] = []
        self.shown = 0
        self.at: Layout | None = None

    @property
    def labels(self) -> list[Label]:
        return [self.unit, *self.names, *(label for row in self.rows for label in row)]

    def place(self, at: Layout) -> None:
        """Labels for the layout's rows and columns (empty until `fill`)."""
        self.at = at
        left = LEFT_X - COLUMN_WIDTH / 2
        cell = (COLUMN_WIDTH - at.label_width) / 2
        xs = (left + at.label_width, left + at.label_width + cell)
        self.unit = _label(left, at.figures_top, theme.MUTED, at.label_width - 8)
        self.names = [
            _label(x, at.figures_top, colour, cell - 8, bold=True)
            for x, colour in zip(xs, LINE_COLOURS, strict=True)
        ]
        self.rows = []
        for index in range(ROWS):
            y = at.figures_top - at.figures_row * (index + 1)
            self.rows.append(
                (
                    _label(left, y, theme.MUTED, at.label_width - 8),
                    _label(xs[0], y, theme.TEXT, cell - 8),
                    _label(xs[1], y, theme.TEXT, cell - 8),
                )
            )

    def fill(self, analysis: MatchAnalysis, compact: bool) -> None:
        """The figures; on a small window the names (long at its size) give way to the players' colours,
        which the graph's legend names."""
        self.unit.text = words.figures_unit(analysis.emg, compact)
        for label, summary in zip(self.names, analysis.players, strict=True):
            label.text = "" if compact else words.shown_name(summary.name)
        for _label_cell, *cells in self.rows:
            for cell, colour in zip(cells, LINE_COLOURS, strict=True):
                cell.color = colour if compact else theme.TEXT
        rows = words.figure_rows(analysis.players, analysis.emg, analysis.cube, compact)
        self.shown = min(len(rows), len(self.rows))
        for index, labels in enumerate(self.rows):
            row = rows[index] if index < len(rows) else None
            texts = ("", "", "") if row is None else (row.label, *row.cells)
            for label, text in zip(labels, texts, strict=True):
                label.text = text
        for seat, summary in enumerate(analysis.players):
            if not summary.decisions and self.rows:
                self.rows[0][seat + 1].text = words.no_decisions_text()

    def draw(self) -> None:
        at = self.at
        if at is None:
            return
        left = LEFT_X - COLUMN_WIDTH / 2
        for index in range(0, self.shown, 2):  # a band under every other row, as a table reads
            y = at.figures_top - at.figures_row * (index + 1)
            arcade.draw_lrbt_rectangle_filled(
                left - 6,
                left + COLUMN_WIDTH + 6,
                y - at.figures_row / 2,
                y + at.figures_row / 2,
                theme.BACKGROUND,
            )
        for label in self.labels:
            label.draw()
