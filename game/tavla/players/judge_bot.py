"""The computer levels `expert`, `master` and `grandmaster`: the judge's best play at the level's depth
(Open Sage 1-, 2- and 3-ply where it is installed, our networks elsewhere; game/tavla/eval/judge.py), its
cube decisions and its resignations, so a level plays as the verdicts at that setting judge."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.tavla.engine.cube import Cube
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.doubling import DecisionCube
from game.tavla.eval.judge import Judge
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.resign import ChancesResign
from game.tavla.eval.stakes import Stakes


class JudgeBot(DecisionCube, ChancesResign):
    """Plays, doubles, takes and resigns as the judge of its level rates it. `stakes`: what its plays
    are judged at (money play with the cube in the centre unless a caller sets them)."""

    level = JudgeLevel.EXPERT

    def __init__(self, rules: Rules = Rules.TAVLA, judge: Judge | None = None) -> None:
        self.rules = self.resign_rules = rules
        self.judge = judge if judge is not None else judge_for(rules, self.level)
        self.name = self.judge.level.value
        self.stakes = Stakes(rules)

    def play_at(self, cube: Cube) -> None:
        """The cube and score its next plays are judged at: the referee and the table say so before
        each play where the game has a cube or a match score."""
        self.stakes = Stakes.of_cube(self.rules, cube)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The judge's best play ("" when the roll cannot be played)."""
        start = tuple(state)
        results = legal_results(start, die1, die2, self.rules)
        if len(results) < 2:
            return format_play(results[0][0]) if results else ""
        return self.judge.rank_results(start, (die1, die2), results, self.stakes)[0].text

    def cube_decision(self, state: Sequence[int], cube: Cube) -> CubeDecision:
        return self.judge.cube_decision(tuple(state), cube)

    def resign_chances(self, state: Sequence[int], dice: tuple[int, int] | None) -> np.ndarray:
        """Before the roll, the judge's chances; after it, the chances after its best play of `dice`
        (the position as it is when the roll cannot be played)."""
        start = tuple(state)
        if dice is None:
            return self.judge.pre_roll(start)
        ranked = self.judge.rank(start, dice, self.stakes)
        return np.array(ranked[0].chances) if ranked else self.judge.chances_after([start])[0]


class ExpertJudgeBot(JudgeBot):
    level = JudgeLevel.EXPERT


class MasterJudgeBot(JudgeBot):
    level = JudgeLevel.MASTER


class GrandmasterJudgeBot(JudgeBot):
    level = JudgeLevel.GRANDMASTER
