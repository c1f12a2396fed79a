"""Shared by the fault tests: the game run as a user runs it, hostile bots written on the fly, and checks
that no process is left behind. Every wait is bounded."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.tavla.bots import gone

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"
PYTHON = sys.executable
OPENING = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"
LIMIT = 60.0  # no subprocess of these tests may take longer


def game(
    *args: str, cwd: Path | None = None, timeout: float = LIMIT, **env: str
) -> subprocess.CompletedProcess:
    """`python main.py ARGS`, its output as text."""
    return subprocess.run(
        [PYTHON, str(MAIN), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd or ROOT,
        env={**os.environ, **env},
    )


def game_in_process(monkeypatch, capsys, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`main(ARGS)` in the test's process with `env` set, answered as `game` answers `python main.py ARGS`:
    its exit status, stdout and stderr. For tests of what a command does, not of the process (the
    interpreter's start is a second of imports a run); `game` keeps the tests of the process itself."""
    from game.cli import main

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    out = capsys.readouterr()
    return subprocess.CompletedProcess(args, status, out.out, out.err)


def start_game(*args: str, cwd: Path | None = None) -> subprocess.Popen:
    """`python main.py ARGS` in the background (a session of its own, as a job a CI runner starts)."""
    return subprocess.Popen(
        [PYTHON, str(MAIN), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd or ROOT,
        start_new_session=True,
    )


def python_bot(folder: Path, name: str, body: str, top: str = "") -> Path:
    """A Python bot file whose play() runs `body` (indented for you); `top` runs when it is loaded."""
    indented = "\n".join("    " + line for line in body.splitlines())
    path = folder / name
    path.write_text(f"{top}\n\ndef play(state, die1, die2):\n{indented}\n", encoding="utf-8")
    return path


def protocol_script(folder: Path, name: str, answer_code: str, prelude: str = "") -> Path:
    """A line-protocol bot: for each request, `answer_code` runs with `play` (a legal play) in scope."""
    path = folder / name
    path.write_text(
        f"""import os, subprocess, sys, time
sys.path.insert(0, {str(ROOT)!r})
from game.tavla.engine.rules import Rules
from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
{prelude}
for decision, line in enumerate(sys.stdin):
    numbers = [int(token) for token in line.split()]
    rules = Rules.parse(os.environ.get("TAVLA_RULES", "tavla"))
    plays = legal_plays(tuple(numbers[:28]), numbers[28], numbers[29], rules)
    play = format_play(plays[0]) if plays else ""
{chr(10).join("    " + line for line in answer_code.splitlines())}
""",
        encoding="utf-8",
    )
    return path


def cmd(script: Path, *arguments: str) -> str:
    return "cmd:" + " ".join([PYTHON, str(script), *arguments])


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def pids_in(folder: Path) -> list[int]:
    return [int(path.read_text()) for path in folder.iterdir() if path.read_text().strip().isdigit()]


def all_gone(pids: list[int], seconds: float = 5.0) -> bool:
    return wait_for(lambda: all(gone(pid) for pid in pids), seconds)


def kill_quietly(pids: list[int]) -> None:
    """Clean up after a failing test: nothing of ours may outlive it."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
