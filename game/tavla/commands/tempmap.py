"""`tempmap`: the temperature map, each roll's best play and its equity against the average roll."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from game.core.text.i18n import _
from game.tavla.commands.options import (
    JUDGE_LEVELS,
    add_position_source,
    check_backgammon,
    position_rules,
    read_setup,
    write_json,
)
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from rich.console import Console

    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    tempmap = commands.add_parser(
        "tempmap", help=_("the temperature map: each roll's best play and equity against the average roll")
    )
    add_position_source(tempmap)
    tempmap.add_argument(
        "--level",
        choices=JUDGE_LEVELS,
        help=_("the judge's level (default: the config's tavla.judge, master unless changed in Settings)"),
    )
    tempmap.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))
    return tempmap


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    rules = position_rules(args, config)
    level = args.level or config.tavla.judge
    return tempmap_command(args.state, args.gnubg_id, args.xgid, rules, level, args.json_path)


def tempmap_command(
    state: str | None,
    gnubg_id: str | None,
    xgid: str | None,
    rules: Rules,
    level: str = "expert",
    json_path: str | None = None,
    console: Console | None = None,
) -> int:
    """Map the position, print the grid and the ranked rolls on `console` (stdout's), write the JSON
    (game/tavla/lab/tempmap_report.py)."""
    from game.core.files.writing import writable_target
    from game.tavla.lab.tempmap import temperature_map
    from game.tavla.lab.tempmap_report import print_tempmap, tempmap_json

    rules = check_backgammon(rules)
    setup = read_setup(state, gnubg_id, xgid, decision=True)
    if json_path is not None:
        writable_target(json_path)  # a folder or a device is refused before the work
    start = time.perf_counter()
    mapped = temperature_map(setup.state, rules, level)
    seconds = time.perf_counter() - start
    if json_path is not None:
        write_json(json_path, tempmap_json(setup, mapped, seconds))
    print_tempmap(mapped, setup, console)
    return 0
