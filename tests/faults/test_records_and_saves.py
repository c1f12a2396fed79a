"""The records and the table's save under faults: a save that claims impossible numbers is refused with
a short message (never played, never a text that runs off the dialog), one that cannot be restored is
set aside before anything may take its place, and a row of the records with a bad value is left out of
the statistics (and said), never a crash."""

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.core import records as records_module
from game.core.errors import UserError
from game.core.records import RecordsUnavailable
from game.puzzle.commands.stats import stats_command
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import PENDING_FOLDER, Best, SolveRecords
from game.puzzle.model.stats import Solve
from game.puzzle.screens.stats_view import StatsView
from game.tavla.engine.match import Match
from game.tavla.record.save import dump_match, load_match, longest_match, set_aside
from tests.tavla.matches import advance
from tests.views.driver import click, screenshot, step
from tests.views.puzzle.screen import one_from_goal
from tests.views.text import assert_text_fits

NAMES = ("You", "random")
MESSAGE_CHARS = 300  # a refusal the toast can show


def edited(**fields: object) -> str:
    """The save of a match in progress with `fields` replaced, as text."""
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data.update(fields)
    return json.dumps(data)


def refusal(text: str) -> str:
    with pytest.raises(UserError, match="cannot restore the saved match") as error:
        load_match(text)
    message = str(error.value)
    assert len(message) < MESSAGE_CHARS, message[:MESSAGE_CHARS]
    return message


@pytest.mark.parametrize("length", [10**18, int("9" * 4000), longest_match() + 1, 0, -3, True, 5.0, "5"])
def test_a_save_claiming_a_match_the_table_never_plays_is_refused(length):
    message = refusal(edited(length=length))
    assert f"'length' must be a match of 1 to {longest_match()} points" in message


def test_the_longest_match_the_settings_allow_is_restored():
    assert longest_match() == 25
    match, _ = load_match(edited(length=25))
    assert match.length == 25


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"version": int("7" * 4000)}, "newer version"),
        ({"version": True}, "unknown save version"),
        ({"version": 1.0}, "unknown save version"),
        ({"seed": -1}, "seed must be a whole number from 0 to 9223372036854775807"),
        ({"seed": 2**63}, "seed must be a whole number from 0 to"),
        ({"seed": "x" * 100_000}, "seed must be a whole number"),
        ({"rules": "r" * 100_000}, "unknown rule set"),
        ({"cube": "c" * 100_000}, "'cube' must be true or false"),
    ],
)
def test_every_number_and_word_of_a_save_is_checked_and_quoted_short(fields, says):
    assert says in refusal(edited(**fields))


def test_a_long_play_or_reason_in_a_save_gives_a_short_refusal():
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data["games"][0]["turns"][0]["play"] = "24/18 " * 50_000
    refusal(json.dumps(data))
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data["games"][0]["disqualified"] = "r" * 100_000
    assert "at most" in refusal(json.dumps(data))


def test_a_save_set_aside_is_a_new_file_each_time_never_over_another(tmp_path):
    first = set_aside("one", tmp_path / "saves", now=0)
    second = set_aside("two", tmp_path / "saves", now=0)
    assert first != second and first.parent == second.parent == tmp_path / "saves"
    assert (first.read_text(), second.read_text()) == ("one", "two")
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        set_aside("three", tmp_path / "file")


@pytest.mark.parametrize("gauss", ["NaN", "Infinity", "1e999"])
def test_a_save_whose_dice_generator_holds_no_number_is_refused(gauss):
    text = edited().replace("], null]}", f"], {gauss}]}}")
    assert gauss in text
    assert "dice generator" in refusal(text)


# Item 7: one bad value in a row of the records is a row left out (and said), never a crash.

