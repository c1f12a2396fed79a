"""The Fifteen screen's words, without a window: counters, clock, best results and the verdict."""

from game.puzzle import captions
from game.records import Best


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
