"""`stats` on a terminal of 80 and 40 columns, in every language: every line fits, no time or word is
broken, and a picture's name too long for a line is shortened with an ellipsis on one line, never split
(to a file it is kept whole)."""

import pytest

from game.core.text import i18n
from game.puzzle.commands.stats import stats_command
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.model.stats import Solve
from game.puzzle.model.stats_report import format_time
from tests.terminal_checks import assert_fits, assert_unbroken, assert_whole, on_terminal, plain, words

PICTURE = "my-very-long-holiday-picture-name-at-the-seaside.jpg"  # 52 characters, one word


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture
def book(tmp_path):
    records = SolveRecords(tmp_path / "records.sqlite3")
    for number in range(14):
        solve = Solve(BoardSize(4, 4), "numbers", f"4x4#{number}", 40 + number, 9.5 + 7.25 * number)
        records.record_solve(solve)
    for number in range(3):
        records.record_solve(Solve(BoardSize(6, 5), PICTURE, f"6x5#{number}", 300, 95.5 + number))
    return records


@pytest.mark.parametrize("width", [80, 40])
def test_every_line_fits_and_no_time_or_word_is_broken(monkeypatch, capsys, book, language, width):
    on_terminal(monkeypatch, width)
    assert stats_command(records=book) == 0
    out = capsys.readouterr().out
    assert_fits(out, width)
    times = [format_time(seconds) for seconds in (9.5, 103.75, 95.5, 97.5)]
    assert_whole(out, ["4x4", "6x5", "mo3", "ao5", "ao12", "ao100", *times])
    assert_unbroken(out, [PICTURE, *times])
    found = words(out)
    if width > len(PICTURE) + 8:
        assert PICTURE in found or f"{PICTURE}:" in found
    else:
        cut = [word for word in found if word.endswith("…")]
        assert len(cut) == 1 and PICTURE.startswith(cut[0][:-1]) and len(cut[0]) > width // 2


def test_to_a_file_a_long_picture_name_is_kept_whole(monkeypatch, capsys, book):
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert stats_command(records=book) == 0
    out = plain(capsys.readouterr().out)
    assert "…" not in out and PICTURE in out.replace("\n", "")
