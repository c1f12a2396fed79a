"""`position`: a position shown as a board, its pips and its IDs (state, GNU Backgammon, XGID)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.core.text.i18n import _
from game.core.text.terminal import print_lines
from game.tavla.commands.options import (
    add_position_source,
    check_backgammon,
    position_rules,
    read_setup,
    write_json,
)
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    position = commands.add_parser(
        "position", help=_("show a position as a board, its pips and its IDs (state, GNU Backgammon, XGID)")
    )
    add_position_source(position)
    position.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write it as JSON"))
    return position


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    rules = position_rules(args, config)
    print_lines(position_command(args.state, args.gnubg_id, args.xgid, rules, args.json_path))
    return 0


def position_command(
    state: str | None, gnubg_id: str | None, xgid: str | None, rules: Rules, json_path: str | None = None
) -> list[str]:
    """The lines the command prints (game/tavla/lab/position_text.py); writes the JSON to `json_path`
    when given."""
    from game.tavla.lab.position_text import position_json, position_lines

    rules = check_backgammon(rules)
    setup = read_setup(state, gnubg_id, xgid)
    if json_path is not None:
        write_json(json_path, position_json(setup, rules))
    return position_lines(setup, rules)
