"""Benchmark: a player's archive imported and analysed at once, as `analyse FOLDER` does it: the time a
match and the memory of the whole import (this process and its workers, their peak resident sets added).

    python benchmarks/tavla_archive_import.py [--matches 60] [--length 5] [--level master] [--seed 1]
        [--folder DIR]

The archive: `--matches` matches GNU Backgammon plays against itself (0-ply with a little noise, the
`gnubg` extra), written as `.mat` into `--folder` (a temporary one unless given; files already there are
kept, so a second run imports the same archive). Reported: matches, games and turns, the seconds a match
(wall), the workers, the peak memory of this process and the largest worker, and their total.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.records import Records
from game.tavla.players.gnubg_adapter import self_play_mat
from game.tavla.progress.archive_import import ArchiveImport
from game.tavla.record.formats import match_files, read_match

NOISE = 0.06  # as benchmarks/tavla_analysis.py: mistakes of every size


def archive(folder: Path, matches: int, length: int, seed: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(matches):
        path = folder / f"match-{number:04d}.mat"
        if not path.exists():
            self_play_mat(length, seed * 100_000 + number, path, NOISE)
    return match_files([folder])[:matches]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--level", default="master")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", type=Path)
    args = parser.parse_args()
    folder = args.folder or Path(tempfile.mkdtemp(prefix="archive-"))
    files = archive(folder, args.matches, args.length, args.seed)
    records = [read_match(path) for path in files]
    games = sum(len(record.games) for record in records)
    turns = sum(len(game.turns) for record in records for game in record.games)
    with tempfile.TemporaryDirectory() as data:
        job = ArchiveImport(files, "gnubg", Records(Path(data) / "records.sqlite3"), args.level)
        start = time.perf_counter()
        tally = job.run()
        seconds = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"{len(files)} {args.length}-point matches ({games} games, {turns} turns) at {args.level}: "
        f"{tally.kept} kept, {len(tally.failed)} failed, {seconds:.0f} s, "
        f"{seconds / len(files):.2f} s a match with {job.workers} workers"
    )
    print(
        f"peak memory: this process {own:.0f} MB, the largest worker {worker:.0f} MB, "
        f"at most {own + job.workers * worker:.0f} MB together"
    )


if __name__ == "__main__":
    main()
