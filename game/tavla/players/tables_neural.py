"""The network player of Plakoto, Fevga and Gul bara: the legal play whose position its evaluator rates
best for it (0-ply), with the weights shipped for the game or given."""

from collections.abc import Sequence

import numpy as np

from game.resources import asset_path
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.notation import format_play
from game.tavla.eval.tables_net import TablesEvaluator


def shipped_tables_evaluator(game: NoHittingGame) -> TablesEvaluator:
    """The weights shipped for `game` (assets/weights/<game>_net.npz); UserError if they cannot be read."""
    return TablesEvaluator.load(game, asset_path(f"weights/{game.name}_net.npz"))


class TablesNeuralBot:
    """Plays the best legal play by `net` (default: the shipped weights of `game`)."""

    name = "expert"

    def __init__(self, game: NoHittingGame, net: TablesEvaluator | None = None) -> None:
        self.game = game
        self.net = net if net is not None else shipped_tables_evaluator(game)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The play the network rates best, in the seed's notation ("" when there is none)."""
        plays = self.game.legal_plays(state, die1, die2)
        if not plays:
            return ""
        equities = self.net.equities([self.game.apply_play(state, play) for play in plays])
        return format_play(plays[int(np.argmax(equities))])
