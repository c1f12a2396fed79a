"""`analyse` of a folder or several files: a whole archive into the player's history, with a progress bar
and an estimate on a terminal, then what was kept, what was kept before and each file that failed (by
name and line). Ctrl+C stops it keeping what is done."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.i18n import _, ngettext
from game.records import Records
from game.tavla.engine.rules import Rules
from game.tavla.progress.archive_import import ArchiveImport, ImportTally, archive_player
from game.tavla.record.formats import match_files
from game.tavla.tournament.stopping import stop_signals
from game.terminal import progress_bar


def import_command(
    paths: Sequence[str], rules: Rules | None, level: str, player: str | None, records: Records
) -> list[str]:
    """Import every match file of `paths` (files and folders) into `player`'s history (None: the name
    the first matches have in common); the lines that report it."""
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
    return report(tally)


def report(tally: ImportTally) -> list[str]:
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
