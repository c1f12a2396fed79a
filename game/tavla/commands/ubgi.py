"""`ubgi`: our engine for other programs, UBGI v0.2 on standard input and output (game/tavla/serve/)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from game.core.text.i18n import _
from game.tavla.commands.options import JUDGE_LEVELS
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    ubgi = commands.add_parser("ubgi", help=_("our engine for other programs: UBGI v0.2 on stdin and stdout"))
    ubgi.add_argument("--rules", choices=("tavla", "standard"), default=None, help=_("rule set"))
    ubgi.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("how deep it plays"))
    return ubgi


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    # UBGI is a backgammon protocol: the config's game names no variant for it (issue 46), --rules does
    return ubgi_command(None if args.rules is None else Rules.parse(args.rules), args.level)


def ubgi_command(rules: Rules | None, level: str) -> int:
    """Our engine on standard input and output until `quit` or the input's end, under `rules` (`--rules`)
    or, with none named, backgammon (our standard rules): UBGI is a backgammon protocol, and a controller
    that names no variant expects it. Another game of the board starts it at backgammon too."""
    from game.tavla.players.ubgi_lines import VARIANTS
    from game.tavla.serve.ubgi import UbgiEngine, serve, standard_input, utf8_output

    rules = rules if rules in VARIANTS.values() else Rules.STANDARD
    utf8_output(sys.stdout)
    return serve(UbgiEngine(rules, level), standard_input(), sys.stdout)
