"""The network players of the games without hitting (Plakoto, Fevga, Gul bara, long nardy, Moultezim),
at the levels the backgammon bots have.

`expert`: the legal play whose position the game's network rates best (0-ply). `beginner`: a play drawn
by a softmax over those ratings (levels.py's temperature), so it usually plays well and sometimes
slips. `master`: the expert's few best plays looked at one roll deeper, each rated by the average over
the 21 rolls of the opponent's best reply. The weights are those shipped for the game (or given).
"""

import random
from collections.abc import Sequence

import numpy as np

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.text.i18n import _
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.notation import Play, format_play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.no_hitting_net import NoHittingEvaluator, final_outcome
from game.tavla.players.levels import BEGINNER_TEMPERATURE

MASTER_CANDIDATES = 4  # plays the master looks at one roll deeper
ROLLS = tuple((die1, die2) for die1 in range(1, 7) for die2 in range(1, die1 + 1))


def shipped_no_hitting_evaluator(game: NoHittingGame) -> NoHittingEvaluator:
    """The weights shipped for `game` (assets/weights/<game>_net.npz); UserError if they cannot be read."""
    return NoHittingEvaluator.load(game, asset_path(f"weights/{game.name}_net.npz"))


class NoHittingNeuralBot:
    """The expert: the best legal play under `rules` (a game without hitting) by `net` (default: the
    weights shipped for the game)."""

    name = "expert"

    def __init__(self, rules: Rules, net: NoHittingEvaluator | None = None) -> None:
        game = rules.variant
        if not isinstance(game, NoHittingGame):
            message = _("this bot plays the games without hitting, not {rules}")
            raise UserError(message.format(rules=game.rules))
        self.game = game
        self.net = net if net is not None else shipped_no_hitting_evaluator(game)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The chosen play in the seed's notation ("" when there is none)."""
        plays = self.game.legal_plays(state, die1, die2)
        if not plays:
            return ""
        return format_play(self.choose(tuple(state), plays))

    def choose(self, state: State, plays: list[Play]) -> Play:
        equities = self.net.equities([self.game.apply_play(state, play) for play in plays])
        return plays[int(np.argmax(equities))]


class NoHittingBeginnerBot(NoHittingNeuralBot):
    """The beginner: a play drawn with probability growing with the network's rating of it."""

    name = "beginner"

    def __init__(self, rules: Rules, seed: int | None = None, net: NoHittingEvaluator | None = None) -> None:
        super().__init__(rules, net)
        self.rng = random.Random(seed)

    def choose(self, state: State, plays: list[Play]) -> Play:
        equities = self.net.equities([self.game.apply_play(state, play) for play in plays])
        weights = np.exp((equities - equities.max()) / BEGINNER_TEMPERATURE)
        return plays[self.rng.choices(range(len(plays)), weights=weights.tolist())[0]]


class NoHittingMasterBot(NoHittingNeuralBot):
    """The master: the expert's best few plays, each rated one roll deeper."""

    name = "master"

    def choose(self, state: State, plays: list[Play]) -> Play:
        afters = [self.game.apply_play(state, play) for play in plays]
        shallow = self.net.equities(afters)
        order = np.argsort(-shallow)[:MASTER_CANDIDATES]
        deep = self._one_roll_deeper([afters[index] for index in order], shallow[order])
        return plays[int(order[int(np.argmax(deep))])]

    def _one_roll_deeper(self, afters: list[State], shallow: np.ndarray) -> np.ndarray:
        """Our expected points in each of `afters` (rated `shallow` at 0-ply) after the opponent's best
        reply to each of the 21 rolls: a game already over is what it is, a roll with no reply leaves
        the position as it was. Every reply of every roll is rated in one batch."""
        replies: list[State] = []
        segments: list[tuple[int, int, int, int]] = []  # candidate, the roll's weight, its replies
        deep = shallow.astype(np.float64).copy()
        for candidate, after in enumerate(afters):
            if final_outcome(self.game, after) is not None:
                continue
            deep[candidate] = 0.0
            theirs = self.game.flip(after)
            for die1, die2 in ROLLS:
                start = len(replies)
                replies += [
                    self.game.apply_play(theirs, play) for play in self.game.legal_plays(theirs, die1, die2)
                ]
                segments.append((candidate, 1 if die1 == die2 else 2, start, len(replies)))
        rated = self.net.equities(replies) if replies else np.empty(0)
        for candidate, weight, start, end in segments:
            ours = -float(rated[start:end].max()) if end > start else float(shallow[candidate])
            deep[candidate] += weight * ours / 36
        return deep
