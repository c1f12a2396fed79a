"""The statistics and replay screens' words, without a window."""

from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import Solve, compute
from game.puzzle.screens import stats_captions as words


def test_the_table_counts_only_fair_unassisted_solves():
    solves = [
        Solve(BoardSize(3, 3), "numbers", "", moves, seconds)
        for moves, seconds in ((20, 10.0), (30, 6.0), (25, 8.0))
    ]
    solves.append(Solve(BoardSize(3, 3), "numbers", "", 5, 1.0, practice=True))
    stats = compute(solves)
    assert words.counted(stats) == "3 solves counted · 1 more listed, not counted (practice or help)"
    rows = {name: (current, best) for name, current, best in words.table(stats, solves[2])}
    assert rows["Single"] == ("8.000", "6.000")
    assert rows["Moves"] == ("25", "20")
    assert rows["TPS"] == ("3.12", "5.00")
    assert rows["mo3"] == ("8.000", "8.000")
    assert rows["ao5"] == ("–", "–")
    assert words.board(BoardSize(4, 4), "numbers") == "4x4 · Numbers"


def test_a_listed_solve_says_why_it_does_not_count():
    helped = Solve(
        BoardSize(4, 4), "numbers", "4x4#1", 50, 20.0, assisted=True, optimal_moves=44, optimal_proven=True
    )
    row = words.solve_row(7, helped)
    assert row[0] == "7" and row[2:] == ("20.000", "50", "2.50", "44", "help")
    big = Solve(BoardSize(6, 5), "numbers", "", 300, 100.0, practice=True, optimal_moves=250)
    assert words.solve_row(1, big)[5:] == ("≤250", "practice")
    assert words.solve_row(1, big)[1] == "–"


def test_replay_words():
    assert words.replay_clock(3120.4, 12345) == "3.120 / 12.345"
    assert words.replay_clock(20000, 12345) == "12.345 / 12.345"
    assert words.replay_moves(3, 40) == "Move 3 of 40"
    assert words.replay_speed(2.0) == "Speed ×2" and words.replay_speed(0.25) == "Speed ×1/4"
    assert words.replay_state(True, False) == "Playing" and words.replay_state(False, True) == "Finished"
    assert words.plot_title(12) == "The latest 12 times, with the running ao12"
