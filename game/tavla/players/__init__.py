"""The one registry of tavla bots, used by the table scene, the `bot` command and the tournament.

A bot is anything with `play(state: list[int], die1: int, die2: int) -> str | None`, the seed's
interface (and, for the doubling cube, optionally `double(state, cube)` and `take(state, cube)`, see
game/tavla/engine/cube.py): the 28-integer state from the bot's side, the dice, and the play in the
seed's notation ("" or None = no legal move). `get_bot` accepts a built-in name, a Python file
(`path/to/bot.py`) or an importable module (`package.module`) that defines such a `play` function, or
`cmd:<command line>`: an external program speaking the line protocol (game/tavla/players/protocol.py,
registered below and imported only when such a name is asked for), or `ubgi:<command line>`: a
UBGI v0.2 engine (game/tavla/players/ubgi_bot.py), a `cmd:` program in all but its wire format.
Other modules can serve a name prefix through `register_prefix`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game.core.errors import RulesRefused, UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.engine.cube import Cube


@runtime_checkable
class Bot(Protocol):
    """The seed's bot interface."""

    def play(self, state: list[int], die1: int, die2: int) -> str | None:
        """The chosen play for `state` (the bot's own point of view) and the two dice."""
        ...


EXTERNAL_PREFIX = "cmd:"
UBGI_PREFIX = "ubgi:"  # a UBGI v0.2 engine behind a command line (game/tavla/players/ubgi_bot.py)
PROGRAM_PREFIXES = (EXTERNAL_PREFIX, UBGI_PREFIX)  # names of programs, run under a program's time limits


def is_program(name: str) -> bool:
    """Whether `name` is a program's (`cmd:...` or `ubgi:...`): started in a process of its own, under
    the time limits, isolation and fault handling of external programs."""
    return name.startswith(PROGRAM_PREFIXES)


@dataclass(frozen=True)
class BuiltIn:
    """One built-in bot: its name, what a player reads about it, and where its class lives.

    `factory` is "module:Class", imported only when the bot is built (the network bots load numpy and
    their weights); `no_hitting_factory` the same for the other games of the board (Plakoto, Fevga, Gul
    bara), None when the bot plays backgammon only. `seeded` says whether the class takes a `seed`.
    `strength` places the bot among those that can give hints (1 = the strongest); None for the rest.
    """

    name: str
    title: str
    description: str
    factory: str
    seeded: bool = False
    strength: int | None = None
    no_hitting_factory: str | None = None

    def build(self, seed: int | None, rules: Rules) -> Bot:
        """A new bot of this kind for `rules` (and `seed`, when it takes one)."""
        factory = self.factory if rules.hits else self.no_hitting_factory
        if factory is None:
            # Translators: {bot} is a bot's name; {rules} the game asked for (plakoto, fevga, nardy...)
            message = _("{bot} plays backgammon only (tavla, standard, portes), not {rules}")
            raise RulesRefused(message.format(bot=self.name, rules=rules), rules)
        module, _dot, name = factory.partition(":")
        cls = getattr(importlib.import_module(module), name)
        return cls(rules=rules, seed=seed) if self.seeded else cls(rules=rules)


