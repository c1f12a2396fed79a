"""The coach on the Fifteen screen: the Coach button turns it on and off; while it is on, the picture
of the goal gives way to the coach's sentence, the tile of the current goal is outlined in orange and
its square in teal, and the next moves are arrows on the tiles, the first the brightest. At the end it
says how the player's moves compare with the fewest (the solved panel's figure).
"""

import math

import arcade
from arcade.types import XYWH

from game.core.text.i18n import _
from game.puzzle.model.coach import Coach, verdict
from game.puzzle.screens.layout import PANEL_WIDTH, PANEL_X, THUMBNAIL_SIZE, THUMBNAIL_Y, TILE_GAP
from game.ui import theme
from game.ui.text import LabelSpec

COACH_COLOUR = (240, 170, 80)
GOAL_COLOUR = (91, 192, 190)
ARROW_ALPHAS = (240, 150, 90)
SENTENCE = LabelSpec(
    PANEL_X,
    THUMBNAIL_Y,
    PANEL_WIDTH - 20,
    theme.TEXT,
    theme.BODY_SIZE,
    box_height=THUMBNAIL_SIZE + 20,
    anchor_x="center",
    align="center",
)
VERDICT_SECONDS = 30.0


class CoachFlow:
    """The coach's part of the Fifteen screen."""

    coach: Coach | None = None
    _verdict_said = False

    def coach_button_label(self) -> str:
        if self.coach is None:
            # Translators: button: the coach shows how to solve the puzzle step by step.
            return _("Coach")
        # Translators: button: turn the coach off.
        return _("Coach off")

    def toggle_coach(self) -> None:
        """Coach: on, from the board as it is (a coached solve counts as assisted), or off."""
        if self.coach is not None:
            self.coach = None
        elif not self.game.solved:
            self.game.mark_assisted()
            self.coach = Coach(self.game.board)
            self._verdict_said = False
        self._show_coach()

    def _show_coach(self) -> None:
        coaching = self.coach is not None
        self.coach_button.label = self.coach_button_label()
        text = self.coach.sentence() if coaching and not self.game.solved else ""
        if self.coach_text.text != text:
            self.coach_text.text = text
        self.request_redraw()

    def _poll_coach(self) -> None:
        """After the player's moves: the plan follows the board; at the end the verdict, once."""
        coach = self.coach
        if coach is None:
            return
        if coach.board != self.game.board:
            coach.follow(self.game.board)
            self._show_coach()
        if self.game.solved and not self._verdict_said and not self.assistant.measuring:
            shortest = self.shortest
            best = shortest.moves if shortest is not None else None
            self.show_message(
                verdict(self.game.moves, best, bool(shortest and shortest.proven)), VERDICT_SECONDS
            )
            self._verdict_said = True

    def _draw_coach(self) -> None:
        """The goal's squares outlined and the next moves as arrows, over the tiles."""
        coach = self.coach
        if coach is None or self.game.solved or self.animating:
            return
        size = self.tile_size - TILE_GAP
        board = self.game.board
        for goal in coach.goals:
            here = board.cell_of(goal.tile) if goal.tile else board.empty_cell
            if here != goal.cell:  # the tile to move (orange), and its goal square (teal)
                x, y = self.cell_centre(here)
                arcade.draw_rect_outline(XYWH(x, y, size - 2, size - 2), (*COACH_COLOUR, 255), 4)
            x, y = self.cell_centre(goal.cell)
            arcade.draw_rect_outline(XYWH(x, y, size - 6, size - 6), (*GOAL_COLOUR, 255), 5)
        for arrow, alpha in zip(coach.arrows, ARROW_ALPHAS, strict=False):
            _draw_arrow(self.cell_centre(arrow.source), self.cell_centre(arrow.target), size, alpha)


ARROW_SPAN = (0.3, 0.7)
"""Where a coach's arrow runs, in fractions of the way from the tile's centre to its target's: across
the edge between them, clear of the tile's number (a two-digit one reaches about 0.25 from the centre)
and of the number of a tile still in the target square."""


def _draw_arrow(start: tuple[float, float], end: tuple[float, float], size: float, alpha: int) -> None:
    """A thick arrow across the edge between a tile and the square it slides into, so that neither
    number is drawn over."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    near, far = ARROW_SPAN
    tail = (start[0] + ux * length * near, start[1] + uy * length * near)
    tip = (start[0] + ux * length * far, start[1] + uy * length * far)
    base = (tip[0] - ux * size * 0.22, tip[1] - uy * size * 0.22)
    wing = size * 0.14
    colour = (*COACH_COLOUR, alpha)
    arcade.draw_line(tail[0], tail[1], base[0], base[1], colour, max(3.0, size * 0.07))
    arcade.draw_triangle_filled(
        tip[0],
        tip[1],
        base[0] - uy * wing,
        base[1] + ux * wing,
        base[0] + uy * wing,
        base[1] - ux * wing,
        colour,
    )
