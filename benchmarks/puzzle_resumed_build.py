"""Benchmark: the strong 4x4 table's build stopped part-way and resumed, against a clean build.

The 7-tile table (game/puzzle/solver/ranked.py) takes a minute or more; a build stopped part-way keeps
its state at layer ends (game/puzzle/solver/build_checkpoint.py) and the next one goes on from it. This
measures, in a fresh cache folder:

- a clean build, as before checkpoints (none written);
- a build with checkpoints, stopped once its progress passes ``--stop`` (through the cancel event, as the
  window's close or Ctrl+C stops it), then a build that goes on from what it kept;
- what the checkpoints cost: how many, their size, the time spent writing them, and the work lost at
  the stop (done at the stop, less what the last checkpoint kept);
- that the resumed table is the clean one, byte for byte.

    python benchmarks/puzzle_resumed_build.py [--stop 0.5] [--small]

``--small`` builds a 5-tile pattern instead, a checkpoint at every layer's end (seconds, for a try of the
benchmark itself).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.files.folders import CACHE_DIR_ENV
from game.puzzle.solver import build_checkpoint, ranked, regions
from game.puzzle.solver.distance_tables import STRONG_RIGHT
from game.puzzle.solver.pattern import Cancelled, Pattern


def timed_build(
    pattern: Pattern, checkpoint: build_checkpoint.Checkpoint | None, stop_at: float | None = None
) -> tuple[float, str | None, float]:
    """(seconds, the table's SHA-256 or None when stopped, the share done when it stopped or ended)."""
    cancel = threading.Event()
    reached = [0.0]

    def progress(done: int, total: int) -> None:
        reached[0] = done / total
        if stop_at is not None and reached[0] >= stop_at:
            cancel.set()

    start = time.perf_counter()
    try:
        table = ranked.build(pattern, progress, cancel, checkpoint)
    except Cancelled:
        return time.perf_counter() - start, None, reached[0]
    seconds = time.perf_counter() - start
    return seconds, hashlib.sha256(table).hexdigest(), reached[0]


class Timed(build_checkpoint.Checkpoint):
    """A checkpoint that counts the time its writes take."""

    writing = 0.0

    def save(self, state: build_checkpoint.BuildState, work: int) -> None:
        start = time.perf_counter()
        super().save(state, work)
        self.writing += time.perf_counter() - start


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--stop", type=float, default=0.5, help="stop the build once this share is done")
    parser.add_argument("--small", action="store_true", help="a 5-tile pattern, checkpoints at every layer")
    args = parser.parse_args()
    pattern = Pattern(4, 4, (2, 3, 6, 7, 10) if args.small else tuple(STRONG_RIGHT))
    os.environ[CACHE_DIR_ENV] = tempfile.mkdtemp(prefix="fifteen-resume-")
    print(f"== {pattern.key}: {regions.work(pattern):,} states; stopped at {args.stop:.0%}, then resumed ==")
    clean_s, clean_digest, _ = timed_build(pattern, None)
    print(f"clean build, no checkpoints:       {clean_s:7.1f} s")
    every = 0.0 if args.small else None  # the small build takes less than the seconds between two
    first = Timed(pattern, note=print, every=every)
    stopped_s, _, reached = timed_build(pattern, first, args.stop)
    path = build_checkpoint.checkpoint_path(pattern)
    kept = build_checkpoint.kept_share(pattern) or 0.0
    size = path.stat().st_size if path.exists() else 0
    print(
        f"stopped at {reached:.1%}:              {stopped_s:7.1f} s  ({first.saved} checkpoints, "
        f"{first.writing:.1f} s writing them, the last at {kept:.1%}, {size / 1e6:.0f} MB)"
    )
    second = Timed(pattern, note=lambda text: print("  note:", text), every=every)
    resumed_s, resumed_digest, _ = timed_build(pattern, second)
    second.discard()
    print(
        f"resumed to the end:                {resumed_s:7.1f} s  ({second.saved} checkpoints, "
        f"{second.writing:.1f} s writing them)"
    )
    total = stopped_s + resumed_s
    print(
        f"stopped + resumed:                 {total:7.1f} s  ({total / clean_s - 1:+.0%} against clean; "
        f"work lost at the stop: {reached - kept:.1%} of the build)"
    )
    print(f"the resumed table is the clean one: {resumed_digest == clean_digest}")
    if resumed_digest != clean_digest:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
