"""The games of the tavla board besides backgammon, by their rule set (`Rules.PLAKOTO`, ...; a `Rules` is
also the name the game goes by outside): one instance of each, as `BACKGAMMON` in variant.py holds
backgammon's, and what `variant_of` answers for them."""

from game.tavla.engine.fevga import Fevga, GulBara
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.plakoto import Plakoto
from game.tavla.engine.rules import Rules

TABLES_GAMES: dict[Rules, NoHittingGame] = {
    Rules.PLAKOTO: Plakoto(Rules.PLAKOTO),
    Rules.FEVGA: Fevga(Rules.FEVGA),
    Rules.GUL_BARA: GulBara(Rules.GUL_BARA),
}
