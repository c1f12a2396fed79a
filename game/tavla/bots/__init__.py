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
from game.i18n import N_, _
from game.tavla.rules import Rules


@runtime_checkable
class Bot(Protocol):
    """The seed's bot interface."""

    def play(self, state: list[int], die1: int, die2: int) -> str | None:
        """The chosen play for `state` (the bot's own point of view) and the two dice."""
        ...


BotFactory = Callable[[int | None, Rules], Bot]
EXTERNAL_PREFIX = "cmd:"


def _random(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.random_bot import RandomBot

    return RandomBot(seed=seed, rules=rules)


def _greedy(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.greedy import GreedyBot

    return GreedyBot(rules=rules)


def _pubeval(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.pubeval import PubevalBot

    return PubevalBot(rules=rules)


def _beginner(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.levels import BeginnerBot

    return BeginnerBot(rules=rules, seed=seed)


def _expert(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.neural import NeuralBot

    return NeuralBot(rules=rules)


def _master(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.levels import MasterBot

    return MasterBot(rules=rules)


def _gnubg(seed: int | None, rules: Rules) -> Bot:
    from game.tavla.bots.gnubg_bot import GnubgBot

    return GnubgBot(rules=rules)


def _gnubg_description() -> str:
    from game.tavla.bots.gnubg_bot import INSTALL_HINT, available

    if available():
        return _(_BUILT_IN["gnubg"][1])
    # Translators: {command} is the command that installs the package, e.g. pip install gnubg
    message = _(
        "GNU Backgammon's 0-ply network judging every legal play (optional package); "
        "unavailable here: {command}"
    )
    return message.format(command=INSTALL_HINT)


# Each built-in bot: its factory and one line about it (translated where it is shown).
_BUILT_IN: dict[str, tuple[BotFactory, str]] = {
    "random": (_random, N_("a uniformly random legal play (seedable)")),
    "greedy": (_greedy, N_("hand-written heuristics: hit, make points, stay safe, race, bear off sensibly")),
    "pubeval": (_pubeval, N_("Tesauro's public-domain linear evaluator, the classic benchmark opponent")),
    "beginner": (_beginner, N_("level 1: the network's judgement with deliberate noise (seedable)")),
    # Translators: pubeval is the name of a bot (Tesauro's evaluator); keep it as it is
    "intermediate": (_pubeval, N_("level 2: pubeval")),
    "expert": (_expert, N_("level 3: the self-trained networks and bear-off database, best play at 0-ply")),
    "master": (_master, N_("level 4: the networks looking two rolls ahead (pruned 2-ply search)")),
    "gnubg": (_gnubg, N_("GNU Backgammon's 0-ply network judging every legal play (optional package)")),
}
# Descriptions that depend on this machine, computed when asked for.
_LIVE_DESCRIPTIONS: dict[str, Callable[[], str]] = {"gnubg": _gnubg_description}
# The name a player reads for each built-in bot (menus, the table); translated where it is shown.
_TITLES: dict[str, str] = {
    # Translators: the name of a bot that plays at random
    "random": N_("Random"),
    # Translators: the name of a bot that plays by simple rules of thumb
    "greedy": N_("Greedy"),
    # Translators: the name of Tesauro's evaluator bot; usually kept as it is
    "pubeval": N_("Pubeval"),
    # Translators: a difficulty level (a bot's name in menus)
    "beginner": N_("Beginner"),
    # Translators: a difficulty level (a bot's name in menus)
    "intermediate": N_("Intermediate"),
    # Translators: a difficulty level (a bot's name in menus)
    "expert": N_("Expert"),
    # Translators: a difficulty level (a bot's name in menus)
    "master": N_("Master"),
    # Translators: the name of a free backgammon program; usually kept as it is
    "gnubg": N_("GNU Backgammon"),
}


_PREFIXES: dict[str, Callable[[str, Rules], Bot]] = {}


def register_prefix(prefix: str, factory: Callable[[str, Rules], Bot]) -> None:
    """Let another module serve names starting with `prefix`, e.g. the line protocol for "cmd:".

    `factory(rest_of_the_name, rules)` builds the bot; this keeps one registry for every kind of bot.
    """
    _PREFIXES[prefix] = factory


# master: +0.049 a game against gnubg's 0-ply (benchmarks/tavla_levels.py); gnubg if the weights are gone.
STRONGEST_FIRST = ("master", "gnubg", "expert", "pubeval")


def strongest_bot(rules: Rules = Rules.TAVLA) -> tuple[str, Bot]:
    """The strongest bot that works here, for hints."""
    for name in STRONGEST_FIRST:
        try:
            return name, get_bot(name, rules=rules)
        except UserError:
            continue
    raise UserError(_("no bot is available for hints"))


def bot_names() -> list[str]:
    """The built-in bot names, in a stable order for menus and help texts."""
    return list(_BUILT_IN)


def bot_title(name: str) -> str:
    """The name a player reads for a bot: translated for a built-in one, else the name as entered."""
    title = _TITLES.get(name)
    return _(title) if title is not None else name


def bot_description(name: str) -> str:
    """One line about a built-in bot, for menus and `--help`, in the current language."""
    if name not in _BUILT_IN:
        raise UserError(_unknown(name))
    if name in _LIVE_DESCRIPTIONS:
        return _LIVE_DESCRIPTIONS[name]()
    return _(_BUILT_IN[name][1])


def get_bot(name: str, seed: int | None = None, rules: Rules = Rules.TAVLA) -> Bot:
    """A bot by built-in name, Python file or module name; UserError if it cannot be found or loaded.

    `rules` tells the built-in bots which rule set their plays must satisfy; `seed` makes the random
    bot reproducible.
    """
    if name in _BUILT_IN:
        return _BUILT_IN[name][0](seed, rules)
    for prefix, factory in _PREFIXES.items():
        if name.startswith(prefix):
            return factory(name[len(prefix) :], rules)
    if name.startswith(EXTERNAL_PREFIX):
        # Translators: {name} is the bot as entered, quoted; {prefix} is cmd: and stays as it is
        message = _("{name}: external bots ({prefix}<command line>) are not supported here")
        raise UserError(message.format(name=repr(name), prefix=EXTERNAL_PREFIX))
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


def _unknown(name: str, error: ImportError | None = None) -> str:
    """Why a name is no bot, listing the built-in names; `error` when importing it as a module failed."""
    if error is None:
        # Translators: {name} is what was asked for, quoted; {names} lists the built-in bots' names (keep
        # the names, bot.py, package.module and play(state, die1, die2) as they are)
        message = _(
            "unknown bot {name}; use one of {names}, a Python file (bot.py) or a module "
            "(package.module) that defines play(state, die1, die2)"
        )
    else:
        # Translators: as "unknown bot ...", with {error}, Python's reason the import failed
        message = _(
            "unknown bot {name}; use one of {names}, a Python file (bot.py) or a module "
            "(package.module) that defines play(state, die1, die2) (importing it failed: {error})"
        )
    return message.format(name=repr(name), names=", ".join(_BUILT_IN), error=error)


def _play_function(
    module: object, path: Path | None = None, name: str | None = None
) -> Callable[[list[int], int, int], str | None]:
    """The module's `play`; UserError naming the file (`path`) or the module (`name`) when it has none."""
    function = getattr(module, "play", None)
    if not callable(function):
        if path is not None:
            message = _("{path} does not define a function play(state, die1, die2)")
        else:
            # Translators: {name} is a Python module's name, e.g. my_bots.strong
            message = _("module {name} does not define a function play(state, die1, die2)")
        raise UserError(message.format(path=path, name=name))
    return function


def _load_file(path: Path) -> Callable[[list[int], int, int], str | None]:
    if not path.is_file():
        raise UserError(_("bot file not found: {path}").format(path=path))
    spec = importlib.util.spec_from_file_location(f"tavla_bot_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise UserError(_("cannot load {path} as a Python module").format(path=path))
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        # Translators: {error} is the Python exception, e.g. "SyntaxError: invalid syntax"
        message = _("cannot load bot file {path}: {error}")
        raise UserError(message.format(path=path, error=f"{type(error).__name__}: {error}")) from error
    return _play_function(module, path=path)


def _load_module(name: str) -> Callable[[list[int], int, int], str | None]:
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        raise UserError(_unknown(name, error)) from error
    except Exception as error:
        # Translators: {error} is the Python exception, e.g. "ValueError: bad value"
        message = _("cannot load bot module {name}: {error}")
        raise UserError(message.format(name=name, error=f"{type(error).__name__}: {error}")) from error
    return _play_function(module, name=name)


def _external(command: str, rules: Rules) -> Bot:
    from game.tavla.protocol import ExternalBot

    return ExternalBot(command, rules=rules)


register_prefix(EXTERNAL_PREFIX, _external)
