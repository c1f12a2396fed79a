"""The judge: the one seam every verdict, hint, cube decision, luck figure and computer level asks
(`judge_for` in game/tavla/eval/judges.py chooses which one answers).

A judge ranks the legal plays of a roll (the plays always come from our rules engine; the judge only
evaluates them, in batches), gives the chances after a play and before a roll, and decides the cube. Two
kinds answer behind the same interface:

- Open Sage (`bgsage` on PyPI, MPL-2.0, game/tavla/eval/sage_judge.py) for backgammon under the standard,
  tavla and portes rule sets, wherever its wheels are installed: 1-ply (its raw networks; XG's numbering,
  gnubg's 0-ply), 2-ply and 3-ply, cubeful at the score where the rule set has a cube;
- our own networks (game/tavla/eval/network_judge.py), searched as gnubg counts plies, cubeless, on
  machines without Open Sage's wheels.

The player chooses one level in Settings (`tavla.judge` in the config) and the hint, the tutor, the
analysis, practice and progress all judge at it, so the play the hint ranks first is never called a
mistake at the same setting. Each verdict names its judge (`Judge.title`).

Equities are the mover's, in the units of game/tavla/eval/stakes.py: points per unit of cube in money
play, EMG (normalised to the cube) in a match. Open Sage and our analysis share one match equity table,
Kazaross XG2 (tests/tavla/eval/test_judge.py compares the two).
"""

from __future__ import annotations

import functools
import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.core.text.i18n import _
from game.tavla.engine.cube import Cube
from game.tavla.engine.notation import Play, format_play
from game.tavla.engine.position import State
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.stakes import Stakes

# Set to "1" to answer with our own networks even where Open Sage is installed (tests, comparisons).
NO_SAGE_VARIABLE = "TAVLA_NO_OPEN_SAGE"
TOP_PLAYS = 5  # the plays a hint and a verdict show side by side, each judged at the full depth
OPENING_ROLLS = tuple((d1, d2) for d1, d2, _ in ROLLS if d1 != d2)  # the 15 rolls that can open a game


@dataclass(frozen=True)
class JudgedPlay:
    """A legal play with the mover's equity after it (cubeful at the score where the judge counts the
    cube), the five cubeless chances after it (win, win gammon, win backgammon, lose gammon, lose
    backgammon; gammons include backgammons) and the plies it was judged at (the judge's numbering)."""

    play: Play
    after: State
    equity: float
    chances: tuple[float, ...]
    plies: int

    @property
    def text(self) -> str:
        return format_play(self.play)


