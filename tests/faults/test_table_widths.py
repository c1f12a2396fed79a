"""Issue 47, item 5: with the output in a file or a pipe, every table the command line prints is laid
out at the width COLUMNS says, else 80 (the tournament's were 117 columns wide beside COLUMNS=80, at
160 without it): real `python main.py` runs whose stdout is a pipe."""

import os
import subprocess

import pytest

from game.core.text.terminal import cells
from tests.faults.helpers import LIMIT, MAIN, OPENING, PYTHON, ROOT

pytestmark = pytest.mark.slow  # each test here takes over 5 s

RACE = "13 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 0 0 14"
COMMANDS = {
    "tournament": [
        "tournament",
        "--bots",
        "random,greedy,pubeval",
        "--games",
        "2",
        "--match",
        "5",
        "--cube",
        "--rules",
        "standard",
        "--seed",
        "1",
    ],
    "tempmap": ["tempmap", "--state", RACE, "--rules", "standard", "--level", "expert"],
    "rollout": [
        "rollout",
        "--state",
        OPENING,
        "--dice",
        "3",
        "1",
        "--rules",
        "standard",
        "--plays",
        "3",
        "--seed",
        "1",
        "--games",
        "36",
        "--truncate",
        "1",
    ],
}


def piped(arguments: list[str], columns: str | None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "TTY_COMPATIBLE")}
    if columns is not None:
        env["COLUMNS"] = columns
    return subprocess.run(
        [PYTHON, str(MAIN), *arguments],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("columns", "width"), [("80", 80), ("64", 64), (None, 80)])
def test_a_piped_table_fits_columns_or_80(command, columns, width):
    run = piped(COMMANDS[command], columns)
    assert run.returncode == 0, run.stderr
    widest = max(cells(line.rstrip()) for line in run.stdout.splitlines())
    assert widest <= width, run.stdout
