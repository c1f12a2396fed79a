"""The judge on our own networks: for the other games' rule sets' neighbours (tavla, standard, portes) on
machines without Open Sage's wheels, and for comparisons. Cubeless; plies counted as gnubg counts them
(0-ply is the network itself).

`expert` ranks at 0-ply; `master` and `grandmaster` search as gnubg's 2-ply does, with gnubg's kind of
move filter: the plays the network likes at 0-ply (at most eight, within 0.16 points of the best) are
looked at 1-ply deep, and the few best of those (at most three, within 0.08) 2-ply deep
(game/tavla/eval/search.py). The luck's rolls are each played as the network likes best at 0-ply and
judged there: a deeper search for every roll of every turn would take minutes a match on these networks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.tavla.engine.cube import Cube
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.doubling import network_decision, pre_roll_chances
from game.tavla.eval.filtered_judge import FilteredJudge
from game.tavla.eval.judge import roll_table
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import Evaluator, shipped_evaluator
from game.tavla.eval.search import probabilities
from game.tavla.eval.stakes import Stakes

# The move filter: (plies searched, most plays kept for the next ply, and only within this margin).
MOVE_FILTER = ((0, 8, 0.16), (1, 3, 0.08))
LEVEL_PLIES = {JudgeLevel.EXPERT: 0, JudgeLevel.MASTER: 2, JudgeLevel.GRANDMASTER: 2, JudgeLevel.ROLLER: 2}
CUBE_PLIES = {JudgeLevel.EXPERT: 1, JudgeLevel.MASTER: 2, JudgeLevel.GRANDMASTER: 2, JudgeLevel.ROLLER: 2}


class NetworkJudge(FilteredJudge):
    """Our networks behind the judge's interface."""

    def __init__(self, rules: Rules, level: JudgeLevel, net: Evaluator | None = None) -> None:
        self.rules = rules
        self.level = level
        self.net = net if net is not None else shipped_evaluator(rules)
        self.depth = LEVEL_PLIES[level]
        self.move_filter = MOVE_FILTER

    def search(self, afters: Sequence[State], plies: int) -> np.ndarray:
        return probabilities(self.net, list(afters), self.rules, plies)

    def roll_equities(
        self, states: Sequence[State], stakes: Sequence[Stakes], openings: Sequence[bool]
    ) -> list[list[float]]:
        groups: list[list[State]] = []
        for state, opening in zip(states, openings, strict=True):
            for d1, d2 in roll_table(opening):
                groups.append([after for _, after in legal_results(state, d1, d2, self.rules)] or [state])
        flat = [after for group in groups for after in group]
        chances = self.net.probabilities(flat) if flat else np.empty((0, 5))
        out: list[list[float]] = []
        offset = 0
        group = iter(groups)
        for worth, opening in zip(stakes, openings, strict=True):
            best = []
            for _roll in roll_table(opening):
                size = len(next(group))
                best.append(float(worth.equities(chances[offset : offset + size]).max()))
                offset += size
            out.append(best)
        return out

    def chances_after(self, afters: Sequence[State]) -> np.ndarray:
        if not afters:
            return np.empty((0, 5))
        return probabilities(self.net, list(afters), self.rules, self.depth)

    def pre_roll(self, state: State) -> np.ndarray:
        return pre_roll_chances(self.net, state, self.rules, CUBE_PLIES[self.level])

    def cube_decision(self, state: State, cube: Cube) -> CubeDecision:
        return network_decision(self.net, state, cube, self.rules, CUBE_PLIES[self.level])
