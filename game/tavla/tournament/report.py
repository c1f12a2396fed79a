"""What a run shows and writes: the tables, the disqualification log, the --json file, the progress bar."""

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.files.writing import write_atomically
from game.core.text.i18n import _, ngettext
from game.core.text.quoting import PATH_CHARS, quoted
from game.core.text.terminal import table_console
from game.core.text.terminal_table import Column, print_table
from game.tavla.engine.results import Fault
from game.tavla.tournament.figures import Report, Tally
from game.tavla.tournament.ledger import MAX_CONSECUTIVE_FAULTS

if TYPE_CHECKING:
    from rich.console import Console

STDERR_INDENT = "    | "


def print_report(report: Report, log: Path | None, console: "Console | None" = None) -> None:
    """The tables per bot and per pair, and a summary of the run, on stdout (or `console`).

    The tables fit the terminal's width without breaking a word (game/core/text/terminal_table.py); to a file
    or a pipe, the width COLUMNS says, else 80 (game.core.text.terminal.table_console).
    """
    from rich.markup import escape

    if console is None:
        console = table_console()
    print_table(console, bot_columns(report), _title(report))
    if report.played.length is not None:
        # Translators: under a tournament's table of matches; {length} is the match length in points
        message = _(
            "Matches to {length} points: Games, Wins and the points count matches, one point to the "
            "winner of each; Match points are the points scored in their games, the cube's value included."
        )
        # Translators: under a tournament's table of matches, after the sentence on what counts matches
        gammons = _("Gammons are those won and lost in the matches' games.")
        console.print(f"{message.format(length=report.played.length)} {gammons}")
    elif report.played.cube:
        if report.played.jacoby:
            # Translators: under a tournament's table of money games with the doubling cube
            message = _(
                "Money play with the doubling cube and the Jacoby rule: points count the cube's value."
            )
        else:
            # Translators: under a tournament's table of money games with the doubling cube
            message = _("Money play with the doubling cube: points count the cube's value.")
        console.print(message)
    # Translators: title of the table of pairs of bots; A and B are the columns of the two bots
    print_table(console, pair_columns(report), _("Pairs, from A's side"))

    if report.interrupted:
        # Translators: [bold] and [/] are terminal markup around the first word: keep them as they are
        message = ngettext(
            "[bold]Interrupted:[/] {finished} of {scheduled} game finished; the tables cover those.",
            "[bold]Interrupted:[/] {finished} of {scheduled} games finished; the tables cover those.",
            report.scheduled,
        )
        console.print(message.format(finished=report.finished, scheduled=report.scheduled))
    if report.aborted:
        # Translators: [bold red] and [/] are terminal markup around the first word: keep them as they are;
        # {reason} says why the tournament stopped
        console.print(_("[bold red]Stopped:[/] {reason}").format(reason=escape(report.aborted)))
    if log is not None:
        # Translators: {path} is the log file
        message = _("Disqualifications (position, dice, answer, reason) are in {path}")
        console.print(message.format(path=escape(quoted(log, PATH_CHARS))))
    # Translators: --seed is a command-line option; keep it as it is
    console.print(_("Replay this tournament with --seed {seed}.").format(seed=report.seed))


def _title(report: Report) -> str:
    """The per-bot table's title: the rules, the games, the seed, how long it took."""
    rate = report.finished / report.seconds if report.seconds > 0 else 0.0
    # Translators: part of a tournament's title, e.g. "10 games per pair"
    per_pair = ngettext("{count} game per pair", "{count} games per pair", report.games)
    if report.played.length is not None:
        # Translators: part of a tournament's title, e.g. "10 matches to 5 points per pair"
        per_pair = ngettext(
            "{count} match to {length} points per pair",
            "{count} matches to {length} points per pair",
            report.games,
        )
    # Translators: part of a tournament's title: how many games were played, e.g. "30 games"
    played = ngettext("{count} game", "{count} games", report.finished)
    if report.played.length is not None:
        # Translators: part of a tournament's title: how many matches were played, e.g. "30 matches"
        played = ngettext("{count} match", "{count} matches", report.finished)
    # Translators: a tournament's title. {rules} is the rule set's name as typed (tavla or standard), kept
    # as it is; {per_pair} is "10 games per pair"; {played} is "30 games"; {rate} is games per second
    title = _(
        "Tavla tournament: {rules} rules, {per_pair}, seed {seed}; "
        "{played} in {seconds} s ({rate}/s, --jobs {jobs})"
    )
    return title.format(
        rules=report.rules,
        per_pair=per_pair.format(count=report.games, length=report.played.length),
        seed=report.seed,
        played=played.format(count=report.finished),
        seconds=f"{report.seconds:.1f}",
        rate=f"{rate:.0f}",
        jobs=report.jobs,
    )


