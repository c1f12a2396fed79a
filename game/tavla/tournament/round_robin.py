"""The round robin of the `tournament` command (game/tavla/commands/tournament.py): the entries checked
before any game, the schedule played on the CPUs, the figures of the report."""

import contextlib
import os
import secrets
import sys
import time
from collections.abc import Callable

from game.core.errors import UserError
from game.core.limits import MAX_GAMES, MAX_JOBS, OutOfRange, seed_number, whole_number
from game.core.text.i18n import _, ngettext
from game.core.text.quoting import quoted
from game.tavla.engine.match import check_match_length
from game.tavla.engine.rules import MAX_CUBE_MATCH, MatchRules, Rules
from game.tavla.players import bot_names
from game.tavla.players.child import DEFAULT_TIMEOUT, check_timeout
from game.tavla.tournament.figures import Report
from game.tavla.tournament.pool import play_schedule
from game.tavla.tournament.referee import load_bot
from game.tavla.tournament.schedule import schedule

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
