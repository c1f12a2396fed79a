"""A player's whole archive of matches into the history at once: every file read (any format
game/tavla/record/formats.py reads) and analysed in worker processes on the cores, each kept as it
comes in (game/tavla/progress/history.py, in this process: one writer), the same match twice kept once,
a file that cannot be read or analysed reported by name and line without stopping the rest, and a stop
keeping what is done. The `analyse` command runs it with a progress bar; the Matches screen polls it.

The player is named once for the archive: given, or the one name every match of the first files read
has in common (an online player's exports are all theirs).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from game.core.errors import UserError
from game.core.process.worker_pools import end_workers, ignore_interrupts
from game.core.records import Records
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.analysis.decisions import MatchAnalysis
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.rules import Rules
from game.tavla.progress.history import fill_content_keys, keep_analysis
from game.tavla.record.formats import MAT_SUFFIXES, read_match
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord

MAX_WORKERS = 4  # each holds the judge's networks (about 200 MB): four keep an import under 1 GB
NAMING_FILES = 8  # the first files read to find the archive's player when none is named


@dataclass(frozen=True)
class Analysed:
    """What a worker sends back for one file: the analysis and the `.mat` text the history keeps, or
    why the file could not be read or analysed."""

    path: Path
    analysis: MatchAnalysis | None
    mat: str = ""
    when: float = 0.0
    error: str = ""


def analyse_file_for_history(path: Path, rules: Rules | None, level: str, player: str) -> Analysed:
    """Read one file and, where `player` plays in it, analyse it (in a worker); its failure as words,
    never raised."""
    try:
        record = read_match(path, rules)
        if player not in record.names:
            # Translators: {path} is a match file of an archive; {name} the archive's player; {names} the
            # two players of that file
            message = _("{path}: {name} is not a player of this match (its players: {names})")
            names = ", ".join(repr(name) for name in record.names)
            error = message.format(path=quoted(path), name=repr(player), names=names)
            return Analysed(path, None, error=error)  # not analysed for nothing
        analysis = analyse_match(record, rules, level)
        text = history_text(path, record)
        return Analysed(path, analysis, text, played_at(str(path), record))
    except UserError as error:
        return Analysed(path, None, error=str(error))
    except OSError as error:
        return Analysed(path, None, error=f"{quoted(path)}: {error.strerror or error}")


def played_at(path: str, record: MatchRecord) -> float:
    """When a file's match was played: the date the file gives (at noon UTC), else the file's time, else
    now."""
    if record.played_at is not None:
        return record.played_at
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return time.time()


def history_text(path: Path, record: MatchRecord) -> str:
    """The `.mat` text the history keeps of a match read from `path`: the file's own, or the match written
    as one when it is of another format (OSError when the file cannot be read again)."""
    if path.suffix.lower() in MAT_SUFFIXES:
        return path.read_text(encoding="utf-8", errors="replace")
    return export_mat(record)


def common_player(records: Sequence[MatchRecord]) -> str | None:
    """The one name every match of `records` has, when there are two or more matches (None: none, or
    two in common, or a single match, whose two players are both candidates)."""
    if len(records) < 2:
        return None
    common = set(records[0].names)
    for record in records[1:]:
        common &= set(record.names)
    return common.pop() if len(common) == 1 else None


def archive_names(paths: Sequence[Path], rules: Rules | None = None) -> list[MatchRecord]:
    """The first NAMING_FILES matches of `paths` that can be read (for their players' names)."""
    read: list[MatchRecord] = []
    for path in paths:
        try:
            read.append(read_match(path, rules))
        except UserError:
            continue
        if len(read) == NAMING_FILES:
            break
    return read


def player_names(records: Sequence[MatchRecord]) -> list[str]:
    """Every name of `records`, in alphabetical order."""
    return sorted({name for record in records for name in record.names})


def archive_player(paths: Sequence[Path], rules: Rules | None = None) -> str:
    """The player of an archive: the one name its first NAMING_FILES readable matches all have; a
    UserError that asks for it (naming those matches' players) when they have none or two in common."""
    read = archive_names(paths, rules)
    found = common_player(read)
    if found is not None:
        return found
    names = ", ".join(repr(name) for name in player_names(read)) or "-"
    # Translators: {names} are the players of the first matches of an archive, e.g. 'Ayla', 'Deniz'
    message = _("whose matches are these? Name the player with --player (the first files' players: {names})")
    raise UserError(message.format(names=names))


@dataclass(frozen=True)
class Failure:
    """A file of the archive that was not kept, and why (the message names the file)."""

    path: Path
    message: str

    @property
    def reason(self) -> str:
        """The message without the file's path in front (for a screen that names the file)."""
        return self.message.removeprefix(f"{quoted(self.path)}: ")


@dataclass
class ImportTally:
    """Where an import stands: files done of the total, matches kept, matches kept before, the files
    that failed with their reasons, and whether it was stopped."""

    total: int
    done: int = 0
    kept: int = 0
    again: int = 0
    failed: list[Failure] = field(default_factory=list)
    stopped: bool = False
    started: float = field(default_factory=time.perf_counter)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started


class ArchiveImport:
    """An import under way: at most 2 files a worker in flight, each finished analysis kept at once.
    `poll()` takes what has finished without waiting (the window), `run()` waits for it all."""

    def __init__(
        self,
        paths: Sequence[Path],
        player: str,
        records: Records,
        level: str,
        rules: Rules | None = None,
        workers: int | None = None,
    ) -> None:
        self.player, self.records, self.level, self.rules = player, records, level, rules
        self.waiting = list(reversed(paths))
        self.tally = ImportTally(len(paths))
        fill_content_keys(records)  # matches kept before content keys, so no match is kept twice
        count = workers or min(MAX_WORKERS, os.cpu_count() or 1)
        self.workers = max(1, min(count, len(paths)))
        context = multiprocessing.get_context("spawn")  # no fork of a process that holds threads
        self.pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=ignore_interrupts
        )
        self.pending: set[Future] = set()
        self._submit()

    @property
    def finished(self) -> bool:
        return self.tally.stopped or self.tally.done == self.tally.total

    def poll(self) -> bool:
        """Keep what the workers have finished; whether anything was."""
        finished = [future for future in self.pending if future.done()]
        for future in finished:
            self.pending.discard(future)
            self._keep(future.result())
        self._submit()
        if self.finished:
            self._shut()
        return bool(finished)

    def run(self, progress: Callable[[ImportTally], None] = lambda tally: None) -> ImportTally:
        """Wait for every file, `progress` told after each; Ctrl+C (KeyboardInterrupt) stops it, keeping
        what is done."""
        try:
            while not self.finished:
                wait(self.pending, return_when=FIRST_COMPLETED)
                if self.poll():
                    progress(self.tally)
        except KeyboardInterrupt:
            self.stop()
        return self.tally

    def stop(self) -> None:
        """Stop: what has been kept stays; files under way are left."""
        self.tally.stopped = True
        self._shut()

    def _submit(self) -> None:
        while self.pool is not None and self.waiting and len(self.pending) < 2 * self.workers:
            path = self.waiting.pop()
            work = (analyse_file_for_history, path, self.rules, self.level, self.player)
            self.pending.add(self.pool.submit(*work))

    def _keep(self, analysed: Analysed) -> None:
        self.tally.done += 1
        if analysed.analysis is None:
            self.tally.failed.append(Failure(analysed.path, analysed.error))
            return
        seat = analysed.analysis.record.names.index(self.player)
        kept = keep_analysis(
            self.records, analysed.analysis, seat, analysed.mat, str(analysed.path.resolve()), analysed.when
        )
        if kept is None:
            self.tally.again += 1
        else:
            self.tally.kept += 1

    def _shut(self) -> None:
        pool, self.pool = self.pool, None
        if pool is None:
            return
        end_workers(pool, any(not future.done() for future in self.pending), wait=False)
        self.pending.clear()
