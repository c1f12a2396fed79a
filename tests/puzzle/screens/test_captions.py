"""The Fifteen screen's words, without a window: counters, clock, best results and the verdict."""

from game.puzzle.model.solve_records import Best
from game.puzzle.screens import captions
from game.puzzle.solver.background_solver import Shortest


def test_clock_and_counters():
    assert captions.clock(187.9) == "3:07"
    assert captions.timer(2.5) == "Time 0:02"
    assert captions.move_counter(12) == "Moves 12"
    assert captions.moves(1) == "1 move" and captions.moves(12) == "12 moves"
    assert captions.summary(12, 65) == "12 moves in 1:05"


def test_best_result_or_none_yet():
    assert captions.best(Best(40, 95.5)) == "Best: 40 moves · 1:35"
    assert captions.best(None) == "Best: not solved yet"


def test_solver_progress_shows_until_ready():
    assert captions.preparing(0.424) == "Preparing the solver… 42%"
    assert captions.preparing(1.0) == ""


def test_long_game_ids_are_shortened():
    assert captions.game_id("4x4#12") == "Game 4x4#12 · C copies"
    long = "4x4:" + ",".join(str(t) for t in range(16))
    shown = captions.game_id(long)
    assert shown.startswith("Game " + long[: captions.ID_CHARS - 1] + "…")


def test_verdict_says_why_a_result_is_not_a_record():
    assert captions.verdict(practice=True, assisted=True, new_best=True) == "Practice (game ID): not a record"
    assert captions.verdict(practice=False, assisted=True, new_best=True) == "Solved with help: not a record"
    assert captions.verdict(practice=False, assisted=False, new_best=True) == "A new best!"
    assert captions.verdict(practice=False, assisted=False, new_best=False) == ""


def test_pace_optimal_length_and_what_a_solve_improved():
    from game.puzzle.solver.background_solver import Shortest

    assert captions.solved_summary(40, 12.3456) == "40 moves in 12.346 s · 3.24 TPS"
    assert captions.solved_summary(1, 0.0) == "1 move in 0.000 s"
    assert captions.solved_summary(40, 62.3456) == "40 moves in 1:02.346 · 0.64 TPS", "minutes:seconds"
    assert captions.optimal(None, True, 40) == "Optimal: measuring…"
    assert captions.optimal(None, False, 40) == "Optimal: not found in time"
    assert captions.optimal(Shortest(32, True), False, 40) == "Optimal 32 moves · yours ×1.25"
    assert captions.optimal(Shortest(100, False), False, 150) == "Solver's best 100 moves · yours ×1.50"
    assert captions.call_out(False, False, ("moves", "tps")) == "A new best! fewest moves · TPS"
    assert captions.call_out(False, False, ("time", "moves", "tps", "ao5")) == (
        "A new best! single solve · ao5 · fewest moves"
    ), "the single and the averages first, three at most"
    assert captions.call_out(False, False, ()) == ""
    assert captions.call_out(True, False, ("time",)) == "Practice (game ID): not a record"
    assert captions.call_out(False, True, ("time",)) == "Solved with help: not a record"


def test_a_small_window_says_less():
    """The compact forms are shorter than the full ones and keep what a player needs."""
    assert captions.keys_help(compact=True).count("\n") == 1
    assert len(captions.keys_help(compact=True)) < len(captions.keys_help())
    long = "5x5:" + ",".join(map(str, range(1, 25))) + ",0"
    assert len(captions.game_id(long, compact=True)) < len(captions.game_id(long))
    assert captions.preparing(0.424, compact=True) == "Solver… 42%"
    assert captions.verdict(True, False, False, compact=True) == "Practice: not a record"
    assert (
        captions.call_out(False, False, ["ao5", "time", "moves"], compact=True) == "A new best! single solve"
    )
    assert captions.optimal(Shortest(40, proven=True), False, 50, compact=True) == "Shortest 40 moves · ×1.25"


def test_a_precise_time_says_its_unit():
    """38.788 alone reads as a count; with its unit it is a time (from a minute on, minutes:seconds)."""
    assert captions.precise_time(38.788) == "38.788 s"
    assert captions.precise_time(0) == "0.000 s"
    assert captions.precise_time(62.345) == "1:02.345"


def test_the_solved_panel_gives_the_records_a_line_of_their_own():
    """The verdict and the records it names on two lines (together they ran past the panel); a small
    window names one record on the verdict's line."""
    first = ("tps", "moves", "time")
    assert captions.panel_verdict(False, False, first) == ("A new best!", "single solve · fewest moves · TPS")
    assert captions.panel_verdict(False, False, ()) == ("", "")
    assert captions.panel_verdict(False, True, first) == ("Solved with help: not a record", "")
    assert captions.panel_verdict(True, False, first) == ("Practice (game ID): not a record", "")
    assert captions.panel_verdict(False, False, first, compact=True) == ("A new best! single solve", "")
    assert captions.named_bests(first, limit=2) == "single solve · fewest moves"
