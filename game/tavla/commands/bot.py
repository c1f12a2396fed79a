"""`bot`: the play a bot chooses for a position and a roll."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.core.errors import BotFailed, UserError
from game.core.limits import seconds_argument
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.commands.options import GAMES_STATE_HELP, parse_dice, position_rules
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import parse_integers
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    bot = commands.add_parser("bot", help=_("print the play a bot chooses for a position and a roll"))
    bot.add_argument(
        "--bot",
        required=True,
        metavar="NAME",
        help=_("a built-in bot, a Python file or module, cmd:<command line> or ubgi:<command line>"),
    )
    bot.add_argument("--state", required=True, metavar='"28 ints"', help=_(GAMES_STATE_HELP))
    bot.add_argument("--dice", required=True, nargs="+", metavar="DIE", help=_("the two dice, 1-6"))
    bot.add_argument(
        "--rules",
        choices=Rules.names(),
        default=None,
        metavar="GAME",
        # Translators: a command's --rules option; %(choices)s lists the games' names and stays as it is
        help=_("the game: %(choices)s"),
    )
    bot.add_argument(
        "--timeout",
        type=seconds_argument,
        default=None,
        metavar="SECONDS",
        help=_("time limit for the answer (default 1, as in a tournament)"),
    )
    return bot


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    """The play on stdout; a bot that fails is BotFailed, which game/cli.py ends with its own status."""
    print(bot_command(args.bot, args.state, args.dice, position_rules(args, config), args.timeout))
    return 0


def bot_command(
    bot_name: str,
    state_text: str,
    dice: list[str],
    rules: Rules = Rules.TAVLA,
    timeout: float | None = None,
) -> str:
    """The named bot's play for the position and dice, checked for legality and written canonically.

    The bot answers under the tournament's time limit (`timeout`, default 1 s; a `cmd:` program gets
    its start-up allowance too); a Python bot runs in a process of its own, so a loop, a crash or
    `os._exit` is the bot's failure (BotFailed), never the command's.
    """
    from game.tavla.engine.game import BotFault, shown_answer
    from game.tavla.players.child import DEFAULT_TIMEOUT, REASON_CHARS, check_timeout
    from game.tavla.players.isolated import close_bot, guarded_bot

    rule_set = rules
    variant = rules.variant
    limit = DEFAULT_TIMEOUT if timeout is None else check_timeout(timeout)
    state = variant.validate(parse_integers(state_text))
    die1, die2 = parse_dice(dice)
    shown = in_quotes(bot_name)
    bot = guarded_bot(bot_name, rules=rule_set, timeout=limit)
    try:
        answer = bot.play(list(state), die1, die2)
    except BotFault as fault:
        reason = quoted(str(fault), REASON_CHARS)
        # Translators: {bot} is the bot's name, quoted; {reason} says how it failed (a crash, a timeout...)
        raise BotFailed(_("bot {bot} failed: {reason}").format(bot=shown, reason=reason)) from None
    except UserError:
        raise
    except Exception as error:  # noqa: BLE001 - a built-in bot's bug is still the bot's failure
        reason = quoted(f"{type(error).__name__}: {error}", REASON_CHARS)
        raise BotFailed(_("bot {bot} failed: {reason}").format(bot=shown, reason=reason)) from None
    finally:
        close_bot(bot)
    try:
        return format_play(variant.check_play(state, die1, die2, answer))
    except IllegalPlay as error:
        # Translators: {bot} is the bot's name and {answer} its answer, both quoted; {reason} says what is
        # wrong with the play
        message = _("bot {bot} answered an illegal play {answer}: {reason}")
        raise BotFailed(message.format(bot=shown, answer=shown_answer(answer), reason=error)) from None
