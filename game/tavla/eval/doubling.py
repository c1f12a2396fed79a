"""Cube decisions of the bots: from the evaluator for the network bots, from a race count for the rest.

The network bots judge the position before the roll by looking one roll ahead (`expert`: each of the
21 rolls played as the evaluator likes best, judged at 0-ply) or two (`master`: the same plays judged
1-ply deep), then turn those cubeless chances into a decision with game/tavla/engine/cube.py. The simple bots
use a pip count in races (double and pass when the leader is 10% ahead, take up to 12%; the usual
rules of thumb for money races) and in contact never double and always take.

Bots answer through `double(state, cube) -> bool` and `take(state, cube) -> bool`
(game/tavla/engine/cube.py's `wants_double` and `accepts_double` ask them); in money play with beavers
the network bots also `beaver` a double they judge wrong (their equity after taking is above
BEAVER_EDGE) and take a beaver of their own double unless passing loses less, as GNU Backgammon's
computer player does (play.c); the simple bots never beaver and always take a beaver. The network bots weigh
resignations from the same evaluator (game/tavla/eval/resign.py): before a roll one roll ahead at most,
with the dice rolled after the play the evaluator likes best for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import State, flip, is_race, pip_counts
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision, decide_position
from game.tavla.eval.neural import Evaluator, equities, other_side, shipped_evaluator
from game.tavla.eval.resign import ChancesResign
from game.tavla.eval.search import probabilities

RACE_DOUBLE = 0.10  # the leader's lead in pips, as a share of its own count, to double and to pass
RACE_TAKE = 0.12  # ... up to which a race double is taken
RESIGN_PLIES = 1  # rolls looked ahead before the roll to weigh a resignation, at most
BEAVER_EDGE = 0.0  # the taker's equity after taking (per cube before the double) above which it beavers


def pre_roll_chances(net: Evaluator, state: Sequence[int], rules: Rules, plies: int = 1) -> np.ndarray:
    """The five cubeless chances of the player on roll before rolling, looking `plies` rolls ahead."""
    state = tuple(state)
    if plies == 0:
        return other_side(net.probabilities([flip(state)]))[0]
    afters: list[State] = []
    bounds = []
    for d1, d2, _ in ROLLS:
        found = [after for _, after in legal_results(state, d1, d2, rules)] or [state]
        bounds.append((len(afters), len(afters) + len(found)))
        afters.extend(found)
    value = equities(net.probabilities(afters), rules)
    best = [start + int(np.argmax(value[start:end])) for start, end in bounds]
    chosen = probabilities(net, [afters[i] for i in best], rules, plies - 1)
    return np.einsum("rc,r->c", chosen, ROLL_WEIGHTS) / 36.0


def roll_chances(net: Evaluator, state: Sequence[int], dice: tuple[int, int], rules: Rules) -> np.ndarray:
    """The cubeless chances of the player on roll in `state` after the play of `dice` it likes best at
    0-ply (the position as it is when the roll cannot be played)."""
    state = tuple(state)
    afters = [after for _, after in legal_results(state, dice[0], dice[1], rules)] or [state]
    chances = net.probabilities(afters)
    return chances[int(np.argmax(equities(chances, rules)))]


def network_decision(
    net: Evaluator, state: Sequence[int], cube: Cube, rules: Rules, plies: int = 1
) -> CubeDecision:
    """The cube decision of the player on roll, from the evaluator looking `plies` rolls ahead."""
    return decide_position(pre_roll_chances(net, state, rules, plies), state, cube)


class DecisionCube:
    """`double` and `take` from a full cube decision, which a subclass supplies (`cube_decision`)."""

    def cube_decision(self, state: Sequence[int], cube: Cube) -> CubeDecision:
        """The decision of the player on roll in `state`, with its three equities."""
        raise NotImplementedError

    def double(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether to offer the cube before this roll."""
        return cube.may_double() and self.cube_decision(state, cube).action.doubles

    def take(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether to take the opponent's double; `state` and `cube` are seen by the taker, not on roll."""
        return self.cube_decision(flip(state), cube.flipped()).action.takes

    def beaver(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether to beaver the opponent's double (seen as for `take`): when taking leaves this bot
        ahead, so the double was a mistake by its judgement (gnubg beavers at a double/take of 0 or
        less for the doubler; eval.c `FindBestCubeDecision`)."""
        return -self.cube_decision(flip(state), cube.flipped()).double_take > BEAVER_EDGE

    def accept_beaver(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether to take the beaver of this bot's double; `state` and `cube` as it sees them on roll
        now, the cube at twice its double's value with the opponent. It plays on at four times its
        double's value unless that loses more than passing's twice: weighed as gnubg does, as its own
        double of the cube the beaver turned (double/take above -1 per cube; play.c)."""
        return self.cube_decision(state, replace(cube, owner=CubeOwner.ME)).double_take > -1.0


class NetworkCube(DecisionCube, ChancesResign):
    """`double` and `take` from the evaluator, for the bots built on it; and their resignations."""

    def __init__(self, rules: Rules, net: Evaluator | None = None, plies: int = 1) -> None:
        self.cube_rules = self.resign_rules = rules
        self.cube_net = net if net is not None else shipped_evaluator(rules)
        self.cube_plies = plies

    def cube_decision(self, state: Sequence[int], cube: Cube) -> CubeDecision:
        """The full decision, with its three equities."""
        return network_decision(self.cube_net, state, cube, self.cube_rules, self.cube_plies)

    def resign_chances(self, state: Sequence[int], dice: tuple[int, int] | None) -> np.ndarray:
        """The chances of the player on roll: before the roll looking ahead as the bot's cube does (one
        roll at most), after its best play of `dice` once rolled."""
        if dice is None:
            plies = min(self.cube_plies, RESIGN_PLIES)
            return pre_roll_chances(self.cube_net, state, self.cube_rules, plies)
        return roll_chances(self.cube_net, state, dice, self.cube_rules)


def race_lead(state: Sequence[int]) -> float | None:
    """In a race, the lead of the player on roll as a share of its own pip count; None in contact."""
    if not is_race(state):
        return None
    mine, theirs = pip_counts(state)
    return (theirs - mine) / max(mine, 1)


class CountCube:
    """Cube rules of thumb for the bots without an evaluator: a race count, no doubling in contact."""

    def double(self, state: Sequence[int], cube: Cube) -> bool:
        """Double a race once ahead by RACE_DOUBLE of the count."""
        lead = race_lead(state)
        return cube.may_double() and lead is not None and lead >= RACE_DOUBLE

    def take(self, state: Sequence[int], cube: Cube) -> bool:
        """Take unless the doubler leads a race by more than RACE_TAKE."""
        lead = race_lead(flip(state))
        return lead is None or lead <= RACE_TAKE
