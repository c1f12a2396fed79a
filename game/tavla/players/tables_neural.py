"""The network player of Plakoto, Fevga and Gul bara: the legal play whose position its evaluator rates
best for it (0-ply), with the weights shipped for the game or given."""

from collections.abc import Sequence

import numpy as np

from game.errors import UserError
from game.i18n import _
from game.resources import asset_path
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import variant_of
from game.tavla.eval.tables_net import TablesEvaluator


def shipped_tables_evaluator(game: NoHittingGame) -> TablesEvaluator:
    """The weights shipped for `game` (assets/weights/<game>_net.npz); UserError if they cannot be read."""
    return TablesEvaluator.load(game, asset_path(f"weights/{game.name}_net.npz"))


class TablesNeuralBot:
    """Plays the best legal play under `rules` (Plakoto, Fevga, Gul bara) by `net` (default: the weights
    shipped for the game)."""

    name = "expert"

    def __init__(self, rules: Rules | NoHittingGame, net: TablesEvaluator | None = None) -> None:
        game = variant_of(rules)
        if not isinstance(game, NoHittingGame):
            raise UserError(
                _("this bot plays Plakoto, Fevga and Gul bara, not {rules}").format(rules=game.rules)
            )
        self.game = game
        self.net = net if net is not None else shipped_tables_evaluator(game)

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The play the network rates best, in the seed's notation ("" when there is none)."""
        plays = self.game.legal_plays(state, die1, die2)
        if not plays:
            return ""
        equities = self.net.equities([self.game.apply_play(state, play) for play in plays])
        return format_play(plays[int(np.argmax(equities))])
