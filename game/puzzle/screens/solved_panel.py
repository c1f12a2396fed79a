"""The solved panel and the records on the Fifteen screen: the solve kept (what it improved named), the
best result of this size and picture read, the scramble's fewest moves asked for and kept, and the
panel over the goal with its lines, Play again and Statistics.

A mixin of `PuzzleView` (view.py), which holds the game, the records, the assistant, the
panel's labels and buttons and the toast this uses; the view lays the panel out with `solved_labels`
and the offsets here, and its `_update_hud` writes the panel's lines.
"""

from collections.abc import Sequence

import arcade
from arcade.types import XYWH

from game.core.records import RecordsUnavailable
from game.puzzle.model import stats
from game.puzzle.model.solve_records import Best
from game.puzzle.screens.layout import PANEL_WIDTH, PANEL_X, SOLVED_HEIGHT, SOLVED_PADDING, SOLVED_Y
from game.puzzle.screens.stats_view import StatsView
from game.puzzle.solver.background_solver import Shortest
from game.ui import theme
from game.ui.text import Label, LabelSpec

SOLVED_TEXT_WIDTH = PANEL_WIDTH - 2 * SOLVED_PADDING
SOLVED_LINES = (
    (theme.ACCENT, theme.TITLE_SIZE - 10, True),
    (theme.TEXT, theme.BODY_SIZE + 2, False),
    (theme.TEAL, theme.BODY_SIZE + 2, True),
    (theme.TEAL, theme.BODY_SIZE, False),
    (theme.MUTED, theme.BODY_SIZE, False),
)
"""The solved panel, top down: its heading, the solve (moves, time, pace), the verdict, the records it
names, the optimal length."""
HEADING_OFFSETS = {False: 84, True: 82}
LINES_BANDS = {False: (40, -38), True: (40, -26)}
"""How far above the panel's middle the heading sits, and the highest and lowest line under it; a small
window's larger text needs more room, so there the verdict names one record on its own line and the
solve leaves out the pace."""
LINE_SPACINGS = {False: 27, True: 33}
PANEL_BUTTON_OFFSETS = {False: -82, True: -80}


def solved_labels(compact: bool) -> list[LabelSpec]:
    offsets = [HEADING_OFFSETS[compact], *line_offsets([True] * (len(SOLVED_LINES) - 1), compact)]
    return [
        LabelSpec(PANEL_X, SOLVED_Y + dy, SOLVED_TEXT_WIDTH, colour, size, bold=bold, anchor_x="center")
        for dy, (colour, size, bold) in zip(offsets, SOLVED_LINES, strict=True)
    ]


def line_offsets(shown: Sequence[bool], compact: bool) -> list[float]:
    """How far above the panel's middle each line under the heading sits: the lines with words (`shown`)
    stacked evenly about the band's middle, at most a line's spacing apart, so an empty line leaves no
    gap and a full panel still fits between the heading and the buttons."""
    top, bottom = LINES_BANDS[compact]
    count = sum(shown)
    spacing = min(LINE_SPACINGS[compact], (top - bottom) / max(1, count - 1))
    first = (top + bottom) / 2 + spacing * (count - 1) / 2
    offsets, row = [], 0
    for has_words in shown:
        offsets.append(first - row * spacing)
        row += has_words
    return offsets


def place_solved_lines(labels: Sequence[Label], compact: bool) -> None:
    """Stack the lines under the heading that have words (the heading stays)."""
    lines = labels[1:]
    for label, dy in zip(lines, line_offsets([bool(label.text) for label in lines], compact), strict=True):
        if label.y != SOLVED_Y + dy:
            label.y = SOLVED_Y + dy


PANEL_BUTTON_Y = SOLVED_Y + PANEL_BUTTON_OFFSETS[False]
PANEL_BUTTON_WIDTH = 176
PANEL_BUTTON_OFFSET = 94


class SolvedPanel:
    """The solve kept in the records, and the panel that tells how it went."""

    @property
    def panel_visible(self) -> bool:
        return self.game.solved and not self.animating

    # --- records ---

    def _load_best(self) -> Best | None:
        try:
            return self.records.best(self.game.board.size, self.picture_name, self.picture_key)
        except RecordsUnavailable as error:
            self.show_message(str(error))
            return None

    def _record(self) -> None:
        """Keep the solve (practice and help too: listed, never a best), name what it improved, and ask
        the solver for the scramble's fewest moves."""
        solve = self.game.as_solve(self.picture_name, self.practice)
        try:
            before = self.records.solves(self.game.board.size, self.picture_name, self.picture_key)
        except RecordsUnavailable:
            before = None  # the solve is kept all the same (it waits, or is kept for later)
        try:
            self.outcome = self.records.record_solve(solve, self.picture_key)
            self.best = self.outcome.best
        except RecordsUnavailable as error:  # SolveKept says the solve is kept for later
            self.outcome = None
            self.show_message(str(error))
        else:
            if before is not None:
                self.new_bests = stats.new_bests(stats.compute(before), stats.compute([*before, solve]))
        self.assistant.request_shortest(self.game.start)

    def _keep_optimal(self, shortest: Shortest) -> None:
        if self.outcome is None:
            return
        try:
            self.records.set_optimal(self.outcome.solve_id, shortest.moves, shortest.proven)
        except RecordsUnavailable as error:
            self.show_message(str(error))

    def show_stats(self) -> None:
        """The statistics of this board size and picture, the solve just made among them."""
        self.shell.show_view(StatsView(self.game.board.size, self.picture_name))

    def _draw_solved_panel(self) -> None:
        box = XYWH(PANEL_X, SOLVED_Y, PANEL_WIDTH, SOLVED_HEIGHT)
        arcade.draw_rect_filled(box, theme.BACKGROUND)
        arcade.draw_rect_outline(box, theme.ACCENT, 2)
        for text in self.panel_texts:
            text.draw()
        for button in self.panel_buttons:
            button.draw()
