"""Values that move over time: a scene advances them with `update(dt)` from its `on_update`.

No wall clock: time only passes when the caller says so, which makes animations testable with fake
time steps and keeps them in step with the frame loop.
"""

from dataclasses import dataclass, field

from game.ui.easing import Easing, linear

Point = tuple[float, float]


@dataclass
class Tween:
    """Interpolates from `start` to `end` over `duration` seconds along `easing`."""

    start: Point
    end: Point
    duration: float
    easing: Easing = linear
    elapsed: float = field(default=0.0)

    def update(self, dt: float) -> Point:
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))
        return self.value

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else self.elapsed / self.duration

    @property
    def value(self) -> Point:
        if self.done:
            return self.end
        k = self.easing(self.progress)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )


@dataclass
class Fade:
    """A scalar from `start` to `end`, for alpha fades and pulses."""

    start: float
    end: float
    duration: float
    easing: Easing = linear
    elapsed: float = 0.0

    def update(self, dt: float) -> float:
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))
        return self.value

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def value(self) -> float:
        if self.done or self.duration <= 0:
            return self.end
        return self.start + (self.end - self.start) * self.easing(self.elapsed / self.duration)
