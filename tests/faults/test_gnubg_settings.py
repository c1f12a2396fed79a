"""Round three, item 16: GNU Backgammon's own saved settings (`~/.gnubg/gnubgautorc`, as every gnubg user
has) never reach the gnubg module we load: it gets a settings folder of its own, so a user's settings
cannot abort or hang it, and theirs are never read or changed."""

import shutil
import subprocess
import sys

import pytest

from tests.faults.helpers import ROOT

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"
STANDARD_OPENING = "4HPwATDgc/ABMA"
CHILD = """
from game.tavla.players.gnubg_adapter import load_gnubg
gnubg = load_gnubg()
for line in ("set threads 1", "set display off", "set player 0 human", "set player 1 human",
             "set automatic roll off", "new session"):
    gnubg.command(line)
print("POSITION", gnubg.positionid())
"""


@pytest.fixture
def gnubg_user(tmp_path):
    """A HOME whose gnubg settings were saved by GNU Backgammon itself, then set to a variation."""
    pytest.importorskip("gnubg", reason="gnubg (GNU Backgammon bindings, a test extra) is missing")
    home = tmp_path / "home"
    home.mkdir()
    settings = home / ".gnubg" / "gnubgautorc"
    if shutil.which(GNUBG):
        subprocess.run(
            [GNUBG, "-t", "-q"], input="save settings\n", text=True, capture_output=True, timeout=60,
            env={"HOME": str(home), "PATH": "/usr/bin:/bin"}, check=False,
        )  # fmt: skip
    settings.parent.mkdir(exist_ok=True)
    with settings.open("a") as file:
        file.write("set variation nackgammon\n")
    return home, settings, settings.read_bytes()


def test_a_gnubg_user_s_settings_do_not_reach_our_gnubg(gnubg_user):
    home, settings, before = gnubg_user
    result = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=60, cwd=ROOT,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert f"POSITION {STANDARD_OPENING}" in result.stdout, "standard backgammon, not the user's variation"
    assert settings.read_bytes() == before, "the user's settings are left as they were"
