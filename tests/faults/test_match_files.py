"""Issue 27, items 2, 4, 5 and 17: the `.mat` reader reads any file in time linear in its size, never
waits on a FIFO, keeps its memory and its messages bounded, and refuses a score or a game the match
cannot have."""

import os
import subprocess
import sys
import textwrap

import pytest

from game.core.errors import UserError
from game.tavla.record.mat import parse_mat, read_mat
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
        from game.core.errors import UserError
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

    from game.tavla.record.mat_lines import score_line

    old = re.fullmatch(OLD_SCORE, line)
    expected = None if old is None else (old[1], int(old[2]), old[3], int(old[4]))
    assert score_line(line) == expected


@pytest.mark.slow
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
        from game.core.records import Records
        from game.tavla.record.kept_loading import KeptLoader
        loader = KeptLoader(Records(), Path({str(tmp_path)!r}))
        assert loader.wait(20)
        for kept in loader.listing.kept:
            print(kept.path.name, kept.record is not None, kept.error)
        """,
        timeout=30,
        FIFTEEN_TAVLA_DATA_DIR=str(tmp_path / "data"),
    )
    lines = result.stdout.splitlines()
    assert lines[0].startswith("match-20260102-000000.mat True"), result.stderr[-2000:]
    assert lines[1].startswith("match-20260101-000000.mat False") and "not a regular file" in lines[1]


def test_a_long_play_line_is_refused_quickly_in_little_memory_with_a_short_message(tmp_path):
    """Item 5: one 4.8 MB play line took 1.2 GB and came back as a 4.8 MB message."""
    path = tmp_path / "long-play.mat"
    path.write_text(HEADER + SCORE + "  1) 31: 8/5 6/5" + " 8/5" * 1_200_000 + "\n", encoding="utf-8")
    result = run_python(
        f"""
        import resource, time
        from game.core.errors import UserError
        from game.tavla.record.mat import read_mat
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.monotonic()
        try:
            read_mat({str(path)!r})
        except UserError as error:
            message = str(error)
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        print(round(time.monotonic() - start, 2), grown // 1024, len(message))
        print(message)
        """,
        timeout=60,
    )
    seconds, megabytes, length = result.stdout.split("\n")[0].split()
    assert float(seconds) < 5 and int(megabytes) < 100 and int(length) < 300, result.stdout[:1000]
    assert "line 5:" in result.stdout


@pytest.mark.parametrize(
    "cell",
    ["31: 8/5 6/5 8/5 6/5 8/5", "31: 24/23/22/21/20/19", "64: 24/18(9)", "31: " + "6/5(9) " * 100],
)
def test_a_cell_of_more_moves_than_a_roll_has_is_refused_with_a_short_message(cell):
    """Item 5: a play of more than four moves is refused by the reader with the cell quoted, cut."""
    with pytest.raises(UserError) as caught:
        parse_mat(HEADER + SCORE + f"  1) {cell}\n")
    message = str(caught.value)
    assert message.startswith("line 5:") and "at most 4 moves" in message and len(message) < 200, message


def long_match(size: int) -> str:
    """A real match file's games (GNU Backgammon's 5-point fixture), again and again with their true
    scores, as a 9999-point match of about `size` characters."""
    text = (DATA / "gnubg-5pt-seed11.mat").read_text(encoding="utf-8")
    record = read_mat(DATA / "gnubg-5pt-seed11.mat")
    blocks = [block.split("\n", 2)[2] for block in text.split("\n Game ")[1:]]
    lines, score, number = [" 9999 point match", ""], [0, 0], 0
    while sum(map(len, lines)) < size:
        for block, played in zip(blocks, record.games, strict=True):
            number += 1
            lines += [f" Game {number}", f" gnubg : {score[0]:<23}root : {score[1]}", block]
            score[played.winner] += played.points
    return "\n".join(lines)


@pytest.mark.slow
def test_a_large_real_match_file_reads_in_bounded_time_and_memory(tmp_path):
    """Item 5: a match file of real games, 1 MB of them (a fifth of the size cap), reads in a fifth of
    the 10 s and 300 MB a 5 MB file may take."""
    path = tmp_path / "long.mat"
    path.write_text(long_match(1_000_000), encoding="utf-8")
    result = run_python(
        f"""
        import resource, time
        from game.tavla.record.mat import read_mat
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.process_time()
        record = read_mat({str(path)!r})
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        print(len(record.games), round(time.process_time() - start, 2), grown // 1024)
        """,
        timeout=60,
    )
    games, seconds, megabytes = result.stdout.split()
    assert int(games) > 500, result.stderr[-2000:]
    assert float(seconds) < 3 and int(megabytes) < 60, result.stdout


ONE_POINT = (DATA / "gnubg-1pt-seed5.mat").read_text(encoding="utf-8")  # gnubg wins 2 points in game 1
THREE_POINTS = (DATA / "gnubg-3pt-seed7.mat").read_text(encoding="utf-8")  # gnubg wins 2, then 2


def lines_of(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (HEADER + " A : 5                          B : 0\n  1) 31: 8/5 6/5\n", 4, "5–0"),
        (HEADER + " A : 0                          B : 7\n  1) 31: 8/5 6/5\n", 4, "0–7"),
    ],
    ids=["first score reaches the length", "second score above it"],
)
def test_a_score_the_match_cannot_have_is_refused(text, line, fragment):
    """Item 17: a first game at a score at or above the match length is refused, naming the line."""
    with pytest.raises(UserError) as caught:
        parse_mat(text)
    message = str(caught.value)
    assert message.startswith(f"line {line}:") and fragment in message, message
    assert lines_of(text)[line - 1].strip().startswith(("Game", "A :", "gnubg :"))


@pytest.mark.parametrize(
    ("text", "games", "after"),
    [
        (ONE_POINT.rstrip() + "\n\n Game 2\n", 1, "game 1"),
        (ONE_POINT.rstrip() + "\n\n Game 2\n gnubg : 0                      root : 0\n", 1, "game 1"),
        (THREE_POINTS.rstrip() + "\n\n Game 3\n gnubg : 4                      root : 0\n", 2, "game 2"),
        (THREE_POINTS.replace(" gnubg : 2 ", " gnubg : 3 "), 1, "game 1"),
    ],
    ids=[
        "game after the win",
        "game after the win, score line denies it",
        "game after the 3-point match",
        "the file's own score ends the match",
    ],
)
def test_games_after_the_win_are_not_read_and_a_warning_says_so(text, games, after):
    """Issue 45: as GNU Backgammon's importer, the reader stops where the match is over (by the points
    counted, or by a later game's score line), and one warning line says so."""
    record = parse_mat(text)
    assert len(record.games) == games
    assert [warning for warning in record.warnings if "not read" in warning] == [
        f"the match was over after {after}: the game after it is not read (nor does GNU Backgammon read it)"
    ]


def test_a_complete_gnubg_match_and_a_money_session_still_import():
    """Item 17: real files of complete matches (won beyond the length: 2 points in a 1-point match, 8
    in a 5-point one) still import, as does a money session's file of any score."""
    for path in sorted(DATA.glob("gnubg-*.mat")):
        record = read_mat(path)
        assert record.games[-1].winner is not None
    money = ONE_POINT.replace(" 1 point match", " 0 point match")
    money = money.rstrip() + "\n\n Game 2\n gnubg : 2                      root : 0\n  1) 31: 8/5 6/5\n"
    assert len(parse_mat(money).games) == 2
