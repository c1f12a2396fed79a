"""The one-sided bear-off database against brute force over the real move generator, and exact races."""

import functools
import itertools

import numpy as np
import pytest

from game.core.files.folders import CACHE_DIR_ENV
from game.core.text import notices
from game.tavla.engine.moves import legal_results
from game.tavla.engine.rolls import ROLLS
from game.tavla.eval import bearoff
from game.tavla.eval.neural import Evaluator
from tests.tavla.builders import position


@pytest.fixture(scope="module")
def db() -> bearoff.BearoffTable:
    return bearoff.build()


def _state(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The mover's home board `counts`, the opponent parked on the mover's 24-point out of the way."""
    return position({p + 1: c for p, c in enumerate(counts) if c}, {24: 15})


@functools.cache
def brute_expected(counts: tuple[int, ...]) -> float:
    """Expected rolls to bear off everything, each roll played to the fewest expected rolls."""
    if sum(counts) == 0:
        return 0.0
    total = 0.0
    for d1, d2, weight in ROLLS:
        best = min(brute_expected(tuple(after[1:7])) for _, after in legal_results(_state(counts), d1, d2))
        total += weight * best
    return 1.0 + total / 36.0


@functools.cache
def brute_distribution(counts: tuple[int, ...]) -> tuple[float, ...]:
    """P(exactly n rolls) under the same play; ties between plays are broken the same way as the value."""
    if sum(counts) == 0:
        return (1.0,) + (0.0,) * (bearoff.MAX_ROLLS - 1)
    out = np.zeros(bearoff.MAX_ROLLS)
    for d1, d2, weight in ROLLS:
        afters = {tuple(after[1:7]) for _, after in legal_results(_state(counts), d1, d2)}
        best = min(afters, key=brute_expected)
        out[1:] += weight * np.array(brute_distribution(best))[:-1] / 36.0
    return tuple(out)


SMALL = [c for c in itertools.product(range(4), repeat=6) if sum(c) <= 3]


def test_every_board_of_up_to_three_checkers_matches_brute_force(db):
    assert len(SMALL) == 84
    for counts in SMALL:
        row = db.all_off[db.index(np.array([counts]))[0]]
        assert row @ np.arange(bearoff.MAX_ROLLS) == pytest.approx(brute_expected(counts), abs=1e-12), counts
        assert row == pytest.approx(np.array(brute_distribution(counts)), abs=1e-12), counts


def test_table_covers_every_board_and_each_row_is_a_distribution(db):
    assert len(db.keys) == 54_264
    assert np.allclose(db.all_off.sum(axis=1), 1.0) and np.allclose(db.first_off.sum(axis=1), 1.0)
    assert (db.all_off[:, -1] == 0).all()  # no board needs more than 30 rolls: nothing is cut off
    assert db.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25)  # 27 of 36 rolls bear off a 6
    assert db.expected_rolls((0, 0, 0, 0, 0, 15)) == pytest.approx(12.266, abs=1e-3)


def test_first_checker_off_in_one_roll_counts_the_rolls_that_reach(db):
    # 15 on the 6-point: any 6, or 5-1, 4-2, 3-3, 2-2 (a checker walks to 0): 17 of 36.
    row = db.first_off[db.index(np.array([(0, 0, 0, 0, 0, 15)]))[0]]
    assert row[0] == 0 and row[1] == pytest.approx(17 / 36)
    for counts in [(0, 0, 0, 3, 5, 7), (1, 2, 3, 4, 5, 0), (0, 0, 0, 0, 7, 8)]:
        start = _state(counts)
        reach = sum(
            weight
            for d1, d2, weight in ROLLS
            if any(after[0] > 0 for _, after in legal_results(start, d1, d2))
        )
        row = db.first_off[db.index(np.array([counts]))[0]]
        assert row[1] == pytest.approx(reach / 36), counts


def test_race_outcomes_combine_both_sides_exactly(db):
    # I have one checker on my 1-point: I finish on my next roll for sure. They (on roll) have 15 on
    # their 6-point: they never finish first, and save the gammon only by bearing one off now (17/36).
    state = position({1: 1}, {19: 15})
    outcome = bearoff.race_outcomes(np.array([state]))[0]
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = outcome
    assert win == pytest.approx(1.0) and win_gammon == pytest.approx(19 / 36)
    assert win_backgammon == lose_gammon == lose_backgammon == 0
    # Mirror: they have one checker on their 1-point and are on roll: they win at once, and I have
    # borne off nothing (15 on my 6-point), so it is a gammon every time.
    state = position({6: 15}, {24: 1})
    outcome = bearoff.race_outcomes(np.array([state]))[0]
    assert outcome == pytest.approx([0.0, 0.0, 0.0, 1.0, 0.0])


def test_race_outcomes_match_a_turn_by_turn_recursion(db):
    """P(win) for small races from the distributions equals playing the race out roll by roll."""

    @functools.cache
    def on_roll_wins(mover: tuple[int, ...], other: tuple[int, ...]) -> float:
        if sum(other) == 0:
            return 0.0
        total = 0.0
        for d1, d2, weight in ROLLS:
            afters = {tuple(after[1:7]) for _, after in legal_results(_state(mover), d1, d2)}
            best = min(afters, key=brute_expected)
            total += weight * (1.0 if sum(best) == 0 else 1.0 - on_roll_wins(other, best))
        return total / 36.0

    boards = [c for c in SMALL if 0 < sum(c) <= 2]
    for mine, theirs in itertools.product(boards[::3], boards[::4]):
        state = position(
            {p + 1: c for p, c in enumerate(mine) if c}, {24 - p: c for p, c in enumerate(theirs) if c}
        )
        win = bearoff.race_outcomes(np.array([state]))[0][0]
        # exact up to the cache's float32 storage, when another process built the table first
        assert win == pytest.approx(1.0 - on_roll_wins(theirs, mine), abs=1e-6), (mine, theirs)


def test_evaluator_uses_the_database_for_home_races():
    state = position({1: 1}, {19: 15})
    assert Evaluator.fresh(seed=2).probabilities([state])[0] == pytest.approx([1.0, 19 / 36, 0.0, 0.0, 0.0])


@pytest.mark.slow
def test_cache_is_written_reused_and_rebuilt_when_corrupt(tmp_path, monkeypatch, db):
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.setattr(bearoff, "_table", [])
    said: list[str] = []
    with notices.sent_to(said.append):
        first = bearoff.table()
    assert said == ["building the bear-off table, once for this computer: a few seconds"], "the command line"
    cached = tmp_path / f"bearoff-v{bearoff.BUILD_VERSION}.npz"
    assert cached.is_file() and not list(tmp_path.glob("*.tmp"))
    assert np.allclose(first.all_off, db.all_off, atol=1e-7)
    monkeypatch.setattr(bearoff, "_table", [])
    monkeypatch.setattr(bearoff, "build", lambda: pytest.fail("rebuilt although the cache was sound"))
    with notices.sent_to(said.append):
        read = bearoff.table()
    assert len(said) == 1, "said only when it is built"
    assert np.allclose(read.first_off, db.first_off, atol=1e-7)
    assert np.array_equal(read.all_off, first.all_off) and np.array_equal(read.first_off, first.first_off), (
        "a process that built the table answers to the bit as one that read it"
    )
    cached.write_bytes(cached.read_bytes()[:1000])
    monkeypatch.setattr(bearoff, "_table", [])
    monkeypatch.setattr(bearoff, "build", lambda: db)
    rebuilt = bearoff.table()
    assert np.array_equal(rebuilt.all_off, db.all_off.astype(np.float32).astype(np.float64))
