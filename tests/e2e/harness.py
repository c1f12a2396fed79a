"""Runs `python main.py ...` in a real window on a virtual screen and drives it like a person.

Xvfb gives the screen, xdotool moves the real mouse and presses real keys, and screenshots are read
back from the X server with Pillow. Positions are given in the game's logical coordinates (origin
bottom-left, DESIGN_WIDTH x DESIGN_HEIGHT), which equal window pixels at the default window size.
"""

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageGrab

from game.ui.theme import DESIGN_HEIGHT, DESIGN_WIDTH

ROOT = Path(__file__).resolve().parents[2]
WINDOW_TITLE = "Fifteen & Tavla"
SCREEN = f"{DESIGN_WIDTH}x{DESIGN_HEIGHT}x24"
START_TIMEOUT = 30.0
XVFB_TIMEOUT = 20.0


def require_display_tools() -> None:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"end-to-end tests need {' and '.join(missing)} (Debian: apt-get install xvfb xdotool)")


class VirtualScreen:
    """An Xvfb server for the length of a `with` block."""

    def __enter__(self) -> "VirtualScreen":
        self._start()
        return self

    def ensure_running(self) -> None:
        """Start the server again if it went away (seen on loaded CI machines)."""
        if self.process.poll() is not None:
            self._start()

    def _start(self) -> None:
        # Xvfb picks a free display number itself and writes it to `-displayfd` once it accepts
        # connections: no race with another test process (pytest-xdist's workers) starting one too.
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(write_end,),
            )
            os.close(write_end)
            write_end = -1
            self.display = f":{self._read_display(read_end)}"
        finally:
            os.close(read_end)
            if write_end >= 0:
                os.close(write_end)

    def _read_display(self, read_end: int) -> int:
        answer = b""
        deadline = time.monotonic() + XVFB_TIMEOUT
        while not answer.endswith(b"\n"):
            left = deadline - time.monotonic()
            chunk = b""
            if left > 0 and select.select([read_end], [], [], left)[0]:
                chunk = os.read(read_end, 16)
            if not chunk:  # timed out, or Xvfb exited without naming a display
                self.process.kill()
                self.process.wait()
                raise RuntimeError(f"Xvfb did not start (exit status {self.process.returncode})")
            answer += chunk
        return int(answer)

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class GameProcess:
    """The game started with `args` on `screen`, its window found, ready for input."""

    def __init__(self, screen: VirtualScreen, args: list[str], data_dir: Path) -> None:
        self.screen = screen
        # a real window, drawn as a player's is: not headless, and with the software renderer's threads
        # (the tests' own headless windows draw in one, tests/conftest.py)
        left_out = ("ARCADE_HEADLESS", "LP_NUM_THREADS")
        env = {key: value for key, value in os.environ.items() if key not in left_out}
        env.update(
            DISPLAY=screen.display, FIFTEEN_TAVLA_DATA_DIR=str(data_dir), ARCADE_SOUND_BACKENDS="silent"
        )
        self.env = env
        self.log = data_dir / "game.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env, stdout=log, stderr=log
            )
        self.window_id = self._wait_for_window()
        self._wait_for_first_frame()
        self.settle()

    def _wait_for_window(self) -> str:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the game exited early: {self.log.read_text()}")
            found = self._xdotool("search", "--onlyvisible", "--name", WINDOW_TITLE, check=False)
            if found.returncode == 0 and found.stdout.strip():
                return found.stdout.split()[0]
            time.sleep(0.2)
        raise RuntimeError(
            f"no window titled {WINDOW_TITLE!r} after {START_TIMEOUT} s: {self.log.read_text()}"
        )

    def _wait_for_first_frame(self) -> None:
        """The window exists before it has drawn anything: wait until it shows more than one colour."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            colours = self.screenshot().getcolors(maxcolors=4)
            if colours is None or len(colours) > 1:
                return
            time.sleep(0.2)
        raise RuntimeError(f"the window stayed blank for {START_TIMEOUT} s: {self.log.read_text()}")

    def _xdotool(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, check=check, timeout=10
        )

    def settle(self, seconds: float = 0.6) -> None:
        """Give the game time to draw a few frames (software GL is slow)."""
        time.sleep(seconds)

    def _window_xy(self, x: float, y: float) -> tuple[str, str]:
        return str(round(x)), str(round(DESIGN_HEIGHT - y))

    def click(self, x: float, y: float, button: int = 1) -> None:
        self.click_pixel(*self._window_xy(x, y), button=button)

    def click_pixel(self, x: float, y: float, button: int = 1) -> None:
        """Click at a window pixel (origin top-left), whatever the window's size."""
        self._xdotool("mousemove", "--window", self.window_id, str(round(float(x))), str(round(float(y))))
        time.sleep(0.1)
        self._xdotool("click", str(button))

    def resize(self, width: int, height: int) -> None:
        self._xdotool("windowsize", self.window_id, str(width), str(height))
        self.settle(1.0)

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        self._xdotool("mousemove", "--window", self.window_id, *self._window_xy(*start))
        self._xdotool("mousedown", "1")
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            self._xdotool("mousemove", "--window", self.window_id, *self._window_xy(x, y))
            time.sleep(0.03)
        self._xdotool("mouseup", "1")

    def key(self, *names: str) -> None:
        self._xdotool("key", "--window", self.window_id, *names)

    def wait_until(self, condition, timeout: float = 15.0) -> Image.Image:
        """Screenshots until `condition(screenshot)` holds: a slow machine draws late, not wrong."""
        deadline = time.monotonic() + timeout
        while True:
            image = self.screenshot()
            if condition(image) or time.monotonic() > deadline:
                return image
            time.sleep(0.2)

    def wait_for(self, condition, timeout: float = 15.0) -> bool:
        """Polls `condition()` until it holds or time runs out; returns its last answer."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)
        return True

    def set_clipboard(self, text: str) -> None:
        """Put `text` on the screen's clipboard as another program would (xclip holds it meanwhile)."""
        subprocess.run(
            ["xclip", "-selection", "clipboard"], input=text, text=True, env=self.env, check=True, timeout=10
        )

    def clipboard(self) -> str:
        """What the screen's clipboard holds now ("" when nothing)."""
        found = subprocess.run(
            ["xclip", "-o", "-selection", "clipboard"],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
            timeout=10,
        )
        return found.stdout if found.returncode == 0 else ""

    def window_name(self) -> str:
        """The window's caption as the window manager sees it."""
        return self._xdotool("getwindowname", self.window_id).stdout.strip()

    def window_box(self) -> tuple[int, int, int, int]:
        """The window's (left, top, right, bottom) on the screen."""
        shape = self._xdotool("getwindowgeometry", "--shell", self.window_id).stdout
        values = dict(line.split("=", 1) for line in shape.split() if "=" in line)
        left, top = int(values["X"]), int(values["Y"])
        return left, top, left + int(values["WIDTH"]), top + int(values["HEIGHT"])

    def screenshot(self, save_as: Path | None = None) -> Image.Image:
        """What the window shows now, cropped to the window."""
        image = ImageGrab.grab(xdisplay=self.screen.display).convert("RGB").crop(self.window_box())
        if save_as is not None:
            image.save(save_as)
        return image

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        if self.running:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at logical (x, y) in a screenshot."""
    return image.getpixel((round(x), round(DESIGN_HEIGHT - y - 1)))


def difference(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float] | None = None) -> float:
    """Mean absolute difference of two screenshots (0-255), optionally in a logical box (l, b, r, t)."""
    if box is not None:
        left, bottom, right, top = box
        crop = (round(left), round(DESIGN_HEIGHT - top), round(right), round(DESIGN_HEIGHT - bottom))
        a, b = a.crop(crop), b.crop(crop)
    return float(np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16)).mean())
