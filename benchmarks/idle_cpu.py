"""CPU used by the game at rest (menu, puzzle, table), in CPU-seconds per second, beside a bare Arcade window.

Run: `python benchmarks/idle_cpu.py [--seconds 5] [--warm-up 8]`. Each screen is the real game in its own
process under Xvfb (started here on a free display unless `--display` names one) with Mesa's software
GL; after the warm-up (the opening messages fade) the process's user+system time is read from
/proc/PID/stat over `--seconds`. The bare window (30 sprites, drawn every frame at 60 fps) is the
reference measured in the same run, so a loaded machine shows in both.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
BARE = """
import arcade
window = arcade.Window(1280, 800, "bare", update_rate=1 / 60, draw_rate=1 / 60, vsync=False)
sprites = arcade.SpriteList()
texture = arcade.make_soft_square_texture(64, arcade.color.WHITE)
for i in range(30):
    sprites.append(arcade.Sprite(texture, center_x=40 + 40 * i, center_y=400))
window.on_draw = lambda: (window.clear(), sprites.draw())
arcade.run()
"""
SCREENS = {
    "bare Arcade window": [sys.executable, "-c", BARE],
    "menu": [sys.executable, "main.py"],
    "puzzle": [sys.executable, "main.py", "puzzle", "--seed", "1"],
    "table": [sys.executable, "main.py", "tavla", "--opponent", "pubeval", "--seed", "1"],
}


def cpu_seconds(pid: int) -> float:
    """User + system time of the process (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def measure(command: list[str], env: dict[str, str], warm_up: float, seconds: float) -> float:
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(warm_up)
        if process.poll() is not None:
            raise SystemExit(f"{command} ended: {process.stderr.read().decode()[-2000:]}")
        start_cpu, start = cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        return (cpu_seconds(process.pid) - start_cpu) / (time.monotonic() - start)
    finally:
        process.kill()
        process.wait()


def start_xvfb() -> tuple[subprocess.Popen, str]:
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is needed (apt-get install xvfb), or --display of a running X server")
    display = f":{200 + os.getpid() % 500}"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.5)
    return server, display


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--warm-up", type=float, default=8.0)
    parser.add_argument("--display", help="an X display to use instead of starting Xvfb")
    args = parser.parse_args()
    server, display = (None, args.display) if args.display else start_xvfb()
    data = tempfile.mkdtemp(prefix="fifteen-tavla-idle-")
    env = {
        **os.environ,
        "DISPLAY": display,
        "LIBGL_ALWAYS_SOFTWARE": "1",
        "FIFTEEN_TAVLA_DATA_DIR": data,
        "FIFTEEN_TAVLA_CONFIG_DIR": data,
    }
    env.pop("ARCADE_HEADLESS", None)
    try:
        figures = {
            name: measure(command, env, args.warm_up, args.seconds) for name, command in SCREENS.items()
        }
    finally:
        if server is not None:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)
    bare = figures["bare Arcade window"]
    load = os.getloadavg()[0]
    print(
        f"idle CPU, {args.seconds:g} s each after {args.warm_up:g} s, load average {load:.1f} "
        f"on {os.cpu_count()} cores"
    )
    for name, used in figures.items():
        print(f"  {name:20} {used:5.2f} CPU-s/s   ({used / bare:4.2f}x the bare window)")


if __name__ == "__main__":
    main()