class Judge(ABC):
    """What every consumer asks of a judge; see the module's docstring."""

    rules: Rules
    level: JudgeLevel

    @property
    @abstractmethod
    def engine(self) -> str:
        """The engine's name, as a player reads it ("Open Sage", "our networks")."""

    @property
    @abstractmethod
    def plies(self) -> int:
        """The depth the plays' equities come from, in the engine's own numbering."""

    @property
    @abstractmethod
    def cubeful(self) -> bool:
        """Whether equities count the cube (cubeful at the score) or not (cubeless)."""

    def title(self) -> str:
        """Which judge gave a verdict, in a player's words: "Open Sage 2-ply, cubeful at the score"."""
        judge = _("{engine} {plies}-ply").format(engine=self.engine, plies=self.plies)
        # Translators: {judge} is a judge and its depth ("Open Sage 2-ply"); its equities count the cube
        # as it is at the match score (cubeful), or leave it out (cubeless)
        text = _("{judge}, cubeful at the score") if self.cubeful else _("{judge}, cubeless")
        return text.format(judge=judge)

    def rank_results(
        self,
        state: State,
        dice: tuple[int, int],
        results: Sequence[tuple[Play, State]],
        stakes: Stakes,
        keep: Sequence[State] = (),
    ) -> list[JudgedPlay]:
        """The legal `results` of `dice` from `state` (our engine's), each judged at `stakes`, best
        first. The TOP_PLAYS first, and the plays leading to `keep` (the play a player made), are all
        judged at the full depth, so the plays shown side by side compare at one depth; the rest may
        stand at a shallower one, below them, as in gnubg's and XG's lists."""
        ranked = self._ranked(state, dice, results, stakes)
        deepest = max(play.plies for play in ranked)
        wanted = {play.after for play in ranked[:TOP_PLAYS]} | set(keep)
        shallow = [play for play in ranked if play.plies < deepest and play.after in wanted]
        if not shallow:
            return ranked
        deeper = {play.after: play for play in self._deepened(state, dice, shallow, stakes)}
        ranked = [deeper.get(play.after, play) for play in ranked]
        return sorted(ranked, key=lambda play: (-play.plies, -play.equity))

    @abstractmethod
    def _ranked(
        self, state: State, dice: tuple[int, int], results: Sequence[tuple[Play, State]], stakes: Stakes
    ) -> list[JudgedPlay]:
        """Every result judged, the deepest first and by equity within a depth (the engine's filter
        decides which go deepest)."""

    @abstractmethod
    def _deepened(
        self, state: State, dice: tuple[int, int], plays: Sequence[JudgedPlay], stakes: Stakes
    ) -> list[JudgedPlay]:
        """`plays` judged again at the full depth."""

    def rank(self, state: State, dice: tuple[int, int], stakes: Stakes | None = None) -> list[JudgedPlay]:
        """Every legal play of `dice` from `state`, best first at `stakes` (default: money, the cube in
        the centre); [] when the roll cannot be played."""
        results = self.rules.variant.legal_results(tuple(state), dice[0], dice[1])
        if not results:
            return []
        return self.rank_results(tuple(state), dice, results, stakes or Stakes(self.rules))

    @abstractmethod
    def roll_equities(
        self, states: Sequence[State], stakes: Sequence[Stakes], openings: Sequence[bool]
    ) -> list[list[float]]:
        """For each position before a roll, the mover's equity after the best play of each roll
        (ROLLS' order, or OPENING_ROLLS' for an opening), judged as `rank` judges: the luck's parts.
        A roll that cannot be played leaves the position as it is."""

    @abstractmethod
    def chances_after(self, afters: Sequence[State]) -> np.ndarray:
        """The cubeless chances after each position's move, for the player who moved, (N, 5)."""

    @abstractmethod
    def pre_roll(self, state: State) -> np.ndarray:
        """The cubeless chances of the player on roll before rolling, (5,)."""

    @abstractmethod
    def cube_decision(self, state: State, cube: Cube) -> CubeDecision:
        """The decision of the player on roll before rolling, with the three equities."""

    def cube_decisions(self, states: Sequence[State], cubes: Sequence[Cube]) -> list[CubeDecision]:
        """`cube_decision` of each position (an engine may answer them in one batch)."""
        return [self.cube_decision(state, cube) for state, cube in zip(states, cubes, strict=True)]

    def game_plans(self, after: State) -> tuple[str, str] | None:
        """The game plans after a play, of the player who moved and of the opponent ("priming",
        "attacking", "anchoring", "racing", "purerace"), where the engine classifies them (None)."""
        return None


def sage_available() -> bool:
    """Whether Open Sage answers here: its wheel is installed and loads, and it is not switched off."""
    if os.environ.get(NO_SAGE_VARIABLE, "") not in ("", "0"):
        return False
    return _sage_loads()


@functools.cache
def _sage_loads() -> bool:
    try:
        importlib.import_module("bgsage")
    except (ImportError, OSError):  # a missing wheel, or one built for another machine
        return False
    return True


def sage_plays(rules: Rules) -> bool:
    """Whether Open Sage judges `rules`: the backgammon rule sets (hitting, bearing off, the 24 points
    as backgammon has them), where it is installed."""
    return rules.hits and sage_available()


def roll_table(opening: bool) -> Sequence[tuple[int, int]]:
    """The rolls a position's luck is measured over, each as (low, high): the 21 rolls, or the 15 that
    can open a game."""
    return OPENING_ROLLS if opening else [(d1, d2) for d1, d2, _ in ROLLS]


def roll_weights(opening: bool) -> np.ndarray:
    """How often each roll of `roll_table(opening)` comes: out of 36, or of 30 for an opening."""
    return np.array([weight for d1, d2, weight in ROLLS if not (opening and d1 == d2)], dtype=float)


def luck(equities: Sequence[float], rolled: tuple[int, int], opening: bool) -> float:
    """The luck of `rolled`, gnubg's way: the equity after its best play minus the average over the
    rolls (weighted as they come), from the roller's side."""
    index = list(roll_table(opening)).index((min(rolled), max(rolled)))
    weights = roll_weights(opening)
    return float(equities[index] - np.dot(equities, weights) / weights.sum())
