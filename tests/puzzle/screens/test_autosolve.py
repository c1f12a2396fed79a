"""The auto-solve's pace without a window: the tiles come one by one, after each glide and a rest, and
faster at a higher speed."""

import pytest

from game.puzzle.screens.autosolve import GLIDE_SECONDS, PAUSE_SECONDS, SPEEDS, AutoSolve

FRAME = 1 / 60


def _play(auto: AutoSolve, tiles: int) -> float:
    """Seconds of frames to play `tiles` moves, each glide lasting `glide_seconds` as the view's does."""
    elapsed, gliding = 0.0, 0.0
    while tiles:
        gliding = max(0.0, gliding - FRAME)
        elapsed += FRAME
        if auto.next_tile(FRAME, gliding > 0) is not None:
            tiles -= 1
            gliding = auto.glide_seconds
        assert elapsed < 600
    return elapsed


def test_the_first_tile_comes_at_once_and_the_next_after_the_glide_and_a_rest():
    auto = AutoSolve()
    auto.start([5, 6, 7])
    assert auto.running and auto.next_tile(FRAME, busy=False) == 5
    assert auto.next_tile(FRAME, busy=True) is None, "not while the tile glides"
    assert auto.next_tile(PAUSE_SECONDS / 2, busy=False) is None, "the board rests a moment"
    assert auto.next_tile(PAUSE_SECONDS / 2, busy=False) == 6
    auto.stop()
    assert not auto.running and auto.next_tile(1.0, busy=False) is None


def test_each_speed_halves_the_glide_and_the_rest():
    auto = AutoSolve()
    assert (auto.speed, auto.glide_seconds, auto.pause_seconds) == (1, GLIDE_SECONDS, PAUSE_SECONDS)
    assert [auto.faster() for _ in SPEEDS] == [2, 4, 8, 8], "at most the last speed"
    assert auto.glide_seconds == pytest.approx(GLIDE_SECONDS / 8)
    assert [auto.slower() for _ in SPEEDS] == [4, 2, 1, 1], "at least ×1"
    assert [auto.choose(n) for n in (3, 1, 4, 9, 0)] == [4, 1, 8, 8, 1], "a number key, clamped"


def test_a_solution_plays_several_times_faster_at_eight_times_the_speed():
    slow = AutoSolve()
    slow.start(range(180))
    slow_seconds = _play(slow, 180)
    assert 35 <= slow_seconds <= 50, "a 6x5's solution takes its usual 40 seconds or so at ×1"
    fast = AutoSolve()
    fast.choose(4)
    fast.start(range(180))
    assert _play(fast, 180) < slow_seconds / 4
