"""Issue 27, item 11: the last-resort error path never hangs and never raises: crash.log goes to the data
folder, and one that is a FIFO, a link or another file's second name is left alone (the details are then
not saved, and the user still gets the one line)."""

import os
import subprocess
from pathlib import Path

import pytest

from tests.faults.helpers import PYTHON, ROOT

CRASH = """
import sys
from game import cli
from game.tavla.commands import moves
def broken(args, config):
    raise RuntimeError("a bug")
moves.run = broken
sys.exit(cli.main(["moves", "--state", "x", "--dice", "1", "2"]))
"""


def crash(data: Path, cwd: Path) -> subprocess.CompletedProcess:
    """The game meeting a bug, its data folder `data`; a hang is a failure (timeout)."""
    return subprocess.run(
        [PYTHON, "-c", CRASH],
        capture_output=True,
        text=True,
        timeout=20,
        cwd=cwd,
        env={**os.environ, "FIFTEEN_TAVLA_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)},
    )


def test_the_traceback_goes_to_the_data_folder_not_the_current_one(tmp_path):
    data, here = tmp_path / "data", tmp_path / "here"
    here.mkdir()
    result = crash(data, here)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"fifteen-tavla: unexpected error: RuntimeError('a bug'); details are in {data / 'crash.log'}"
    )
    assert "RuntimeError: a bug" in (data / "crash.log").read_text()
    assert list(here.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_crash_log_does_not_hang_the_last_resort(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "crash.log")
    result = crash(data, tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip().endswith("the details could not be saved"), result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_a_link_named_crash_log_leaves_the_file_it_names_alone(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n")
    if kind == "symlink":
        (data / "crash.log").symlink_to(precious)
    else:
        os.link(precious, data / "crash.log")
    result = crash(data, tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip().endswith("the details could not be saved"), result.stderr
    assert precious.read_text() == "keep me\n"
