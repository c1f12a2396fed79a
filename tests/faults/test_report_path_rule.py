"""Round three, item 12: one rule for every report path. `--json a/missing/tree/r.json` is refused with a
message naming the folder that does not exist (before any work, as the tournament refuses it) by every
command that writes a report, and no folder is created; a report is created with the mode the umask
gives, as any file the user creates (an existing one keeps its own)."""

import json
import os
import stat
from pathlib import Path

import pytest

from game import cli
from game.core.errors import UserError
from game.core.files.writing import write_report
from tests.faults.helpers import OPENING, game_in_process

ONE_POINT = Path(__file__).parents[1] / "tavla" / "data" / "gnubg-1pt-seed5.mat"
COMMANDS = {
    "position": ("position", "--state", OPENING),
    "tempmap": ("tempmap", "--state", OPENING, "--level", "expert"),
    "rollout": ("rollout", "--state", OPENING, "--games", "2", "--level", "expert"),
    "stats": ("stats",),
    "progress": ("progress",),
    "practice": ("practice", "--list"),
    "analyse": ("analyse", str(ONE_POINT), "--level", "expert"),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_report_in_a_missing_folder_is_refused_and_no_folder_made(tmp_path, name, monkeypatch, capsys):
    """Each command as main(ARGS) in the test's process: the refusal is its own logic."""
    report = tmp_path / "a" / "missing" / "tree" / "r.json"
    command = (*COMMANDS[name], "--json", str(report))
    result = game_in_process(monkeypatch, capsys, *command, FIFTEEN_TAVLA_DATA_DIR=str(tmp_path / "data"))
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "does not exist" in result.stderr and str(tmp_path / "a" / "missing" / "tree") in result.stderr
    assert not (tmp_path / "a").exists(), "no folder is created"


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_report_gets_the_umask_s_mode(tmp_path, monkeypatch, capsys, umask, mode):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    report = tmp_path / "position.json"
    previous = os.umask(umask)
    try:
        assert cli.main(["position", "--state", OPENING, "--json", str(report)]) == 0
    finally:
        os.umask(previous)
    assert stat.S_IMODE(report.stat().st_mode) == mode
    assert json.loads(report.read_text())["pips"]


def test_an_existing_report_keeps_its_mode_and_a_folder_is_refused(tmp_path):
    report = tmp_path / "r.json"
    report.write_text("{}")
    report.chmod(0o640)
    write_report(report, "{}\n")
    assert stat.S_IMODE(report.stat().st_mode) == 0o640
    with pytest.raises(UserError, match="folder"):
        write_report(tmp_path, "{}\n")
    with pytest.raises(UserError, match="does not exist"):
        write_report(tmp_path / "none" / "r.json", "{}\n")
    assert not (tmp_path / "none").exists()