def bot_columns(report: Report) -> list[Column]:
    """The per-bot table, best points per game first; short headings for narrow terminals."""
    ranked = sorted(report.per_bot.items(), key=lambda item: -item[1].ppg)
    tallies = [tally for _name, tally in ranked]
    columns = [
        # Translators: heading of the rank column in a tournament's table
        Column(_("#"), [str(rank) for rank in range(1, len(ranked) + 1)], key=True),
        # Translators: heading of a tournament's table: the bot's name
        Column(_("Bot"), [name for name, _tally in ranked], kind="name", key=True),
        # Translators: heading of a tournament's table: games played
        Column(_("Games"), [str(tally.games) for tally in tallies]),
        # Translators: heading of a tournament's table: games won
        Column(_("Wins"), [str(tally.wins) for tally in tallies]),
        # Translators: heading of a tournament's table: points won (short)
        Column(_("Pts won"), [str(tally.points_for) for tally in tallies]),
        # Translators: heading of a tournament's table: points lost (short)
        Column(_("Pts lost"), [str(tally.points_against) for tally in tallies]),
        Column(
            # Translators: heading of a tournament's table: points per game, won minus lost (short)
            _("Pts/game"),
            [f"{tally.ppg:+.3f}" for tally in tallies],
            # Translators: the shortest heading of the points per game, on a narrow terminal; the legend
            # under the table says what it means
            short=_("PPG"),
            # Translators: in the legend under a tournament's table: what "PPG" stands for
            meaning=_("points per game, won minus lost"),
        ),
        _interval_column(tallies, report.widest),
        Column(
            # Translators: heading of a tournament's table: gammons (mars) won and lost, shown as 3/1
            _("Gammons won/lost"),
            [f"{tally.gammons}/{tally.gammons_lost}" for tally in tallies],
            # Translators: the shortest heading of the gammons (mars) won and lost, on a narrow terminal
            short=_("Gammons"),
            # Translators: in the legend under a tournament's table: what the short "Gammons" column shows
            meaning=_("won/lost"),
        ),
        Column(
            # Translators: heading of a tournament's table: games lost by disqualification
            _("Disqualified"),
            [_faults(tally) for tally in tallies],
            # Translators: the shortest heading of the games lost by disqualification, on a narrow terminal
            short=_("DQ"),
            # Translators: in the legend under a tournament's table: what "DQ" stands for
            meaning=_("games lost by disqualification"),
            kind="words",
        ),
    ]
    if report.played.cube:
        columns.append(
            Column(
                # Translators: heading of a tournament's table: the bot's doubles offered, doubles it took
                # and doubles it passed (declined), shown as 12/8/3
                _("Doubles/takes/passes"),
                [f"{tally.doubles}/{tally.takes}/{tally.passes}" for tally in tallies],
                # Translators: the shortest heading of the doubles, takes and passes, on a narrow terminal
                short=_("D/T/P"),
                # Translators: in the legend under a tournament's table: what "D/T/P" stands for
                meaning=_("doubles offered, takes and passes"),
            )
        )
    if report.played.length is not None:
        columns.append(
            Column(
                # Translators: heading of a tournament's table of matches: points scored in the games of
                # the matches, won and lost, shown as 45/38
                _("Match points won/lost"),
                [f"{tally.match_points_for}/{tally.match_points_against}" for tally in tallies],
                # Translators: the shortest heading of the match points won and lost, on a narrow terminal
                short=_("Match pts"),
                # Translators: in the legend under a tournament's table: what "Match pts" stands for
                meaning=_("match points won/lost"),
            )
        )
    return columns