# The built-in bots, in the order menus and help texts list them; titles and descriptions are
# translated where they are shown. Strength: master is +0.049 a game against gnubg's 0-ply
# (benchmarks/tavla_levels.py); gnubg stands in when the weights are gone.
_BUILT_INS = (
    BuiltIn(
        "random",
        # Translators: the name of a bot that plays at random
        N_("Random"),
        N_("plays any legal move at random: anyone can beat it"),
        "game.tavla.players.random_bot:RandomBot",
        seeded=True,
        no_hitting_factory="game.tavla.players.random_bot:RandomBot",
    ),
    BuiltIn(
        "greedy",
        # Translators: the name of a bot that plays by simple rules of thumb
        N_("Greedy"),
        N_("plays by rules of thumb (hit, make points, stay safe, run home), like a casual player"),
        "game.tavla.players.greedy:GreedyBot",
        no_hitting_factory="game.tavla.players.no_hitting_greedy:NoHittingGreedyBot",
    ),
    BuiltIn(
        "pubeval",
        # Translators: the name of Tesauro's evaluator bot; usually kept as it is
        N_("Pubeval"),
        N_("plays like a steady player who knows the basics; the classic practice opponent"),
        "game.tavla.players.pubeval:PubevalBot",
        strength=5,
    ),
    BuiltIn(
        "beginner",
        # Translators: a difficulty level (a bot's name in menus)
        N_("Beginner"),
        N_("plays like a newcomer: good ideas, and many slips"),
        "game.tavla.players.levels:BeginnerBot",
        seeded=True,
        no_hitting_factory="game.tavla.players.no_hitting_neural:NoHittingBeginnerBot",
    ),
    BuiltIn(
        "intermediate",
        # Translators: a difficulty level (a bot's name in menus)
        N_("Intermediate"),
        N_("plays like a steady player who knows the basics; the classic practice opponent"),
        "game.tavla.players.pubeval:PubevalBot",
    ),
    BuiltIn(
        "expert",
        # Translators: a difficulty level (a bot's name in menus)
        N_("Expert"),
        N_("plays like a strong expert, at once (the judge at its quickest)"),
        "game.tavla.players.judge_bot:ExpertJudgeBot",
        strength=3,
        no_hitting_factory="game.tavla.players.no_hitting_neural:NoHittingNeuralBot",
    ),
    BuiltIn(
        "master",
        # Translators: a difficulty level (a bot's name in menus)
        N_("Master"),
        N_("plays like a world-class player: thinks a roll ahead"),
        "game.tavla.players.judge_bot:MasterJudgeBot",
        strength=2,
        no_hitting_factory="game.tavla.players.no_hitting_neural:NoHittingMasterBot",
    ),
    BuiltIn(
        "grandmaster",
        # Translators: a difficulty level (a bot's name in menus)
        N_("Grandmaster"),
        N_("plays better than the world's best players: thinks two rolls ahead, so it takes a moment"),
        "game.tavla.players.judge_bot:GrandmasterJudgeBot",
        strength=1,
        no_hitting_factory="game.tavla.players.no_hitting_neural:NoHittingMasterBot",
    ),
    BuiltIn(
        "gnubg",
        # Translators: the name of a free backgammon program; usually kept as it is
        N_("GNU Backgammon"),
        N_("the free program GNU Backgammon at its quick level: plays like a strong expert"),
        "game.tavla.players.gnubg_bot:GnubgBot",
        strength=4,
    ),
)
_BY_NAME = {bot.name: bot for bot in _BUILT_INS}
STRONGEST_FIRST = tuple(
    bot.name for bot in sorted((b for b in _BUILT_INS if b.strength is not None), key=lambda b: b.strength)
)


def _gnubg_description() -> str:
    """gnubg's line, saying how to install it when the optional package is missing here."""
    from game.tavla.players.gnubg_adapter import INSTALL_HINT, available

    if available():
        return _(_BY_NAME["gnubg"].description)
    # Translators: {command} is the command that installs the package, e.g. pip install gnubg
    message = _(
        "the free program GNU Backgammon at its quick level: plays like a strong expert; "
        "not installed here: {command}"
    )
    return message.format(command=INSTALL_HINT)


# Descriptions that depend on this machine, computed when asked for.
_LIVE_DESCRIPTIONS: dict[str, Callable[[], str]] = {"gnubg": _gnubg_description}


_PREFIXES: dict[str, Callable[[str, Rules], Bot]] = {}


def register_prefix(prefix: str, factory: Callable[[str, Rules], Bot]) -> None:
    """Let another module serve names starting with `prefix`, e.g. the line protocol for "cmd:".

    `factory(rest_of_the_name, rules)` builds the bot; this keeps one registry for every kind of bot.
    """
    _PREFIXES[prefix] = factory


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
    return list(_BY_NAME)


def bot_title(name: str) -> str:
    """The name a player reads for a bot: translated for a built-in one, else the name as entered."""
    bot = _BY_NAME.get(name)
    return _(bot.title) if bot is not None else name


def bot_description(name: str) -> str:
    """One line about a built-in bot, for menus and `--help`, in the current language."""
    if name not in _BY_NAME:
        raise UserError(_unknown(name))
    if name in _LIVE_DESCRIPTIONS:
        return _LIVE_DESCRIPTIONS[name]()
    return _(_BY_NAME[name].description)


