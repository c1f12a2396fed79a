"""The temperature map: what each of the 21 rolls does for the player on roll, before the roll.

Each roll's best play is the hint's and the analysis's (the judge of the level, game/tavla/eval/judge.py),
its equity money points for the player on roll (cubeful with the cube in the centre where the judge
counts the cube), and how much better or worse it is than the average roll (the 36 ordered rolls: a
double once, any other roll twice). A roll with no legal play leaves the position as it is, judged from
the opponent's side as the analysis judges a dance.

Where both sides have every checker at home the bear-off database answers each play exactly, at any
level: the map says so (`exact`) and is that answer (no search, which would only blur it). No drawing
here: game/tavla/lab/tempmap_report.py shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from game.core.text.i18n import _
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import Play, display_dice, display_play
from game.tavla.engine.position import State, check_game_on
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.bearoff import both_home
from game.tavla.eval.judge import Judge, JudgedPlay
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.stakes import Stakes

ORDERED_ROLLS = 36  # two dice: a double is one of them, any other roll two


@dataclass(frozen=True)
class RollFigure:
    """One of the 21 rolls (the higher die first) with its best play (empty: no legal play), the
    position after it (the mover's side), its equity and chances for the player on roll, and the equity
    minus the average roll's."""

    dice: tuple[int, int]
    play: Play
    shown: str
    after: State
    equity: float
    chances: tuple[float, ...]
    plies: int
    versus_average: float

    @property
    def weight(self) -> int:
        """How many of the 36 ordered rolls this roll stands for."""
        return 1 if self.dice[0] == self.dice[1] else 2

    @property
    def chance(self) -> float:
        return self.weight / ORDERED_ROLLS

    @property
    def text(self) -> str:
        """The roll as players write it: `65`, `11`."""
        return display_dice(*self.dice)


@dataclass(frozen=True)
class TempMap:
    """The 21 rolls in ROLLS order (11, 21, ..., 66), the average roll's equity, how they were judged."""

    state: State
    rules: Rules
    level: str
    judged_by: str
    exact: bool
    rolls: tuple[RollFigure, ...]
    average: float

    def ranked(self) -> list[RollFigure]:
        """The rolls best first (ties in ROLLS order)."""
        return sorted(self.rolls, key=lambda roll: -roll.equity)

    def roll(self, first: int, second: int) -> RollFigure:
        """The roll of the grid's cell: `first` die's row, `second` die's column (both 1-6); the two
        cells of a non-double are the same roll."""
        dice = (max(first, second), min(first, second))
        return next(roll for roll in self.rolls if roll.dice == dice)


def temperature_map(state: State, rules: Rules, level: str = DEFAULT_LEVEL) -> TempMap:
    """The map of `state` (the player on roll's side, before the roll) at `level` (the judge's);
    UserError for an unknown level or a game that is over."""
    judge = judge_for(rules, JudgeLevel.parse(level))
    check_game_on(state)
    exact = bool(both_home(np.array([state]))[0])
    if exact:  # our bear-off database, exact at any level
        judge = NetworkJudge(rules, JudgeLevel.EXPERT)
    stakes = Stakes(rules)
    judged = [_best_play(state, (high, low), judge, stakes) for low, high, _weight in ROLLS]
    average = sum(roll.equity * roll.weight for roll in judged) / ORDERED_ROLLS
    rolls = tuple(replace(roll, versus_average=roll.equity - average) for roll in judged)
    judged_by = _("the bear-off database, exact") if exact else judge.title()
    return TempMap(state, rules, str(level), judged_by, exact, rolls, average)


def _best_play(state: State, dice: tuple[int, int], judge: Judge, stakes: Stakes) -> RollFigure:
    """The roll's best play as the judge ranks it (`versus_average` still 0)."""
    results = legal_results(state, dice[0], dice[1], judge.rules) or [((), state)]
    if results[0][0]:
        best = judge.rank_results(state, dice, results, stakes)[0]
    else:  # a dance: the position stays, the opponent on roll
        chances = judge.chances_after([state])[0]
        best = JudgedPlay((), state, float(stakes.equities(chances)), tuple(map(float, chances)), judge.plies)
    shown = display_play(state, best.play)
    return RollFigure(dice, best.play, shown, best.after, best.equity, best.chances, best.plies, 0.0)