def pair_columns(report: Report) -> list[Column]:
    """The table of pairs, from A's side; short headings for narrow terminals."""
    pairs = list(report.per_pair.items())
    sides = [side for _pair, side in pairs]
    return [
        # Translators: heading of the column of the first bot of each pair (the table's title says "A's side")
        Column(_("A"), [a for (a, _b), _sides in pairs], kind="name", key=True),
        # Translators: heading of the column of the second bot of each pair
        Column(_("B"), [b for (_a, b), _sides in pairs], kind="name", key=True),
        # Translators: heading of a tournament's table: games played
        Column(_("Games"), [str(a.games) for a, _b in sides]),
        # Translators: heading of the table of pairs: games won by A and by B, shown as 6-4
        Column(_("Wins A-B"), [f"{a.wins}-{b.wins}" for a, b in sides]),
        # Translators: heading of the table of pairs: points won by A and by B, shown as 9-7
        Column(_("Points A-B"), [f"{a.points_for}-{b.points_for}" for a, b in sides]),
        Column(
            # Translators: heading of the table of pairs: A's points per game, won minus lost (short)
            _("A pts/game"),
            [f"{a.ppg:+.3f}" for a, _b in sides],
            # Translators: the shortest heading of A's points per game, on a narrow terminal
            short=_("A PPG"),
            # Translators: in the legend under the table of pairs: what "A PPG" stands for
            meaning=_("A's points per game, won minus lost"),
        ),
        _interval_column([a for a, _b in sides], report.widest),
        # Translators: heading of the table of pairs: gammons (mars) won by A and by B, shown as 2-1
        Column(_("Gammons A-B"), [f"{a.gammons}-{b.gammons}" for a, b in sides]),
        Column(
            # Translators: heading of the table of pairs: games A and B lost by disqualification, shown
            # as 0-1
            _("Disqualified A-B"),
            [f"{a.disqualifications}-{b.disqualifications}" for a, b in sides],
            # Translators: the shortest heading of the games A and B lost by disqualification
            short=_("DQ A-B"),
            # Translators: in the legend under the table of pairs: what "DQ A-B" stands for
            meaning=_("games A and B lost by disqualification"),
        ),
    ]


def _interval_column(tallies: list[Tally], widest: float) -> Column:
    """The 95% interval of the points per game: words that wrap between them where room is short."""
    return Column(_interval_heading(), [_interval(tally, widest) for tally in tallies], kind="words")


