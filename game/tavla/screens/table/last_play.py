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
from game.tavla.engine.moves import apply_play
from game.tavla.engine.position import BAR, OFF, flip
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


def play_marks(turn: Turn) -> PlayMarks:
    """The marks of `turn`'s play on the board as it stands after it."""
    seat, state, play = turn.player, turn.state, turn.play
    arrows = move_segments(seat, state, play)
    starts = {a for a, _b in arrows}
    heads = tuple((a, b) for a, b in arrows if b not in starts)
    after = apply_play(state, play)
    origins = []
    for point, count in leaving(state, after).items():
        shown = layout.to_display(seat, point)
        height = max(state[point], 0)
        origins += [
            layout.checker_position(seat, shown, index, height) for index in range(height - count, height)
        ]
    landings = tuple(b for _a, b in heads if abs(b[0] - layout.TRAY_X) > 1)  # a checker off is a slab
    hits = _hits(state, play)
    other = 1 - seat
    on_bar = flip(after)[BAR]  # the other seat's bar, seen from its side
    hit = tuple(
        layout.checker_position(other, layout.BAR_POINT, index, on_bar)
        for index in range(on_bar - hits, on_bar)
    )
    return PlayMarks(seat, tuple(arrows), heads, tuple(origins), landings, hit)


def _hits(state: Sequence[int], play: Sequence[tuple[int, int]]) -> int:
    """How many of the other seat's blots the play hits."""
    blots = {point for point in range(1, BAR) if state[point] == -1}
    hit = 0
    for _start, end in play:
        if end != OFF and end in blots:
            blots.discard(end)
            hit += 1
    return hit