BAD_VALUES = [
    ("moves", "'abc'"),
    ("moves", str(10**18)),
    ("seconds", "'NaN'"),
    ("seconds", "'inf'"),
    ("seconds", "1e308"),
    ("seconds", "-5"),
    ("finished_at", "1e308"),
    ("size", "X'00ff'"),
    ("assisted", "'yes'"),
    ("optimal_moves", "-1"),
    ("picture", "'" + "p" * 5000 + "'"),
]


def book_with_a_bad_row(path, column: str, value: str, row: int = 2) -> SolveRecords:
    """Three more solves of 4x4 numbers kept, then row `row`'s `column` set to `value` (SQL) by hand."""
    book = SolveRecords(path)
    for number in range(3):
        book.record_solve(
            Solve(BoardSize(4, 4), "numbers", "4x4#1", 80 + number, 20.0 + number, finished_at=1e9 + number)
        )
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE solves SET {column} = {value} WHERE id = {row}")
    return book


@pytest.mark.parametrize(("column", "value"), BAD_VALUES)
def test_a_bad_value_in_a_row_leaves_that_row_out_of_the_stats(tmp_path, capsys, column, value):
    book = book_with_a_bad_row(tmp_path / "records.sqlite3", column, value)
    solves = book.solves()
    assert [solve.id for solve in solves] == [1, 3] and solves.skipped == 1
    assert stats_command(records=book) == 0
    out, err = capsys.readouterr()
    assert "4x4" in out and "1 kept solve could not be read" in err
    path = tmp_path / "stats.json"
    assert stats_command(json_path=str(path), records=book) == 0
    figures = json.loads(path.read_text(encoding="utf-8"))
    assert figures["unreadable_solves"] == 1 and figures["boards"][0]["solves"] == 2
    assert book.best(BoardSize(4, 4), "numbers") == Best(80, 20.0)


def test_times_out_of_order_are_no_timing_not_a_broken_replay(tmp_path):
    book = book_with_a_bad_row(tmp_path / "records.sqlite3", "times", "'5,3,1'")
    assert book.solves()[1].times_ms == () and book.solves().skipped == 0


