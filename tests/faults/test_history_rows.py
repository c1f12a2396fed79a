"""Round three, items 10 and 11: a history or deck row with a date out of range (`played_at` or `due`
1e300, 1e18) or a damaged value (`result='lots'`, `due='soon'`) is left out of `progress`, `practice
--list` and the Progress screen, and how many were left out is said, never a crash or a silent loss."""

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.progress.history import keep_analysis
from game.tavla.record.mat import read_mat
from tests.faults.helpers import game_in_process

ONE_POINT = Path(__file__).parents[1] / "tavla" / "data" / "gnubg-1pt-seed5.mat"
START = 1.8e9
COPY = (
    "INSERT INTO tavla_matches (match_key, content_key, played_at, player, opponent, seat, rules, length,"
    " result, scale, level, decisions, error_rate, checker_error_rate, checker_decisions, cube_decisions,"
    " cube_error_rate, mwc_error_rate, rating, luck, luck_rate, source, mat) SELECT 'second', 'second',"
    " played_at + 86400, player, 'someone else', seat, rules, length, result, scale, level, decisions,"
    " error_rate, checker_error_rate, checker_decisions, cube_decisions, cube_error_rate, mwc_error_rate,"
    " rating, luck, luck_rate, source, mat FROM tavla_matches"
)


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    """A records file with two kept matches (the second a copy) and the first one's practice cards."""
    path = tmp_path_factory.mktemp("book") / "records.sqlite3"
    records = Records(path)
    keep_analysis(records, analyse_match(read_mat(str(ONE_POINT))), 1, ONE_POINT.read_text(), "test", START)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(COPY)
    return path


@pytest.fixture
def data(book, tmp_path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(book, folder / "records.sqlite3")
    return folder


FIRST_CARD = "gnubg_id = (SELECT MIN(gnubg_id) FROM practice_cards)"


def damage(data: Path, statement: str) -> None:
    with closing(sqlite3.connect(data / "records.sqlite3")) as db, db:
        db.execute(statement)


@pytest.fixture
def run(monkeypatch, capsys):
    """The command on the records in `data`, as `main(ARGS)` in this process (what it reads and says is
    checked here; the process boundary is test_cli.py's and the other fault tests')."""

    def run_on(data: Path, *args: str):
        return game_in_process(monkeypatch, capsys, *args, FIFTEEN_TAVLA_DATA_DIR=str(data))

    return run_on


@pytest.mark.parametrize("value", ["1e300", "1e18", "-1e18", "'lots'"])
@pytest.mark.parametrize("column", ["played_at", "result"])
def test_progress_leaves_out_a_damaged_match_and_says_so(data, run, tmp_path, column, value):
    damage(data, f"UPDATE tavla_matches SET {column} = {value} WHERE match_key = 'second'")
    report = tmp_path / "progress.json"
    result = run(data, "progress", "--json", str(report))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "crash" not in result.stderr
    assert "1 kept match or decision could not be read" in result.stderr
    assert result.stdout.count("gnubg (standard") == 1 and "someone else" not in result.stdout
    figures = json.loads(report.read_text())
    assert len(figures["matches"]) == 1 and figures["unreadable_rows"] == 1


def test_a_history_of_damaged_rows_only_is_not_said_to_be_empty_without_a_word(data, run):
    damage(data, "UPDATE tavla_matches SET played_at = 1e300")
    result = run(data, "progress")
    assert result.returncode == 0, result.stderr
    assert "no matches yet" in result.stdout
    assert "2 kept matches or decisions could not be read" in result.stderr


@pytest.mark.parametrize("value", ["1e300", "1e18", "'soon'"])
def test_practice_list_leaves_out_a_damaged_card_and_says_so(data, run, tmp_path, value):
    with closing(sqlite3.connect(data / "records.sqlite3")) as db:
        total = db.execute("SELECT COUNT(*) FROM practice_cards").fetchone()[0]
    assert total >= 2
    damage(data, f"UPDATE practice_cards SET due = {value} WHERE {FIRST_CARD}")
    report = tmp_path / "deck.json"
    result = run(data, "practice", "--list", "--json", str(report))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "1 practice card could not be read" in result.stderr
    assert f"of {total - 1} due now" in result.stdout
    figures = json.loads(report.read_text())
    assert len(figures["positions"]) == total - 1 and figures["unreadable_cards"] == 1


def test_the_progress_screen_says_what_it_left_out(window, data, monkeypatch):
    from game.tavla.screens.progress.view import ProgressView

    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(data))
    damage(data, "UPDATE tavla_matches SET played_at = 1e300 WHERE match_key = 'second'")
    damage(
        data,
        f"UPDATE practice_cards SET due = 1e18 WHERE {FIRST_CARD}",
    )
    window.show_view(ProgressView())
    view = window.current_view
    assert len(view.progress.matches) == 1
    assert "1 kept match or decision could not be read" in view.toast.message
    assert "1 practice card could not be read" in view.toast.message
