"""The record book: bests per (size, picture), saved games, and failures that never crash the game."""

import sqlite3
import time

import pytest

from game.errors import UserError
from game.records import DATA_DIR_ENV, DB_NAME, Best, Records, RecordsUnavailable, data_dir


@pytest.fixture
def records(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return Records()


def test_environment_variable_chooses_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    assert data_dir() == tmp_path / "elsewhere"
    book = Records()
    assert book.path == tmp_path / "elsewhere" / DB_NAME
    book.record_result((4, 4), "numbers", 80, 60.0)
    assert book.path.is_file()


def test_default_folder_is_the_platform_user_data_folder(monkeypatch):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert "fifteen-tavla" in str(data_dir())


def test_nothing_is_opened_or_created_until_needed(tmp_path):
    Records(tmp_path / "sub" / "book.sqlite3")
    assert not (tmp_path / "sub").exists()


def test_first_result_is_a_new_best_and_later_ones_only_when_better(records):
    assert records.best((4, 4), "numbers") is None
    first = records.record_result((4, 4), "numbers", 120, 95.5)
    assert first.new_best and first.new_best_moves and first.new_best_time and first.previous is None
    assert first.best == Best(120, 95.5)
    worse = records.record_result((4, 4), "numbers", 130, 99.0)
    assert not worse.new_best and worse.best == Best(120, 95.5)
    equal = records.record_result((4, 4), "numbers", 120, 95.5)
    assert not equal.new_best
    fewer_moves = records.record_result((4, 4), "numbers", 100, 120.0)
    assert fewer_moves.new_best_moves and not fewer_moves.new_best_time
    assert fewer_moves.previous == Best(120, 95.5) and fewer_moves.best == Best(100, 95.5)
    faster = records.record_result("4x4", "numbers", 150, 50.25)
    assert faster.new_best_time and not faster.new_best_moves
    assert records.best((4, 4), "numbers") == Best(100, 50.25)


def test_bests_are_kept_per_size_and_picture(records):
    records.record_result((4, 4), "numbers", 100, 60.0)
    records.record_result((4, 4), "sunset", 200, 120.0)
    records.record_result((6, 5), "numbers", 400, 300.0)
    assert records.best((4, 4), "numbers") == Best(100, 60.0)
    assert records.best((4, 4), "sunset") == Best(200, 120.0)
    assert records.best((6, 5), "numbers") == Best(400, 300.0)
    assert records.best((5, 5), "numbers") is None


def test_assisted_games_are_never_records(records):
    helped = records.record_result((4, 4), "numbers", 10, 5.0, assisted=True)
    assert not helped.new_best and helped.best is None
    assert records.best((4, 4), "numbers") is None
    records.record_result((4, 4), "numbers", 90, 70.0)
    assert records.record_result((4, 4), "numbers", 20, 8.0, assisted=True).best == Best(90, 70.0)


def test_results_persist_across_instances(records):
    records.record_result((3, 3), "night", 30, 12.0)
    assert Records(records.path).best((3, 3), "night") == Best(30, 12.0)


@pytest.mark.parametrize(
    ("moves", "seconds"), [(-1, 1.0), (1.5, 1.0), (True, 1.0), (1, -1.0), (1, float("nan")), (1, "1")]
)
def test_impossible_results_are_programming_errors(records, moves, seconds):
    with pytest.raises(ValueError):
        records.record_result((4, 4), "numbers", moves, seconds)


def test_saved_game_slots(records):
    assert records.load_game("tavla") is None
    records.save_game("tavla", "match 1")
    records.save_game("tavla", "match 2 ünïcode")
    records.save_game("other", "x")
    assert records.load_game("tavla") == "match 2 ünïcode"
    records.clear_game("tavla")
    assert records.load_game("tavla") is None
    assert records.load_game("other") == "x"
    records.clear_game("never-saved")


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    calls = []

    def clock() -> float:
        calls.append(1)
        raise RuntimeError("clock broke mid-write")

    book = Records(tmp_path / "book.sqlite3", clock=clock)
    with pytest.raises(RuntimeError):
        book.record_result((4, 4), "numbers", 50, 40.0)
    assert calls and Records(book.path).best((4, 4), "numbers") is None


def test_corrupt_database_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "book.sqlite3"
    garbage = b"this is not a database, it is a shopping list" * 100
    path.write_bytes(garbage)
    book = Records(path)
    for call in (lambda: book.best((4, 4), "numbers"), lambda: book.record_result((4, 4), "numbers", 1, 1.0),
                 lambda: book.save_game("tavla", "x"), lambda: book.load_game("tavla")):
        with pytest.raises(RecordsUnavailable, match="damaged") as caught:
            call()
        assert str(path) in str(caught.value)
    assert path.read_bytes() == garbage
    assert issubclass(RecordsUnavailable, UserError)


def test_locked_database_is_reported_quickly(tmp_path):
    book = Records(tmp_path / "book.sqlite3")
    book.record_result((4, 4), "numbers", 100, 60.0)
    holder = sqlite3.connect(book.path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        started = time.perf_counter()
        with pytest.raises(RecordsUnavailable, match="another program"):
            book.record_result((4, 4), "numbers", 90, 50.0)
        with pytest.raises(RecordsUnavailable):
            book.best((4, 4), "numbers")
        assert time.perf_counter() - started < 5
    finally:
        holder.rollback()
        holder.close()
    assert book.record_result((4, 4), "numbers", 90, 50.0).new_best


def test_unusable_folder_and_paths(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(RecordsUnavailable, match="cannot create the folder"):
        Records(blocker / "book.sqlite3").best((4, 4), "numbers")
    folder = tmp_path / "book.sqlite3"
    folder.mkdir()
    with pytest.raises(RecordsUnavailable, match="is a folder"):
        Records(folder).load_game("tavla")


def test_database_from_a_newer_version_is_not_touched(tmp_path):
    path = tmp_path / "book.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(RecordsUnavailable, match="newer version"):
        Records(path).best((4, 4), "numbers")
