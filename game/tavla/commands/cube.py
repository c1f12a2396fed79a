"""`cube`: the cube decision for a position before the roll."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.limits import whole_argument
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes
from game.core.text.terminal import print_lines
from game.tavla.commands.options import STATE_HELP, position_rules
from game.tavla.engine.cube import MAX_CUBE, Cube, CubeOwner, MatchScore
from game.tavla.engine.position import parse_state
from game.tavla.engine.rules import MAX_CUBE_MATCH, Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings

NO_DOUBLE_POSSIBLE = "no double possible"  # the `cube` command's first line when the cube may not be offered
CUBE_BOTS = ("expert", "master", "grandmaster")  # the judge's levels, whose cube decisions these are


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    cube = commands.add_parser("cube", help=_("print the cube decision for a position before the roll"))
    cube.add_argument("--state", required=True, metavar='"28 ints"', help=_(STATE_HELP))
    cube.add_argument(
        "--rules", choices=Rules.backgammon_names(), default=None, help=_("rule set (the cube: standard)")
    )
    cube.add_argument(
        "--cube",
        dest="cube_value",
        type=whole_argument(1, MAX_CUBE),
        default=1,
        metavar="V",
        help=_("its value"),
    )
    cube.add_argument(
        "--owner", default="centre", choices=("centre", "me", "opponent"), help=_("who owns the cube")
    )
    cube.add_argument(
        "--match",
        type=whole_argument(1, MAX_CUBE_MATCH),
        default=None,
        metavar="N",
        help=_("a match to N points"),
    )
    cube.add_argument(
        "--score",
        type=whole_argument(0, MAX_CUBE_MATCH),
        nargs=2,
        default=None,
        metavar=("A", "B"),
        help=_("your points, the opponent's"),
    )
    cube.add_argument("--crawford", action="store_true", help=_("this game is the Crawford game"))
    cube.add_argument("--jacoby", action="store_true", help=_("money play under the Jacoby rule"))
    cube.add_argument(
        "--bot", default="master", metavar="NAME", help=_("expert, master (default) or grandmaster")
    )
    return cube


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    lines = cube_command(
        args.state,
        position_rules(args, config, Rules.STANDARD),  # the only rule set with a cube
        cube_value=args.cube_value,
        owner=args.owner,
        match=args.match,
        score=args.score,
        crawford=args.crawford,
        jacoby=args.jacoby,
        bot_name=args.bot,
    )
    print_lines(lines)
    return 0


def _no_double_reason(cube: Cube) -> str:
    """Why the player on roll may not double now, for the `cube` command's second line."""
    if cube.crawford:
        return _("the Crawford game: neither player may double")
    if cube.owner is CubeOwner.OPPONENT:
        return _("the opponent owns the cube: only they may double")
    return _("the cube is at {value}, the highest it goes").format(value=cube.value)


def cube_command(
    state_text: str,
    rules: Rules,
    cube_value: int = 1,
    owner: str = "centre",
    match: int | None = None,
    score: Sequence[int] | None = None,
    crawford: bool = False,
    jacoby: bool = False,
    bot_name: str = "master",
) -> list[str]:
    """The cube decision before the roll: the action line, the equities, and the cubeless chances."""
    from game.tavla.eval.judges import judge_for

    rules.check_cube()
    if bot_name not in CUBE_BOTS:
        message = _("bot {bot} gives no cube equities; use one of: {known}")
        raise UserError(message.format(bot=in_quotes(bot_name), known=", ".join(CUBE_BOTS)))
    if match is None and (score is not None or crawford):
        raise UserError(_("--score and --crawford need --match N"))
    if owner not in CubeOwner._value2member_map_:
        message = _("the cube's owner is one of: {known}, not {owner}")
        raise UserError(message.format(known=", ".join(CubeOwner), owner=in_quotes(owner)))
    match_score = None
    if match is not None:
        mine, theirs = score if score is not None else (0, 0)
        match_score = MatchScore(match, mine, theirs, crawford)
    cube = Cube(cube_value, CubeOwner(owner), match_score, jacoby)
    state = parse_state(state_text)
    judge = judge_for(rules, bot_name)
    chances = judge.pre_roll(state)
    decision = judge.cube_decision(state, cube)
    if cube.may_double():
        action = decision.action.value
        equities = _("no double {nd:+.3f}, double/take {dt:+.3f}, double/pass {dp:+.3f}").format(
            nd=decision.no_double, dt=decision.double_take, dp=decision.double_pass
        )
    else:
        action = NO_DOUBLE_POSSIBLE
        # Translators: {reason} says why the player on roll may not double; {equity} is a signed number
        equities = _("{reason}; equity {equity:+.3f}").format(
            reason=_no_double_reason(cube), equity=decision.no_double
        )
    names = ("win", "gammon", "backgammon", "lose_gammon", "lose_backgammon")
    # Translators: the cubeless chances of the player on roll, in per cent
    shares = _(
        "win {win:.1f}% (gammon {gammon:.1f}%, backgammon {backgammon:.1f}%), "
        "lose gammon {lose_gammon:.1f}%, backgammon {lose_backgammon:.1f}%"
    )
    return [action, equities, shares.format(**dict(zip(names, 100.0 * chances, strict=True)))]
