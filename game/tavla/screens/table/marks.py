"""What the table marks on the board for the player: where a dragged checker may go, which checkers
can move, and the hint's arrows. Points are in the numbering of the seat on roll."""

from collections.abc import Iterable

import arcade
from arcade.types import XYWH

from game.tavla.engine.moves import Move
from game.tavla.engine.position import BAR, OFF, State
from game.tavla.screens import layout

Colour = tuple[int, int, int]


def draw_targets(seat: int, points: Iterable[int], colour: Colour) -> None:
    """Light the points (or the tray) a dragged checker of `seat` may be dropped on."""
    for point in points:
        shown = layout.to_display(seat, point)
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


Segment = tuple[tuple[float, float], tuple[float, float]]


def hint_arrows(seat: int, state: State, moves: Iterable[Move]) -> list[Segment]:
    """Where each move of the hinted play starts and ends on the board: from the checker that moves
    (the top of its stack, the bar or a checker an earlier move of the play put there) to the slot it
    lands on. `state` is the turn's start from `seat`'s side; the moves are played in a playable order."""
    counts = {point: max(state[point], 0) for point in range(1, BAR + 1)}
    counts[OFF] = state[OFF]
    segments = []
    for start, end in sorted(moves, reverse=True):
        height = counts[start]
        a = layout.checker_position(seat, layout.to_display(seat, start), height - 1, height)
        counts[start] -= 1
        counts[end] = counts.get(end, 0) + 1
        b = layout.checker_position(seat, layout.to_display(seat, end), counts[end] - 1, counts[end])
        segments.append((a, b))
    return segments


def draw_hint(segments: Iterable[Segment], colour: Colour) -> None:
    """An arrow for each move of the hinted play (see `hint_arrows`)."""
    for a, b in segments:
        arcade.draw_line(a[0], a[1], b[0], b[1], (*colour, 230), 5)
        arcade.draw_circle_filled(b[0], b[1], 9, (*colour, 230))
