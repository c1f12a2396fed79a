"""The records and the table's save under faults: a save that claims impossible numbers is refused with
a short message (never played, never a text that runs off the dialog), one that cannot be restored is
set aside before anything may take its place, and a row of the records with a bad value is left out of
the statistics (and said), never a crash."""

import json
import sqlite3

import pytest

from game.errors import UserError
from game.puzzle.stats import Solve
from game.puzzle.stats_report import stats_command
from game.puzzle.stats_view import StatsView
from game.records import Best, Records
from game.tavla.engine.match import Match
from game.tavla.record.save import dump_match, load_match, longest_match, set_aside
from tests.tavla.matches import advance
from tests.views.driver import screenshot

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
        ({"seed": -1}, "seed must be a whole number of 0 or more"),
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


def book_with_a_bad_row(path, column: str, value: str, row: int = 2) -> Records:
    """Three more solves of 4x4 numbers kept, then row `row`'s `column` set to `value` (SQL) by hand."""
    book = Records(path)
    for number in range(3):
        book.record_solve(
            Solve("4x4", "numbers", "4x4#1", 80 + number, 20.0 + number, finished_at=1e9 + number)
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
    assert book.best("4x4", "numbers") == Best(80, 20.0)


def test_times_out_of_order_are_no_timing_not_a_broken_replay(tmp_path):
    book = book_with_a_bad_row(tmp_path / "records.sqlite3", "times", "'5,3,1'")
    assert book.solves()[1].times_ms == () and book.solves().skipped == 0


def test_the_statistics_screen_opens_over_a_bad_row_and_says_so(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    book_with_a_bad_row(tmp_path / "records.sqlite3", "seconds", "1e308")
    book_with_a_bad_row(tmp_path / "records.sqlite3", "moves", "'abc'", row=5)
    window.show_view(StatsView())
    view = window.current_view
    assert isinstance(view, StatsView) and len(view.groups[("4x4", "numbers")]) == 4
    assert "2 kept solves could not be read" in view.toast.message
    screenshot(window)
