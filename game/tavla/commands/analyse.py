"""`analyse`: a match file judged decision by decision; with --keep kept in a player's history, and a
folder or several files (a whole archive) imported into it."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.core.text.terminal import print_lines
from game.tavla.commands.options import ANALYSIS_LEVELS, write_json
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.core.records import Records
    from game.tavla.analysis.decisions import MatchAnalysis
    from game.tavla.progress.archive_import import ImportTally
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    analyse = commands.add_parser("analyse", help=_("analyse a match file: errors, marks, luck, ratings"))
    analyse.add_argument(
        "match_paths",
        nargs="+",
        metavar="MATCH",
        help=_(
            "a match file (.mat, .txt, .sgf, .xg, .tgr); several files or a folder: each match kept in the "
            "history of --player (default: the name every match has)"
        ),
    )
    analyse.add_argument(
        "--rules",
        choices=[rules.value for rules in Rules if ".mat" in rules.records],
        default=None,
        help=_("rule set (default: the file's, or standard)"),
    )
    analyse.add_argument(
        "--json", dest="json_path", metavar="PATH", help=_("also write every decision as JSON")
    )
    analyse.add_argument(
        "--level",
        choices=ANALYSIS_LEVELS,
        help=_("the judge's level (default: the config's tavla.judge, master unless changed in Settings)"),
    )
    analyse.add_argument(
        "--keep", action="store_true", help=_("also keep the match in the history of the player --player")
    )
    analyse.add_argument(
        "--player", metavar="NAME", help=_("with --keep: whose history (a name in the file)")
    )
    return analyse


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    """One file's report; with --keep the same, then kept; several files or a folder imported."""
    rules = None if args.rules is None else Rules.parse(args.rules)
    level = args.level or config.tavla.judge
    paths = args.match_paths
    if len(paths) > 1 or Path(paths[0]).is_dir():
        from game.core.records import Records

        if args.json_path is not None:
            raise UserError(_("--json writes the analysis of one match file; name one file, not several"))
        print_lines(import_command(paths, rules, level, args.player, Records()))
        return 0
    if args.keep or args.player is not None:
        from game.core.records import Records

        if not (args.keep and args.player):
            raise UserError(_("--keep and --player NAME go together: whose history keeps the match"))
        print_lines(keep_command(paths[0], rules, args.json_path, level, args.player, Records()))
        return 0
    print_lines(analyse_command(paths[0], rules, args.json_path, level))
    return 0


def analyse_command(path: str, rules: Rules | None, json_path: str | None, level: str) -> list[str]:
    """The report's lines for the match in `path`; writes the JSON to `json_path` when given."""
    return report_and_write(analyse_file(path, rules, level), json_path)


def analyse_file(path: str, rules: Rules | None, level: str) -> MatchAnalysis:
    """The analysis of the match in `path` (a progress bar on a terminal); UserError when it cannot be
    read or analysed."""
    from game.core.text.terminal import progress_bar
    from game.tavla.analysis.decisions import check_level
    from game.tavla.analysis.match import analyse_match
    from game.tavla.record.formats import read_match

    check_level(level)
    record = read_match(path, rules)
    with progress_bar(_("analysing"), len(record.games)) as advance:
        return analyse_match(record, rules, level, progress=lambda done, total: advance(done))


def report_and_write(analysis: MatchAnalysis, json_path: str | None) -> list[str]:
    """The report's lines for `analysis` (game/tavla/analysis/report.py); writes its JSON to `json_path`
    when given."""
    from game.tavla.analysis.report import analysis_json, report

    if json_path is not None:
        write_json(json_path, analysis_json(analysis))
    return report(analysis)


def keep_command(
    path: str, rules: Rules | None, json_path: str | None, level: str, player: str, records: Records
) -> list[str]:
    """`analyse --keep`: the report of `analyse`, then the match kept in `player`'s history."""
    from game.tavla.progress.archive_import import history_text, played_at
    from game.tavla.progress.history import keep_analysis, seat_of

    analysis = analyse_file(path, rules, level)
    seat = seat_of(analysis, player)
    lines = report_and_write(analysis, json_path)
    try:
        text = history_text(Path(path), analysis.record)
    except OSError as error:
        raise UserError(f"{path}: {error.strerror or error}") from None
    when = played_at(path, analysis.record)
    kept = keep_analysis(records, analysis, seat, text, str(Path(path).resolve()), when)
    if kept is None:
        # Translators: after the analysis report; {name} is the player given with --player
        lines.append(_("This match is in {name}'s history already.").format(name=player))
    else:
        # Translators: after the analysis report; {name} is the player given with --player
        lines.append(_("Kept in {name}'s history (see: progress).").format(name=player))
    return lines


def import_command(
    paths: Sequence[str], rules: Rules | None, level: str, player: str | None, records: Records
) -> list[str]:
    """A whole archive into `player`'s history (None: the name the first matches have in common), every
    match file of `paths` (files and folders), with a progress bar and an estimate on a terminal; Ctrl+C
    stops it keeping what is done. The lines that report it."""
    from game.core.text.terminal import progress_bar
    from game.tavla.progress.archive_import import ArchiveImport, archive_player
    from game.tavla.record.formats import match_files
    from game.tavla.tournament.stopping import stop_signals

    files = match_files(paths)
    player = player or archive_player(files, rules)
    # Translators: before an archive's import; {count} match files; {name} whose history keeps them
    heading = ngettext(
        "{count} match file, kept as {name}'s", "{count} match files, kept as {name}'s", len(files)
    )
    print(heading.format(count=f"{len(files):,}", name=player), flush=True)
    job = ArchiveImport([Path(path) for path in files], player, records, level, rules)
    with stop_signals(), progress_bar(_("importing"), len(files), time_left=True) as advance:
        tally = job.run(lambda tally: advance(tally.done))
    return import_report(tally)


def import_report(tally: ImportTally) -> list[str]:
    """What an import did: kept, kept before, failed (each file's reason), stopped; the time a match."""
    # Translators: after an archive's import; {kept}, {again}, {failed} are counts of matches; {seconds}
    # the time per match
    line = _("{kept} kept, {again} kept before, {failed} not read; {seconds:.1f} s a match")
    per_match = tally.seconds / max(1, tally.done)
    lines = [line.format(kept=tally.kept, again=tally.again, failed=len(tally.failed), seconds=per_match)]
    if tally.stopped:
        # Translators: an archive's import was stopped; {done} of {total} files were done and kept
        lines.append(_("stopped after {done} of {total} files; those are kept").format(
            done=tally.done, total=tally.total))  # fmt: skip
    lines.extend(failure.message for failure in tally.failed)
    return lines
