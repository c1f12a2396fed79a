"""`moves`: every legal play of a position and a roll."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.core.text.i18n import _
from game.tavla.commands.options import GAMES_STATE_HELP, parse_dice, position_rules
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import parse_integers
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    moves = commands.add_parser("moves", help=_("print every legal play for a position and a roll"))
    moves.add_argument("--state", required=True, metavar='"28 ints"', help=_(GAMES_STATE_HELP))
    moves.add_argument("--dice", required=True, nargs="+", metavar="DIE", help=_("the two dice, 1-6"))
    moves.add_argument(
        "--rules",
        choices=Rules.names(),
        default=None,
        metavar="GAME",
        # Translators: a command's --rules option; %(choices)s lists the games' names and stays as it is
        help=_("the game: %(choices)s"),
    )
    return moves


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    for line in moves_command(args.state, args.dice, position_rules(args, config)):
        print(line)
    return 0


def moves_command(state_text: str, dice: list[str], rules: Rules = Rules.TAVLA) -> list[str]:
    """Every legal play, one line per distinct resulting position, highest moves first; [] if none."""
    variant = rules.variant
    state = variant.validate(parse_integers(state_text))
    die1, die2 = parse_dice(dice)
    return [format_play(play) for play in sorted(variant.legal_plays(state, die1, die2), reverse=True)]
