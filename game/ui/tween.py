"""Values that move over time: a scene advances them with `update(dt)` from its `on_update`.

No wall clock: time only passes when the caller says so, which makes animations testable with fake
time steps and keeps them in step with the frame loop. No Arcade either: a glide moves anything with a
`position`, so the config can check easing names and the tests can glide plain objects.
"""

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game.ui.easing import Easing, linear

Point = tuple[float, float]
Value = TypeVar("Value", float, Point)


@dataclass
class Tween(Generic[Value]):
    """Interpolates a number or a point from `start` to `end` over `duration` seconds along `easing`."""

    start: Value
    end: Value
    duration: float
    easing: Easing = linear
    elapsed: float = 0.0

    def update(self, dt: float) -> Value:
        self.elapsed = min(self.duration, self.elapsed + max(0.0, dt))
        return self.value

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else self.elapsed / self.duration

    @property
    def value(self) -> Value:
        if self.done:
            return self.end
        k = self.easing(self.progress)
        start, end = self.start, self.end
        if isinstance(start, tuple) and isinstance(end, tuple):
            return (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
        return start + (end - start) * k  # type: ignore[operator, return-value]


class Positioned(Protocol):
    """What a glide moves: a sprite, in practice."""

    position: Point


@dataclass
class Glide:
    """One sprite on its way to a target."""

    sprite: Positioned
    tween: Tween[Point]


Batch = tuple[tuple[tuple[Positioned, Point], ...], float, Easing]


class Glides:
    """The sprites gliding now, and batches of glides waiting for them to land, in order.

    `start` sends one sprite at once (replacing its glide if it has one); `queue` adds a batch that
    starts, from where its sprites then are, when every running glide has landed, so a burst of input
    is played in order and no sprite jumps. With `backlog_speedup`, a batch that starts while two or
    more wait behind it runs that many times faster, so a long backlog catches up.
    """

    def __init__(self, backlog_speedup: float = 1.0) -> None:
        self.backlog_speedup = backlog_speedup
        self.running: list[Glide] = []
        self.waiting: deque[Batch] = deque()

    def __len__(self) -> int:
        """How many sprites are gliding now."""
        return len(self.running)

    @property
    def busy(self) -> bool:
        """Something glides or waits to."""
        return bool(self.running or self.waiting)

    def heading(self, sprite: Positioned) -> Point | None:
        """Where `sprite` glides to, or None when it is still."""
        return next((g.tween.end for g in self.running if g.sprite is sprite), None)

    def stop(self, sprite: Positioned) -> None:
        """`sprite` stops where it is."""
        self.running = [g for g in self.running if g.sprite is not sprite]

    def start(self, sprite: Positioned, target: Point, duration: float, easing: Easing = linear) -> None:
        self.stop(sprite)
        self.running.append(Glide(sprite, Tween(sprite.position, target, duration, easing)))

    def queue(
        self, moves: Iterable[tuple[Positioned, Point]], duration: float, easing: Easing = linear
    ) -> None:
        self.waiting.append((tuple(moves), duration, easing))
        if not self.running:
            self._start_next()

    def update(self, dt: float) -> bool:
        """Advance every glide by `dt`; True when the last running one has just landed."""
        if not self.running:
            return False
        for glide in self.running:
            glide.sprite.position = glide.tween.update(dt)
        self.running = [g for g in self.running if not g.tween.done]
        if self.running:
            return False
        self._start_next()
        return True

    def finish(self) -> None:
        """Every glide, running or waiting, lands at once."""
        for glide in self.running:
            glide.sprite.position = glide.tween.end
        for moves, _duration, _easing in self.waiting:
            for sprite, target in moves:
                sprite.position = target
        self.clear()

    def clear(self) -> None:
        self.running.clear()
        self.waiting.clear()

    def _start_next(self) -> None:
        if not self.waiting:
            return
        moves, duration, easing = self.waiting.popleft()
        if len(self.waiting) >= 2:
            duration /= self.backlog_speedup
        for sprite, target in moves:
            self.start(sprite, target, duration, easing)
