"""The bots that play the best-valued legal play: one `play`, each bot supplying only its evaluation."""

from collections.abc import Sequence

from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules


class EvaluatorBot:
    """Plays the legal play whose resulting position `values` rates highest (the first one on a tie).

    A subclass sets `name` and implements `values`; the legal plays, the no-move answer and the
    one-play shortcut live here, so greedy, pubeval, gnubg and the network all choose the same way.
    """

    name = "evaluator"

    def __init__(self, rules: Rules = Rules.TAVLA) -> None:
        self.rules = rules

    def values(self, state: State, afters: list[State]) -> Sequence[float]:
        """How good each position `afters` (reached from `state`, seen by the mover) is for the mover."""
        raise NotImplementedError

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The best-valued play in the seed's notation ("" when there is none)."""
        start = tuple(state)
        results = legal_results(start, die1, die2, self.rules)
        if not results:
            return ""
        if len(results) == 1:
            return format_play(results[0][0])
        values = self.values(start, [after for _, after in results])
        return format_play(results[max(range(len(results)), key=values.__getitem__)][0])
