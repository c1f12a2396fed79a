"""The judge of Plakoto, Fevga and Gul bara: each game's own network (game/tavla/eval/no_hitting_net.py)
behind the judge's interface, so the analysis, the hint and the tutor judge these games as they judge
backgammon. Cubeless (these games have no cube); plies counted as gnubg counts them.

`expert` ranks at 0-ply (the network itself), `master` 1-ply and `grandmaster` 2-ply, with a move filter
as our backgammon networks' (game/tavla/eval/network_judge.py) but narrower: the plays the network likes
at 0-ply (at most four, within 0.12 points of the best) are looked at 1-ply deep, and at 2-ply the two
best of those (within 0.06). n-ply averages over the opponent's 21 rolls its best reply (chosen at
0-ply) judged n-1 deep; a roll with no reply leaves the position as it is. The legal plays come from the
game's own move generator, in Python (some 2 ms a roll in Plakoto), so a match is analysed in seconds a
game at `expert` and in half a minute at `master`. Gul bara's cascade of doubles is judged roll by roll
(each double of the cascade a decision of its own, judged as if the opponent rolled next). The luck's
rolls are each played as the network likes best at 0-ply and judged there.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from game.core.files.shipped import asset_path
from game.tavla.engine.cube import Cube
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.position import State
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.filtered_judge import FilteredJudge
from game.tavla.eval.judge import roll_table
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import equities, other_side
from game.tavla.eval.no_hitting_net import NoHittingEvaluator, final_outcome
from game.tavla.eval.stakes import Stakes

# The move filter, as our backgammon networks' (plies searched, most plays kept, within this margin) but
# narrower: every position of the search is found by the game's own move generator in Python.
MOVE_FILTER = ((0, 4, 0.12), (1, 2, 0.06))
LEVEL_PLIES = {JudgeLevel.EXPERT: 0, JudgeLevel.MASTER: 1, JudgeLevel.GRANDMASTER: 2, JudgeLevel.ROLLER: 2}
_loaded: dict[str, NoHittingEvaluator] = {}


def game_evaluator(game: NoHittingGame) -> NoHittingEvaluator:
    """The network shipped for `game` (assets/weights/<game>_net.npz), loaded once per process;
    UserError when it cannot be read."""
    if game.name not in _loaded:
        _loaded[game.name] = NoHittingEvaluator.load(game, asset_path(f"weights/{game.name}_net.npz"))
    return _loaded[game.name]


class NoHittingJudge(FilteredJudge):
    """A game without hitting judged by its network, searched `LEVEL_PLIES[level]` deep."""

    def __init__(self, rules: Rules, level: JudgeLevel, net: NoHittingEvaluator | None = None) -> None:
        game = rules.variant
        assert isinstance(game, NoHittingGame), rules
        self.rules = rules
        self.level = level
        self.game = game
        self.net = net if net is not None else game_evaluator(game)
        self.depth = LEVEL_PLIES[level]
        self.move_filter = MOVE_FILTER

    def search(self, afters: Sequence[State], plies: int) -> np.ndarray:
        afters = list(afters)
        if plies == 0 or not afters:
            return self.net.probabilities(afters) if afters else np.empty((0, 5))
        out = np.empty((len(afters), 5))
        open_rows = []
        for row, after in enumerate(afters):
            final = final_outcome(self.game, after)
            if final is None:
                open_rows.append(row)
            else:
                out[row] = final
        if not open_rows:
            return out
        groups = [self._replies(self.game.flip(afters[row])) for row in open_rows]
        flat = [reply for group in groups for roll in group for reply in roll]
        chances = self.net.probabilities(flat)
        value = equities(chances, self.rules)
        best, chosen, offset = [], [], 0
        for group in groups:
            for roll in group:
                pick = offset + int(np.argmax(value[offset : offset + len(roll)]))
                best.append(flat[pick])
                chosen.append(chances[pick])
                offset += len(roll)
        replies = self.search(best, plies - 1) if plies > 1 else np.array(chosen)
        per_roll = other_side(replies).reshape(len(open_rows), len(ROLLS), 5)
        out[open_rows] = np.einsum("krc,r->kc", per_roll, ROLL_WEIGHTS) / 36.0
        return out

    def _replies(self, theirs: State) -> list[list[State]]:
        """For each of the 21 rolls, the positions the player on roll in `theirs` can play to (the
        position itself when the roll cannot be played)."""
        return [
            [after for _play, after in self.game.legal_results(theirs, d1, d2)] or [theirs]
            for d1, d2, _weight in ROLLS
        ]

    def roll_equities(
        self, states: Sequence[State], stakes: Sequence[Stakes], openings: Sequence[bool]
    ) -> list[list[float]]:
        groups = [
            [after for _play, after in self.game.legal_results(state, d1, d2)] or [state]
            for state, opening in zip(states, openings, strict=True)
            for d1, d2 in roll_table(opening)
        ]
        flat = [after for group in groups for after in group]
        chances = self.net.probabilities(flat) if flat else np.empty((0, 5))
        bounds = iter(itertools.pairwise(np.cumsum([0, *(len(group) for group in groups)])))
        out = []
        for worth, opening in zip(stakes, openings, strict=True):
            spans = [next(bounds) for _roll in roll_table(opening)]
            out.append([float(worth.equities(chances[start:end]).max()) for start, end in spans])
        return out

    def chances_after(self, afters: Sequence[State]) -> np.ndarray:
        return self.search(afters, self.depth)

    def pre_roll(self, state: State) -> np.ndarray:
        """The mean over the 21 rolls of the chances after each roll's best play (at 0-ply)."""
        groups = [
            [after for _play, after in self.game.legal_results(state, d1, d2)] or [state]
            for d1, d2, _ in ROLLS
        ]
        flat = [after for group in groups for after in group]
        chances = self.net.probabilities(flat)
        value = equities(chances, self.rules)
        bounds = np.cumsum([0, *(len(group) for group in groups)])
        best = np.array(
            [chances[start + int(np.argmax(value[start:end]))] for start, end in itertools.pairwise(bounds)]
        )
        return np.einsum("rc,r->c", best, ROLL_WEIGHTS) / 36.0

    def cube_decision(self, state: State, cube: Cube) -> CubeDecision:
        self.rules.check_cube()  # these games have no cube: RulesRefused says so
        raise AssertionError("unreachable")
