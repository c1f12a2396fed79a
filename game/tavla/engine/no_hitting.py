"""What the games without hitting share (Plakoto, Fevga, Gul bara, long nardy, Moultezim): no bar, and
one search for the plays of a roll.

Each game says which single moves a die allows on a board (`single_moves`), which of them a rule of the
whole roll forbids (`play_moves`: long nardy's head), what a move does (`step`) and whether a finished
play's position is allowed (`allows`: the limits on primes); the search here applies the rules every
game of the tavla board shares, once: play both dice if you can (all four of a double), and when only
one of two dice can be played, the larger (the Greek, Balkan and Russian rules all force it). A play is
one per distinct resulting position, its moves in the seed's notation (from/to, 0 off) and in canonical
order (from the highest point down), as for backgammon in moves.py.

The positions keep the 28 integers of docs/position.md (the bars, 25 and 26, stay empty) and may add
what those cannot say (Plakoto's pins): a game's `validate` checks its own format.
"""

import itertools
from collections.abc import Iterable, Sequence

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.tavla.engine.moves import IllegalPlay, as_moves
from game.tavla.engine.notation import Move, Play, format_move
from game.tavla.engine.position import CHECKERS, OFF, OPP_OFF, State
from game.tavla.engine.variant import Variant

POINTS = range(1, 25)
# Rolls of 36 that bring a checker exactly this many pips (either die, or both through an open point),
# as the bots and the networks of these games count a threat.
REACH_ROLLS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3}
HOME = range(1, 7)


class NoHittingGame(Variant):
    """A game of the tavla board without hitting; subclasses give its moves, opening and flip."""

    opening_roll_played = False  # the side that wins the opening roll rolls both dice again
    hits = False

    @property
    def name(self) -> str:
        """The game's name where it is named from outside (command line, config, protocol)."""
        return self.rules.value

    # What a game says -------------------------------------------------------------------------------

    def single_moves(self, board: State, die: int) -> Iterable[Move]:
        """The moves one die allows on `board` (the player on roll's view), each checked by the game."""
        raise NotImplementedError

    def step(self, board: State, move: Move) -> State:
        """`board` after one legal single move."""
        raise NotImplementedError

    def play_moves(self, start: State, board: State, die: int, roll: tuple[int, int]) -> Iterable[Move]:
        """The moves one die allows on `board`, partway through a play of `roll` begun on `start`: the
        single moves, less those a rule of the whole roll forbids (long nardy's one checker off the head
        a turn)."""
        return self.single_moves(board, die)

    # The shared rules -------------------------------------------------------------------------------

    def pip_counts(self, state: Sequence[int]) -> tuple[int, int]:
        """Each side's pips in its own numbering (a pinned checker still has its point to go)."""

        def own(board: Sequence[int]) -> int:
            pinned = sum(point for point, side in self.pins(board).items() if side > 0)
            return pinned + sum(board[point] * point for point in POINTS if board[point] > 0)

        return own(state), own(self.flip(state))

    def legal_plays(self, state: Sequence[int], die1: int, die2: int) -> list[Play]:
        return [play for play, _board in self._finals(tuple(state), die1, die2)]

    def legal_results(self, state: Sequence[int], die1: int, die2: int) -> list[tuple[Play, State]]:
        return self._finals(tuple(state), die1, die2)  # the search has the positions already

    def apply_play(self, state: Sequence[int], play: Play) -> State:
        board = tuple(state)
        for move in play:
            board = self.step(board, move)
        return board

    def check_play(
        self, state: Sequence[int], die1: int, die2: int, play: object, legal: list[Play] | None = None
    ) -> Play:
        moves = as_moves(play)  # type: ignore[arg-type]
        board = tuple(state)
        finals = self._finals(board, die1, die2)
        canonical = tuple(sorted(moves, reverse=True))
        by_board = {final: legal_play for legal_play, final in finals}
        if any(legal_play == canonical for legal_play, _final in finals) or not (finals or moves):
            return canonical
        for order in dict.fromkeys(itertools.permutations(moves)):  # at most 24 orders of four moves
            try:
                reached, _left = self._walk(board, die1, die2, order)
            except IllegalPlay:
                continue
            if reached in by_board:
                return by_board[reached]
        self._walk(board, die1, die2, canonical)  # names the first move no die allows, if one is
        raise IllegalPlay(self._why_not(finals, die1, die2, moves))

    def next_moves(self, state: Sequence[int], die1: int, die2: int, done: Sequence[Move] = ()) -> list[Move]:
        start = tuple(state)
        board, left = self._walk(start, die1, die2, [tuple(move) for move in done])
        targets = {final for _play, final in self._finals(start, die1, die2)}
        allowed = set()
        for die in set(left):
            rest = _without(left, die)
            for move in self.play_moves(start, board, die, (die1, die2)):
                after = self.step(board, move)
                if after in targets or self._reaches(start, after, rest, (die1, die2), targets):
                    allowed.add(move)
        return sorted(allowed, reverse=True)

    def dice_left(self, state: Sequence[int], die1: int, die2: int, done: Sequence[Move] = ()) -> list[int]:
        """The dice the moves `done` have not used, largest first."""
        return sorted(self._walk(tuple(state), die1, die2, list(done))[1], reverse=True)

    # The search -------------------------------------------------------------------------------------

    def _finals(self, board: State, die1: int, die2: int) -> list[tuple[Play, State]]:
        """Each legal play with its position: a breadth-first walk over the dice, one node per (board,
        dice left) keeping the smallest play that reaches it, so a double costs hundreds of nodes."""
        dice = (die1,) * 4 if die1 == die2 else tuple(sorted((die1, die2), reverse=True))
        level: dict[tuple[State, tuple[int, ...]], Play] = {(board, dice): ()}
        ends: list[tuple[int, Play, State, tuple[int, ...]]] = []
        while level:
            ends += [(len(dice) - len(left), play, node, left) for (node, left), play in level.items()]
            following: dict[tuple[State, tuple[int, ...]], Play] = {}
            for (node, left), play in level.items():
                for die in set(left):
                    rest = _without(left, die)
                    for move in self.play_moves(board, node, die, (die1, die2)):
                        key = (self.step(node, move), rest)
                        longer = tuple(sorted((*play, move), reverse=True))
                        if key not in following or longer < following[key]:
                            following[key] = longer
            level = following
        allowed = [end for end in ends if self.allows(end[2])]
        most = max((used for used, *_rest in allowed), default=0)
        if most == 0:
            return []
        chosen = [end for end in allowed if end[0] == most]
        if most == 1 and die1 != die2:
            larger = [end for end in chosen if max(die1, die2) not in end[3]]
            chosen = larger or chosen
        best: dict[State, Play] = {}
        for _used, play, node, _left in chosen:
            if node not in best or play < best[node]:
                best[node] = play
        return sorted(((play, node) for node, play in best.items()), reverse=True)

    def _reaches(
        self, start: State, board: State, dice: tuple[int, ...], roll: tuple[int, int], targets: set[State]
    ) -> bool:
        """Whether some moves with `dice` take `board` (partway through a play of `roll` begun on
        `start`) to one of `targets`."""
        level = {(board, dice)}
        while level:
            following = set()
            for node, left in level:
                for die in set(left):
                    for move in self.play_moves(start, node, die, roll):
                        after = self.step(node, move)
                        if after in targets:
                            return True
                        following.add((after, _without(left, die)))
            level = following
        return False

    def _walk(
        self, board: State, die1: int, die2: int, moves: Sequence[Move]
    ) -> tuple[State, tuple[int, ...]]:
        """Play `moves` in order, each with a die left (a bear-off: its exact die, else the smallest that
        allows it); IllegalPlay at the first that no die allows."""
        start, roll = board, (die1, die2)
        left = (die1,) * 4 if die1 == die2 else tuple(sorted((die1, die2), reverse=True))
        for move in moves:
            for die in sorted(set(left)):
                if move in self.play_moves(start, board, die, roll):
                    board, left = self.step(board, move), _without(left, die)
                    break
            else:
                raise IllegalPlay(self._why_not_move(start, board, move, left, roll))
        return board, left

    def _why_not_move(
        self, start: State, board: State, move: Move, left: tuple[int, ...], roll: tuple[int, int]
    ) -> str:
        """Why one move of a play cannot be made: the game's rule of the roll it breaks, if one."""
        text = format_move(move)
        broken = self.refusal(start, board, move, roll)
        if broken is not None:
            return f"{text}: {broken}"
        if not left:
            return _("{move}: every die of the roll is already played").format(move=text)
        return _("{move} is not a legal move with {dice}").format(
            move=text, dice="-".join(map(str, sorted(set(left), reverse=True)))
        )

    def _why_not(self, finals: list[tuple[Play, State]], die1: int, die2: int, moves: Play) -> str:
        if not finals:
            return _("no move is possible with this roll: the play must be empty")
        most = max(len(play) for play, _board in finals)
        if not moves:
            return _("a move is possible: passing is not allowed")
        if len(moves) < most:
            if die1 != die2:
                return _("both dice can be played")
            message = ngettext(
                "{count} move of {die} can be played, not {used}",
                "{count} moves of {die} can be played, not {used}",
                most,
            )
            return message.format(count=most, die=die1, used=len(moves))
        if most == 1 and die1 != die2:
            return _("only one die can be played, and it must be the larger one ({die})").format(
                die=max(die1, die2)
            )
        return _("{play} is not a legal play").format(play=" ".join(format_move(m) for m in moves))


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


