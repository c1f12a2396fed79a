"""Where things sit on the drawn backgammon table, in the scene's logical coordinates.

Pure geometry, no Arcade: the view asks it where to draw a checker and what lies under the mouse,
and tests can check it without a window. Points are numbered from the side of the player at the
bottom (seat 0): 1-6 bottom right (their home), 7-12 bottom left, 13-18 top left, 19-24 top right.
Seat 0 bears off into the right tray's lower half, seat 1 into its upper half.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.tavla.engine.variant import Variant

BOARD_LEFT = 30
BOARD_BOTTOM = 46
FRAME = 16
POINT_WIDTH = 62
BAR_WIDTH = 64
TRAY_WIDTH = 74
TRAY_GAP = 14
INNER_HEIGHT = 676
POINT_HEIGHT = 272
CHECKER = 56
MAX_SPREAD = 5
TRAY_SLAB = 12
SLAB_WIDTH = TRAY_WIDTH - 16
SLAB_HEIGHT = TRAY_SLAB - 2

HALF_WIDTH = 6 * POINT_WIDTH
INNER_LEFT = BOARD_LEFT + FRAME
INNER_BOTTOM = BOARD_BOTTOM + FRAME
INNER_TOP = INNER_BOTTOM + INNER_HEIGHT
LEFT_HALF = (INNER_LEFT, INNER_LEFT + HALF_WIDTH)
BAR_SPAN = (LEFT_HALF[1], LEFT_HALF[1] + BAR_WIDTH)  # the bar's x-range
RIGHT_HALF = (BAR_SPAN[1], BAR_SPAN[1] + HALF_WIDTH)
TRAY = (RIGHT_HALF[1] + TRAY_GAP, RIGHT_HALF[1] + TRAY_GAP + TRAY_WIDTH)
BOARD_RIGHT = TRAY[1] + FRAME
BOARD_TOP = INNER_TOP + FRAME
MIDDLE_Y = (INNER_BOTTOM + INNER_TOP) / 2
BAR_X = (BAR_SPAN[0] + BAR_SPAN[1]) / 2
TRAY_X = (TRAY[0] + TRAY[1]) / 2

BAR_POINT = 25
OFF_POINT = 0


@dataclass(frozen=True)
class PointShape:
    """A triangle: its base centre, its tip's height above or below the base, and which way it points."""

    x: float
    base_y: float
    tip_y: float
    up: bool


def point_x(point: int) -> float:
    """Centre x of a point's column (seat 0's numbering, 1-24)."""
    if 1 <= point <= 6:
        return RIGHT_HALF[1] - (point - 0.5) * POINT_WIDTH
    if 7 <= point <= 12:
        return LEFT_HALF[1] - (point - 6.5) * POINT_WIDTH
    if 13 <= point <= 18:
        return LEFT_HALF[0] + (point - 12.5) * POINT_WIDTH
    if 19 <= point <= 24:
        return RIGHT_HALF[0] + (point - 18.5) * POINT_WIDTH
    raise ValueError(f"no point {point}")


def point_shape(point: int) -> PointShape:
    bottom = point <= 12
    base = INNER_BOTTOM if bottom else INNER_TOP
    tip = base + POINT_HEIGHT if bottom else base - POINT_HEIGHT
    return PointShape(point_x(point), base, tip, bottom)


def _spread(count: int, room: float) -> float:
    """Distance between stacked checkers: touching up to MAX_SPREAD, then squeezed into `room`."""
    if count <= MAX_SPREAD:
        return CHECKER
    return (room - CHECKER) / (count - 1)


def checker_position(seat: int, point: int, index: int, count: int) -> tuple[float, float]:
    """Centre of the `index`-th checker (0 = at the base) of `count` on a point, the bar or the tray.

    `point` is in seat 0's numbering; BAR_POINT and OFF_POINT mean `seat`'s bar and tray.
    """
    if point == BAR_POINT:
        step = _spread(count, POINT_HEIGHT - 40)
        direction = 1 if seat == 0 else -1
        return BAR_X, MIDDLE_Y + direction * (CHECKER * 0.9 + index * step)
    if point == OFF_POINT:
        if seat == 0:
            return TRAY_X, INNER_BOTTOM + 10 + (index + 0.5) * TRAY_SLAB
        return TRAY_X, INNER_TOP - 10 - (index + 0.5) * TRAY_SLAB
    shape = point_shape(point)
    step = _spread(count, POINT_HEIGHT)
    offset = CHECKER / 2 + index * step
    return shape.x, shape.base_y + offset if shape.up else shape.base_y - offset


def location_at(x: float, y: float) -> int | None:
    """What lies under (x, y): a point 1-24 (seat 0's numbering), BAR_POINT, OFF_POINT (the tray), or None.

    A whole half-column counts as its point, not just the triangle, so drops need no precision.
    """
    if not (INNER_BOTTOM <= y <= INNER_TOP):
        return None
    if TRAY[0] - TRAY_GAP / 2 <= x <= TRAY[1]:
        return OFF_POINT
    if BAR_SPAN[0] <= x <= BAR_SPAN[1]:
        return BAR_POINT
    for low, high in (LEFT_HALF, RIGHT_HALF):
        if low <= x < high:
            column = int((x - low) // POINT_WIDTH)
            top = y > MIDDLE_Y
            if low == RIGHT_HALF[0]:
                return 19 + column if top else 6 - column
            return 13 + column if top else 12 - column
    return None


def to_display(seat: int, point: int, variant: Variant) -> int:
    """A point in `seat`'s own numbering as seat 0 sees it in `variant`'s game (backgammon mirrors the
    numbers, Fevga turns them by half the board); bar and off stay as they are."""
    if seat == 0 or point in (BAR_POINT, OFF_POINT):
        return point
    return variant.their_point(point)


def from_display(seat: int, point: int, variant: Variant) -> int:
    """The inverse of `to_display` (the games' numberings are their own inverses)."""
    return to_display(seat, point, variant)


Segment = tuple[tuple[float, float], tuple[float, float]]


def move_segments(
    seat: int, state: Sequence[int], moves: Iterable[tuple[int, int]], variant: Variant
) -> list[Segment]:
    """Where each move of a play starts and ends on the board: from the checker that moves (the top of
    its stack, the bar or a checker an earlier move of the play put there) to the slot it lands on.
    `state` is the play's start from `seat`'s side (28 integers: 25 the bar, 0 off); the moves are
    played in a playable order, highest first."""
    counts = {point: max(state[point], 0) for point in range(1, BAR_POINT + 1)}
    counts[OFF_POINT] = state[OFF_POINT]
    segments = []
    for start, end in sorted(moves, reverse=True):
        height = counts[start]
        a = checker_position(seat, to_display(seat, start, variant), height - 1, height)
        counts[start] -= 1
        counts[end] = counts.get(end, 0) + 1
        b = checker_position(seat, to_display(seat, end, variant), counts[end] - 1, counts[end])
        segments.append((a, b))
    return segments
