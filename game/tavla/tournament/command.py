"""The `tournament` command: check the entries, play the round robin, write and print its report."""

import contextlib
import os
import re
import secrets
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game.errors import UserError
from game.files import NotARegularFile, writable_target
from game.i18n import _, ngettext
from game.limits import MAX_GAMES, MAX_JOBS, OutOfRange, seed_number, whole_number
from game.quoting import PATH_CHARS, in_quotes, quoted
from game.tavla.engine.match import check_match_length
from game.tavla.engine.rules import MAX_CUBE_MATCH, MatchRules, Rules
from game.tavla.players import bot_names
from game.tavla.players.child import DEFAULT_TIMEOUT, check_timeout
from game.tavla.tournament.figures import Report
from game.tavla.tournament.pool import play_schedule
from game.tavla.tournament.referee import load_bot
from game.tavla.tournament.report import print_report, write_json_atomically, write_log
from game.tavla.tournament.schedule import schedule
from game.tavla.tournament.stopping import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_SIGNALLED,
    no_interrupts,
)

LOG_NAME = "tavla-disqualifications.log"  # in the current folder unless a log path is given
TAVLA_GAMES = MatchRules()  # what a tournament plays unless told: single games of tavla, no cube


def check_entries(
    bots: list[str], games: int, seed: int | None, jobs: int, terms: MatchRules, timeout: float
) -> list[str]:
    """Refuse bad input before anything is played; returns the names as they will be reported.

    Bots that are not built in are loaded now (a Python file is executed, a command is looked up) so a
    typo is reported at once, not in the middle of the run.
    """
    check_timeout(timeout)
    for option, value, high in (("--games", games, MAX_GAMES), ("--jobs", jobs, MAX_JOBS)):
        _option_checked(option, lambda number, high=high: whole_number(number, 1, high), value)
    if games % 2:
        # Translators: --games is a command-line option; keep it as it is
        message = _(
            "--games must be even, not {games}: each pair plays both sides equally, in pairs "
            "of games with the same dice and the seats swapped"
        )
        raise UserError(message.format(games=games))
    if seed is not None:
        _option_checked("--seed", seed_number, seed)
    names = [name.strip() for name in bots]
    if any(not name for name in names):
        # Translators: --bots random,greedy is an example command line; keep it as it is
        raise UserError(_("a bot name is empty; give names separated by commas, e.g. --bots random,greedy"))
    if len(names) < 2:
        raise UserError(_("a tournament needs at least two bots, got {count}").format(count=len(names)))
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        # Translators: {names} lists bots' names, separated by commas
        message = _("each bot can enter once; given more than once: {names}")
        raise UserError(message.format(names=", ".join(quoted(name) for name in twice)))
    for name in names:
        if name not in bot_names():
            load_bot(name, terms, timeout)
    return names


def _option_checked(option: str, check: Callable[[object], object], value: object) -> None:
    """`check(value)`, its refusal naming the option (the command line's argparse does the same)."""
    try:
        check(value)
    except OutOfRange as error:
        # Translators: {option} is a command-line option such as --games; {reason} says what is wrong
        raise UserError(_("{option}: {reason}").format(option=option, reason=error)) from None


def match_terms(rules: Rules, cube: bool, match: int | None, jacoby: bool) -> MatchRules:
    """What the games are (`--cube`, `--match N`, `--jacoby`), checked: UserError for the cube under
    tavla, Jacoby in a match or without the cube, a match length that is not a positive number (at most
    MAX_CUBE_MATCH, the longest the table plays too)."""
    if match is not None:
        check_match_length(match)
    terms = MatchRules(rules, match, cube, jacoby)
    if match is not None:  # without the cube too: as long a match as the table plays
        _option_checked("--match", lambda length: whole_number(length, 1, MAX_CUBE_MATCH), match)
    return terms


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity where the system tells it), at least 1."""
    if hasattr(os, "process_cpu_count"):
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        with contextlib.suppress(OSError):
            return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def workers_for(jobs: int, games: int) -> int:
    """How many games are played at a time for `--jobs jobs`: no more than the CPUs (a worker is a
    process of some 40 MB that would only wait for a CPU) nor than the games scheduled."""
    return max(1, min(jobs, cpu_count(), games))


def run_tournament(
    bots: list[str],
    games: int,
    seed: int | None = None,
    jobs: int = 1,
    terms: MatchRules = TAVLA_GAMES,
    timeout: float = DEFAULT_TIMEOUT,
    show_progress: bool = False,
) -> Report:
    """Play the whole round robin and return the figures; Ctrl+C, SIGTERM or SIGHUP end it early with
    what was finished. `terms` say what is played: the rule set, the doubling cube (standard rules),
    and with a length, every pair plays `games` matches to that many points."""
    names = check_entries(bots, games, seed, jobs, terms, timeout)
    seed = secrets.randbelow(2**32) if seed is None else seed
    specs = schedule(names, games, seed)
    used = workers_for(jobs, len(specs))
    if show_progress and used < min(jobs, len(specs)):
        # Translators: a note before a tournament; {jobs} is the --jobs asked for, {cpus} how many CPUs
        # this machine has, which is how many games are played at a time instead
        message = ngettext(
            "--jobs {jobs}: this machine has {cpus} CPU, so {cpus} game is played at a time",
            "--jobs {jobs}: this machine has {cpus} CPUs, so {cpus} games are played at a time",
            used,
        )
        with contextlib.suppress(OSError):
            print(message.format(jobs=jobs, cpus=used), file=sys.stderr)
    start = time.perf_counter()
    board, interrupted, aborted = play_schedule(specs, used, terms, timeout, show_progress)
    return Report(
        names,
        games,
        seed,
        used,
        terms,
        timeout,
        len(specs),
        board.standings,
        time.perf_counter() - start,
        interrupted,
        aborted,
        board.stopped_by,
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
    timeout: float = DEFAULT_TIMEOUT,
    log_path: str | None = None,
    cube: bool = False,
    match: int | None = None,
    jacoby: bool = False,
) -> int:
    """`python main.py tournament`: play, write the disqualification log and --json, print the tables.

    Returns 0; after Ctrl+C 130, after SIGTERM 143, after SIGHUP 129 (128 + the signal: the games
    finished so far are still reported and written, marked incomplete); 1 if a worker process died.
    Bad input (bots, numbers, the paths of --json and --log) raises UserError before any game is played.
    """
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
