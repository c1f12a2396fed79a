"""Items 1 and 9: `--json`, `--log` and the default disqualification log are checked before any game
(a folder, a device, a FIFO is refused; a symbolic link is followed; the default log only where a bot
that is not built in may need it), and a stale log never remains."""

import json
import os

import pytest

from game.core.errors import UserError
from game.tavla.commands import tournament as command
from game.tavla.commands.tournament import LOG_NAME, tournament_command
from game.tavla.engine.rules import Rules
from tests.faults.helpers import ROOT, game

MY_BOT = str(ROOT / "examples" / "my_bot.py")  # a bot that is not built in: it may be disqualified


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--json", "--log"])
@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "link-to-device"])
def test_report_paths_are_checked_before_any_game(tmp_path, option, kind):
    path = {
        "fifo": tmp_path / "pipe",
        "device": "/dev/null",
        "folder": tmp_path,
        "link-to-device": tmp_path / "null-link",
    }[kind]
    if kind == "fifo":
        os.mkfifo(path)
    if kind == "link-to-device":
        path.symlink_to("/dev/null")
    result = game("tournament", "--bots", "random,greedy", "--games", "100000", option, str(path), timeout=30)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "Tavla tournament" not in result.stdout, "refused before any game"
    assert "folder" in result.stderr or "device" in result.stderr


@pytest.mark.slow
def test_json_through_a_symbolic_link_writes_the_target(tmp_path):
    target = tmp_path / "report.json"
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    result = game(
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "2",
        "--seed",
        "1",
        "--json",
        str(link),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and json.loads(target.read_text())["complete"]


def test_a_stale_log_from_an_earlier_run_does_not_remain(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    log = tmp_path / LOG_NAME
    log.write_text("game 7 (old vs older): illegal\n")
    assert tournament_command(["random", "greedy"], 2, 1, 1, Rules.TAVLA, None, 1.0) == 0
    text = log.read_text()
    assert "old vs older" not in text and "Nobody was disqualified in this run." in text
    assert LOG_NAME not in capsys.readouterr().out, "the report names no log when nobody was disqualified"


def test_no_log_is_made_when_there_was_none_and_nobody_was_disqualified(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert tournament_command(["random", "greedy"], 2, 1, 1, Rules.TAVLA, None, 1.0) == 0
    assert not (tmp_path / LOG_NAME).exists()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_the_default_log_is_checked_before_any_game(tmp_path, kind):
    path = tmp_path / LOG_NAME
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    result = game("tournament", "--bots", f"{MY_BOT},greedy", "--games", "100000", cwd=tmp_path, timeout=30)
    assert result.returncode == 2 and "--log PATH" in result.stderr and result.stderr.count("\n") == 1
    assert "Tavla tournament" not in result.stdout


def test_a_default_log_in_a_folder_that_cannot_be_written_is_refused_before_any_game(monkeypatch):
    monkeypatch.setattr(command.os, "access", lambda path, mode: False)
    words = r"would be written to .* is not writable; give another place with --log"
    with pytest.raises(UserError, match=words):
        tournament_command([MY_BOT, "greedy"], 100_000, 1, 1, Rules.TAVLA, None, 1.0)


@pytest.mark.parametrize("kind", ["read-only", "fifo"])
def test_built_in_bots_need_no_log_so_the_current_folder_may_be_read_only(
    tmp_path, monkeypatch, capsys, kind
):
    """Issue 27, item 21: built-in bots are never disqualified, so their tournament asks nothing of the
    folder the default log would go to."""
    monkeypatch.chdir(tmp_path)
    if kind == "fifo":
        os.mkfifo(tmp_path / LOG_NAME)
    else:
        monkeypatch.setattr(command.os, "access", lambda path, mode: False)
    assert tournament_command(["random", "greedy"], 2, 1, 1, Rules.TAVLA, None, 1.0) == 0
    assert "Replay this tournament with --seed 1." in capsys.readouterr().out
    assert [path.name for path in tmp_path.iterdir()] == ([LOG_NAME] if kind == "fifo" else [])
