"""The history: a match kept with `analyse --keep` has the figures `analyse` reports for it, once; the
records of every earlier version take the history on upgrade, keeping their rows; `progress` says the
same in words and JSON, and "no matches yet" on an empty history."""

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from game import cli
from game.core.records import Records
from game.puzzle.model.solve_records import SolveRecords
from game.tavla.commands.progress import progress_command
from game.tavla.progress.history import History
from game.tavla.progress.summary import IMPROVING, STEADY, TOO_FEW, WORSE, moving_average, trend

DATA = Path(__file__).parents[1] / "data"
ONE_POINT = DATA / "gnubg-1pt-seed5.mat"
V1_FIXTURE = Path(__file__).parents[2] / "fixtures" / "records-v1.sqlite3"
FIGURES = ("error_rate", "checker_error_rate", "cube_error_rate", "rating", "luck", "luck_rate")


@pytest.fixture
def data_folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.slow
def test_a_kept_match_has_the_figures_analyse_reports(data_folder, tmp_path, capsys):
    analysed, progress = tmp_path / "analysis.json", tmp_path / "progress.json"
    argv = ["analyse", str(ONE_POINT), "--keep", "--player", "root", "--json", str(analysed)]
    assert cli.main(argv) == 0
    assert "Kept in root's history" in capsys.readouterr().out
    assert cli.main(["progress", "--json", str(progress)]) == 0
    report = json.loads(analysed.read_text())["players"]["root"]
    matches = json.loads(progress.read_text())["matches"]
    assert len(matches) == 1
    kept = matches[0]
    assert {name: kept[name] for name in FIGURES} == {name: report[name] for name in FIGURES}
    terms = (kept["opponent"], kept["rules"], kept["length"], kept["result"])
    assert terms == ("gnubg", "standard", 1, -2)  # a gammon lost
    assert kept["date"].startswith("2026-12-01")
    decisions = History(Records(data_folder / "records.sqlite3")).decisions()
    assert sum(d.counted for d in decisions) == report["decisions"]
    assert {d.phase for d in decisions} <= {"opening", "middle", "race", "bear-off"}


@pytest.mark.slow
def test_a_match_is_kept_once_and_only_for_a_player_of_it(data_folder, capsys):
    argv = ["analyse", str(ONE_POINT), "--keep", "--player", "gnubg"]
    assert cli.main(argv) == 0
    assert cli.main(argv) == 0
    assert "in gnubg's history already" in capsys.readouterr().out
    assert len(History(Records(data_folder / "records.sqlite3")).matches()) == 1
    assert cli.main(["analyse", str(ONE_POINT), "--keep", "--player", "bob"]) == 2
    assert "'bob' is not a player of this match" in capsys.readouterr().err


def test_an_empty_history_says_so(data_folder, tmp_path, capsys):
    out = tmp_path / "progress.json"
    assert cli.main(["progress", "--json", str(out)]) == 0
    assert capsys.readouterr().out.strip() == "no matches yet"
    assert json.loads(out.read_text())["matches"] == []


def test_an_old_record_book_takes_the_history_and_keeps_its_rows(tmp_path, capsys):
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(V1_FIXTURE, path)
    records = Records(path)
    assert progress_command(records, None, None, None) == ["no matches yet"]
    assert records.load_game("tavla") == "saved match text ünïcode"
    assert len(SolveRecords(path).solves()) == 5
    with closing(sqlite3.connect(path)) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"tavla_matches", "tavla_decisions", "practice_cards"} <= tables


def test_the_moving_average_and_the_trend():
    assert moving_average([10, 20, 30, 40, 50, 60], 3) == [10, 15, 20, 30, 40, 50]
    assert trend([50, 40]) == TOO_FEW
    assert trend([60, 60, 40, 40]) == IMPROVING
    assert trend([40, 40, 60, 60]) == WORSE
    assert trend([50, 52, 49, 51]) == STEADY


@pytest.mark.slow
def test_a_damaged_row_is_left_out_not_shown_wrong(data_folder, capsys):
    assert cli.main(["analyse", str(ONE_POINT), "--keep", "--player", "root"]) == 0
    path = data_folder / "records.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE tavla_matches SET error_rate = 'a lot'")
        db.execute("UPDATE practice_cards SET due = 'tomorrow'")
    capsys.readouterr()
    assert cli.main(["progress"]) == 0
    assert capsys.readouterr().out.strip() == "no matches yet"
    assert cli.main(["practice", "--list"]) == 0
    assert "empty" in capsys.readouterr().out
