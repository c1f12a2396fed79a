"""A finished match into the history without the table waiting: the match is written at once as a small
job file beside the records (``pending-analyses/``), and a worker process, at a lower priority than the
window (nice), analyses it and keeps it (game/tavla/progress/history.py), then removes the file. The
table only writes the file and starts the process, on a thread of its own, so no frame waits for either.

Nothing is lost when the game closes first, or the worker fails: the job stays until a worker has kept
it, and every worker started takes the jobs waiting (`work_through`), each claimed by renaming it, so
two workers never keep one match twice (the history's key would refuse it anyway).

Run as ``python -m game.tavla.progress.analysis_jobs FOLDER RECORDS``.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path

from game.core.files.folders import data_dir
from game.core.files.writing import write_atomically
from game.core.records import DB_NAME, Records
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.eval.levels import DEFAULT_LEVEL
from game.tavla.progress.history import TABLE_SOURCE, keep_analysis
from game.tavla.record.archive import from_opening
from game.tavla.record.formats import export_record, parse_record
from game.tavla.record.match_record import MatchRecord

PENDING_FOLDER = "pending-analyses"
JOB_SUFFIX = ".json"
CLAIMED_SUFFIX = ".claimed"
LEVEL = DEFAULT_LEVEL  # the table's matches are judged as `analyse` judges by default
NICE = 19  # the lowest priority: the window (and its drawing on the CPU, under Mesa) comes first


def pending_dir() -> Path:
    return data_dir() / PENDING_FOLDER


def write_job(folder: Path, mat: str, seat: int, rules: Rules, cube: bool, played_at: float) -> Path:
    """The job of analysing and keeping one match, as a file of its own in `folder` (OSError if not)."""
    data = {"mat": mat, "seat": seat, "rules": str(rules), "cube": cube, "played_at": played_at}
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{played_at:020.6f}-{os.getpid()}-{secrets.token_hex(4)}{JOB_SUFFIX}"
    return write_atomically(folder / name, json.dumps(data), exclusive=True)


def do_job(path: Path, records: Records) -> int | None:
    """Analyse and keep the job in `path`; the match's id in the history (None: kept before)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = Rules.parse(data["rules"])
    record = parse_record(data["mat"], rules)
    analysis = analyse_match(record, None, LEVEL, cube=bool(data["cube"]))  # each game under its own rules
    return keep_analysis(records, analysis, int(data["seat"]), data["mat"], TABLE_SOURCE, data["played_at"])


def work_through(folder: Path, records: Records) -> list[int | None]:
    """Every job waiting in `folder`, oldest first, each claimed by renaming it (another worker's are
    left to it), done and removed; a job that fails is put back for the next worker."""
    done: list[int | None] = []
    for path in sorted(folder.glob(f"*{JOB_SUFFIX}")):
        claimed = path.with_suffix(f".{os.getpid()}{CLAIMED_SUFFIX}")
        try:
            path.rename(claimed)
        except OSError:
            continue  # another worker took it
        try:
            done.append(do_job(claimed, records))
        except Exception:  # noqa: BLE001 - the job waits for the next worker; the game never sees this
            with suppress(OSError):
                claimed.rename(path)
            continue
        with suppress(OSError):
            claimed.unlink()
    return done


def start_worker(folder: Path, records_path: Path) -> subprocess.Popen[bytes]:
    """A worker process for the jobs in `folder`, its output discarded (it reports through the records)."""
    command = [sys.executable, "-m", "game.tavla.progress.analysis_jobs", str(folder), str(records_path)]
    quiet = subprocess.DEVNULL
    return subprocess.Popen(command, stdin=quiet, stdout=quiet, stderr=quiet, close_fds=True)


def resume_pending(
    folder: Path | None = None, records_path: Path | None = None
) -> subprocess.Popen[bytes] | None:
    """A worker for the jobs left waiting (the game closed before its worker was done, or a job failed),
    if there are any: the Progress screen asks on opening. None when there are none."""
    folder = folder or pending_dir()
    try:
        waiting = any(folder.glob(f"*{JOB_SUFFIX}"))
    except OSError:
        return None
    if not waiting:
        return None
    try:
        return start_worker(folder, records_path or data_dir() / DB_NAME)
    except OSError:
        return None


class HistoryKeeper:
    """The table's side: each finished match handed over once (the table asks at every redraw of the end
    card), written and its worker started on a short thread; `last` is that thread, for tests."""

    def __init__(self, folder: Path | None = None, records_path: Path | None = None) -> None:
        self.folder = folder
        self.records_path = records_path
        self._kept: list[Match] = []
        self.last: threading.Thread | None = None
        self.worker: subprocess.Popen[bytes] | None = None

    def keep(self, match: Match, names: tuple[str, str], seat: int = 0) -> None:
        """Hand `match` (played by `names`, the player at `seat`) to a worker, unless done already."""
        if any(kept is match for kept in self._kept) or not from_opening(match):
            return  # done already, or set up in the position lab (a .mat starts at the opening)
        self._kept.append(match)
        mat, _suffix = export_record(MatchRecord.from_match(match, names))
        rules, cube, now = match.rules, match.cube, time.time()
        self.last = threading.Thread(target=self._hand_over, args=(mat, seat, rules, cube, now), daemon=True)
        self.last.start()

    def _hand_over(self, mat: str, seat: int, rules: Rules, cube: bool, now: float) -> None:
        folder = self.folder or pending_dir()
        records_path = self.records_path or data_dir() / DB_NAME
        with suppress(OSError):
            write_job(folder, mat, seat, rules, cube, now)
            self.worker = start_worker(folder, records_path)


def main(arguments: list[str]) -> int:
    """The worker: lower its priority, then do every job waiting."""
    folder, records_path = Path(arguments[0]), Path(arguments[1])
    with suppress(OSError, AttributeError):
        os.nice(NICE)
    work_through(folder, Records(records_path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
