"""What the main menu offers and how it names each choice to a player (pure text, no drawing)."""

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.puzzle.model.size import BoardSize
from game.settings import Config
from game.tavla.engine.rules import TAVLI, Rules, TableGames
from game.tavla.players import bot_description, bot_title
from game.tavla.settings import MONEY_SESSION

HUMAN = "human"
MENU_BOTS = ("beginner", "intermediate", "expert", "master", "gnubg", "greedy", "random")
"""The built-in bots as a player picks them, easiest level first, then the two plain ones."""
SAME_BOT = {"pubeval": "intermediate"}
"""Names of one bot that the menu lists once, under its level's name."""
MATCH_LENGTHS = tuple(str(points) for points in range(1, 26, 2))
MONEY = MONEY_SESSION  # the length selector's last choice: a money session (the config's word)
SIDES = ("white", "black")

SIZE = ("puzzle", "default_size")
IMAGE = ("puzzle", "default_image")
OPPONENT = ("tavla", "opponent")
RULES = ("tavla", "rules")
MATCH_LENGTH = ("tavla", "match_length")
SIDE = ("tavla", "human_side")
JACOBY = ("tavla", "jacoby")
BEAVERS = ("tavla", "beavers")


def opponents(configured: str) -> list[str]:
    """The opponents offered: the built-in bots, another person, and the configured one (a Python
    file, say) when it is none of those."""
    offered = [*MENU_BOTS, HUMAN]
    shown = SAME_BOT.get(configured, configured)
    return offered if shown in offered else [*offered, shown]


def match_lengths(configured: int | str) -> list[str]:
    """Odd lengths up to 25, and the configured one when it is even; then a money session."""
    lengths = list(MATCH_LENGTHS)
    if str(configured) not in lengths and configured != MONEY:
        lengths = sorted([*lengths, str(configured)], key=int)
    return [*lengths, MONEY]


def initial(config: Config, key_path: tuple[str, ...]) -> str:
    """The value the menu shows first for a key: the config's (the choice remembered last time)."""
    value: object = config
    for part in key_path:
        value = getattr(value, part)
    return SAME_BOT.get(str(value), str(value)) if key_path == OPPONENT else str(value)


def stored(key_path: tuple[str, ...], choice: str) -> str | int:
    """A choice as the config file keeps it (a rule set by its name, a match length as a number or
    `money`)."""
    return int(choice) if key_path == MATCH_LENGTH and choice != MONEY else str(choice)


def describe_size(size: BoardSize) -> str:
    return f"{size.columns} × {size.rows}"


def unavailable(name: str) -> bool:
    """Whether an opponent cannot play on this machine (gnubg without its package)."""
    from game.tavla.players import gnubg_adapter

    return name == "gnubg" and not gnubg_adapter.available()


def describe_opponent(name: str) -> str:
    if name == HUMAN:
        return _("Another person")
    if unavailable(name):
        # Translators: an opponent in the menu whose optional package is missing; {name} is its name
        return _("{name} (not installed)").format(name=bot_title(name))
    return bot_title(name)


def opponent_note(name: str) -> str:
    """What the chosen opponent is, in a player's words, or how to install it when it is missing."""
    if name == HUMAN:
        return _("Two people take turns at this computer")
    if unavailable(name):
        # Translators: under an opponent that is not installed; {command} installs it, keep it as it is
        message = _("Not installed here. To play it, install it with: {command}")
        from game.tavla.players import gnubg_adapter

        return message.format(command=gnubg_adapter.INSTALL_HINT)
    try:
        return bot_description(name)
    except UserError:
        # Translators: under an opponent given in the config as a Python file or module
        return _("your own bot, from the config file")


def describe_rules(rules: str) -> str:
    return _(TableGames.parse(rules).display_name)


def rules_note(rules: str) -> str:
    """The chosen game in a sentence; the one place the menu explains a mars (docs/tavla-games.md has
    the other games' rules in full)."""
    games = TableGames.parse(rules)
    if games is TAVLI:
        # Translators: the menu's note on the Tavli match (Greek backgammon: three games in turn)
        return _("Portes, Plakoto and Fevga in turn, no cube; the winner of a game starts the next")
    notes = {
        Rules.TAVLA: _(
            "Either die may be played when only one can. A mars (the loser has borne off no checker) "
            "scores 2 points"
        ),
        Rules.STANDARD: _(
            "The larger die must be played when only one can. A gammon scores 2 points, a backgammon 3"
        ),
        # Translators: the menu's note on Portes (Greek backgammon)
        Rules.PORTES: _("Backgammon without the cube: a gammon (or backgammon) scores 2 points"),
        # Translators: the menu's note on Plakoto: a checker landed on is pinned, not hit
        Rules.PLAKOTO: _(
            "No hitting: a lone checker landed on is pinned. Pinning the last one on its start wins 2 points"
        ),
        # Translators: the menu's note on Fevga: both sides run the same way, one checker holds a point
        Rules.FEVGA: _(
            "Both sides run the same way; one checker holds a point. Your first must pass their "
            "start before a second leaves"
        ),
        # Translators: the menu's note on Gul bara: Fevga's board, and doubles cascade up to 6-6
        Rules.GUL_BARA: _(
            "Fevga's board without its limits; from each one's fourth roll, doubles cascade up to 6-6"
        ),
        # Translators: the menu's note on long nardy: one checker a turn leaves the start ("the head")
        Rules.NARDY: _(
            "Both sides run the same way; one checker holds a point. One checker a turn leaves the head"
        ),
        # Translators: the menu's note on Moultezim (Turkish, Fevga's cousin)
        Rules.MOULTEZIM: _(
            "Fevga's board and first checker away; at most four points held in their starting quarter"
        ),
    }
    return notes[games.first]


def describe_length(points: str) -> str:
    if points == MONEY:
        # Translators: the menu's choice of a money session instead of a match ("Play for: Money");
        # each game's points are won or lost, until the player stops
        return _("Money")
    count = int(points)
    # Translators: the length of a match in the menu, e.g. "5 points"
    return ngettext("{count} point", "{count} points", count).format(count=count)


def short_length(points: str) -> str:
    """A length as a small window's selector shows it: the number alone, or Money."""
    return describe_length(points) if points == MONEY else points


def length_caption(points: str) -> str:
    """The words above the length selector: a match is played to its points, money for its stakes."""
    if points == MONEY:
        # Translators: the caption above the menu's length selector when it shows "Money"
        return _("Play for")
    return _("Match to")


def money_options(rules: str, length: str, cube: bool) -> bool:
    """Whether the menu offers the Jacoby rule and beavers: a money session with the cube."""
    return length == MONEY and cube and TableGames.parse(rules).first.has_cube


def describe_side(side: str) -> str:
    # Translators: the colour of the player's checkers, chosen in the menu
    return _("White") if side == "white" else _("Black")
