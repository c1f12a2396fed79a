"""Issue 27, items 2, 4, 5 and 17: the `.mat` reader reads any file in time linear in its size, never
waits on a FIFO, keeps its memory and its messages bounded, and refuses a score or a game the match
cannot have."""

import os
import subprocess
import sys
import textwrap

import pytest

from game.errors import UserError
from game.tavla.record.mat import parse_mat
from tests.faults.helpers import ROOT, game

DATA = ROOT / "tests" / "tavla" / "data"
HEADER = " 5 point match\n\n Game 1\n"
SCORE = " gnubg : 0                      root : 0\n"
LONG = 200_000  # characters: quadratic matching of one such line takes minutes, linear a millisecond


def adversarial_lines(size: int) -> dict[str, str]:
    """For each pattern of the reader, a file with one long line built to make a backtracking match
    slow: many candidate splits, long runs of blanks before a character that fails."""
    return {
        "score": HEADER + "a : 1 " * (size // 6) + "x\n",
        "score colons": HEADER + "a:" * (size // 2) + "\n",
        "score blanks": HEADER + " a :" + " " * size + "1" + " " * size + "x\n",
        "game": " 5 point match\n Game 1" + " " * size + "x\n",
        "game brackets": " 5 point match\n Game 1 (" + ")" * size + "x\n",
        "length": " 5" + " " * size + "x\n",
        "numbered": HEADER + SCORE + "  1) 31:" + " " * size + "x\n",
        "moves": HEADER + SCORE + "  1) 31:" + " 8/5" * (size // 4) + "x\n",
        "ours": "; Fifteen & Tavla, " + "a" * size + "\n" + HEADER,
        "ours rules": "; Fifteen & Tavla, " + "a" * size + " rules\n" + HEADER,
    }


def run_python(code: str, timeout: float, **env: str) -> subprocess.CompletedProcess:
    """`code` in a Python of its own: a regular expression that backtracks for days cannot be stopped
    inside this process (the match holds the interpreter)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, **env},
    )


def test_every_pattern_of_the_reader_reads_a_long_line_in_linear_time():
    """Item 2: with the line cap lifted, each adversarial line is still read (or refused) at once."""
    result = run_python(
        f"""
        import time
        import game.tavla.record.mat as mat
        from game.errors import UserError
        from tests.faults.test_match_files import adversarial_lines
        mat.MAX_LINE_CHARS = 10**9
        for name, text in adversarial_lines({LONG}).items():
            start = time.monotonic()
            try:
                mat.parse_mat(text)
            except UserError as error:
                assert len(str(error)) < 400, (name, len(str(error)))
            took = time.monotonic() - start
            assert took < 2.0, (name, took)
        print("ok")
        """,
        timeout=30,
    )
    assert result.stdout.strip() == "ok", result.stderr[-2000:]


def test_a_long_line_is_refused_at_once_naming_its_line_and_the_limit():
    """Items 2 and 5: a line far longer than any match file's is refused before any pattern reads it."""
    for name, text in adversarial_lines(LONG).items():
        if name.startswith("ours"):
            continue  # a comment line is skipped, however long
        with pytest.raises(UserError) as caught:
            parse_mat(text)
        message = str(caught.value)
        assert message.startswith("line ") and "characters" in message and len(message) < 300, (name, message)


OLD_SCORE = r"\s*(.*?)\s*:\s*(\d{1,4})\s+(.*?)\s*:\s*(\d{1,4})\s*"


@pytest.mark.parametrize(
    "line",
    [
        " gnubg : 0                      root : 0",
        "Alice:3 Bob:12",
        " A : 1   B :2 ",
        " a:b : 1 c:d : 2",
        " : 1  : 2",
        " A : 12345 B : 1",
        " A : 1 B : 12345",
        " A : 1B : 1",
        " A : 1 B : 1 x",
        " A 1 B 2",
        " A : 1 : 2 : 3",
        " A :  7 \t B : 7",
    ],
)
def test_the_score_line_is_read_as_the_old_pattern_read_it(line):
    """Item 2: the linear reading of the score line takes what the old (cubic) pattern took."""
    import re

    from game.tavla.record.mat import _score_line

    old = re.fullmatch(OLD_SCORE, line)
    expected = None if old is None else (old[1], int(old[2]), old[3], int(old[4]))
    assert _score_line(line) == expected


def test_a_fifo_named_like_a_match_file_is_refused_at_once(tmp_path):
    """Item 4: `analyse` of a FIFO says what it is instead of waiting for a writer for ever."""
    fifo = tmp_path / "waiting.mat"
    os.mkfifo(fifo)
    result = game("analyse", str(fifo), timeout=30)
    assert result.returncode == 2 and "not a regular file" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_kept_matches_list_a_fifo_as_a_file_that_cannot_be_read(tmp_path):
    """Item 4: the Matches screen's list reads past a FIFO among the kept files."""
    os.mkfifo(tmp_path / "match-20260101-000000.mat")
    (tmp_path / "match-20260102-000000.mat").write_bytes((DATA / "gnubg-1pt-seed5.mat").read_bytes())
    result = run_python(
        f"""
        from pathlib import Path
        from game.records import Records
        from game.tavla.record.archive import kept_matches
        for kept in kept_matches(Records(), Path({str(tmp_path)!r})):
            print(kept.path.name, kept.record is not None, kept.error)
        """,
        timeout=30,
        FIFTEEN_TAVLA_DATA_DIR=str(tmp_path / "data"),
    )
    lines = result.stdout.splitlines()
    assert lines[0].startswith("match-20260102-000000.mat True"), result.stderr[-2000:]
    assert lines[1].startswith("match-20260101-000000.mat False") and "not a regular file" in lines[1]
