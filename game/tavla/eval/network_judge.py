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
from dataclasses import replace

import numpy as np

from game.core.text.i18n import _
from game.tavla.engine.cube import Cube
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import Play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.doubling import network_decision, pre_roll_chances
from game.tavla.eval.judge import Judge, JudgedPlay, roll_table
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import Evaluator, shipped_evaluator
from game.tavla.eval.search import probabilities
from game.tavla.eval.stakes import Stakes

# The move filter: (plies searched, most plays kept for the next ply, and only within this margin).
MOVE_FILTER = ((0, 8, 0.16), (1, 3, 0.08))
LEVEL_PLIES = {JudgeLevel.EXPERT: 0, JudgeLevel.MASTER: 2, JudgeLevel.GRANDMASTER: 2, JudgeLevel.ROLLER: 2}
CUBE_PLIES = {JudgeLevel.EXPERT: 1, JudgeLevel.MASTER: 2, JudgeLevel.GRANDMASTER: 2, JudgeLevel.ROLLER: 2}


class NetworkJudge(Judge):
    """Our networks behind the judge's interface."""

    def __init__(self, rules: Rules, level: JudgeLevel, net: Evaluator | None = None) -> None:
        self.rules = rules
        self.level = level
        self.net = net if net is not None else shipped_evaluator(rules)
        self.depth = LEVEL_PLIES[level]

    @property
    def engine(self) -> str:
        # Translators: the judge when Open Sage is not installed: the game's own neural networks
        return _("our networks")

    @property
    def plies(self) -> int:
        return self.depth

    @property
    def cubeful(self) -> bool:
        return False

    def _ranked(
        self, state: State, dice: tuple[int, int], results: Sequence[tuple[Play, State]], stakes: Stakes
    ) -> list[JudgedPlay]:
        """All plays judged at 0-ply, then those that pass the filter searched deeper, every play shown
        at the deepest depth it reached; ranked by depth, then equity."""
        chances = self.net.probabilities([after for _, after in results])
        value = stakes.equities(chances)
        depth = np.zeros(len(results), dtype=int)
        kept = list(range(len(results)))
        for ply, most, margin in MOVE_FILTER:
            if len(kept) == 1 or ply >= self.depth:
                break
            order = sorted(kept, key=lambda i: -value[i])[:most]
            kept = [i for i in order if value[i] >= value[order[0]] - margin]
            deeper = probabilities(self.net, [results[i][1] for i in kept], self.rules, ply + 1)
            chances[kept] = deeper
            value[kept] = stakes.equities(deeper)
            depth[kept] = ply + 1
        order = sorted(range(len(results)), key=lambda i: (-depth[i], -value[i]))
        return [
            JudgedPlay(
                results[i][0], results[i][1], float(value[i]), tuple(map(float, chances[i])), int(depth[i])
            )
            for i in order
        ]

    def _deepened(
        self, state: State, dice: tuple[int, int], plays: Sequence[JudgedPlay], stakes: Stakes
    ) -> list[JudgedPlay]:
        chances = probabilities(self.net, [play.after for play in plays], self.rules, self.depth)
        values = stakes.equities(chances)
        return [
            replace(play, equity=float(value), chances=tuple(map(float, row)), plies=self.depth)
            for play, value, row in zip(plays, values, chances, strict=True)
        ]

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
