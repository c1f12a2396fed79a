"""Benchmark: how long the window's thread waits while the Matches screen's loader reads a large match
file on its own thread (issue 27: "never freeze the window for more than a frame's worth").

A money session of about 4.8 MB is made from the games of a gnubg fixture; the loader's `read_kept`
reads it on a thread while the main thread sleeps 1 ms at a time, as a window's loop would wait for its
next frame; the figures are the main thread's longest wait and its 99th percentile against a frame of
16.7 ms, with the same loop run alone first as the reference (what scheduling costs with nothing to read).

    python benchmarks/kept_loading_frames.py [--megabytes 4.8]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.process.startup_freeze import settle_startup_objects
from game.tavla.record.kept_loading import read_kept

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "tavla" / "data" / "gnubg-5pt-seed11.mat"


def money_session(megabytes: float) -> str:
    """The fixture's games again and again, each from 0-0, under a `0 point match` header."""
    games = FIXTURE.read_text(encoding="utf-8").split("\n", 1)[1].split(" Game ")[1:]
    parts, size = [" 0 point match\n"], 0
    while size < megabytes * 1e6:
        for game in games:
            lines = game.split("\n")
            lines[1] = " Player 1 : 0                   Player 2 : 0"
            parts.append(" Game " + "\n".join(lines))
            size += len(parts[-1])
    return "".join(parts)


def waits(busy: threading.Event | None) -> list[float]:
    """The main thread's waits between 1 ms sleeps, while `busy` is unset (or for 2 s alone)."""
    gaps, last, start = [], time.perf_counter(), time.perf_counter()
    while (busy is not None and not busy.is_set()) or (busy is None and time.perf_counter() - start < 2.0):
        time.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    return sorted(gaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=float, default=4.8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.mat"
        path.write_text(money_session(args.megabytes), encoding="utf-8")
        size = path.stat().st_size
        settle_startup_objects()  # as the game does once its window is built
        alone = waits(None)
        done = threading.Event()
        games: list[int] = []
        started = time.perf_counter()

        kept = []

        def read() -> None:
            kept.append(read_kept(path))  # kept, as the screen keeps it: freeing it is the screen's leaving
            games.append(len(kept[0].record.games))
            done.set()

        reader = threading.Thread(target=read)
        reader.start()
        loaded = waits(done)
        reader.join()
        seconds = time.perf_counter() - started
        done.clear()
        leaving = threading.Thread(target=lambda: (time.sleep(0.05), kept.clear(), done.set()))
        leaving.start()
        freed = waits(done)  # the record freed (the screen left) while the loop waits
        leaving.join()
    for name, gaps in (("alone (reference)", alone), ("while reading", loaded), ("freeing it", freed)):
        print(
            f"{name}: longest wait {1000 * gaps[-1]:.1f} ms, 99th percentile "
            f"{1000 * gaps[int(len(gaps) * 0.99)]:.1f} ms over {len(gaps):,} waits"
        )
    print(f"{size:,} bytes, {games[0]:,} games read in {seconds:.1f} s; a frame is 16.7 ms")


if __name__ == "__main__":
    main()
