"""A human's turn, one checker move at a time, never leaving the legal plays of the roll.

The table lets a player move checkers one die at a time (or one checker with several dice at once).
Every partial play it offers can still be completed to a legal play of the whole roll, so the "use
both dice" rule (docs/notation.md#using-the-dice) can never be broken by the order the player chooses.
"""

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from game.tavla.engine.moves import dice_left
from game.tavla.engine.notation import Move, format_play
from game.tavla.engine.position import BAR, OFF, OPP_BAR, State
from game.tavla.engine.rules import Rules


@dataclass(frozen=True)
class Step:
    """One die's move of one checker: what the table animates."""

    move: Move
    die: int
    hit: bool
    before: State
    after: State


class Refusal(enum.Enum):
    """Why the table does not take a checker, or puts it back: the player is told, never left guessing."""

    BAR_FIRST = "bar first"  # a checker is on the bar: it enters before any other moves
    PLAYED = "played"  # no move is left in this roll
    STUCK = "stuck"  # this checker has no move with the dice left
    BACKWARD = "backward"  # checkers only move toward home
    NOT_HOME = "not home"  # bearing off waits until every checker is home
    BLOCKED = "blocked"  # two or more of the opponent's checkers hold the point (one, where none is hit)
    NO_DIE = "no die"  # no die (nor sum of dice) is that distance
    HIGHER_FIRST = "higher first"  # a larger die bears off from the highest point only
    NO_ROUTE = "no route"  # the dice add up, but the points on the way are blocked
    FULL_ROLL = "full roll"  # the move would leave a die unplayable: the roll is played in full
    PINNED = "pinned"  # Plakoto: the checker is pinned under the opponent's until its pinner leaves
    HEAD = "head"  # long nardy: the checkers this turn may take off the head (24) have left it
    LIMIT = "limit"  # the move would hold points the game forbids (a prime with nobody past it...)


@dataclass(frozen=True)
class Refused:
    """A refused pick-up or drop: the reason, and the points (the mover's numbering) it is about."""

    reason: Refusal
    source: int = 0
    target: int = 0


