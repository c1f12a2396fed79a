"""The games of the tavla board besides backgammon, by the name they go by outside (command line, config,
protocol): one instance of each, as `BACKGAMMON` in variant.py holds backgammon's."""

from game.tavla.engine.fevga import Fevga, GulBara
from game.tavla.engine.no_hitting import NoHittingGame
from game.tavla.engine.plakoto import Plakoto

TABLES_GAMES: dict[str, NoHittingGame] = {game.name: game for game in (Plakoto(), Fevga(), GulBara())}
