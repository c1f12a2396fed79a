"""The position lab's window while a rollout runs (issue 30: "while a rollout runs, the window's frames
stay under 50 ms"), as a ratio to the same screen's frames with nothing running.

Run: `python benchmarks/lab_rollout_frames.py [--games 1296] [--limit SECONDS]`. One process and window,
offscreen; each frame is an update and a draw ended by `ctx.finish()`. The set-up screen shows the opening
(standard rules, 3-1 to play): the reference frames first with the study card closed, then Roll out (its
worker processes, one core left to the window) until the rollout ends or the limit; the card's table is
redrawn as games finish. Prints the largest, 99th-percentile and median frame of each run, their ratio,
the games played and how long they took (the 1,296-game target: under 60 s at expert).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
os.environ.setdefault("FIFTEEN_TAVLA_DATA_DIR", tempfile.mkdtemp(prefix="fifteen-tavla-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tavla_history_frames import frame, summary  # benchmarks/: one frame timed, its max and p99

from game.app import GameWindow
from game.settings import load_config
from game.tavla.engine.rules import Rules
from game.tavla.lab.setup_board import SetupBoard
from game.tavla.lab.study_jobs import RolloutJob
from game.tavla.screens.table.setup_view import SetupView

REFERENCE_FRAMES = 300
WARM_UP = 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1296)
    parser.add_argument("--dice", action="store_true", help="3-1 to play: its best plays rolled out")
    parser.add_argument("--limit", type=float, default=120.0)
    args = parser.parse_args()
    window = GameWindow(load_config())
    board = SetupBoard.opening(Rules.STANDARD)
    board.dice = (3, 1) if args.dice else None
    view = SetupView(board, lambda: None)
    window.show_view(view)
    for _ in range(WARM_UP):
        frame(window, view)
    reference = [frame(window, view) for _ in range(REFERENCE_FRAMES)]
    setup = board.to_setup()
    started = time.perf_counter()
    view.study.rollout(setup, board.rules, games=args.games)
    view._study_changed()
    job = view.study.job
    assert isinstance(job, RolloutJob)
    during: list[float] = []
    while not job.finished and time.perf_counter() - started < args.limit:
        during.append(frame(window, view))
    seconds = time.perf_counter() - started
    job.stop()
    names = ("reference frames", "frames meanwhile")
    for name, times in zip(names, (reference, during), strict=True):
        longest, p99 = summary(times)
        median = statistics.median(times) * 1000
        print(f"{name}: max {longest:.1f} ms, p99 {p99:.1f} ms, median {median:.1f} ms over {len(times)}")
    slow = [(index, round(seconds_ * 1000)) for index, seconds_ in enumerate(during) if seconds_ > 0.05]
    over = len(slow)
    print(f"frames over 50 ms meanwhile: {over} (frame, ms: {slow[:12]})")
    print(f"ratio (p99 meanwhile / p99 reference): {summary(during)[1] / summary(reference)[1]:.2f}")
    print(
        f"{job.games_done:,} of {args.games:,} games in {seconds:.1f} s, {job.workers} worker process(es) "
        "started in that time"
    )
    print(f"target: no frame over 50 ms {'met' if over == 0 else 'MISSED'}")


if __name__ == "__main__":
    main()
