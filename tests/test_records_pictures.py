"""SolveRecords follow a picture's content: another file under the same name starts with none, and the rows
of a record book from before content keys keep their place (schema 3)."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from PIL import Image

from game.core import records as records_module
from game.core.records import SCHEMA_VERSION
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import Best, SolveRecords
from game.puzzle.model.stats import Solve
from game.puzzle.pictures.folder import picture_key

V1_FIXTURE = Path(__file__).parent / "fixtures" / "records-v1.sqlite3"


def solve(picture: str, moves: int, seconds: float, size: str = "3x3") -> Solve:
    return Solve(size, picture, "", moves, seconds, False)


def picture_file(path: Path, colour: tuple[int, int, int]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (30, 30), colour).save(path)
    return path


def test_a_new_file_under_an_old_name_starts_with_no_records(tmp_path):
    book = SolveRecords(tmp_path / "book.sqlite3")
    cat = picture_key(picture_file(tmp_path / "one" / "cat.png", (200, 0, 0)))
    book.record_solve(solve("cat", 30, 20.0), cat)
    assert book.best(BoardSize(3, 3), "cat", cat) == Best(30, 20.0)
    other = picture_key(picture_file(tmp_path / "two" / "cat.png", (0, 0, 200)))
    assert book.best(BoardSize(3, 3), "cat", other) is None
    assert book.solves(BoardSize(3, 3), "cat", other) == []
    outcome = book.record_solve(solve("cat", 50, 40.0), other)
    assert outcome.previous is None and outcome.best == Best(50, 40.0)
    best = book.best(BoardSize(3, 3), "cat", cat)
    assert best == Best(30, 20.0), "the first picture's records are still its own"
    assert len(book.solves()) == 2


def test_number_tiles_and_unknown_content_read_as_before(tmp_path):
    book = SolveRecords(tmp_path / "book.sqlite3")
    book.record_solve(solve("sunset", 10, 5.0))
    numbers = picture_key(None)
    assert numbers == ""
    book.record_solve(solve("numbers", 12, 6.0), numbers)
    assert book.best(BoardSize(3, 3), "sunset") == Best(10, 5.0)
    assert book.best(BoardSize(3, 3), "numbers", numbers) == Best(12, 6.0)


def test_an_unreadable_file_has_no_key(tmp_path):
    assert picture_key(tmp_path / "gone.png") is None


def old_rows_belong_to_the_first_content_recorded(path: Path, tmp_path: Path) -> None:
    book = SolveRecords(path)
    first = picture_key(picture_file(tmp_path / "a" / "sunset.png", (1, 2, 3)))
    assert book.best(BoardSize(3, 3), "sunset", first) == Best(25, 12.5), "kept in place"
    book.record_solve(solve("sunset", 40, 30.0), first)
    assert book.best(BoardSize(3, 3), "sunset", first) == Best(25, 12.5)
    second = picture_key(picture_file(tmp_path / "b" / "sunset.png", (9, 9, 9)))
    assert book.best(BoardSize(3, 3), "sunset", second) is None, "a replaced picture does not inherit them"
    assert [s.moves for s in book.solves(BoardSize(3, 3), "sunset", first)] == [25, 40]
    assert book.best(BoardSize(4, 4), "numbers") == Best(100, 95.5)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5


def test_a_first_record_book_is_migrated_to_content_keys(tmp_path):
    path = tmp_path / "v1.sqlite3"
    shutil.copyfile(V1_FIXTURE, path)
    old_rows_belong_to_the_first_content_recorded(path, tmp_path)


def test_a_schema_2_book_is_migrated_to_content_keys(tmp_path):
    path = tmp_path / "v2.sqlite3"
    shutil.copyfile(V1_FIXTURE, path)
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        for statement in records_module.MIGRATIONS[1]:
            db.execute(statement)
        db.execute("PRAGMA user_version = 2")
        columns = [row[1] for row in db.execute("PRAGMA table_info(solves)")]
    assert "picture_key" not in columns
    old_rows_belong_to_the_first_content_recorded(path, tmp_path)
    assert len(SolveRecords(path).solves()) == 6
