"""`tavla`: the window opened straight at the backgammon table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.core.limits import seed_argument
from game.core.text.i18n import _
from game.tavla.commands.options import game_rules
from game.tavla.engine.rules import TableGames, table_choices

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings
    from game.ui.shell import FirstScreen, Shell

HUMAN = "human"  # --opponent human: two players at one table


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    tavla = commands.add_parser("tavla", help=_("open straight into the backgammon table"))
    tavla.add_argument("--opponent", metavar="BOT|human", help=_("a bot name, or human for two players"))
    tavla.add_argument(
        "--rules",
        choices=table_choices(),
        metavar="GAME",
        help=_("the game: a rule set, or tavli for a Tavli match (default from the config)"),
    )
    tavla.add_argument("--seed", type=seed_argument, help=_("roll the dice reproducibly from this seed"))
    tavla.add_argument(
        "--cube",
        action=argparse.BooleanOptionalAction,
        help=_("play standard matches with the doubling cube, or not (default from the config)"),
    )
    return tavla


def run(args: argparse.Namespace, config: TavlaSettings) -> FirstScreen:
    """The table as the window's first screen (game/cli.py opens the window); a bad opponent is refused
    before it opens, so the message comes on the command line."""
    if args.opponent not in (None, HUMAN):
        from game.tavla.players.isolated import check_bot

        check_bot(args.opponent, game_rules(args, config))

    def first(window: Shell) -> None:
        from game.tavla.screens.table.view import TableView

        rules = None if args.rules is None else TableGames.parse(args.rules)
        # An opponent named on the command line wins over the offer to resume the saved match.
        table = TableView(
            opponent=args.opponent,
            rules=rules,
            seed=args.seed,
            offer_resume=args.opponent is None,
            cube=args.cube,
        )
        window.show_view(table)

    return first
