"""A finished 5-point match reaches the history while the table keeps drawing: how long until it is
kept, and the table's frame times meanwhile, as a ratio to the same end card's frames with no worker.

Run: `python benchmarks/tavla_history_frames.py [--seed S] [--limit SECONDS]`. One process and window,
offscreen; each frame is an update and a draw ended by `ctx.finish()`. A 5-point match with the cube is
played to its end by two random bots (fast, and long games: many decisions to analyse), then put on the
table: the reference frames first (the end card, the history's hand-over turned off), then the same
frames with the real hand-over, until the history holds the match (its worker process analyses it at a
lower priority). Prints the seconds to the history, the largest and 99th-percentile frame of each run
and their ratio. The targets: in the history within 60 s, no frame over 50 ms.
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

from game.app import GameWindow
from game.core.records import Records
from game.settings import load_config
from game.tavla.engine.match import Match
from game.tavla.engine.play import play_match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.players.random_bot import RandomBot
from game.tavla.progress.analysis_jobs import HistoryKeeper
from game.tavla.progress.history import History
from game.tavla.screens.table.view import TableView

FRAME = 1 / 60
REFERENCE_FRAMES = 300
WARM_UP = 60


class NoHandOver(HistoryKeeper):
    def keep(self, match, names, seat=0) -> None:
        return None


def finished_match(seed: int) -> Match:
    bots = (RandomBot(seed, Rules.STANDARD), RandomBot(seed + 1, Rules.STANDARD))
    return play_match(Match(5, Rules.STANDARD, seed, cube=True), (bots[0].play, bots[1].play))


def frame(window: GameWindow, view: TableView) -> float:
    start = time.perf_counter()
    view.on_update(FRAME)
    view.on_draw()
    window.ctx.finish()
    return time.perf_counter() - start


def summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return ordered[-1] * 1000, ordered[int(0.99 * (len(ordered) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--limit", type=float, default=60.0)
    args = parser.parse_args()
    window = GameWindow(load_config())
    view = TableView(opponent="expert", seed=1, offer_resume=False)
    window.show_view(view)
    match = finished_match(args.seed)
    games = len(match.games)
    turns = sum(len(game.record) for game in match.games)
    view.history = NoHandOver()
    view.start_session(TableSession.resume(match, "expert"))
    for _ in range(WARM_UP):
        frame(window, view)  # textures built, the end card laid out
    reference = [frame(window, view) for _ in range(REFERENCE_FRAMES)]
    history = History(Records())
    view.history = HistoryKeeper()
    view.start_session(TableSession.resume(match, "expert"))
    ended = time.perf_counter()
    during: list[float] = []
    kept_after = None
    while time.perf_counter() - ended < args.limit:
        during.append(frame(window, view))
        if len(during) % 30 == 0 and history.matches():
            kept_after = time.perf_counter() - ended
            break
    ref_max, ref_p99 = summary(reference)
    max_ms, p99_ms = summary(during)
    print(f"5-point match: {games} games, {turns} turns")
    kept = "not kept" if kept_after is None else f"{kept_after:.1f} s"
    print(f"in the history after {kept} (limit {args.limit:.0f} s)")
    print(
        f"reference frames: max {ref_max:.1f} ms, p99 {ref_p99:.1f} ms, median "
        f"{statistics.median(reference) * 1000:.1f} ms over {len(reference)}"
    )
    print(
        f"frames meanwhile: max {max_ms:.1f} ms, p99 {p99_ms:.1f} ms, median "
        f"{statistics.median(during) * 1000:.1f} ms over {len(during)}"
    )
    slow = [index for index, seconds in enumerate(during) if seconds > 0.05]
    print(f"frames over 50 ms meanwhile: {len(slow)} (at frames {slow[:10]})")
    print(f"ratio (p99 meanwhile / p99 reference): {p99_ms / ref_p99:.2f}")
    print(
        f"target: kept within 60 s {'met' if kept_after is not None and kept_after <= 60 else 'MISSED'}; "
        f"no frame over 50 ms {'met' if max_ms <= 50 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
