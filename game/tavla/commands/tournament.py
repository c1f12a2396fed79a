"""`tournament`: a round robin between bots (game/tavla/tournament/), with a table of results."""

from __future__ import annotations

import argparse
import os
import re
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.limits import MAX_GAMES, MAX_JOBS, seconds_argument, seed_argument, whole_argument
from game.core.text.i18n import _
from game.core.text.quoting import PATH_CHARS, in_quotes
from game.tavla.commands.options import game_rules
from game.tavla.engine.rules import MAX_CUBE_MATCH, Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings

LOG_NAME = "tavla-disqualifications.log"  # in the current folder unless a log path is given


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    tournament = commands.add_parser(
        "tournament", help=_("a round robin between bots, with a table of results")
    )
    tournament.add_argument(
        "--bots",
        required=True,
        action="append",
        metavar="A,B[,C...]",
        help=_(
            "bot names, separated by commas: built-in, a Python file or module, cmd:<command line> or "
            "ubgi:<command line> (write \\, for a comma inside a command line); may be given more than once"
        ),
    )
    tournament.add_argument(
        "--games",
        required=True,
        type=whole_argument(1, MAX_GAMES),
        metavar="N",
        help=_("games per pair (even)"),
    )
    tournament.add_argument(
        "--seed", type=seed_argument, help=_("the dice of every game follow from this seed")
    )
    tournament.add_argument(
        "--jobs", type=whole_argument(1, MAX_JOBS), default=1, metavar="J", help=_("games played in parallel")
    )
    tournament.add_argument(
        "--rules",
        choices=Rules.names(),
        default=None,
        metavar="GAME",
        # Translators: a command's --rules option; %(choices)s lists the games' names and stays as it is
        help=_("the game: %(choices)s"),
    )
    tournament.add_argument(
        "--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON")
    )
    tournament.add_argument(
        "--timeout",
        type=seconds_argument,
        default=None,
        metavar="SECONDS",
        help=_("time limit per answer for external bots"),
    )
    tournament.add_argument(
        "--log",
        dest="log_path",
        metavar="PATH",
        help=_("where disqualifications are logged (default ./tavla-disqualifications.log)"),
    )
    tournament.add_argument(
        "--cube", action="store_true", help=_("play with the doubling cube (standard rules)")
    )
    tournament.add_argument(
        "--match",
        type=whole_argument(1, MAX_CUBE_MATCH),
        default=None,
        metavar="N",
        help=_("--games counts matches to N points per pair"),
    )
    tournament.add_argument(
        "--jacoby", action="store_true", help=_("money play with the cube under the Jacoby rule")
    )
    return tournament


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    return tournament_command(
        split_bot_list(args.bots),
        args.games,
        args.seed,
        args.jobs,
        game_rules(args, config),
        args.json_path,
        args.timeout,
        args.log_path,
        args.cube,
        args.match,
        args.jacoby,
    )


def split_bot_list(values: Sequence[str]) -> list[str]:
    """The bots of `--bots` (given once or more): commas separate names, and `\\,` is a comma inside one,
    since a `cmd:` command line may need it."""
    return [part.replace("\\,", ",").strip() for value in values for part in re.split(r"(?<!\\),", value)]