def get_bot(name: str, seed: int | None = None, rules: Rules = Rules.TAVLA) -> Bot:
    """A bot by built-in name, Python file or module name; UserError if it cannot be found or loaded.

    `rules` tells the built-in bots which rule set their plays must satisfy; `seed` makes the random
    bot reproducible.
    """
    if name in _BY_NAME:
        return _BY_NAME[name].build(seed, rules)
    for prefix, factory in _PREFIXES.items():
        if name.startswith(prefix):
            return factory(name[len(prefix) :], rules)
    if name.startswith(EXTERNAL_PREFIX):
        # Translators: {name} is the bot as entered, quoted; {prefix} is cmd: and stays as it is
        message = _("{name}: external bots ({prefix}<command line>) are not supported here")
        raise UserError(message.format(name=in_quotes(name), prefix=EXTERNAL_PREFIX))
    if name.endswith(".py") or "/" in name or "\\" in name:
        return _function_bot(_load_file(Path(name)), name, path=Path(name))
    if "." in name and not name.startswith("."):
        return _function_bot(_load_module(name), name)
    raise UserError(_unknown(name))


class FunctionBot:
    """A bot made of a module-level `play(state, die1, die2)` function, as the seed's contest had, and
    the module's `double(state, cube)` and `take(state, cube)` where it defines them (the cube: a
    game.tavla.engine.cube.Cube as the bot sees it); without them it never doubles and always takes."""

    def __init__(
        self,
        function: Callable[[list[int], int, int], str | None],
        name: str,
        double: Callable[[list[int], Cube], object] | None = None,
        take: Callable[[list[int], Cube], object] | None = None,
    ) -> None:
        self.function = function
        self.name = name
        self._double = double
        self._take = take

    def play(self, state: list[int], die1: int, die2: int) -> str | None:
        """Ask the wrapped function."""
        return self.function(state, die1, die2)

    @property
    def cube_questions(self) -> frozenset[str]:
        """The cube questions ("double", "take") the module answers itself."""
        given = {"double": self._double, "take": self._take}
        return frozenset(name for name, function in given.items() if function is not None)

    def double(self, state: list[int], cube: Cube) -> bool:
        """The module's `double`, which must answer True or False; False when it has none."""
        return self._double is not None and cube_answer(self._double(state, cube), "double")

    def take(self, state: list[int], cube: Cube) -> bool:
        """The module's `take`, which must answer True or False; True when it has none."""
        return self._take is None or cube_answer(self._take(state, cube), "take")


def cube_answer(answer: object, question: str) -> bool:
    """A Python bot's answer to a cube question: True or False (numpy's too); anything else is garbage
    (BotFault), so a bot that returns "no" is not taken to mean yes."""
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return bool(answer)
    from game.tavla.engine.game import BotFault, shown_answer
    from game.tavla.engine.results import Fault

    # Translators: {question} is double or take (a Python function's name); {answer} what it returned
    message = _("{question}() must return True or False, not {answer}")
    reason = message.format(question=question, answer=shown_answer(answer))
    raise BotFault(Fault.GARBAGE, reason, repr(answer))


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
    return message.format(name=in_quotes(name), names=", ".join(_BY_NAME), error=quoted(str(error)))


def _function_bot(module: object, name: str, path: Path | None = None) -> FunctionBot:
    """The bot of a loaded module: its `play` (UserError naming the file or the module when it has
    none), and its `double` and `take` if it defines them."""
    function = getattr(module, "play", None)
    if not callable(function):
        if path is not None:
            message = _("{path} does not define a function play(state, die1, die2)")
        else:
            # Translators: {name} is a Python module's name, e.g. my_bots.strong
            message = _("module {name} does not define a function play(state, die1, die2)")
        raise UserError(message.format(path=path, name=name))
    questions = [getattr(module, question, None) for question in ("double", "take")]
    double, take = (question if callable(question) else None for question in questions)
    return FunctionBot(function, name, double, take)


def _load_file(path: Path) -> ModuleType:
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
    return module


def _load_module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise UserError(_unknown(name, error)) from error
    except Exception as error:
        # Translators: {error} is the Python exception, e.g. "ValueError: bad value"
        message = _("cannot load bot module {name}: {error}")
        raise UserError(message.format(name=name, error=f"{type(error).__name__}: {error}")) from error


def _external(command: str, rules: Rules) -> Bot:
    from game.tavla.players.protocol import ExternalBot

    return ExternalBot(command, rules=rules)


def _ubgi(command: str, rules: Rules) -> Bot:
    from game.tavla.players.ubgi_bot import UbgiBot

    return UbgiBot(command, rules=rules)


register_prefix(EXTERNAL_PREFIX, _external)
register_prefix(UBGI_PREFIX, _ubgi)
