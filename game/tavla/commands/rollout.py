"""`rollout`: a position rolled out, its cubeless chances; with dice, every play of the roll ranked."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.limits import (
    MAX_JOBS,
    MAX_ROLLOUT_GAMES,
    MAX_ROLLOUT_PLAYS,
    MAX_ROLLOUT_PLIES,
    seed_argument,
    seed_number,
    whole_argument,
    whole_number,
)
from game.core.text.i18n import _, ngettext
from game.tavla.commands.options import (
    JUDGE_LEVELS,
    add_position_source,
    check_backgammon,
    parse_dice,
    position_rules,
    read_setup,
    write_json,
)
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    rollout = commands.add_parser(
        "rollout", help=_("roll a position out: its cubeless chances, or with dice every play ranked")
    )
    add_position_source(rollout)
    rollout.add_argument("--dice", nargs="+", metavar="DIE", help=_("the two dice: roll out every play"))
    rollout.add_argument(
        "--games",
        type=whole_argument(1, MAX_ROLLOUT_GAMES),
        default=1296,
        metavar="N",
        help=_("games to play (default 1296)"),
    )
    rollout.add_argument(
        "--truncate",
        type=whole_argument(1, MAX_ROLLOUT_PLIES),
        default=None,
        metavar="PLIES",
        help=_("end each game after this many rolls, judged by the evaluator"),
    )
    rollout.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("who plays the games"))
    rollout.add_argument("--seed", type=seed_argument, help=_("the dice of every game follow from this seed"))
    rollout.add_argument(
        "--jobs", type=whole_argument(1, MAX_JOBS), default=1, metavar="J", help=_("games played in parallel")
    )
    rollout.add_argument(
        "--luck",
        action=argparse.BooleanOptionalAction,
        default=False,
        help=_("take each roll's luck, as the evaluator sees it, off the result (about 20 times the work)"),
    )
    rollout.add_argument(
        "--plays",
        type=whole_argument(1, MAX_ROLLOUT_PLAYS),
        default=None,
        metavar="K",
        help=_("with dice, only the K plays the evaluator likes best"),
    )
    rollout.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))
    return rollout


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    return rollout_command(
        args.state,
        args.gnubg_id,
        args.xgid,
        args.dice,
        position_rules(args, config),
        games=args.games,
        truncate=args.truncate,
        level=args.level,
        seed=args.seed,
        jobs=args.jobs,
        json_path=args.json_path,
        luck=args.luck,
        plays=args.plays,
    )


def rollout_command(
    state: str | None,
    gnubg_id: str | None,
    xgid: str | None,
    dice: Sequence[str] | None,
    rules: Rules,
    games: int = 1296,
    truncate: int | None = None,
    level: str = "expert",
    seed: int | None = None,
    jobs: int = 1,
    json_path: str | None = None,
    luck: bool = False,
    plays: int | None = None,
) -> int:
    """Roll out, print the report (game/tavla/lab/rollout_report.py), write the JSON; 0, or 128 + the
    signal that stopped it early (the games finished are still reported and written, marked incomplete)."""
    import secrets

    from game.core.files.writing import writable_target
    from game.core.text.terminal import table_console
    from game.tavla.engine.position import flip
    from game.tavla.eval.judge import sage_plays
    from game.tavla.eval.levels import JudgeLevel
    from game.tavla.lab.rollout import LEVELS, RolloutPlan
    from game.tavla.lab.rollout_report import RolloutReport, candidates_of
    from game.tavla.lab.rollout_runner import run_rollout
    from game.tavla.lab.sage_rollout import SagePlan, roll_out
    from game.tavla.tournament.report import progress_bar
    from game.tavla.tournament.stopping import EXIT_OK, EXIT_SIGNALLED

    games = whole_number(games, 1, MAX_ROLLOUT_GAMES)
    truncate = None if truncate is None else whole_number(truncate, 1, MAX_ROLLOUT_PLIES)
    plays = None if plays is None else whole_number(plays, 1, MAX_ROLLOUT_PLAYS)
    jobs = whole_number(jobs, 1, MAX_JOBS)
    seed = secrets.randbelow(2**32) if seed is None else seed_number(seed)
    rules = check_backgammon(rules)
    setup = read_setup(state, gnubg_id, xgid, decision=True)
    if level not in LEVELS and not (sage_plays(rules) and level in set(JudgeLevel)):
        message = _("unknown level {level}; use one of: {known}")
        known = tuple(JudgeLevel) if sage_plays(rules) else LEVELS
        raise UserError(message.format(level=repr(level), known=", ".join(known)))
    rolled_dice = parse_dice(dice) if dice is not None else setup.dice
    if json_path is not None:
        writable_target(json_path)  # a folder or a device is refused before any game
    candidates = None if rolled_dice is None else candidates_of(setup.state, rolled_dice, rules, plays)
    starts = (setup.state,) if candidates is None else tuple(flip(c.after) for c in candidates)
    with progress_bar(games, sys.stderr.isatty()) as tick:

        def advance(count: int) -> None:
            for _game in range(count):
                tick()

        if sage_plays(rules):
            from game.tavla.lab.sage_rollout_report import SageRolloutReport

            sage_plan = SagePlan(tuple(flip(start) for start in starts), rules, games, seed, truncate, level)
            report: RolloutReport = SageRolloutReport(
                setup.with_dice(rolled_dice), roll_out(sage_plan, advance), candidates
            )
        else:
            plan = RolloutPlan(starts, rules, games, seed, truncate, level, luck)
            report = RolloutReport(setup.with_dice(rolled_dice), run_rollout(plan, jobs, advance), candidates)
    rolled = report.rolled
    if json_path is not None:
        write_json(json_path, report.to_json())
    with no_broken_terminal(rolled.stopped_by):
        report.print_table(table_console())
        sys.stdout.flush()
        # Translators: said on stderr after a rollout: how many games took how many seconds
        note = ngettext("{games} game in {seconds:.1f} s", "{games} games in {seconds:.1f} s", rolled.games)
        print(note.format(games=rolled.games, seconds=rolled.seconds), file=sys.stderr)
    if rolled.stopped_by:
        return EXIT_SIGNALLED + getattr(signal, rolled.stopped_by, signal.SIGINT)
    return EXIT_OK


@contextlib.contextmanager
def no_broken_terminal(stopped_by: str) -> Iterator[None]:
    """After SIGHUP the terminal may be gone: the JSON is written, the status says why it ended."""
    try:
        yield
    except OSError:
        if not stopped_by:
            raise
