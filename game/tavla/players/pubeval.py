"""The `pubeval` bot: Tesauro's public-domain linear evaluator (1993), the field's benchmark opponent.

It scores each position a legal play leads to with 122 weights (racing or contact, chosen by the
position before the move) and plays the best one. The 122 inputs, from the mover's side: for each
point from the mover's 24 point down to the 1 point, five inputs for its signed checker count n,
[n == -1, n == 1, n >= 2, n == 3, (n - 3) / 2 if n >= 4]; then the opponent's checkers on the bar / 2
and the mover's checkers borne off / 15. The weights ship in assets/weights/ (see its README).
"""

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.text.i18n import _
from game.tavla.engine.position import CHECKERS, OFF, OPP_BAR, State, all_borne_off, is_race
from game.tavla.engine.rules import Rules
from game.tavla.eval.doubling import CountCube
from game.tavla.players.evaluator_bot import EvaluatorBot

WEIGHTS_FILE = "weights/pubeval_weights.txt"
INPUTS = 122
WIN = float("inf")

Table = tuple[tuple[float, ...], ...]


def load_weights(path: Path | None = None) -> tuple[list[float], list[float]]:
    """(racing, contact) weight vectors from the two-line weights file."""
    path = path if path is not None else asset_path(WEIGHTS_FILE)
    try:
        lines = [line.split() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        vectors = [[float(x) for x in line] for line in lines]
    except (OSError, ValueError) as error:
        # Translators: {path} is a file; {error} is the system's reason
        message = _("cannot read the pubeval weights {path}: {error}")
        raise UserError(message.format(path=path, error=error)) from error
    if len(vectors) != 2 or any(len(v) != INPUTS for v in vectors):
        message = _("{path} must hold two lines of {count} weights (racing, then contact)")
        raise UserError(message.format(path=path, count=INPUTS))
    return vectors[0], vectors[1]


def point_table(weights: Sequence[float]) -> Table:
    """For each point 1..24, the summed weights of its five inputs for every count -15..15.

    Indexed as table[point][count] with Python's negative indexing covering negative counts, so a
    position scores in 24 lookups instead of a 122-term dot product.
    """
    rows: list[tuple[float, ...]] = [()]
    for point in range(1, 25):
        base = 5 * (24 - point)
        w = weights[base : base + 5]

        def value(n: int, w: Sequence[float] = w) -> float:
            return (
                w[0] * (n == -1)
                + w[1] * (n == 1)
                + w[2] * (n >= 2)
                + w[3] * (n == 3)
                + w[4] * ((n - 3) / 2 if n >= 4 else 0.0)
            )

        rows.append(
            tuple(value(n) for n in range(CHECKERS + 1)) + tuple(value(n) for n in range(-CHECKERS, 0))
        )
    return tuple(rows)


@cache
def _tables() -> tuple[tuple[Table, float, float], tuple[Table, float, float]]:
    race, contact = load_weights()
    return ((point_table(race), race[120], race[121]), (point_table(contact), contact[120], contact[121]))


def evaluate(position: Sequence[int], table: Table, bar_weight: float, off_weight: float) -> float:
    """Pubeval's score of a position after a move, from the mover's side (higher is better)."""
    if all_borne_off(position):
        return WIN
    total = bar_weight * position[OPP_BAR] / 2 + off_weight * position[OFF] / CHECKERS
    for point in range(1, 25):
        total += table[point][position[point]]
    return total


class PubevalBot(EvaluatorBot, CountCube):
    """Plays the legal play whose resulting position pubeval scores highest; the cube by a race count."""

    name = "pubeval"

    def __init__(self, rules: Rules = Rules.TAVLA) -> None:
        super().__init__(rules)
        self.race, self.contact = _tables()

    def values(self, state: State, afters: list[State]) -> list[float]:
        """Pubeval's score of each resulting position, with the weights the position before the move picks."""
        table, bar_weight, off_weight = self.race if is_race(state) else self.contact
        return [evaluate(after, table, bar_weight, off_weight) for after in afters]
