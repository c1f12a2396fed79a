"""Benchmark: how long `puzzle --size 4x4` takes to open its window, as a ratio to a bare Arcade window.

Both are started as fresh processes on one virtual screen (Xvfb), in turns, and timed from the start of
the process to the moment its window is on the screen (mapped, as xdotool sees it): what a player waits
for. The reference is the least an Arcade program pays: `import arcade`, one window, `arcade.run()`.
The median of the rounds is kept; the target (issue 50) is at most 1.3x.

    python benchmarks/startup.py [--rounds 7] [--command "puzzle --size 4x4"]

Also printed: the slowest imports of the game's start (`python -X importtime`), to show where the rest
goes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = "import arcade\nwindow = arcade.Window(800, 600, 'bare-arcade-reference')\narcade.run()\n"
GAME_TITLE = "Fifteen & Tavla"
DISPLAY = ":87"


@contextlib.contextmanager
def virtual_screen() -> Iterator[None]:
    """An Xvfb screen for the run (the machine's own display is left alone)."""
    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        sys.exit("needs Xvfb and xdotool (the README's system packages)")
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1600x1000x24"], stderr=subprocess.DEVNULL)
    try:
        # No window is timed before the server answers (its start took over a second on a busy machine).
        deadline = time.monotonic() + 20
        answers = {**os.environ, "DISPLAY": DISPLAY}
        while subprocess.run(["xdotool", "getdisplaygeometry"], env=answers, capture_output=True).returncode:
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit(f"Xvfb did not start on {DISPLAY}")
            time.sleep(0.1)
        yield
    finally:
        server.terminate()
        server.wait()


def seconds_to_window(command: list[str], title: str, env: dict[str, str]) -> float:
    """Seconds from starting `command` until a visible window named `title` is on the screen."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while process.poll() is None:
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--name", title],
                env=env,
                capture_output=True,
                check=False,
            )
            if found.stdout.strip():
                return time.perf_counter() - start
            time.sleep(0.005)
        sys.exit(f"{shlex.join(command)} ended (status {process.returncode}) before its window opened")
    finally:
        process.kill()
        process.wait()
    return 0.0


def slowest_imports(env: dict[str, str], count: int = 12) -> list[tuple[int, str]]:
    """The game's own modules with the largest cumulative import time (µs) at start."""
    script = "import game.cli, game.app, game.puzzle.screens.view"  # what the puzzle's start loads
    command = [sys.executable, "-X", "importtime", "-c", script]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit() and parts[2].strip().startswith("game"):
            rows.append((int(parts[1]), parts[2].strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--command", default="puzzle --size 4x4", help="the game's command line to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as home, virtual_screen():
        env = {
            **os.environ,
            "DISPLAY": DISPLAY,
            "HOME": home,
            "XDG_CONFIG_HOME": home,
            "XDG_DATA_HOME": home,
            "ARCADE_SOUND_BACKENDS": "silent",
        }
        env.pop("ARCADE_HEADLESS", None)
        game = [sys.executable, str(ROOT / "main.py"), *shlex.split(args.command)]
        bare = [sys.executable, "-c", BARE]
        seconds_to_window(bare, "bare-arcade-reference", env)  # warm the file cache for both
        seconds_to_window(game, GAME_TITLE, env)
        times: dict[str, list[float]] = {"bare": [], "game": []}
        for _ in range(args.rounds):
            times["bare"].append(seconds_to_window(bare, "bare-arcade-reference", env))
            times["game"].append(seconds_to_window(game, GAME_TITLE, env))
        bare_s, game_s = statistics.median(times["bare"]), statistics.median(times["game"])
        print(f"window open, median of {args.rounds} rounds (seconds)")
        for label, key, median in (
            ("bare Arcade window", "bare", bare_s),
            (f"main.py {args.command}", "game", game_s),
        ):
            low, high = min(times[key]), max(times[key])
            print(f"  {label:<26} {median:6.3f}   ({low:.3f} - {high:.3f})")
        print(f"  ratio: {game_s / bare_s:.2f}x  (target: at most 1.3x)")
        print("\nslowest imports of the game's modules at start (cumulative, ms)")
        for micros, name in slowest_imports(env):
            print(f"  {micros / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