def bear_off_allowed(board: Sequence[int], start: int, die: int) -> bool:
    """Whether the checker on `start` (a home point) may bear off with `die`: the exact number, or a
    larger one when no checker of the player's stands higher (the rule of every game of the board).
    The caller has checked that every checker is home."""
    if start == die:
        return True
    return die > start and not any(board[point] > 0 for point in range(start + 1, 7))


def count_checkers(values: Sequence[int], extra_own: int = 0, extra_opponent: int = 0) -> tuple[int, int]:
    """(own, opponent) checkers of a 28-integer position, with those it does not show (pinned ones)."""
    own = values[OFF] + sum(v for v in values[1:25] if v > 0) + extra_own
    opponent = values[OPP_OFF] - sum(v for v in values[1:25] if v < 0) + extra_opponent
    return own, opponent


def integers(values: Iterable[int], size: int) -> State:
    """`values` as a tuple of `size` integers, or UserError saying which item is not one."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        message = _("the state must be a sequence of {size} integers, not {type}")
        raise UserError(message.format(size=size, type=type(values).__name__))
    state = tuple(values)
    if len(state) != size:
        raise UserError(
            _("the state must have {size} integers, got {count}").format(size=size, count=len(state))
        )
    for index, value in enumerate(state):
        if isinstance(value, bool) or not isinstance(value, int):
            raise UserError(
                _("state item {index} is not an integer: {value}").format(index=index, value=repr(value))
            )
    return state


def check_counts(own: int, opponent: int) -> None:
    """UserError unless each side has its 15 checkers."""
    if own != CHECKERS:
        raise UserError(
            _("you must have 15 checkers (on points and borne off), got {count}").format(count=own)
        )
    if opponent != CHECKERS:
        message = _("the opponent must have 15 checkers (on points and borne off), got {count}")
        raise UserError(message.format(count=opponent))
