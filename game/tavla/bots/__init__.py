"""The one registry of tavla bots, used by the table scene, the `bot` command and the tournament.

A bot is anything with `play(state: list[int], die1: int, die2: int) -> str | None`, the seed's
interface: the 28-integer state from the bot's side, the dice, and the play in the seed's notation
("" or None = no legal move). `get_bot` accepts a built-in name, a Python file (`path/to/bot.py`) or an
importable module (`package.module`) that defines such a `play` function, or `cmd:<command line>`: an
external program speaking the line protocol (game/tavla/protocol.py, registered below and imported only
when such a name is asked for). Other modules can serve a name prefix through `register_prefix`.
"""

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.errors import UserError
from game.tavla.moves import check_rules


@runtime_checkable
class Bot(Protocol):
    """The seed's bot interface."""

    def play(self, state: list[int], die1: int, die2: int) -> str | None:
        """The chosen play for `state` (the bot's own point of view) and the two dice."""
        ...


BotFactory = Callable[[int | None, str], Bot]
EXTERNAL_PREFIX = "cmd:"


def _random(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.random_bot import RandomBot

    return RandomBot(seed=seed, rules=rules)


def _greedy(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.greedy import GreedyBot

    return GreedyBot(rules=rules)


def _pubeval(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.pubeval import PubevalBot

    return PubevalBot(rules=rules)


def _beginner(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.levels import BeginnerBot

    return BeginnerBot(rules=rules, seed=seed)


def _expert(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.neural import NeuralBot

    return NeuralBot(rules=rules)


def _master(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.levels import MasterBot

    return MasterBot(rules=rules)


def _gnubg(seed: int | None, rules: str) -> Bot:
    from game.tavla.bots.gnubg_bot import GnubgBot

    return GnubgBot(rules=rules)


def _gnubg_description() -> str:
    from game.tavla.bots.gnubg_bot import INSTALL_HINT, available

    text = _BUILT_IN["gnubg"][1]
    return text if available() else f"{text}; unavailable here: {INSTALL_HINT}"


_BUILT_IN: dict[str, tuple[BotFactory, str]] = {
    "random": (_random, "a uniformly random legal play (seedable)"),
    "greedy": (_greedy, "hand-written heuristics: hit, make points, stay safe, race, bear off sensibly"),
    "pubeval": (_pubeval, "Tesauro's public-domain linear evaluator, the classic benchmark opponent"),
    "beginner": (_beginner, "level 1: the network's judgement with deliberate noise (seedable)"),
    "intermediate": (_pubeval, "level 2: pubeval"),
    "expert": (_expert, "level 3: the self-trained network, best expected points at 1-ply"),
    "master": (_master, "level 4: the network looking ahead over the opponent's 21 rolls (2-ply)"),
    "gnubg": (_gnubg, "GNU Backgammon's 0-ply network judging every legal play (optional package)"),
}
# Descriptions that depend on this machine, computed when asked for.
_LIVE_DESCRIPTIONS: dict[str, Callable[[], str]] = {"gnubg": _gnubg_description}


_PREFIXES: dict[str, Callable[[str, str], Bot]] = {}


def register_prefix(prefix: str, factory: Callable[[str, str], Bot]) -> None:
    """Let another module serve names starting with `prefix`, e.g. the line protocol for "cmd:".

    `factory(rest_of_the_name, rules)` builds the bot; this keeps one registry for every kind of bot.
    """
    _PREFIXES[prefix] = factory


STRONGEST_FIRST = ("gnubg", "master", "expert", "pubeval")


def strongest_bot(rules: str = "tavla") -> tuple[str, Bot]:
    """The strongest bot that works here (gnubg only when installed): for hints."""
    for name in STRONGEST_FIRST:
        try:
            return name, get_bot(name, rules=rules)
        except UserError:
            continue
    raise UserError("no bot is available for hints")


def bot_names() -> list[str]:
    """The built-in bot names, in a stable order for menus and help texts."""
    return list(_BUILT_IN)


def bot_description(name: str) -> str:
    """One line about a built-in bot, for menus and `--help`."""
    if name not in _BUILT_IN:
        raise UserError(_unknown(name))
    if name in _LIVE_DESCRIPTIONS:
        return _LIVE_DESCRIPTIONS[name]()
    return _BUILT_IN[name][1]


def get_bot(name: str, seed: int | None = None, rules: str = "tavla") -> Bot:
    """A bot by built-in name, Python file or module name; UserError if it cannot be found or loaded.

    `rules` tells the built-in bots which rule set their plays must satisfy; `seed` makes the random
    bot reproducible.
    """
    check_rules(rules)
    if name in _BUILT_IN:
        return _BUILT_IN[name][0](seed, rules)
    for prefix, factory in _PREFIXES.items():
        if name.startswith(prefix):
            return factory(name[len(prefix) :], rules)
    if name.startswith(EXTERNAL_PREFIX):
        raise UserError(f"{name!r}: external bots ({EXTERNAL_PREFIX}<command line>) are not supported here")
    if name.endswith(".py") or "/" in name or "\\" in name:
        return FunctionBot(_load_file(Path(name)), name)
    if "." in name and not name.startswith("."):
        return FunctionBot(_load_module(name), name)
    raise UserError(_unknown(name))


class FunctionBot:
    """A bot made of a module-level `play(state, die1, die2)` function, as the seed's contest had."""

    def __init__(self, function: Callable[[list[int], int, int], str | None], name: str) -> None:
        self.function = function
        self.name = name

    def play(self, state: list[int], die1: int, die2: int) -> str | None:
        """Ask the wrapped function."""
        return self.function(state, die1, die2)


def _unknown(name: str) -> str:
    return (
        f"unknown bot {name!r}; use one of {', '.join(_BUILT_IN)}, a Python file (bot.py) or a module "
        "(package.module) that defines play(state, die1, die2)"
    )


def _play_function(module: object, where: str) -> Callable[[list[int], int, int], str | None]:
    function = getattr(module, "play", None)
    if not callable(function):
        raise UserError(f"{where} does not define a function play(state, die1, die2)")
    return function


def _load_file(path: Path) -> Callable[[list[int], int, int], str | None]:
    if not path.is_file():
        raise UserError(f"bot file not found: {path}")
    spec = importlib.util.spec_from_file_location(f"tavla_bot_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise UserError(f"cannot load {path} as a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        raise UserError(f"cannot load bot file {path}: {type(error).__name__}: {error}") from error
    return _play_function(module, str(path))


def _load_module(name: str) -> Callable[[list[int], int, int], str | None]:
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        raise UserError(f"{_unknown(name)} (importing it failed: {error})") from error
    except Exception as error:
        raise UserError(f"cannot load bot module {name}: {type(error).__name__}: {error}") from error
    return _play_function(module, f"module {name}")


def _external(command: str, rules: str) -> Bot:
    from game.tavla.protocol import ExternalBot

    return ExternalBot(command, rules=rules)


register_prefix(EXTERNAL_PREFIX, _external)
