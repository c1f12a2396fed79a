"""Issue 27, item 20: a command whose output cannot be written (stdout closed, a full disk) says so in
one line on stderr and exits 74 (EX_IOERR), with no traceback and no crash log; a reader that stops
reading is still a quiet end."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.faults.helpers import LIMIT, MAIN, OPENING, PYTHON, ROOT

FULL = Path("/dev/full")
EXIT_IO = 74
MOVES = ["moves", "--state", OPENING, "--dice", "3", "1"]
TOURNAMENT = ["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "1"]


def run(arguments: list[str], data: Path, stdout: object, close_stdout: bool = False, cwd: Path = ROOT):
    """The game with its stdout sent to `stdout` (or closed), its data folder `data`."""
    return subprocess.run(
        [PYTHON, str(MAIN), *arguments],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=LIMIT,
        cwd=cwd,
        env={**os.environ, "FIFTEEN_TAVLA_DATA_DIR": str(data)},
        preexec_fn=(lambda: os.close(1)) if close_stdout else None,
    )


def assert_refused(result: subprocess.CompletedProcess, data: Path, reason: str) -> None:
    assert result.returncode == EXIT_IO, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines == [f"fifteen-tavla: cannot write the output: {reason}"], result.stderr
    assert not (data / "crash.log").exists(), "a failed output is no crash"


@pytest.mark.slow
@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param(MOVES, id="moves"),
        pytest.param(["solve", "--size", "3x3", "--board", "1 2 3 4 5 6 0 7 8"], id="solve"),
        pytest.param(["--help"], id="help"),
        pytest.param(["--version"], id="version"),
    ],
)
def test_a_full_disk_is_said_and_exit_74(tmp_path, arguments):
    with FULL.open("w") as full:
        result = run(arguments, tmp_path / "data", full)
    assert_refused(result, tmp_path / "data", "No space left on device")


@pytest.mark.slow
@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
def test_a_tournament_whose_tables_cannot_be_written_says_so_and_keeps_its_files(tmp_path):
    report = tmp_path / "report.json"
    with FULL.open("w") as full:
        result = run([*TOURNAMENT, "--json", str(report)], tmp_path / "data", full, cwd=tmp_path)
    assert_refused(result, tmp_path / "data", "No space left on device")
    assert json.loads(report.read_text())["complete"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param(MOVES, id="moves"),
        pytest.param(TOURNAMENT, id="tournament"),
        pytest.param(["--help"], id="help"),
    ],
)
def test_a_closed_stdout_is_said_and_exit_74(tmp_path, arguments):
    result = run(arguments, tmp_path / "data", None, close_stdout=True, cwd=tmp_path)
    assert_refused(result, tmp_path / "data", "standard output is closed")
    assert not list(tmp_path.glob("*.log")), "nothing was played for an output nobody can read"


def test_a_reader_that_stops_is_still_a_quiet_end(tmp_path):
    with subprocess.Popen(
        [PYTHON, str(MAIN), *MOVES],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "FIFTEEN_TAVLA_DATA_DIR": str(tmp_path)},
    ) as game:
        game.stdout.close()  # nobody reads: the first write is a broken pipe
        assert game.wait(LIMIT) == 0
        assert game.stderr.read() == b""
