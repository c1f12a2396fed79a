"""The games of the tavla board besides backgammon, by their rule set (`Rules.PORTES`, `Rules.PLAKOTO`,
...; a `Rules` is also the name a game goes by outside): one instance of each, as `BACKGAMMON` in
variant.py holds backgammon's, and what `variant_of` answers for them. TABLES_GAMES are those without
hitting.

`TableGames` is what a match at the table plays: one game throughout (any rule set), or the Greek
*Tavli*, Portes, Plakoto and Fevga in turn (`TAVLI`). It is parsed once where a name comes in (the
config, the menu, `tavla --rules`) and handed to the match.
"""

from dataclasses import dataclass

from game.errors import UserError
from game.i18n import N_, _
from game.tavla.engine.fevga import Fevga, GulBara
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.plakoto import Plakoto
from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import Variant


class Portes(Variant):
    """Portes: backgammon's moves with the larger die forced, 1 point or 2 (no backgammon), no cube; the
    winner of the opening roll rolls again, as in the other Greek games."""

    opening_roll_played = False


TABLES_GAMES: dict[Rules, NoHittingGame] = {
    Rules.PLAKOTO: Plakoto(Rules.PLAKOTO),
    Rules.FEVGA: Fevga(Rules.FEVGA),
    Rules.GUL_BARA: GulBara(Rules.GUL_BARA),
}
OTHER_GAMES: dict[Rules, Variant] = {Rules.PORTES: Portes(Rules.PORTES), **TABLES_GAMES}


@dataclass(frozen=True)
class TableGames:
    """The games of a match in the order they are played, over and over: one rule set's alone, or a
    Tavli match's three. `name` is how the config, the menu and the command line write it."""

    name: str
    rotation: tuple[Rules, ...]
    display_name: str

    def __str__(self) -> str:
        return self.name

    @property
    def first(self) -> Rules:
        """The first game's rule set (the only one unless this is a Tavli match)."""
        return self.rotation[0]

    def rules_of(self, index: int) -> Rules:
        """The rule set of the match's game number `index` (0 the first)."""
        return self.rotation[index % len(self.rotation)]

    @classmethod
    def parse(cls, value: object) -> "TableGames":
        """The games a name (or a Rules, or a TableGames) stands for; else UserError naming them all."""
        if isinstance(value, TableGames):
            return value
        if value == TAVLI.name:
            return TAVLI
        if isinstance(value, str) and value in Rules.names():
            rules = Rules(value)
            return cls(rules.value, (rules,), rules.display_name)
        # Translators: {rules} is what was asked for; {known} lists the games' names (tavla, ..., tavli)
        message = _("unknown game {rules}; use one of: {known}")
        raise UserError(message.format(rules=repr(value), known=", ".join(table_choices())))


TAVLI = TableGames(
    "tavli",
    (Rules.PORTES, Rules.PLAKOTO, Rules.FEVGA),
    # Translators: the Greek match of three games in turn (Portes, Plakoto, Fevga), as a menu choice
    N_("Tavli match"),
)


def table_choices() -> tuple[str, ...]:
    """What the table offers by name: every rule set, then the Tavli match."""
    return (*Rules.names(), TAVLI.name)
