"""Plakoto (Greek; Tapa, Mahbusa): no hitting, a lone checker landed on is pinned under its pinner.

The board, seen by the player on roll: our 15 checkers start on our 24-point, the opponent's on our
1-point (their 24), and both sides move as in backgammon, we from 24 down to our home (1-6). The
position is 52 integers (docs/tavla-games.md): the 28 of docs/position.md, where a point shows the
checkers free to move on it (a pinner and those stacked on it; the bars, 25 and 26, stay empty), then
one integer for each point 1-24 (index 27 + point): +1 where one of our checkers is pinned under the
opponent's, -1 where one of theirs is pinned under ours, 0 where nobody is.

The rules (the sources and the choices are in docs/tavla-games.md):
- a point with two or more opposing checkers, or with an opposing pinner, is closed; landing on a lone
  opposing checker pins it, and it is free again when the last pinner leaves;
- bearing off needs all 15 home and none pinned (a pinned checker at home blocks it too);
- the mother: when a player's last checker on the starting point is pinned there, that player loses
  at once, 2 points, once the pinner has no checker left on the pinner's own starting point (so the
  game goes on while the pinner's own mother could still be pinned); both mothers pinned is a draw;
- a game is 1 point, 2 when the loser bore off none.
"""

from collections.abc import Iterable, Sequence

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.no_hitting import (
    POINTS,
    NoHittingGame,
    bear_off_allowed,
    check_counts,
    count_checkers,
    integers,
)
from game.tavla.engine.notation import Move
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, STATE_SIZE, State, flip

PLAKOTO_STATE_SIZE = STATE_SIZE + 24
START, OPPONENT_START = 24, 1


def pin(state: Sequence[int], point: int) -> int:
    """+1: our checker is pinned on `point`; -1: theirs is; 0: none is."""
    return state[STATE_SIZE - 1 + point]


class Plakoto(NoHittingGame):
    """Plakoto under the rules above."""

    opening: State = (0, -CHECKERS, *[0] * 22, CHECKERS, 0, 0, 0, *[0] * 24)

    def flip(self, state: Sequence[int]) -> State:
        pins = state[STATE_SIZE:PLAKOTO_STATE_SIZE][::-1]  # theirs on our point p is ours on their 25 - p
        return (*flip(state[:STATE_SIZE]), *[-side for side in pins])

    def pins(self, state: Sequence[int]) -> dict[int, int]:
        return {point: pin(state, point) for point in POINTS if pin(state, point)}

    def validate(self, values: Iterable[int]) -> State:
        state = integers(values, PLAKOTO_STATE_SIZE)
        for index in (OFF, OPP_OFF):
            if state[index] < 0:
                message = _("state item {index} counts borne-off checkers and cannot be negative")
                raise UserError(message.format(index=index))
        if state[BAR] or state[OPP_BAR]:
            raise UserError(_("this game has no bar: state items 25 and 26 must be 0"))
        for point in POINTS:
            pinned, count = pin(state, point), state[point]
            if pinned not in (-1, 0, 1):
                message = _("state item {index} says who is pinned on point {point}: -1, 0 or 1, not {value}")
                raise UserError(message.format(index=STATE_SIZE - 1 + point, point=point, value=pinned))
            if pinned and not (count * pinned < 0):
                message = _("a checker is pinned on point {point} but no opposing checker stands on it")
                raise UserError(message.format(point=point))
        own_pinned = sum(1 for point in POINTS if pin(state, point) == 1)
        their_pinned = sum(1 for point in POINTS if pin(state, point) == -1)
        check_counts(*count_checkers(state, own_pinned, their_pinned))
        return state

    def single_moves(self, board: State, die: int) -> Iterable[Move]:
        home = not any(board[point] > 0 for point in range(7, 25)) and not any(
            pin(board, point) == 1 for point in POINTS
        )
        for start in POINTS:
            if board[start] <= 0:
                continue
            end = start - die
            if end >= 1:
                if board[end] >= 0 or (board[end] == -1 and pin(board, end) == 0):
                    yield (start, end)
            elif home and bear_off_allowed(board, start, die):
                yield (start, OFF)

    def step(self, board: State, move: Move) -> State:
        start, end = move
        after = list(board)
        after[start] -= 1
        if after[start] == 0 and pin(board, start) == -1:  # the last pinner leaves: theirs is free
            after[start], after[STATE_SIZE - 1 + start] = -1, 0
        if end == OFF:
            after[OFF] += 1
        elif after[end] == -1 and pin(board, end) == 0:  # a lone opposing checker: pinned
            after[end], after[STATE_SIZE - 1 + end] = 1, -1
        else:
            after[end] += 1
        return tuple(after)

    def is_over(self, after: Sequence[int]) -> bool:
        return after[OFF] == CHECKERS or (self.mother_won(after) and not self.is_drawn(after))

    def win_points(self, after: Sequence[int]) -> int:
        return 1 if after[OPP_OFF] and after[OFF] == CHECKERS else 2

    def is_drawn(self, after: Sequence[int]) -> bool:
        return pin(after, OPPONENT_START) == -1 and pin(after, START) == 1

    def mother_won(self, after: Sequence[int]) -> bool:
        """Whether the player who has just moved has won by the opponent's pinned mother: it is pinned
        on their start and nothing of ours is left on ours."""
        return pin(after, OPPONENT_START) == -1 and after[START] <= 0 and pin(after, START) != 1