def write_json_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write the report so that a reader never sees half a file: a temporary file, then a rename."""
    write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _interval_heading() -> str:
    # Translators: heading of a tournament's table: the 95% confidence interval of the points per game
    return _("Interval ({percent}%)").format(percent=95)


def _interval(tally: Tally, widest: float) -> str:
    low, high = tally.ci95(widest)
    # Translators: a confidence interval in a table, e.g. "-0.250 to +0.410"
    return _("{low} to {high}").format(low=f"{low:+.3f}", high=f"{high:+.3f}")


def fault_name(kind: str) -> str:
    """What a player reads for a kind of fault (GameResult.fault), in the current language."""
    return _(kind.label) if isinstance(kind, Fault) else kind


def _faults(tally: Tally) -> str:
    if not tally.disqualifications:
        return "0"
    # Translators: one kind of fault in the "Disqualified" column, e.g. "2 timeout": {count} games lost
    # that way, {fault} the kind ("timeout", "crash", ...), as a label
    counted = _("{count} {fault}")
    kinds = ", ".join(
        counted.format(count=count, fault=fault_name(kind)) for kind, count in sorted(tally.faults.items())
    )
    # Translators: the "Disqualified" column, e.g. "3 (1 crash, 2 timeout)": {count} games in all, then
    # {faults}, the list by kind
    return _("{count} ({faults})").format(count=tally.disqualifications, faults=kinds)


def write_log(report: Report, path: Path) -> Path | None:
    """The disqualification log for bot authors; None when nobody was disqualified.

    No file is made when nobody was disqualified, but a log an earlier run left at `path` is replaced
    by one that says so: a stale log never stays beside a new report.
    """
    entries = report.disqualifications()
    if not entries and not (path.is_file() or path.is_symlink()):
        return None
    # Translators: the first line of the disqualification log; {rules} is tavla or standard, kept as it is
    heading = ngettext(
        "Tavla tournament: {rules} rules, {count} game per pair, seed {seed}",
        "Tavla tournament: {rules} rules, {count} games per pair, seed {seed}",
        report.games,
    )
    # Translators: {command} is a command line to type, kept as it is
    replay = _("Replay a decision: {command} lists the legal plays.")
    lines = [
        heading.format(rules=report.rules, count=report.games, seed=report.seed),
        replay.format(command=f'python main.py moves --rules {report.rules} --state "STATE" --dice D1 D2'),
        "",
    ]
    labels = {
        # Translators: a field of an entry in the disqualification log: which bot
        "bot": _("bot:"),
        # Translators: a field of an entry in the disqualification log: the kind of fault and the reason
        "fault": _("fault:"),
        # Translators: a field of an entry in the disqualification log: the position (28 numbers)
        "state": _("state:"),
        # Translators: a field of an entry in the disqualification log: the dice rolled
        "dice": _("dice:"),
        # Translators: a field of an entry in the disqualification log: the bot's answer, quoted as it was
        "answer": _("answer:"),
    }
    width = max(len(label) for label in labels.values()) + 1
    field_line = "  {label:<" + str(width) + "}{value}"
    if not entries:
        # Translators: the whole disqualification log of a run in which nobody was disqualified (it
        # replaces the log of an earlier run)
        lines.append(_("Nobody was disqualified in this run."))
    for entry in entries:
        if entry["fault"] == Fault.ABANDONED:
            continue
        a, b = entry["pair"]
        # Translators: an entry's heading in the disqualification log: the game's number, the pair of bots,
        # which game of the pair it was, and the turn
        title = _("game {game} ({a} vs {b}, game {round} of the pair), turn {turn}")
        # Translators: the bot in the disqualification log and its seat (0 or 1)
        seat = _("{bot} (seat {seat})")
        # Translators: {fault} is the kind of fault (illegal, crash, ...) and {reason} says what happened
        fault = _("{fault}: {reason}")
        fields = (
            ("bot", seat.format(bot=entry["bot"], seat=entry["seat"])),
            ("fault", fault.format(fault=fault_name(entry["fault"]), reason=entry["reason"])),
            ("state", entry["state"]),
            ("dice", " ".join(map(str, entry["dice"])) if entry["dice"] else "-"),
            ("answer", repr(entry["answer"])),
        )
        lines.append(
            title.format(game=entry["game"], a=a, b=b, round=entry["round"] + 1, turn=entry["turn"] + 1)
        )
        lines += [field_line.format(label=labels[key], value=value) for key, value in fields]
        if entry["stderr"]:
            # Translators: in the disqualification log, above the end of what a bot wrote to its stderr
            lines.append("  " + _("stderr (its last lines):"))
            lines += [STDERR_INDENT + line for line in entry["stderr"].splitlines()[-20:]]
        lines.append("")
    if report.standings.unlisted:
        # Translators: the end of the disqualification log, which lists the first 10,000 in full; {count}
        # more are only counted in the tables
        message = ngettext(
            "{count} more disqualification is counted in the tables but not listed here.",
            "{count} more disqualifications are counted in the tables but not listed here.",
            report.standings.unlisted,
        )
        lines.append(message.format(count=report.standings.unlisted))
    for name, count in report.standings.abandoned.items():
        # Translators: {name} is a bot; {limit} is how many disqualifications in a row (5) abandon a bot;
        # {count} is how many games it lost that way
        message = ngettext(
            "{name} was abandoned after {limit} disqualifications in a row: "
            "it forfeited its {count} later game unplayed.",
            "{name} was abandoned after {limit} disqualifications in a row: "
            "it forfeited its {count} later games unplayed.",
            count,
        )
        lines.append(message.format(name=name, limit=MAX_CONSECUTIVE_FAULTS, count=count))
    try:
        write_atomically(path, "\n".join(lines) + "\n")
    except OSError as error:
        # Translators: {path} is the log file; {error} is the system's reason
        message = _("cannot write the disqualification log {path}: {error}")
        print(message.format(path=quoted(path, PATH_CHARS), error=error), file=sys.stderr)
        return None
    return path if entries else None


@contextmanager
def progress_bar(total: int, show: bool) -> Iterator[Callable[[], None]]:
    """A progress bar with an ETA on stderr; a no-op tick when not shown."""
    if not show:
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        # Translators: "estimated time of arrival", before the time a tournament still needs (short)
        TextColumn(_("ETA").replace("{", "{{").replace("}", "}}")),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    # Translators: the label of a tournament's progress bar, before "12/300" games played
    task = bar.add_task(_("games"), total=total)
    with bar:
        yield lambda: bar.advance(task)
