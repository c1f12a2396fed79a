"""The bots on our own networks: `beginner` (noise), and the evaluator at 0-ply (`ExpertBot`) and searched
2-ply (`MasterBot`), which training and the benchmarks measure. The levels `expert`, `master` and
`grandmaster` a player meets are the judge's (game/tavla/players/judge_bot.py), on our networks only where
Open Sage is not installed (game/tavla/eval/network_judge.py).

`intermediate` is pubeval; the registry maps the names. `ExpertBot` is the evaluator's 0-ply play
(game/tavla/eval/neural.py). Each level also answers cube questions (game/tavla/eval/doubling.py) from
the same evaluator: the beginner judging the position as it stands, the expert one roll ahead, the
master two. The beginner draws its play from a softmax over the evaluator's expected points, so it
usually plays something sensible but often not the best. The master searches as gnubg's 2-ply does,
with gnubg's kind of move filter: the plays the evaluator likes at 0-ply (at most eight, within 0.16
points of the best) are looked at 1-ply deep, and the few best of those (at most three, within 0.08)
2-ply deep (game/tavla/eval/search.py). In a race (no contact left) it looks 1-ply deep: the race
network and the exact bear-off database leave little for a second ply to find.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import State, is_race
from game.tavla.engine.rules import Rules
from game.tavla.eval.doubling import NetworkCube
from game.tavla.eval.network_judge import MOVE_FILTER
from game.tavla.eval.neural import Evaluator, equities, rank_results, shipped_evaluator
from game.tavla.eval.search import Memo, values
from game.tavla.players.evaluator_bot import EvaluatorBot

BEGINNER_TEMPERATURE = 0.1  # points of expected value; higher plays worse
MASTER_PLIES = 2
RACE_PLIES = 1  # once the sides have passed, the race network and the bear-off database need less
# Rolls looked ahead for cube decisions (game/tavla/eval/doubling.py).
BEGINNER_CUBE_PLIES, EXPERT_CUBE_PLIES, MASTER_CUBE_PLIES = 0, 1, 2


class NeuralBot(EvaluatorBot):
    """The evaluator at 0-ply: the legal play whose resulting position has the best expected points."""

    name = "expert"

    def __init__(self, rules: Rules = Rules.TAVLA, net: Evaluator | None = None) -> None:
        super().__init__(rules)
        self.net = net if net is not None else shipped_evaluator(rules)

    def values(self, state: State, afters: list[State]) -> np.ndarray:
        """Expected points after each play, all positions judged in one batch."""
        return equities(self.net.probabilities(afters), self.rules)


class BeginnerBot(NetworkCube):
    """Softmax over the evaluator's expected points with a high temperature: a beatable, human-like foe;
    its cube decisions judge the position as it stands, without looking a roll ahead."""

    name = "beginner"

    def __init__(
        self,
        rules: Rules = Rules.TAVLA,
        seed: int | None = None,
        net: Evaluator | None = None,
        temperature: float = BEGINNER_TEMPERATURE,
    ) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.net = net if net is not None else shipped_evaluator(rules)
        self.temperature = temperature
        NetworkCube.__init__(self, rules, self.net, BEGINNER_CUBE_PLIES)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """A play drawn with probability growing with its expected points ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        value = rank_results(self.net, results, self.rules)
        weights = np.exp((value - value.max()) / self.temperature)
        return format_play(results[self.rng.choices(range(len(results)), weights=weights.tolist())[0]][0])


class ExpertBot(NeuralBot, NetworkCube):
    """The evaluator's best play at 0-ply; cube decisions look one roll ahead."""

    def __init__(self, rules: Rules = Rules.TAVLA, net: Evaluator | None = None) -> None:
        NeuralBot.__init__(self, rules, net)
        NetworkCube.__init__(self, rules, self.net, EXPERT_CUBE_PLIES)


class MasterBot(NetworkCube):
    """The evaluator searched 2-ply deep on the plays that survive a 0-ply and a 1-ply filter; cube
    decisions look two rolls ahead."""

    name = "master"

    def __init__(
        self, rules: Rules = Rules.TAVLA, net: Evaluator | None = None, plies: int = MASTER_PLIES
    ) -> None:
        self.rules = rules
        self.net = net if net is not None else shipped_evaluator(rules)
        self.plies = plies
        NetworkCube.__init__(self, rules, self.net, MASTER_CUBE_PLIES)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The play with the best searched value ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        plies = min(self.plies, RACE_PLIES) if is_race(state) else self.plies
        return format_play(results[self.choose([after for _, after in results], plies)][0])

    def choose(self, afters: list[tuple[int, ...]], depth: int) -> int:
        """The index of the best position: filtered ply by ply, then searched `depth` plies deep."""
        kept = list(range(len(afters)))
        memo: Memo = {}  # the opponent's best replies, found once for the 1-ply filter and the 2-ply search
        for plies, most, margin in MOVE_FILTER:
            if len(kept) == 1 or plies >= depth:
                break
            value = values(self.net, [afters[i] for i in kept], self.rules, plies, memo)
            order = np.argsort(-value)[:most]
            kept = [kept[int(i)] for i in order if value[i] >= value[order[0]] - margin]
        if len(kept) == 1:
            return kept[0]
        return kept[int(np.argmax(values(self.net, [afters[i] for i in kept], self.rules, depth, memo)))]
