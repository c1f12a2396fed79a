"""Easing curves by name, pure math so the config can validate names without importing Arcade.

Each curve maps progress t in [0, 1] to eased progress, with f(0) = 0 and f(1) = 1.
"""

import math
from collections.abc import Callable

Easing = Callable[[float], float]

_BACK = 1.70158


def linear(t: float) -> float:
    return t


def ease_in(t: float) -> float:
    return t * t


def ease_out(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def smoothstep(t: float) -> float:
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: a playful landing."""
    u = t - 1
    return 1 + (_BACK + 1) * u**3 + _BACK * u * u


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


EASINGS: dict[str, Easing] = {
    f.__name__: f
    for f in (
        linear,
        ease_in,
        ease_out,
        ease_in_out,
        ease_out_cubic,
        smoothstep,
        ease_out_back,
        ease_out_sine,
    )
}


def easing_by_name(name: str) -> Easing:
    """The curve called `name`; the config has already checked that it exists."""
    return EASINGS[name]
