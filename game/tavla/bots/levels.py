"""Difficulty levels built on the network: `beginner` (deliberate noise) and `master` (2-ply look-ahead).

`intermediate` is pubeval and `expert` the network at 1-ply (game/tavla/bots/neural.py); the registry
maps the names. The beginner draws its play from a softmax over the network's expected points, so it
usually plays something sensible but often not the best. The master looks one roll further: for the
few plays the network likes best at 1-ply, it averages, over the opponent's 21 distinct rolls, the
value of the opponent's best reply, and plays the best average.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from game.tavla.bots.neural import Network, exact_points, rank_results, shipped_network
from game.tavla.moves import legal_results
from game.tavla.notation import format_play
from game.tavla.position import flip

BEGINNER_TEMPERATURE = 0.1  # points of expected value; higher plays worse
MASTER_CANDIDATES = 8  # plays kept for the look-ahead after the 1-ply ranking
MASTER_MARGIN = 0.4  # ... and only those within this many points of the best
ROLLS = tuple((d1, d2, 1.0 if d1 == d2 else 2.0) for d1 in range(1, 7) for d2 in range(d1, 7))
ROLL_WEIGHTS = np.array([weight for _, _, weight in ROLLS])


class BeginnerBot:
    """Softmax over the network's expected points with a high temperature: a beatable, human-like foe."""

    name = "beginner"

    def __init__(
        self,
        rules: str = "tavla",
        seed: int | None = None,
        net: Network | None = None,
        temperature: float = BEGINNER_TEMPERATURE,
    ) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.net = net if net is not None else shipped_network()
        self.temperature = temperature

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """A play drawn with probability growing with its expected points ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        value = rank_results(self.net, results, self.rules)
        weights = np.exp((value - value.max()) / self.temperature)
        return format_play(results[self.rng.choices(range(len(results)), weights=weights.tolist())[0]][0])


class MasterBot:
    """The network with a 2-ply look-ahead over the opponent's rolls, pruned to a few candidates."""

    name = "master"

    def __init__(
        self, rules: str = "tavla", net: Network | None = None, candidates: int = MASTER_CANDIDATES
    ) -> None:
        self.rules = rules
        self.net = net if net is not None else shipped_network()
        self.candidates = candidates

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The play with the best 2-ply expected points ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        if len(results) == 1:
            return format_play(results[0][0])
        first = rank_results(self.net, results, self.rules)
        order = np.argsort(-first)[: self.candidates]
        kept = [int(i) for i in order if first[i] >= first[order[0]] - MASTER_MARGIN]
        if len(kept) == 1:
            return format_play(results[kept[0]][0])
        best = max(kept, key=lambda i: self.look_ahead(results[i][1]))
        return format_play(results[best][0])

    def look_ahead(self, after: Sequence[int]) -> float:
        """Expected points of `after` (our position, opponent on roll) when the opponent replies best.

        All replies to all 21 rolls go through the network in one batch; a roll with no legal reply
        leaves the opponent's position as it is.
        """
        if after[0] == 15:
            return exact_points(after, self.rules)
        theirs = flip(after)
        replies: list[tuple[tuple, tuple[int, ...]]] = []
        bounds = [0]
        for d1, d2, _ in ROLLS:
            replies.extend(legal_results(theirs, d1, d2, self.rules) or [((), theirs)])
            bounds.append(len(replies))
        value = rank_results(self.net, replies, self.rules)
        best = np.maximum.reduceat(value, bounds[:-1])
        return -float(best @ ROLL_WEIGHTS) / 36.0
