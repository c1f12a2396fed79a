"""Statistics against hand-computed examples, the optimal-length measure, and `python main.py stats`."""

import json
import threading
import time

import pytest

from game import cli
from game.core.errors import UserError
from game.core.files.folders import DATA_DIR_ENV
from game.puzzle.commands.stats import stats_command
from game.puzzle.model.board import Board
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.model.stats import (
    PLOT_SOLVES,
    WINDOWS,
    Average,
    Solve,
    Window,
    by_board,
    compute,
    new_bests,
    rolling,
    trim_for,
    window_average,
)
from game.puzzle.model.stats_report import format_time
from game.puzzle.solver import solve
from game.puzzle.solver.background_solver import BackgroundSolver, Shortest, shortest


def solves(*seconds: float, moves: int = 100, **flags) -> list[Solve]:
    return [Solve(BoardSize(4, 4), "numbers", "4x4#1", moves, s, **flags) for s in seconds]


def test_the_windows_and_what_they_drop():
    assert [(w.name, w.size, w.trim) for w in WINDOWS] == [
        ("mo3", 3, 0),
        ("ao5", 5, 1),
        ("ao12", 12, 1),
        ("ao100", 100, 5),
    ]
    assert [trim_for(n) for n in (3, 5, 12, 20, 21, 50, 100, 1000)] == [0, 1, 1, 1, 2, 3, 5, 50]


def test_hand_computed_averages():
    assert window_average([3, 4, 8], 0) == 5  # mo3: nothing dropped
    assert window_average([10, 12, 11, 15, 9], 1) == 11  # ao5: 9 and 15 dropped
    assert window_average(list(range(1, 13)), 1) == 6.5  # ao12: 1 and 12 dropped
    assert window_average(list(range(1, 101)), 5) == 50.5  # ao100: 1-5 and 96-100 dropped


def test_ties_drop_just_one_of_the_equal_values():
    assert window_average([10, 10, 10, 12, 12], 1) == pytest.approx(32 / 3)
    assert window_average([7, 7, 7, 7, 7], 1) == 7
    assert window_average([5, 9, 9, 9, 9], 1) == 9


def test_current_and_best_over_the_windows():
    stats = compute(solves(20, 10, 11, 12, 30, 13, 14))
    # mo3 windows: 13.67, 11, 17.67, 18.33, 19; ao5 windows (drop best and worst): 14.33, 12, 13
    assert stats.averages["mo3"].current == pytest.approx(19)
    assert stats.averages["mo3"].best == pytest.approx(11)
    assert stats.averages["ao5"] == Average(pytest.approx(13), pytest.approx(12))
    assert stats.averages["ao12"] == Average(None, None)
    assert stats.solves == 7 and stats.not_counted == 0 and stats.best_time == 10


def test_fewer_solves_than_a_window_give_none():
    stats = compute(solves(10, 20))
    assert all(stats.averages[w.name] == Average(None, None) for w in WINDOWS)
    assert stats.best_time == 10 and stats.solves == 2
    empty = compute([])
    assert (
        empty.solves == 0 and empty.best_time is None and empty.best_moves is None and empty.best_tps is None
    )
    assert empty.plot == () and empty.averages["ao5"] == Average(None, None)
    assert rolling([1.0, 2.0], Window("mo3", 3, 0)) == [None, None]


def test_exactly_a_window_has_current_equal_to_best():
    stats = compute(solves(*range(1, 13)))
    assert stats.averages["ao12"] == Average(6.5, 6.5)
    later = compute(solves(*range(1, 13), 100))
    assert later.averages["ao12"] == Average(7.5, 6.5)


def test_best_single_time_moves_and_tps_may_come_from_different_solves():
    stats = compute(
        [
            Solve(BoardSize(4, 4), "numbers", "4x4#1", 100, 50.0),  # 2 TPS
            Solve(BoardSize(4, 4), "numbers", "4x4#2", 60, 40.0),  # 1.5 TPS
            Solve(BoardSize(4, 4), "numbers", "4x4#3", 90, 30.0),  # 3 TPS, fastest
        ]
    )
    assert (stats.best_time, stats.best_moves, stats.best_tps) == (30.0, 60, 3.0)


def test_practice_and_assisted_solves_are_listed_but_never_counted():
    mixed = [
        *solves(20, 21, 22),
        *solves(1, moves=1, practice=True),
        *solves(2, moves=2, assisted=True),
        *solves(23, 24),
    ]
    stats = compute(mixed)
    assert stats.solves == 5 and stats.not_counted == 2
    assert stats.best_time == 20 and stats.best_moves == 100
    assert stats.averages["ao5"].current == pytest.approx(22)  # 20..24, without the two helped ones
    assert [point.seconds for point in stats.plot] == [20, 21, 22, 23, 24]


def test_a_solve_in_no_time_has_no_tps():
    single = Solve(BoardSize(3, 3), "numbers", "3x3#1", 1, 0.0)
    assert single.tps is None
    assert compute([single]).best_tps is None and compute([single]).best_time == 0.0


def test_the_plot_shows_the_last_100_with_the_running_ao12():
    times = [float(100 + (i * 37) % 23) for i in range(112)]
    stats = compute(solves(*times))
    assert len(stats.plot) == PLOT_SOLVES
    assert [p.seconds for p in stats.plot] == times[12:]
    assert stats.plot[0].average == pytest.approx(window_average(times[1:13], 1))
    assert stats.plot[-1].average == stats.averages["ao12"].current
    few = compute(solves(*times[:13]))
    assert [p.average is None for p in few.plot] == [True] * 11 + [False, False]


