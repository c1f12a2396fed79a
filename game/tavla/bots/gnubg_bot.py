"""The optional `gnubg` bot: GNU Backgammon's 0-ply network judges each legal resulting position.

The `gnubg` package (PyPI) is an optional extra. Its move lists are not used: its Python binding cuts
move tuples short at the first checker borne off, so the plays come from our engine and gnubg only
evaluates the positions they lead to, from the opponent's side (it is on roll there), negated.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from game.errors import UserError
from game.i18n import _
from game.tavla.game import score
from game.tavla.moves import legal_results
from game.tavla.notation import format_play
from game.tavla.position import flip, to_gnubg_board
from game.tavla.rules import Rules

INSTALL_HINT = "pip install gnubg"


def load_gnubg() -> ModuleType:
    """The gnubg module, or a UserError saying it is unavailable and how to install it."""
    try:
        import gnubg
    except ImportError as error:
        # Translators: {error} is Python's reason; {command} installs the package, e.g. pip install gnubg
        message = _(
            "the gnubg bot is unavailable: the GNU Backgammon package is not installed "
            "({error}); install it with `{command}`"
        )
        raise UserError(message.format(error=error, command=INSTALL_HINT)) from None
    return gnubg


def available() -> bool:
    """True when the gnubg package imports, for menus that list it as (un)available."""
    try:
        load_gnubg()
    except UserError:
        return False
    return True


class GnubgBot:
    """Plays the legal play whose resulting position GNU Backgammon's 0-ply evaluation likes best."""

    name = "gnubg"

    def __init__(self, rules: Rules = Rules.TAVLA) -> None:
        self.rules = rules
        self.gnubg = load_gnubg()
        self.cube = self.gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
        self.context = self.gnubg.evalcontext(0, 0, 1, 0, 0.0)
        # gnubg's probabilities: win, win gammon, win backgammon, lose gammon, lose backgammon
        self.weights = rules.equity_weights

    def value(self, after: Sequence[int]) -> float:
        """Our expected points after a play: exact when the game is over, else minus the opponent's."""
        if after[0] == 15:
            return float(score(after, self.rules))
        probabilities = self.gnubg.evaluate(to_gnubg_board(flip(after)), self.cube, self.context)[:5]
        return 1.0 - sum(w * p for w, p in zip(self.weights, probabilities, strict=True))

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The best play by gnubg's evaluation, in the seed's notation ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        return format_play(max(results, key=lambda result: self.value(result[1]))[0])
