"""Tweens and easing curves, stepped with fake time."""

import pytest

from game.ui.easing import EASINGS, ease_out, linear
from game.ui.tween import Fade, Tween


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name):
    curve = EASINGS[name]
    assert curve(0.0) == pytest.approx(0.0, abs=1e-9)
    assert curve(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("name", sorted(set(EASINGS) - {"ease_out_back"}))
def test_easings_without_overshoot_are_monotonic_and_stay_in_range(name):
    curve = EASINGS[name]
    values = [curve(i / 100) for i in range(101)]
    assert values == sorted(values)
    assert all(0 <= v <= 1 for v in values)


def test_ease_out_back_overshoots_then_settles():
    values = [EASINGS["ease_out_back"](i / 100) for i in range(101)]
    assert max(values) > 1.0
    assert values[-1] == pytest.approx(1.0)


def test_ease_out_is_fast_then_slow():
    assert ease_out(0.5) > 0.5


def test_tween_moves_with_fake_time_and_lands_exactly():
    tween = Tween((0.0, 0.0), (100.0, 50.0), 0.2, linear)
    assert tween.update(0.05) == pytest.approx((25.0, 12.5))
    assert not tween.done
    tween.update(0.1)
    assert tween.value == pytest.approx((75.0, 37.5))
    assert tween.update(1.0) == (100.0, 50.0)
    assert tween.done and tween.progress == 1.0


def test_tween_ignores_negative_time_and_zero_duration_is_instant():
    tween = Tween((1.0, 1.0), (2.0, 2.0), 0.5)
    tween.update(-3.0)
    assert tween.value == (1.0, 1.0)
    instant = Tween((0.0, 0.0), (5.0, 5.0), 0.0)
    assert instant.done and instant.value == (5.0, 5.0)


def test_many_small_steps_equal_one_big_step():
    small = Tween((0.0, 0.0), (10.0, 0.0), 0.12, ease_out)
    big = Tween((0.0, 0.0), (10.0, 0.0), 0.12, ease_out)
    for _ in range(3):
        small.update(0.02)
    big.update(0.06)
    assert small.value == pytest.approx(big.value)


def test_fade_goes_from_start_to_end():
    fade = Fade(0, 255, 0.5)
    assert fade.update(0.25) == pytest.approx(127.5)
    assert fade.update(1) == 255 and fade.done
