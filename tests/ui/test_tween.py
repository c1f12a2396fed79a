"""Tweens and easing curves, stepped with fake time."""

import pytest

from game.ui.easing import EASINGS, ease_out, linear
from game.ui.tween import Glides, Tween


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
    fade = Tween(0, 255, 0.5)
    assert fade.update(0.25) == pytest.approx(127.5)
    assert fade.update(1) == 255 and fade.done


class Dot:
    def __init__(self, x: float, y: float) -> None:
        self.position = (x, y)


def test_queued_batches_glide_one_after_another_from_where_they_are():
    glides = Glides()
    a, b = Dot(0, 0), Dot(10, 0)
    glides.queue([(a, (10.0, 0.0)), (b, (20.0, 0.0))], 0.1)
    glides.queue([(a, (10.0, 10.0))], 0.1)
    assert len(glides) == 2 and glides.busy
    assert glides.update(0.05) is False
    assert a.position == pytest.approx((5.0, 0.0)) and b.position == pytest.approx((15.0, 0.0))
    assert glides.update(0.05) is True, "the first batch has landed"
    assert len(glides) == 1 and a.position == (10.0, 0.0)
    glides.update(0.1)
    assert a.position == (10.0, 10.0) and not glides.busy


def test_a_long_backlog_speeds_up_and_finish_lands_everything():
    glides = Glides(backlog_speedup=4)
    dot = Dot(0, 0)
    for x in (1.0, 2.0, 3.0, 4.0):
        glides.queue([(dot, (x, 0.0))], 0.4)
    glides.update(0.4)
    glides.update(0.1)
    assert dot.position == (2.0, 0.0), "two batches wait behind this one: four times faster"
    glides.finish()
    assert dot.position == (4.0, 0.0) and not glides.busy


def test_starting_a_glide_replaces_the_sprites_glide():
    glides = Glides()
    dot = Dot(0, 0)
    glides.start(dot, (10.0, 0.0), 0.2)
    glides.update(0.1)
    glides.start(dot, (5.0, 5.0), 0.2)
    assert len(glides) == 1 and glides.heading(dot) == (5.0, 5.0)
    glides.stop(dot)
    assert glides.heading(dot) is None and dot.position == pytest.approx((5.0, 0.0))
