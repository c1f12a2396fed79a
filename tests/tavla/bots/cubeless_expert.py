"""`expert`'s plays without its cube decisions: a Python file bot with `play` only, so with the cube it
never doubles and always takes (the baseline the cube is measured against, and a test bot)."""

from game.tavla.engine.rules import Rules
from game.tavla.players.levels import ExpertBot

_EXPERT = ExpertBot(Rules.STANDARD)


def play(state: list[int], die1: int, die2: int) -> str:
    """The expert's play."""
    return _EXPERT.play(state, die1, die2)
