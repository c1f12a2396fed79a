"""The record book: kept solves, bests per (size, picture), saved games, the migration from the first
record book, and failures that never crash the game."""

import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from game.core import records as records_module
from game.core.errors import UserError
from game.core.files.folders import DATA_DIR_ENV, data_dir
from game.core.records import DB_NAME, SCHEMA_VERSION, RecordsUnavailable
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import Best, SolveRecords
from game.puzzle.model.stats import Solve


def result(size: tuple[int, int], picture: str, moves: int, seconds: float, assisted: bool = False) -> Solve:
    """A solve known only by its result (no scramble, no moves), as the first record book kept them."""
    return Solve(BoardSize(*size), picture, "", moves, seconds, assisted)


@pytest.fixture
def records(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return SolveRecords()


def test_environment_variable_chooses_the_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    assert data_dir() == tmp_path / "elsewhere"
    book = SolveRecords()
    assert book.path == tmp_path / "elsewhere" / DB_NAME
    book.record_solve(result((4, 4), "numbers", 80, 60.0))
    assert book.path.is_file()


def test_default_folder_is_the_platform_user_data_folder(monkeypatch):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert "fifteen-tavla" in str(data_dir())


def test_nothing_is_opened_or_created_until_needed(tmp_path):
    SolveRecords(tmp_path / "sub" / "book.sqlite3")
    assert not (tmp_path / "sub").exists()


def test_first_result_is_a_new_best_and_later_ones_only_when_better(records):
    assert records.best(BoardSize(4, 4), "numbers") is None
    first = records.record_solve(result((4, 4), "numbers", 120, 95.5))
    assert first.new_best and first.new_best_moves and first.new_best_time and first.previous is None
    assert first.best == Best(120, 95.5)
    worse = records.record_solve(result((4, 4), "numbers", 130, 99.0))
    assert not worse.new_best and worse.best == Best(120, 95.5)
    equal = records.record_solve(result((4, 4), "numbers", 120, 95.5))
    assert not equal.new_best
    fewer_moves = records.record_solve(result((4, 4), "numbers", 100, 120.0))
    assert fewer_moves.new_best_moves and not fewer_moves.new_best_time
    assert fewer_moves.previous == Best(120, 95.5) and fewer_moves.best == Best(100, 95.5)
    faster = records.record_solve(result((4, 4), "numbers", 150, 50.25))
    assert faster.new_best_time and not faster.new_best_moves
    assert records.best(BoardSize(4, 4), "numbers") == Best(100, 50.25)


def test_bests_are_kept_per_size_and_picture(records):
    records.record_solve(result((4, 4), "numbers", 100, 60.0))
    records.record_solve(result((4, 4), "sunset", 200, 120.0))
    records.record_solve(result((6, 5), "numbers", 400, 300.0))
    assert records.best(BoardSize(4, 4), "numbers") == Best(100, 60.0)
    assert records.best(BoardSize(4, 4), "sunset") == Best(200, 120.0)
    assert records.best(BoardSize(6, 5), "numbers") == Best(400, 300.0)
    assert records.best(BoardSize(5, 5), "numbers") is None


def test_assisted_games_are_never_records(records):
    helped = records.record_solve(result((4, 4), "numbers", 10, 5.0, assisted=True))
    assert not helped.new_best and helped.best is None
    assert records.best(BoardSize(4, 4), "numbers") is None
    records.record_solve(result((4, 4), "numbers", 90, 70.0))
    assert records.record_solve(result((4, 4), "numbers", 20, 8.0, assisted=True)).best == Best(90, 70.0)


def test_results_persist_across_instances(records):
    records.record_solve(result((3, 3), "night", 30, 12.0))
    assert SolveRecords(records.path).best(BoardSize(3, 3), "night") == Best(30, 12.0)


@pytest.mark.parametrize(
    ("moves", "seconds"), [(-1, 1.0), (1.5, 1.0), (True, 1.0), (1, -1.0), (1, float("nan")), (1, "1")]
)
def test_impossible_results_are_programming_errors(records, moves, seconds):
    with pytest.raises(ValueError):
        records.record_solve(result((4, 4), "numbers", moves, seconds))


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

    book = SolveRecords(tmp_path / "book.sqlite3", clock=clock)
    with pytest.raises(RuntimeError):
        book.record_solve(result((4, 4), "numbers", 50, 40.0))
    assert calls and SolveRecords(book.path).best(BoardSize(4, 4), "numbers") is None


def test_corrupt_database_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "book.sqlite3"
    garbage = b"this is not a database, it is a shopping list" * 100
    path.write_bytes(garbage)
    book = SolveRecords(path)
    for call in (
        lambda: book.best(BoardSize(4, 4), "numbers"),
        lambda: book.record_solve(result((4, 4), "numbers", 1, 1.0)),
        lambda: book.save_game("tavla", "x"),
        lambda: book.load_game("tavla"),
        lambda: book.solves(),
        lambda: book.record_solve(full_solve()),
        lambda: book.set_optimal(1, 20, proven=True),
    ):
        with pytest.raises(RecordsUnavailable, match="damaged") as caught:
            call()
        assert str(path) in str(caught.value)
    assert path.read_bytes() == garbage
    assert issubclass(RecordsUnavailable, UserError)


def test_locked_database_is_reported_quickly(tmp_path):
    book = SolveRecords(tmp_path / "book.sqlite3")
    book.record_solve(result((4, 4), "numbers", 100, 60.0))
    holder = sqlite3.connect(book.path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        started = time.perf_counter()
        with pytest.raises(RecordsUnavailable, match=r"another program: this solve is kept"):
            book.record_solve(result((4, 4), "numbers", 90, 50.0))
        with pytest.raises(RecordsUnavailable):
            book.best(BoardSize(4, 4), "numbers")
        assert time.perf_counter() - started < 5
    finally:
        holder.rollback()
        holder.close()
    assert book.best(BoardSize(4, 4), "numbers") == Best(90, 50.0), "the solve kept meanwhile is in"


def test_unusable_folder_and_paths(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(RecordsUnavailable, match="cannot create the folder"):
        SolveRecords(blocker / "book.sqlite3").best(BoardSize(4, 4), "numbers")
    folder = tmp_path / "book.sqlite3"
    folder.mkdir()
    with pytest.raises(RecordsUnavailable, match="is a folder"):
        SolveRecords(folder).load_game("tavla")


def test_database_from_a_newer_version_is_not_touched(tmp_path):
    path = tmp_path / "book.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(RecordsUnavailable, match="newer version"):
        SolveRecords(path).best(BoardSize(4, 4), "numbers")


# --- every solve kept (schema 2) and the migration from the first record book ---

V1_FIXTURE = Path(__file__).parent / "fixtures" / "records-v1.sqlite3"
"""A record book written by the game before solves were kept (schema 1): four unassisted results
(4x4 numbers 120 moves / 95.5 s and 100 / 120.25 s, 3x3 sunset 25 / 12.5 s, 6x5 numbers 400 / 300 s), one
assisted (4x4 numbers 30 / 10 s) and a saved Tavla match."""


@pytest.fixture
def old_book(tmp_path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(V1_FIXTURE, path)
    return path


def test_the_first_record_book_is_migrated_and_loses_nothing(old_book):
    book = SolveRecords(old_book)
    assert book.best(BoardSize(4, 4), "numbers") == Best(100, 95.5)
    assert book.best(BoardSize(3, 3), "sunset") == Best(25, 12.5)
    assert book.best(BoardSize(6, 5), "numbers") == Best(400, 300.0)
    assert book.load_game("tavla") == "saved match text ünïcode"
    kept = book.solves()
    assert [(s.id, str(s.size), s.picture, s.moves, s.seconds, s.assisted) for s in kept] == [
        (1, "4x4", "numbers", 120, 95.5, False),
        (2, "4x4", "numbers", 100, 120.25, False),
        (3, "4x4", "numbers", 30, 10.0, True),
        (4, "3x3", "sunset", 25, 12.5, False),
        (5, "6x5", "numbers", 400, 300.0, False),
    ]
    assert [s.finished_at for s in kept] == [1.7e9 + i for i in range(5)]
    assert all(not s.practice and s.scramble == "" and s.times_ms == () for s in kept)
    with closing(sqlite3.connect(old_book)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"solves", "saved_games", "tavla_matches", "tavla_decisions", "practice_cards"}
        assert db.execute("SELECT tps FROM solves WHERE id = 4").fetchone()[0] == 2.0
    assert book.record_solve(result((4, 4), "numbers", 90, 100.0)).new_best_moves
    assert SolveRecords(old_book).solves(BoardSize(4, 4), "numbers")[-1].id == 6


def test_a_migrated_and_a_new_book_have_the_same_schema(old_book, tmp_path):
    SolveRecords(old_book).solves()
    fresh = tmp_path / "fresh.sqlite3"
    SolveRecords(fresh).solves()

    def schema(path: Path) -> list:
        with closing(sqlite3.connect(path)) as db:
            return db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()

    assert schema(old_book) == schema(fresh)


def test_a_migration_blocked_by_another_program_changes_nothing(old_book):
    before = old_book.read_bytes()
    holder = sqlite3.connect(old_book, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(RecordsUnavailable, match="another program"):
            SolveRecords(old_book).best(BoardSize(4, 4), "numbers")
    finally:
        holder.rollback()
        holder.close()
    assert old_book.read_bytes() == before
    assert SolveRecords(old_book).best(BoardSize(4, 4), "numbers") == Best(100, 95.5)


def test_a_failing_migration_step_rolls_back_all_of_it(old_book, monkeypatch):
    before = old_book.read_bytes()
    broken = (*records_module.MIGRATIONS[:-1], (*records_module.MIGRATIONS[-1], "THIS IS NOT SQL"))
    monkeypatch.setattr(records_module, "MIGRATIONS", broken)
    with pytest.raises(RecordsUnavailable):
        SolveRecords(old_book).solves()
    assert old_book.read_bytes() == before
    monkeypatch.undo()
    assert len(SolveRecords(old_book).solves()) == 5


def full_solve(**changes) -> Solve:
    values = dict(
        size=BoardSize(3, 3),
        picture="sunset",
        scramble="3x3:1,2,3,4,5,6,0,7,8",
        moves=2,
        seconds=0.5,
        solution="L2",
        times_ms=(0, 500),
    )
    return Solve(**{**values, **changes})


def test_a_solve_is_kept_with_its_moves_and_times(records):
    outcome = records.record_solve(full_solve())
    assert outcome.new_best and outcome.best == Best(2, 0.5) and outcome.solve_id == 1
    (kept,) = records.solves()
    assert kept == full_solve(finished_at=kept.finished_at, id=1)
    assert abs(kept.finished_at - time.time()) < 60
    records.set_optimal(outcome.solve_id, 2, proven=True)
    assert records.solves(BoardSize(3, 3), "sunset")[0].optimal_moves == 2
    assert records.solves()[0].optimal_proven
    assert records.solves(BoardSize(4, 4)) == [] and records.solves(picture="numbers") == []
    given = records.record_solve(full_solve(finished_at=123.0, picture="numbers"))
    assert records.solves(picture="numbers")[0].finished_at == 123.0 and given.solve_id == 2


def test_practice_solves_are_kept_but_never_best(records):
    practice = records.record_solve(full_solve(practice=True))
    assert not practice.new_best and practice.best is None
    assert records.best(BoardSize(3, 3), "sunset") is None
    assert [s.practice for s in records.solves()] == [True]
    assert records.record_solve(full_solve(moves=4, seconds=3.0)).new_best
    assert records.best(BoardSize(3, 3), "sunset") == Best(4, 3.0)


@pytest.mark.parametrize("times", [(0, -1), (5, 2), (0, 1.5), (True,)])
def test_impossible_move_times_are_programming_errors(records, times):
    with pytest.raises(ValueError):
        records.record_solve(full_solve(times_ms=times))
    with pytest.raises(ValueError):
        records.set_optimal(1, -3, proven=False)


def test_a_hand_edited_times_column_reads_as_no_times(records):
    records.record_solve(full_solve())
    with closing(sqlite3.connect(records.path)) as db, db:
        db.execute("UPDATE solves SET times = 'soon, later'")
    assert records.solves()[0].times_ms == ()
