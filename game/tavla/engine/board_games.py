"""The games of the tavla board besides backgammon, by their rule set (`Rules.PORTES`, `Rules.PLAKOTO`,
...; a `Rules` is also the name a game goes by outside): one instance of each, as `BACKGAMMON` in
variant.py holds backgammon's, and what `variant_of` answers for them. TABLES_GAMES are those without
hitting."""

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
