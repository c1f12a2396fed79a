"""What several Tavla commands share: the position's options (--state, --id or --xgid, and --rules) and
their reading, the rule set a command plays when --rules is not given, the judge's levels, the dice typed
and the JSON a command writes. Imported to build the parser: the rest of the engine comes when a command
runs."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.core.errors import RulesRefused, UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import in_quotes
from game.tavla.engine.position import parse_integer
from game.tavla.engine.rules import Rules
from game.tavla.eval.levels import PLAYING_LEVELS, JudgeLevel

if TYPE_CHECKING:
    from game.tavla.engine.study_position import Setup
    from game.tavla.settings import TavlaSettings

JUDGE_LEVELS = tuple(level.value for level in PLAYING_LEVELS)
ANALYSIS_LEVELS = tuple(level.value for level in JudgeLevel)  # and the roller, for `analyse` alone
STATE_HELP = N_("the position, docs/position.md")  # the --state of moves, bot and cube
# Translators: the --state of moves and bot; Plakoto's positions have 52 integers (docs/tavla-games.md)
GAMES_STATE_HELP = N_("the position, docs/position.md (Plakoto: 52 integers, docs/tavla-games.md)")
# Translators: --dice is the command-line option; keep it as it is
DICE_HELP = N_("give two dice, each an integer from 1 to 6, e.g. --dice 6 4")
_NOT_INTEGER = (
    # Translators: {text} is what was typed, quoted; {help} is the sentence "give two dice, ..."
    N_("the first die is not an integer: {text}; {help}"),
    # Translators: {text} is what was typed, quoted; {help} is the sentence "give two dice, ..."
    N_("the second die is not an integer: {text}; {help}"),
)
_OUT_OF_RANGE = (
    # Translators: {die} is the number typed; {help} is the sentence "give two dice, ..."
    N_("the first die must be from 1 to 6, got {die}; {help}"),
    # Translators: {die} is the number typed; {help} is the sentence "give two dice, ..."
    N_("the second die must be from 1 to 6, got {die}; {help}"),
)


def add_position_source(parser: argparse.ArgumentParser) -> None:
    """--state, --id or --xgid (one of them), and --rules, for the position lab's commands."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--state", metavar='"28 ints"', help=_(STATE_HELP))
    source.add_argument(
        "--id",
        dest="gnubg_id",
        metavar="POSITION_ID[:MATCH_ID]",
        help=_("GNU Backgammon's Position ID, and its Match ID after a colon"),
    )
    source.add_argument("--xgid", metavar="XGID", help=_("eXtreme Gammon's XGID"))
    parser.add_argument("--rules", choices=Rules.backgammon_names(), default=None, help=_("rule set"))


def game_rules(args: argparse.Namespace, config: TavlaSettings) -> Rules:
    """The rule set of a command that plays games (the table, a tournament): --rules if given, else the
    config's, which the menu keeps (a message it causes says so, game/cli.py's `_from_config`)."""
    if args.rules is not None:
        return Rules.parse(args.rules)
    return _config_rules(args, config)


def position_rules(args: argparse.Namespace, config: TavlaSettings, other: Rules = Rules.TAVLA) -> Rules:
    """The rule set of a command that reads a backgammon position (28 integers, a Position ID, an XGID):
    --rules if given, else the config's when it is backgammon (tavla or standard), else `other`. The
    menu keeps its last game in the config; Plakoto or a Tavli match there is no rule set for these
    positions (issue 47: a KeyError, or "52 integers" for the README's own state)."""
    if args.rules is not None:
        return Rules.parse(args.rules)
    return _config_rules(args, config) if config.tavla.rules.first.is_backgammon else other


def _config_rules(args: argparse.Namespace, config: TavlaSettings) -> Rules:
    """The config's rule set (a Tavli match's first game): remembered with the config's value, so that a
    refusal it causes names the file."""
    rules = config.tavla.rules.first
    args.config_rules = (rules, str(config.tavla.rules))
    return rules


def parse_dice(values: Sequence[str]) -> tuple[int, int]:
    """Two dice from command-line words; UserError when not exactly two integers 1-6."""
    if isinstance(values, str):
        values = values.split()
    if len(values) != 2:
        # Translators: {count} is how many numbers were given; {help} is the sentence "give two dice, ..."
        message = _("expected 2 dice, got {count}; {help}")
        raise UserError(message.format(count=len(values), help=_(DICE_HELP)))
    dice = []
    for index, value in enumerate(values):
        text = str(value).strip()
        die = parse_integer(text)
        if die is None:
            message = _(_NOT_INTEGER[index])
            raise UserError(message.format(text=in_quotes(text), help=_(DICE_HELP)))
        if not 1 <= die <= 6:
            raise UserError(_(_OUT_OF_RANGE[index]).format(die=die, help=_(DICE_HELP)))
        dice.append(die)
    return dice[0], dice[1]


def check_backgammon(rules: Rules) -> Rules:
    """`rules` if a backgammon position (a state, a Position ID, an XGID) is played under it (tavla,
    standard); else RulesRefused: the lab's evaluators know no other game (it was a KeyError)."""
    if not rules.is_backgammon:
        # Translators: {rules} is the rule set asked for (plakoto, fevga...); keep --rules as it is
        message = _("these positions are backgammon's: use --rules tavla or --rules standard, not {rules}")
        raise RulesRefused(message.format(rules=rules), rules)
    return rules


def read_setup(
    state: str | None = None, gnubg_id: str | None = None, xgid: str | None = None, decision: bool = False
) -> Setup:
    """The position of exactly one of `--state`, `--id` and `--xgid` (UserError otherwise). With
    `decision` (a command that asks one of it), a finished position is refused (check_game_on)."""
    from game.tavla.engine.position import check_game_on, parse_state
    from game.tavla.engine.study_position import Setup, read_gnubg_id
    from game.tavla.engine.xgid import read_xgid

    given = [value for value in (state, gnubg_id, xgid) if value is not None]
    if len(given) != 1:
        raise UserError(_("give the position once: --state, --id or --xgid"))
    if state is not None:
        setup = Setup(parse_state(state))
    elif gnubg_id is not None:
        setup = read_gnubg_id(gnubg_id)
    else:
        setup = read_xgid(given[0])
    if decision:
        check_game_on(setup.state)
    return setup


def write_json(path: str, data: dict[str, Any]) -> None:
    """`data` as JSON into `path`, whole or not at all; a UserError says why it could not be written."""
    import json

    from game.core.files.writing import write_report

    write_report(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