def tournament_command(
    bots: list[str],
    games: int,
    seed: int | None = None,
    jobs: int = 1,
    rules: Rules = Rules.TAVLA,
    json_path: str | None = None,
    timeout: float | None = None,
    log_path: str | None = None,
    cube: bool = False,
    match: int | None = None,
    jacoby: bool = False,
) -> int:
    """`python main.py tournament`: play, write the disqualification log and --json, print the tables.

    Returns 0; after Ctrl+C 130, after SIGTERM 143, after SIGHUP 129 (128 + the signal: the games
    finished so far are still reported and written, marked incomplete); 1 if a worker process died.
    Bad input (bots, numbers, the paths of --json and --log) raises UserError before any game is played.
    `timeout` is the time limit per answer (None: the default, game/tavla/players/child.py).
    """
    from game.tavla.players import bot_names
    from game.tavla.players.child import DEFAULT_TIMEOUT
    from game.tavla.tournament.report import print_report, write_json_atomically, write_log
    from game.tavla.tournament.round_robin import match_terms, run_tournament
    from game.tavla.tournament.stopping import (
        EXIT_FAILED,
        EXIT_INTERRUPTED,
        EXIT_OK,
        EXIT_SIGNALLED,
        no_interrupts,
    )

    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    terms = match_terms(rules, cube, match, jacoby)
    json_file = _writable(json_path, "--json") if json_path is not None else None
    if log_path is not None:
        log_file = _writable(log_path)
    elif all(name.strip() in bot_names() for name in bots):
        log_file = Path(LOG_NAME)  # built-in bots only: trusted, so the log is never needed (and the
        # current folder may be read-only); one that is needed after all is still tried, and said if not
    else:
        log_file = _writable(LOG_NAME, default=True)
    report = run_tournament(bots, games, seed, jobs, terms, timeout, True)
    with no_interrupts():
        log = write_log(report, log_file)
        if json_file is not None:
            write_json_atomically(json_file, report.to_json(str(log) if log else None))
        try:
            print_report(report, log)
        except OSError:
            if not report.stopped_by:
                raise  # the output failed (a full disk, a closed stdout): the command says so, exit 74
            # after SIGHUP the terminal may be gone: the files are written, the status says why it ended
    if report.aborted:
        return EXIT_FAILED
    if report.stopped_by:
        return EXIT_SIGNALLED + getattr(signal, report.stopped_by, signal.SIGINT)
    return EXIT_INTERRUPTED if report.interrupted else EXIT_OK


def _writable(path: str, option: str | None = None, default: bool = False) -> Path:
    """A file path that can be written, checked before the games rather than after them: its folder
    exists and is writable, and it is not a folder, a device or a pipe (a symbolic link is followed).

    `option` names the command-line option the path came from; None for the disqualification log
    (`default`: the log's default path, not one given with --log).
    """
    from game.core.files.writing import NotARegularFile

    given = Path(path)
    try:
        return _checked_target(given, path, option, default)
    except NotARegularFile:
        raise
    except OSError as error:  # a name the system refuses: too long, a link loop, no permission
        # Translators: {path} is a file name given to write to; {error} is the system's reason
        message = _("cannot write {path}: {error}")
        raise UserError(
            message.format(path=in_quotes(path, PATH_CHARS), error=error.strerror or error)
        ) from None


def _checked_target(given: Path, path: str, option: str | None, default: bool) -> Path:
    """`_writable`'s checks; OSError where the system refuses to look at the path at all."""
    from game.core.files.writing import NotARegularFile, writable_target

    try:
        target = writable_target(given)
    except NotARegularFile as error:
        if option is None:
            # Translators: {path} is the file name of the disqualification log, quoted; {reason} says it
            # is a folder or a device; --log is a command-line option, kept as it is
            message = _("the disqualification log {path} cannot be written: {reason}; give --log PATH")
        else:
            # Translators: {option} is a command-line option such as --json; {reason} says that the path
            # is a folder or a device and that nothing was written
            message = _("{option}: {reason}")
        raise UserError(
            message.format(option=option, path=in_quotes(path, PATH_CHARS), reason=error)
        ) from None
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        if option is None:
            # Translators: {path} is the file name given for the disqualification log, {folder} its folder
            message = _("the log {path}: folder {folder} does not exist")
        else:
            # Translators: {option} is a command-line option such as --json; {path} the file name given
            message = _("{option} {path}: folder {folder} does not exist")
    elif not os.access(folder, os.W_OK):
        if default:
            # Translators: {path} is where the disqualification log goes by default, {folder} its
            # folder (the current one); --log PATH is a command-line option, kept as it is
            message = _(
                "the disqualification log would be written to {path}, but folder {folder} is not "
                "writable; give another place with --log PATH"
            )
        elif option is None:
            # Translators: {path} is the file name given for the disqualification log, {folder} its folder
            message = _("the log {path}: folder {folder} is not writable")
        else:
            # Translators: {option} is a command-line option such as --json; {path} the file name given
            message = _("{option} {path}: folder {folder} is not writable")
    else:
        return given
    shown, where = in_quotes(path, PATH_CHARS), in_quotes(str(folder), PATH_CHARS)
    raise UserError(message.format(option=option, path=shown, folder=where))
