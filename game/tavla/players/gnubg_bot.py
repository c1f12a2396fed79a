"""The optional `gnubg` bot: GNU Backgammon's 0-ply network judges each legal resulting position.

The `gnubg` package (PyPI) is an optional extra, driven through game/tavla/players/gnubg_adapter.py.
Its move lists are not used: its Python binding cuts move tuples short at the first checker borne off,
so the plays come from our engine and gnubg only evaluates the positions they lead to, from the
opponent's side (it is on roll there), negated.

Cube decisions: gnubg's 0-ply chances of the position before the roll (gnubg evaluates for the player
on roll, before rolling) through the cube model of game/tavla/eval/cube_decision.py. The binding's
`evaluate` returns the cubeless equity even with a cubeful context, and its `hint` needs a whole game
session, so gnubg's own cubeful decision is not used. Resignations are weighed from the same 0-ply
chances (game/tavla/eval/resign.py), after the best play once the dice are rolled.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.tavla.engine.cube import Cube
from game.tavla.engine.game import score
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import State, all_borne_off, flip, winner_gammon_level
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision, cube_efficiency, decide, opponent_finishes_next
from game.tavla.eval.doubling import DecisionCube
from game.tavla.eval.neural import other_side
from game.tavla.eval.resign import ChancesResign
from game.tavla.players.evaluator_bot import EvaluatorBot
from game.tavla.players.gnubg_adapter import Chances


class GnubgBot(EvaluatorBot, DecisionCube, ChancesResign):
    """Plays the legal play whose resulting position GNU Backgammon's 0-ply evaluation likes best, and
    decides the cube from gnubg's chances before the roll."""

    name = "gnubg"

    def __init__(self, rules: Rules = Rules.TAVLA) -> None:
        super().__init__(rules)
        self.zero_ply = Chances(plies=0)
        self.resign_rules = rules
        # gnubg's probabilities: win, win gammon, win backgammon, lose gammon, lose backgammon
        self.weights = rules.equity_weights

    def value(self, after: Sequence[int]) -> float:
        """Our expected points after a play: exact when the game is over, else minus the opponent's."""
        if all_borne_off(after):
            return float(score(after, self.rules))
        probabilities = self.zero_ply.chances(flip(after))
        return 1.0 - sum(w * p for w, p in zip(self.weights, probabilities, strict=True))

    def values(self, state: State, afters: list[State]) -> list[float]:
        """Our expected points after each play."""
        return [self.value(after) for after in afters]

    def cube_decision(self, state: Sequence[int], cube: Cube) -> CubeDecision:
        """The decision before the roll from gnubg's 0-ply chances of the player on roll."""
        chances = self.zero_ply.chances(state)
        return decide(chances, cube, cube_efficiency(state, opponent_finishes_next(state)))

    def resign_chances(self, state: Sequence[int], dice: tuple[int, int] | None) -> np.ndarray:
        """gnubg's 0-ply chances of the player on roll: before the roll, or after its best play of
        `dice` (exact once that play bears the last checker off)."""
        if dice is None:
            return np.array(self.zero_ply.chances(state), dtype=float)
        start = tuple(state)
        afters = [after for _, after in legal_results(start, *dice, self.rules)]
        best = max(afters, key=self.value, default=start)
        if all_borne_off(best):
            level = winner_gammon_level(best)
            return np.array([1.0, float(level >= 2), float(level >= 3), 0.0, 0.0])
        return other_side(np.array(self.zero_ply.chances(flip(best)), dtype=float))