def test_the_statistics_screen_opens_over_a_bad_row_and_says_so(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    book_with_a_bad_row(tmp_path / "records.sqlite3", "seconds", "1e308")
    book_with_a_bad_row(tmp_path / "records.sqlite3", "moves", "'abc'", row=5)
    window.show_view(StatsView())
    view = window.current_view
    assert isinstance(view, StatsView) and len(view.groups[(BoardSize(4, 4), "numbers")]) == 4
    assert "2 kept solves could not be read" in view.toast.message
    screenshot(window)


# Item 6: a solve is never lost to a busy records file: the write waits, retries, and keeps it for later.


def locked(path, seconds: float) -> threading.Thread:
    """Another program holds the records' write lock for `seconds` (from now, in a thread)."""
    ready = threading.Event()

    def hold() -> None:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        db.rollback()
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    ready.wait(5)
    return thread


def a_solve(number: int) -> Solve:
    return Solve(BoardSize(3, 3), "numbers", "3x3#1", 20 + number, 5.0 + number, finished_at=1e9 + number)


def test_a_solve_waits_for_a_lock_held_longer_than_half_a_second(tmp_path):
    book = SolveRecords(tmp_path / "records.sqlite3")
    book.record_solve(a_solve(0))
    holder = locked(book.path, 1.0)
    outcome = book.record_solve(a_solve(1))
    holder.join()
    assert outcome.solve_id == 2 and len(book.solves()) == 2


def test_a_solve_the_records_cannot_take_is_kept_and_written_at_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setattr(records_module, "WRITE_TIMEOUT_S", 0.1)
    monkeypatch.setattr(records_module, "LOCK_TIMEOUT_S", 0.1)
    book = SolveRecords(tmp_path / "records.sqlite3")
    book.record_solve(a_solve(0))
    holder = locked(book.path, 1.0)
    with pytest.raises(RecordsUnavailable, match="kept") as error:
        book.record_solve(a_solve(1), picture_key="")
    assert "in use by another program" in str(error.value) and "written to them" in str(error.value)
    pending = list((tmp_path / PENDING_FOLDER).iterdir())
    assert len(pending) == 1
    holder.join()
    again = SolveRecords(tmp_path / "records.sqlite3")
    best = again.best(BoardSize(3, 3), "numbers", "")
    assert best == Best(20, 5.0), "a start reads the records: the solve is in"
    assert [solve.moves for solve in again.solves()] == [20, 21]
    assert not list((tmp_path / PENDING_FOLDER).iterdir()), "written once, then gone"
    again.record_solve(a_solve(2))
    assert [solve.moves for solve in again.solves()] == [20, 21, 22], "never twice"


def test_solves_kept_for_later_go_in_at_the_next_write_in_their_order(tmp_path, monkeypatch):
    monkeypatch.setattr(records_module, "WRITE_TIMEOUT_S", 0.1)
    book = SolveRecords(tmp_path / "records.sqlite3")
    book.record_solve(a_solve(0))
    holder = locked(book.path, 1.0)
    for number in (1, 2):
        with pytest.raises(RecordsUnavailable):
            book.record_solve(a_solve(number))
    holder.join()
    outcome = book.record_solve(a_solve(3))
    assert [solve.moves for solve in book.solves()] == [20, 21, 22, 23]
    assert outcome.solve_id == 4


def test_a_damaged_file_of_kept_solves_is_left_alone_and_the_rest_go_in(tmp_path):
    book = SolveRecords(tmp_path / "records.sqlite3")
    folder = tmp_path / PENDING_FOLDER
    folder.mkdir()
    (folder / "0001-bad.json").write_text("{not json", encoding="utf-8")
    book.record_solve(a_solve(0))
    assert [solve.moves for solve in book.solves()] == [20]
    assert (folder / "0001-bad.json").exists(), "kept for a person to look at, never a crash"


WRITER = """
import sys
sys.path.insert(0, {root!r})
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import Solve
book = SolveRecords({path!r})
size = BoardSize(3, 3)
for number in range({count}):
    book.record_solve(Solve(size, "numbers", "3x3#1", 20, 5.0 + number / 1000, finished_at={start} + number))
"""


@pytest.mark.slow
def test_three_writers_at_once_lose_no_solve(tmp_path):
    path = tmp_path / "records.sqlite3"
    SolveRecords(path).solves()
    root = str(Path(__file__).resolve().parents[2])
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER.format(root=root, path=str(path), count=40, start=1e9 + 1000 * n)]
        )
        for n in range(3)
    ]
    assert [writer.wait(120) for writer in writers] == [0, 0, 0]
    assert len(SolveRecords(path).solves()) == 120


def test_a_solve_at_the_window_is_kept_when_the_records_are_locked_for_a_second(
    window, tmp_path, monkeypatch
):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = one_from_goal(window)
    holder = locked(tmp_path / records_module.DB_NAME, 1.0)
    click(view, *view.cell_centre((3, 3)))
    step(view, 1.0)
    holder.join()
    assert view.game.solved
    kept = [solve.moves for solve in SolveRecords().solves()]
    assert kept == [1], "the solve waited for the lock and went in"


def test_a_solve_at_the_window_is_kept_for_later_when_the_records_stay_locked(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(records_module, "WRITE_TIMEOUT_S", 0.2)
    monkeypatch.setattr(records_module, "LOCK_TIMEOUT_S", 0.1)
    view = one_from_goal(window)
    holder = locked(tmp_path / records_module.DB_NAME, 1.5)
    click(view, *view.cell_centre((3, 3)))
    step(view, 1.0)
    assert "kept" in view.toast.message
    assert_text_fits(window, "a solve kept for later")
    holder.join()
    assert [solve.moves for solve in SolveRecords().solves()] == [1], "put in at the next start"