def test_new_bests_are_called_out_and_ties_are_not():
    before = compute(solves(20, 10, 11, 12))
    assert new_bests(compute([]), compute(solves(20))) == ("time", "moves", "tps")
    assert new_bests(before, compute(solves(20, 10, 11, 12, 9))) == ("time", "tps", "mo3", "ao5")
    assert new_bests(before, compute(solves(20, 10, 11, 12, 10))) == ("ao5",)
    assert new_bests(before, compute(solves(20, 10, 11, 12, 10, moves=99))) == ("moves", "ao5")


def test_groups_by_size_and_picture_smaller_boards_first():
    kept = [
        Solve(BoardSize(10, 10), "numbers", "", 1, 1.0),
        Solve(BoardSize(4, 4), "sunset", "", 1, 1.0),
        Solve(BoardSize(3, 3), "numbers", "", 1, 1.0),
        Solve(BoardSize(4, 4), "numbers", "", 1, 2.0),
        Solve(BoardSize(4, 4), "numbers", "", 1, 3.0),
    ]
    groups = by_board(kept)
    assert [(str(size), picture) for size, picture in groups] == [
        ("3x3", "numbers"),
        ("4x4", "numbers"),
        ("4x4", "sunset"),
        ("10x10", "numbers"),
    ]
    assert [s.seconds for s in groups[BoardSize(4, 4), "numbers"]] == [2.0, 3.0]


def test_times_are_written_as_speedsolvers_do():
    assert [format_time(s) for s in (0.0, 9.5, 59.9994, 59.9996, 61.25, 3600.0)] == [
        "0.000",
        "9.500",
        "59.999",
        "1:00.000",
        "1:01.250",
        "60:00.000",
    ]
    assert format_time(None) == "–"


# --- the optimal length of a scramble ---


def test_the_shortest_solution_is_proven_up_to_4x4_and_best_known_beyond():
    board = Board.shuffled(3, 3, 11)
    assert shortest(board) == Shortest(len(solve(board, optimal=True)), True)
    big = shortest(Board.shuffled(5, 5, 3), budget=0.5)
    assert big is not None and not big.proven and big.moves > 0


def test_a_cancelled_optimal_search_gives_nothing():
    cancel = threading.Event()
    cancel.set()
    assert shortest(Board.shuffled(3, 4, 2), cancel=cancel) is None


def test_the_assistant_measures_a_scramble_in_the_background():
    board = Board.shuffled(3, 3, 4)
    assistant = BackgroundSolver(3, 3)
    try:
        assistant.request_shortest(board)
        assert assistant.measuring
        deadline = time.monotonic() + 30
        found = None
        while found is None and time.monotonic() < deadline:
            found = assistant.shortest_for(board)
            time.sleep(0.02)
        assert found == Shortest(len(solve(board, optimal=True)), True) and not assistant.measuring
    finally:
        assistant.close()


# --- python main.py stats ---


@pytest.fixture
def book(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return SolveRecords()


def test_no_solves_yet_is_said_and_is_not_an_error(book, capsys, tmp_path):
    assert cli.main(["stats"]) == 0
    assert "No solves yet" in capsys.readouterr().out
    assert cli.main(["stats", "--size", "5x5"]) == 0
    assert "No 5x5 solves yet" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]  # nothing written here


def test_the_table_per_board_in_plain_text(book, capsys):
    for seconds in (20.0, 10.0, 11.0, 12.0, 30.0):
        book.record_solve(Solve(BoardSize(4, 4), "numbers", "", 100, seconds))
    book.record_solve(Solve(BoardSize(4, 4), "numbers", "", 5, 1.0, assisted=True))
    book.record_solve(Solve(BoardSize(3, 3), "numbers", "", 30, 9.5))
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out  # no colour codes into a pipe
    assert out.index("3x3 · Numbers: 1 solve") < out.index("4x4 · Numbers: 5 solves; 1 more not counted")
    block = out[out.index("4x4 ·") :].splitlines()
    ao5 = next(line for line in block if line.strip().startswith("ao5"))
    assert ao5.split() == ["ao5", "14.333", "14.333"]
    assert cli.main(["stats", "--size", "3x3"]) == 0
    only = capsys.readouterr().out
    assert "3x3" in only and "4x4" not in only


def test_json_is_written_where_asked_and_only_there(book, capsys, tmp_path):
    book.record_solve(Solve(BoardSize(4, 4), "numbers", "", 100, 20.0))
    target = tmp_path / "out" / "stats.json"
    target.parent.mkdir()
    assert cli.main(["stats", "--json", str(target)]) == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["boards"][0]["size"] == "4x4" and data["boards"][0]["best"]["seconds"] == 20.0
    assert data["boards"][0]["averages"]["ao5"] == {"current": None, "best": None}
    assert [p.name for p in target.parent.iterdir()] == ["stats.json"]  # no temporary file left
    empty = tmp_path / "empty.json"
    assert cli.main(["stats", "--size", "6x6", "--json", str(empty)]) == 0
    assert json.loads(empty.read_text(encoding="utf-8")) == {"boards": [], "unreadable_solves": 0}


def test_bad_json_paths_and_sizes_are_one_line_errors(book, capsys, tmp_path):
    with pytest.raises(UserError, match=r"--json: .* is a folder"):
        stats_command(None, str(tmp_path))
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(UserError, match=r"--json .*a-file.* cannot be written"):
        stats_command(None, str(blocker / "x.json"))
    assert cli.main(["stats", "--size", "44"]) == 2
    assert "board size '44'" in capsys.readouterr().err


def test_unusable_records_are_a_one_line_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    (tmp_path / "records.sqlite3").write_bytes(b"not a database" * 100)
    assert cli.main(["stats"]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and err.count("\n") == 1
