"""What the table marks on the board for the player: where a dragged checker may go, which checkers
can move, the hint's arrows, the computer's last play, and a judged play's arrows in its verdict's
colour (verdict.py). Points are in the numbering of the seat on roll."""

import math
from collections.abc import Iterable

import arcade
from arcade.types import XYWH

from game.tavla.engine.variant import Variant
from game.tavla.screens import layout
from game.tavla.screens.table.last_play import PlayMarks

Colour = tuple[int, int, int]
SHADOW = (0, 0, 0, 110)


def draw_targets(seat: int, points: Iterable[int], colour: Colour, variant: Variant) -> None:
    """Light the points (or the tray) a dragged checker of `seat` may be dropped on."""
    for point in points:
        shown = layout.to_display(seat, point, variant)
        if shown == layout.OFF_POINT:
            height = layout.INNER_TOP - layout.INNER_BOTTOM
            rect = XYWH(layout.TRAY_X, layout.MIDDLE_Y, layout.TRAY_WIDTH, height)
            arcade.draw_rect_filled(rect, (*colour, 110))
            continue
        shape = layout.point_shape(shown)
        half = layout.POINT_WIDTH / 2
        arcade.draw_triangle_filled(
            shape.x - half, shape.base_y, shape.x + half, shape.base_y, shape.x, shape.tip_y, (*colour, 110)
        )


def draw_movable(tops: Iterable[tuple[float, float]], colour: Colour) -> None:
    """Ring the top checkers (at `tops`) that can be moved."""
    for x, y in tops:
        arcade.draw_circle_outline(x, y, layout.CHECKER / 2 + 1, (*colour, 200), 3)


Segment = layout.Segment
hint_arrows = layout.move_segments  # the hinted play's arrows: (seat, start, moves, variant)


def draw_hint(segments: Iterable[Segment], colour: Colour) -> None:
    """An arrow for each move of the hinted play (see `hint_arrows`)."""
    for a, b in segments:
        arcade.draw_line(a[0], a[1], b[0], b[1], (*colour, 230), 5)
        arcade.draw_circle_filled(b[0], b[1], 9, (*colour, 230))


HEAD_LENGTH = 18
HEAD_WIDTH = 16
ORIGIN_ALPHA = 130
VERDICT_SHADOW = (0, 0, 0, 170)
"""Under a verdict's arrow: darker than the last play's, a yellow or a green arrow crossing a light
point stays apart from it."""


def draw_last_play(marks: PlayMarks, colour: Colour, checker: Colour) -> None:
    """The computer's last play (see last_play.py): a faded checker (`checker`, its colour) where each
    of its checkers stood, an arrow along each one's path with its head at the rim of the checker that
    landed, a ring on that checker and on each checker it hit."""
    radius = layout.CHECKER / 2
    for x, y in marks.origins:
        arcade.draw_circle_filled(x, y, radius - 3, (*checker, ORIGIN_ALPHA))
        arcade.draw_circle_outline(x, y, radius - 3, (*colour, 230), 2)
    draw_arrows(marks, colour)
    for x, y in (*marks.landings, *marks.hit):
        arcade.draw_circle_outline(x, y, radius + 1, SHADOW, 6)
        arcade.draw_circle_outline(x, y, radius + 1, (*colour, 235), 3)


def draw_verdict(marks: PlayMarks, colour: Colour, scale: float = 1.0) -> None:
    """A judged play's arrows in its verdict's colour, each over a dark shadow that keeps it apart from
    the light and the dark points and the felt; `scale`: on a board drawn that much smaller."""
    draw_arrows(marks, colour, scale, VERDICT_SHADOW, shaded_heads=True)


def draw_arrows(
    marks: PlayMarks,
    colour: Colour,
    scale: float = 1.0,
    shadow: tuple[int, ...] = SHADOW,
    shaded_heads: bool = False,
) -> None:
    """An arrow along each checker's path of `marks`, its head at the rim of the checker that landed
    (`shaded_heads`: with the shaft's shadow under the head too)."""
    radius = layout.CHECKER / 2 * scale
    heads = set(marks.heads)
    # on a small board the arrows keep a readable width and head
    width = max(3.0, 4 * scale)
    length_of_head, width_of_head = max(11.0, HEAD_LENGTH * scale), max(10.0, HEAD_WIDTH * scale)
    for a, b in marks.arrows:
        length = math.dist(a, b)
        if length < 1:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        end = (b[0] - ux * radius, b[1] - uy * radius) if (a, b) in heads else b
        arcade.draw_line(a[0], a[1], end[0], end[1], shadow, width * 2)
        arcade.draw_line(a[0], a[1], end[0], end[1], (*colour, 235), width)
        if (a, b) in heads:
            back = (end[0] - ux * length_of_head, end[1] - uy * length_of_head)
            side = (-uy * width_of_head / 2, ux * width_of_head / 2)
            corners = (back[0] + side[0], back[1] + side[1], back[0] - side[0], back[1] - side[1])
            if shaded_heads:
                arcade.draw_triangle_filled(end[0] + ux * 2, end[1] + uy * 2, *corners, shadow)
            arcade.draw_triangle_filled(end[0], end[1], *corners, colour)
