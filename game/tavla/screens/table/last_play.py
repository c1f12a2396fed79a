"""The computer's last play, window-free: which play it is, and where its marks go on the board.

Once its checkers have landed, nothing on the board would say what moved; and when forced moves, dances
and replies chain, several plies pass between two looks. So the table marks the computer's last play
(an arrow from where each checker stood, a faded checker there, a ring where it landed and on each
checker it hit) until the player moves, and L shows it again. The play is read from the game's record,
so a resumed match marks it too.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from game.tavla.engine.game import Game, Turn
from game.tavla.engine.moves import Play
from game.tavla.engine.position import BAR, OFF, State, flip
from game.tavla.engine.variant import Variant
from game.tavla.screens import layout
from game.tavla.screens.layout import Segment, move_segments
from game.tavla.screens.table.hints import leaving

Point = tuple[float, float]


def last_play(game: Game, seat: int) -> Turn | None:
    """The last play of `seat` in `game` while it is the last thing that moved: every turn after it a
    pass (a dance of the other seat); None when the other seat has played since, or `seat` has not."""
    for turn in reversed(game.record):
        if turn.play:
            return turn if turn.player == seat else None
    return None


@dataclass(frozen=True)
class PlayMarks:
    """Where the marks of a play go: the arrows (each checker's path, one segment a die), the places its
    checkers left (faded checkers of `seat`), where they landed, and the checkers it hit (on the other
    seat's bar)."""

    seat: int
    arrows: tuple[Segment, ...]
    heads: tuple[Segment, ...]  # the segments that end where a checker landed (drawn with a head)
    origins: tuple[Point, ...]
    landings: tuple[Point, ...]
    hit: tuple[Point, ...]


def play_marks(turn: Turn, variant: Variant) -> PlayMarks:
    """The marks of `turn`'s play in `variant`'s game on the board as it stands after it (a checker it
    pinned is ringed as a hit one is)."""
    seat, state, play = turn.player, turn.state, turn.play
    arrows = move_segments(seat, state, play, variant)
    starts = {a for a, _b in arrows}
    heads = tuple((a, b) for a, b in arrows if b not in starts)
    after = variant.apply_play(state, play)
    origins = []
    for point, count in leaving(state, after).items():
        shown = layout.to_display(seat, point, variant)
        height = max(state[point], 0)
        origins += [
            layout.checker_position(seat, shown, index, height) for index in range(height - count, height)
        ]
    landings = tuple(b for _a, b in heads if abs(b[0] - layout.TRAY_X) > 1)  # a checker off is a slab
    caught = _caught(seat, state, after, play, variant)
    return PlayMarks(seat, tuple(arrows), heads, tuple(origins), landings, caught)


def _caught(seat: int, state: State, after: State, play: Play, variant: Variant) -> tuple[Point, ...]:
    """Where the checkers the play hit (on the other seat's bar) or pinned (at a point's base) stand."""
    other = 1 - seat
    if not variant.hits:
        pinned = [point for point, side in variant.pins(after).items() if side < 0]
        newly = [point for point in pinned if variant.pins(state).get(point) != -1]
        shown = [(layout.to_display(seat, point, variant), 1 + max(after[point], 0)) for point in newly]
        return tuple(layout.checker_position(other, point, 0, count) for point, count in shown)
    hits = _hits(state, play)
    on_bar = flip(after)[BAR]  # the other seat's bar, seen from its side
    bar = layout.BAR_POINT
    return tuple(layout.checker_position(other, bar, index, on_bar) for index in range(on_bar - hits, on_bar))


def _hits(state: Sequence[int], play: Sequence[tuple[int, int]]) -> int:
    """How many of the other seat's blots the play hits."""
    blots = {point for point in range(1, BAR) if state[point] == -1}
    hit = 0
    for _start, end in play:
        if end != OFF and end in blots:
            blots.discard(end)
            hit += 1
    return hit


def scaled(marks: PlayMarks, source: Point, target: Point, scale: float) -> PlayMarks:
    """`marks` for a copy of the board drawn `scale` times its size with `source` (a point of the table's
    board) at `target`: the analysis's small boards."""

    def at(point: Point) -> Point:
        return target[0] + (point[0] - source[0]) * scale, target[1] + (point[1] - source[1]) * scale

    def segments(items: tuple[Segment, ...]) -> tuple[Segment, ...]:
        return tuple((at(a), at(b)) for a, b in items)

    points = (marks.origins, marks.landings, marks.hit)
    origins, landings, hit = (tuple(at(point) for point in items) for items in points)
    return PlayMarks(marks.seat, segments(marks.arrows), segments(marks.heads), origins, landings, hit)