class TurnInProgress:
    """The roll being played: the moves made so far and the moves that may follow."""

    def __init__(self, state: Sequence[int], die1: int, die2: int, rules: Rules = Rules.TAVLA) -> None:
        self.start: State = tuple(state)
        self.dice = (die1, die2)
        self.rules = rules
        self.variant = rules.variant
        plays = self.variant.legal_plays(self.start, die1, die2)
        self.finals = frozenset(self.variant.apply_play(self.start, play) for play in plays)
        self.single_play = len(plays) == 1
        self.steps: list[Step] = []

    @property
    def state(self) -> State:
        return self.steps[-1].after if self.steps else self.start

    @property
    def moves(self) -> list[Move]:
        return [step.move for step in self.steps]

    @property
    def remaining_dice(self) -> list[int]:
        """The dice not used yet, largest first (a double is four dice)."""
        return dice_left(self.start, *self.dice, self.moves)

    @property
    def has_play(self) -> bool:
        return bool(self.finals)

    @property
    def done(self) -> bool:
        """The position reached is that of a legal play: the turn may end (more moves may still be
        possible when they lead to another legal play, e.g. 4/0 then 1/0 after 4/0 = 4/3 3/0)."""
        return self.state in self.finals

    @property
    def play(self) -> str:
        """The moves made, in the seed's notation."""
        return format_play(sorted(self.moves, reverse=True))

    def options(self) -> list[Step]:
        """Every single move allowed now: each one can still be completed to a legal play."""
        state, before = self.state, self.remaining_dice
        steps = []
        for move in self.variant.next_moves(self.start, *self.dice, self.moves):
            after = self.variant.apply_play(state, (move,))
            left = dice_left(self.start, *self.dice, [*self.moves, move])
            die = next(d for d in before if before.count(d) > left.count(d))
            steps.append(Step(move, die, after[OPP_BAR] > state[OPP_BAR], state, after))
        return steps

    def movable_points(self) -> set[int]:
        """Points (25 = bar) holding a checker that may move now."""
        return {step.move[0] for step in self.options()}

    def destinations(self, source: int) -> dict[int, list[Step]]:
        """Where the checker on `source` may go now, with the single moves that take it there.

        A destination reached with several dice lists each die's move; when two routes reach the same
        point, the one that hits more blots on the way is offered (the other stays playable die by die).
        """
        found: dict[int, list[Step]] = {}
        self._explore(source, [], found)
        return found

    def _explore(self, source: int, route: list[Step], found: dict[int, list[Step]]) -> None:
        for step in self.options():
            if step.move[0] != source:
                continue
            path = [*route, step]
            end = step.move[1]
            best = found.get(end)
            if (
                best is None
                or len(path) < len(best)
                or (len(path) == len(best) and sum(s.hit for s in path) > sum(s.hit for s in best))
            ):
                found[end] = path
            if end != OFF:
                self.steps.append(step)
                try:
                    self._explore(end, path, found)
                finally:
                    self.steps.pop()

    def pick_refusal(self, source: int) -> Refused | None:
        """Why the checker on `source` (25 = bar) cannot be picked up; None when it can, or when the
        player has no checker there (a click on nothing needs no answer)."""
        state = self.state
        if source in self.movable_points():
            return None
        if self.variant.pins(state).get(source) == 1:
            return Refused(Refusal.PINNED, source)
        if state[source] <= 0:
            return None
        if not self.options():
            return Refused(Refusal.PLAYED, source)
        if state[BAR] > 0 and source != BAR:
            return Refused(Refusal.BAR_FIRST, source)
        if self.variant.refusal(self.start, state, (source, 0), self.dice) is not None:
            return Refused(Refusal.HEAD, source)
        return Refused(Refusal.STUCK, source)

    def drop_refusal(self, source: int, target: int) -> Refused | None:
        """Why the checker picked up on `source` may not be put on `target` (0 = off); None when it may,
        or when it is put back where it was."""
        if target == source or target in self.destinations(source):
            return None
        state, dice = self.state, self.remaining_dice
        distance = source - target
        if distance < 0:
            return Refused(Refusal.BACKWARD, source, target)
        if target == OFF:
            if any(state[point] > 0 for point in range(7, BAR + 1)):
                return Refused(Refusal.NOT_HOME, source, target)
            if distance not in dice and any(die > distance for die in dice):
                higher = any(state[point] > 0 for point in range(source + 1, 7))
                return Refused(Refusal.HIGHER_FIRST if higher else Refusal.FULL_ROLL, source, target)
        elif state[target] <= -2 or (state[target] < 0 and not self.variant.hits):
            return Refused(Refusal.BLOCKED, source, target)  # one checker holds a point where none is hit
        if distance in dice and self._breaks_limit(source, target):
            return Refused(Refusal.LIMIT, source, target)
        if distance in dice:
            return Refused(Refusal.FULL_ROLL, source, target)
        double = len(set(dice)) == 1
        sums = {dice[0] * count for count in range(2, len(dice) + 1)} if double else {sum(dice)}
        if distance in sums:
            return Refused(Refusal.NO_ROUTE, source, target)
        return Refused(Refusal.NO_DIE, source, target)

    def _breaks_limit(self, source: int, target: int) -> bool:
        """Whether the checker on `source` could go to `target` but for the points the game lets a play
        end on, which every play through that move breaks (it is not among the destinations)."""
        state = self.state
        if state[target] < 0 or target == OFF:
            return False
        after = list(state)
        after[source] -= 1
        after[target] += 1
        return not self.variant.allows(tuple(after))

    def bear_off_instead(self, point: int, made: int) -> bool:
        """A double-click on the checker of `point`: the moves after the first `made` (the first
        click's) give way to bearing that checker off, when it can be borne off and is not off yet.
        True when the turn changed."""
        first = self.steps[made:]
        if any(step.move[1] == OFF for step in first):
            return False
        del self.steps[made:]
        off = self.destinations(point).get(OFF)
        self.steps.extend(off or first)
        return bool(off)

    def move_by_die(self, source: int, die: int) -> Step | None:
        """The allowed move of the checker on `source` with `die`, if there is one."""
        return next((s for s in self.options() if s.move[0] == source and s.die == die), None)

    def apply(self, step: Step) -> None:
        """Make an allowed move; anything else is refused, so the turn can never go wrong."""
        if step not in self.options():
            raise ValueError(f"{step.move} with die {step.die} is not allowed now")
        self.steps.append(step)

    def undo(self) -> Step | None:
        """Take back the last move of this turn."""
        return self.steps.pop() if self.steps else None

    def forced(self) -> list[Step]:
        """When the roll allows one play only, the moves still to make for it, in a playable order."""
        if not self.single_play or self.done:
            return []
        made = len(self.steps)
        while not self.done:
            self.steps.append(self.options()[0])
        forced = self.steps[made:]
        del self.steps[made:]
        return forced
