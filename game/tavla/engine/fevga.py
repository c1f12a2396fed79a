"""The games where both sides run the same way round and nobody hits: Fevga (Greek), Moultezim (its
Turkish cousin) and Gul bara here, long nardy in nardy.py.

The board, seen by the player on roll as in docs/position.md: our checkers start on our 24-point and
run down to our home (1-6) to bear off, as in backgammon. The opponent starts diagonally opposite, on
our 12-point, and runs the same way round: our 12 down to 1, then 24 down to 13, and bears off from
our 13-18 (their home). Their point q is our point (q + 11) % 24 + 1, so `flip` turns the board by
half a circle where backgammon's mirrors it. One checker holds a point: a point with any opposing
checker is closed, and there is no hitting, so the bars (25 and 26) stay empty.

Fevga adds two rules (docs/tavla-games.md gives the sources and the choices):
- the first checker away must pass the opponent's starting point (our 12) before a second may leave
  our start;
- no six-point prime in our starting quarter (our 19-24), and none anywhere with every opposing
  checker still behind it.
Moultezim has Fevga's first rule, and instead of the primes: no more than four points held in the
opponent's starting quarter (our 7-12). Gul bara has neither; its doubles cascade instead (the game flow
plays the cascade's rolls). Long nardy forbids the same primes as Fevga, but not in the starting quarter
(`blocks_everyone`).
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
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, STATE_SIZE, State

START = 24  # our starting point
OPPONENT_START = 12  # theirs, in our numbering
STARTING_QUARTER = range(19, 25)
OPPONENT_STARTING_QUARTER = range(7, 13)  # Moultezim holds at most MOST_THERE points of it
MOST_THERE = 4
CASCADE_AFTER_ROLLS = 3  # Gul bara: each player's first three rolls play their doubles as backgammon does
OPPONENT_ROUTE = (*range(12, 0, -1), *range(24, 12, -1))  # their path in our numbering, start first


def their_point(point: int) -> int:
    """Our number of the opponent's point `point` (their 24, their start, is our 12)."""
    return (point + 11) % 24 + 1


_THEIR_POINTS = tuple(their_point(point) for point in POINTS)  # flip's reading order, computed once


class SameWayGame(NoHittingGame):
    """The board and moves the same-way games share."""

    opening: State = (0, *[0] * 11, -CHECKERS, *[0] * 11, CHECKERS, 0, 0, 0)

    def flip(self, state: Sequence[int]) -> State:
        return (state[OPP_OFF], *[-state[point] for point in _THEIR_POINTS], 0, 0, state[OFF])

    def their_point(self, point: int) -> int:
        return their_point(point)

    def validate(self, values: Iterable[int]) -> State:
        return validate_same_way(values)

    def single_moves(self, board: State, die: int) -> Iterable[Move]:
        home = not any(board[point] > 0 for point in range(7, 25))
        for start in POINTS:
            if board[start] <= 0 or not self.may_leave(board, start):
                continue
            end = start - die
            if end >= 1:
                if board[end] >= 0:
                    yield (start, end)
            elif home and bear_off_allowed(board, start, die):
                yield (start, OFF)

    def may_leave(self, board: State, start: int) -> bool:
        """Whether a checker on `start` may move at all (Fevga's first-checker rule says no at times)."""
        return True

    def step(self, board: State, move: Move) -> State:
        start, end = move
        after = list(board)
        after[start] -= 1
        after[end] += 1
        return tuple(after)

    def is_over(self, after: Sequence[int]) -> bool:
        return after[OFF] == CHECKERS

    def win_points(self, after: Sequence[int]) -> int:
        return 1 if after[OPP_OFF] else 2


class Fevga(SameWayGame):
    """Fevga, with its first-checker rule and its limits on primes."""

    def may_leave(self, board: State, start: int) -> bool:
        if start != START:
            return True
        away = [point for point in range(1, START) if board[point] > 0]
        return not away or board[OFF] > 0 or min(away) < OPPONENT_START

    def allows(self, board: State) -> bool:
        return not all(board[point] > 0 for point in STARTING_QUARTER) and not blocks_everyone(board)


class Moultezim(Fevga):
    """Moultezim: Fevga's first checker away, and at most four points of the opponent's starting quarter
    instead of Fevga's limits on primes."""

    def allows(self, board: State) -> bool:
        return sum(board[point] > 0 for point in OPPONENT_STARTING_QUARTER) <= MOST_THERE


class GulBara(SameWayGame):
    """Gul bara: Fevga's board and moves without its two rules; its doubles cascade."""

    def cascade(self, dice: tuple[int, int], rolls: int, moves: int) -> tuple[int, int] | None:
        """From a player's fourth roll on, a double played in full is followed by the next one up to
        6-6; one not played in full ends the cascade (docs/tavla-games.md)."""
        die = dice[0]
        if dice[1] != die or die == 6 or moves < 4 or rolls <= CASCADE_AFTER_ROLLS:
            return None
        return die + 1, die + 1


def blocks_everyone(board: State) -> bool:
    """Whether we hold six consecutive points of the opponent's way round with none of their checkers
    past them (borne off counts): the prime Fevga and long nardy forbid. One walk along the route counts
    the points held in a row (every legal play of a no-hitting game is asked this)."""
    held = 0
    for index, point in enumerate(OPPONENT_ROUTE):
        if board[point] <= 0:
            held = 0
            continue
        held += 1
        if held >= 6 and not _passed(board, index - 5):
            return True
    return False


def _passed(board: State, first: int) -> bool:
    """Whether an opposing checker has passed the six points of the route from index `first`."""
    return board[OPP_OFF] > 0 or any(board[point] < 0 for point in OPPONENT_ROUTE[first + 6 :])


def validate_same_way(values: Iterable[int]) -> State:
    """A same-way game's position: the 28 integers of docs/position.md with both bars empty."""
    state = integers(values, STATE_SIZE)
    for index in (OFF, OPP_OFF):
        if state[index] < 0:
            raise UserError(
                _("state item {index} counts borne-off checkers and cannot be negative").format(index=index)
            )
    if state[BAR] or state[OPP_BAR]:
        raise UserError(_("this game has no bar: state items 25 and 26 must be 0"))
    check_counts(*count_checkers(state))
    return state
