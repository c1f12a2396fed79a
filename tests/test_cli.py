"""The command line's contracts: help, version, one-line errors, no Arcade for window-free commands."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__, cli
from game.core.text import i18n
from game.tavla.commands.tournament import split_bot_list

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


@pytest.mark.slow
def test_version_and_help():
    assert run("--version").stdout.strip() == f"fifteen-tavla {__version__}"
    help_text = run("--help").stdout
    for command in ("puzzle", "tavla", "--config"):
        assert command in help_text


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["chess"], "invalid choice: 'chess'"),
        (["--colour"], "unrecognized arguments: --colour"),
        (["puzzle", "--seed", "abc"], "'abc' is not a whole number"),
        (["puzzle", "--seed", "-3"], "out of range; a seed is a whole number from 0 to"),
        (["tavla", "--rules", "chess"], "invalid choice: 'chess'"),
        (["puzzle", "--sizes", "4x4"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, fragment, capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


def test_parsing_commands_does_not_import_arcade():
    code = (
        "import sys; from game.cli import build_parser; from game.settings import load_config; "
        "build_parser().parse_args(['puzzle', '--size', '4x4']); load_config(); "
        "print('arcade' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.stdout.strip() == "False", result.stderr


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["puzzle", "--size", "0x4"], "'0x4'"),
        (["puzzle", "--size", "4x4x4"], "WxH"),
        (["puzzle", "--id", "4x4:1,2,3"], "16 tiles"),
        (["puzzle", "--id", "banana"], "game ID"),
        (["puzzle", "--image", "no-such-picture"], "no-such-picture"),
    ],
)
def test_bad_puzzle_arguments_are_refused_before_any_window_opens(argv, fragment):
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "HOME": "/tmp"},
    )
    assert result.returncode == 2, result.stderr
    assert fragment in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_no_display_is_a_clear_message(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "FIFTEEN_TAVLA_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "puzzle"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 2
    assert "cannot open a window" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_window_free_commands_through_main_py(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "FIFTEEN_TAVLA_CACHE_DIR": str(tmp_path)}
    opening = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"
    moves = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "moves", "--state", opening, "--dice", "3", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert moves.returncode == 0 and "8/5 6/5" in moves.stdout.splitlines()
    solved = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "solve", "--size", "3x3", "--board", "1 2 3 4 5 6 0 7 8"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert (solved.returncode, solved.stdout) == (0, "7 8\n")
    assert solved.stderr == "2 tiles to slide\n", "the count is said beside the one line scripts read"
    bad = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "solve", "--size", "3x3", "--board", "1 2 3 4 5 6 8 7 0"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert bad.returncode == 2 and "cannot be solved" in bad.stderr


@pytest.mark.slow
def test_tournament_through_main_py(tmp_path):
    report = tmp_path / "report.json"
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "tournament",
            "--bots",
            "random,greedy",
            "--games",
            "4",
            "--seed",
            "3",
            "--json",
            str(report),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "greedy" in result.stdout and report.is_file()
    lonely = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "tournament", "--bots", "random", "--games", "4"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert lonely.returncode == 2 and "at least two bots" in lonely.stderr


@pytest.mark.slow
def test_a_command_line_bot_may_hold_commas_and_bots_may_be_given_twice(tmp_path):
    """`\\,` keeps a comma inside a cmd: bot; a second --bots adds to the first."""
    bot = ROOT / "examples" / "my_bot.py"
    program = f"import runpy\\,sys; runpy.run_path('{bot}'\\, run_name='__main__')"
    command = f'cmd:{sys.executable} -c "{program}"'
    report = tmp_path / "report.json"
    arguments = ["--bots", command, "--bots", "greedy", "--games", "2", "--seed", "3", "--json", str(report)]
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "tournament", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    names = set(json.loads(report.read_text())["bots"])
    assert names == {command.replace("\\,", ","), "greedy"}


def test_split_bot_list():
    assert split_bot_list(["a,b", "c"]) == ["a", "b", "c"]
    commas = "cmd:node bot.js --levels 1\\,2, greedy"
    assert split_bot_list([commas]) == ["cmd:node bot.js --levels 1,2", "greedy"]


def _in(language: str, message: str) -> str:
    i18n.set_language(language)
    try:
        return i18n._(message)
    finally:
        i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["tr", "uk", "ko"])
def test_the_command_line_speaks_the_configured_language(tmp_path, language):
    """Help, argparse's own words and our errors, from a --config file's language (or the system's)."""
    config = tmp_path / "mine.yaml"
    config.write_text(f"language: {language}\n", encoding="utf-8")
    help_text = run("--config", str(config), "--help").stdout
    assert help_text.startswith(_in(language, "usage: "))
    assert _in(language, "open straight into a sliding puzzle") in help_text
    refused = run("--config", str(config), "puzzle", "--seed", "abc")
    assert refused.returncode == 2
    assert _in(language, "'{text}' is not a whole number").format(text="abc") in refused.stderr
    by_system = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "LANGUAGE": language},
    )
    assert by_system.stdout.startswith(_in(language, "usage: ")), "auto follows the system"


def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path):
    """`... | head -1`: the pipe closes before the answer is written; no error, no crash log."""
    env = {**os.environ, "FIFTEEN_TAVLA_DATA_DIR": str(tmp_path)}
    opening = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"
    command = [sys.executable, "main.py", "cube", "--state", opening, "--rules", "standard"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.close()  # gone before the decision is printed
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0 and err == b""
    assert not list(tmp_path.rglob("crash.log"))
