"""What the commands print to a terminal, wrapped between words to its width (game/core/text/terminal.py): the
`analyse` report, the `cube` answer, the help, and a tournament's tables on a real pseudo-terminal.
To a file or a pipe the lines stay as they are (scripts and docs/commands.md read them)."""

import fcntl
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from game import cli
from game.core.text.terminal import cells, print_lines, wrap
from tests.terminal_checks import assert_fits, assert_unbroken, assert_whole, on_terminal, plain

ROOT = Path(__file__).resolve().parent.parent
MATCH = str(ROOT / "tests" / "tavla" / "data" / "gnubg-1pt-seed5.mat")
OPENING = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"


def test_wrap_breaks_between_words_by_cells_and_hangs_the_next_lines():
    line = "  root: error rate 87.5 mEMG (4.373% MWC) per decision (Awful!), 9 decisions"
    lines = wrap(line, 30, "  ", "      ")
    assert [cells(piece) <= 30 for piece in lines] == [True] * 4
    assert lines[0].startswith("  root:") and all(piece.startswith("      ") for piece in lines[1:])
    assert " ".join(" ".join(lines).split()) == " ".join(line.split())
    korean = wrap("승리 52.7% (개먼 11.9%, 백개먼 4.8%), 개먼 패 10.0%", 16)  # a syllable takes two cells
    assert all(cells(piece) <= 16 for piece in korean) and korean[0] == "승리 52.7% (개먼"
    never_at_a_hyphen = ["(default", "./tavla-disqualifications.log)"]
    assert wrap("(default ./tavla-disqualifications.log)", 34) == never_at_a_hyphen


def test_a_word_longer_than_a_line_is_the_only_thing_cut():
    assert wrap("a " + "x" * 25 + " b", 10) == ["a", "x" * 10, "x" * 10, "x" * 5 + " b"]
    assert wrap("", 10) == [""]


def test_to_a_file_the_lines_are_printed_as_they_are():
    out = io.StringIO()
    long = "word " * 40
    print_lines([long, "  short"], out)
    assert out.getvalue() == f"{long}\n  short\n"


@pytest.mark.slow
@pytest.mark.parametrize(("language", "width"), [("en", 80), ("en", 60), ("ko", 60), ("uk", 50)])
def test_the_analysis_report_fits_the_terminal_without_breaking_a_word(monkeypatch, capsys, language, width):
    monkeypatch.setenv("LANGUAGE", language)
    assert cli.main(["analyse", MATCH]) == 0
    lines = capsys.readouterr().out.splitlines()  # to a pipe: one line per figure, as documented
    assert max(map(cells, lines)) > width
    on_terminal(monkeypatch, width)
    assert cli.main(["analyse", MATCH]) == 0
    out = capsys.readouterr().out
    assert_fits(out, width)
    assert_whole(out, lines)
    assert_unbroken(out, lines)
    assert " ".join(plain(out).split()) == " ".join(" ".join(lines).split())  # nothing lost, cut or moved
    assert len(plain(out).splitlines()) > len(lines)


@pytest.mark.parametrize("language", ["en", "uk"])
def test_the_cube_answer_fits_a_60_column_terminal(monkeypatch, capsys, language):
    monkeypatch.setenv("LANGUAGE", language)
    argv = ["cube", "--state", OPENING, "--rules", "standard", "--bot", "expert"]
    assert cli.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    on_terminal(monkeypatch, 60)
    assert cli.main(argv) == 0
    out = plain(capsys.readouterr().out)
    assert_fits(out, 60)
    assert_whole(out, lines)
    assert out.splitlines()[0] == lines[0] == "no double, take"  # the contract's first line, unchanged


@pytest.mark.parametrize(("language", "width"), [("ko", 60), ("ko", 80), ("en", 60), ("en", 80)])
def test_help_wraps_by_cells_and_never_at_a_hyphen(monkeypatch, capsys, language, width):
    monkeypatch.setenv("LANGUAGE", language)
    monkeypatch.setenv("COLUMNS", str(width))
    with pytest.raises(SystemExit):
        cli.main(["tournament", "--help"])
    _usage, _blank, out = capsys.readouterr().out.partition("\n\n")  # argparse's usage lines are its own
    assert_fits(out, width)
    assert "./tavla-disqualifications.log)" in out.split()


def _on_pseudo_terminal(argv: list[str], width: int) -> str:
    """What `python main.py ARGV` shows on a terminal `width` columns wide (a pseudo-terminal)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, width, 0, 0))
    env = {**os.environ, "COLUMNS": str(width), "NO_COLOR": "1"}
    env.pop("TTY_COMPATIBLE", None)
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=subprocess.DEVNULL,
    )
    os.close(follower)
    chunks, deadline = [], time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end closed: the command ended
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
        process.wait(10)
    assert process.returncode == 0
    return plain(b"".join(chunks).decode())


@pytest.mark.slow
def test_a_tournament_on_an_80_column_terminal_breaks_no_name_heading_or_figure():
    argv = ["tournament", "--bots", "pubeval,greedy", "--games", "4", "--seed", "3"]
    piped = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    ).stdout
    out = _on_pseudo_terminal(argv, 80)
    assert "Replay this tournament with --seed 3." in out
    assert_fits(out, 80)
    assert_whole(out, ["pubeval", "greedy", "Games", "Wins"])
    figures = [word for word in piped.split() if word[:1] in "+-" and word[1:2].isdigit()]
    assert figures and all(figure in out.split() for figure in figures)  # +0.625, not +0.62 and 5
    short = "PPG DQ PPG: points per game, won minus lost; DQ: games lost by disqualification"
    assert_unbroken(out, [piped, short])
