"""The `random` bot: a uniformly random legal play, the baseline every other bot must beat."""

import random
from collections.abc import Sequence

from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.eval.doubling import CountCube


class RandomBot(CountCube):
    """Chooses uniformly among the distinct legal plays; a seed makes its choices reproducible. The cube:
    a race count (CountCube), like the other bots without an evaluator."""

    name = "random"

    def __init__(self, seed: int | None = None, rules: Rules = Rules.TAVLA) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.variant = rules.variant  # backgammon, or another game of the board

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """A random legal play in the seed's notation ("" when there is none)."""
        plays = self.variant.legal_plays(state, die1, die2)
        return format_play(self.rng.choice(plays)) if plays else ""
