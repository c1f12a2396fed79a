"""The auto-solve's pace: the tiles of the solution still to slide, at a speed the player picks.

Pure Python (no Arcade): the Fifteen screen asks `next_tile(dt, busy)` once a frame and glides the tile
it gets for `glide_seconds`; tests drive it with made-up seconds. At ×1 a move takes what it always took
(a 6x5's solution, some 180 moves, about 40 seconds); each speed up halves the glide and the pause after
it, so ×8 plays the same solution in a few seconds.
"""

from collections import deque
from collections.abc import Iterable

SPEEDS = (1, 2, 4, 8)
GLIDE_SECONDS = 0.18
"""How long a tile glides at ×1."""
PAUSE_SECONDS = 0.04
"""How long the board rests after a tile lands, at ×1, before the next one starts."""


class AutoSolve:
    """The solution being played out, move by move, and its speed (kept when one ends, for the next)."""

    def __init__(self) -> None:
        self.moves: deque[int] = deque()
        self.speed_index = 0
        self._rested = 0.0

    @property
    def running(self) -> bool:
        return bool(self.moves)

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    @property
    def glide_seconds(self) -> float:
        return GLIDE_SECONDS / self.speed

    @property
    def pause_seconds(self) -> float:
        return PAUSE_SECONDS / self.speed

    def start(self, tiles: Iterable[int]) -> None:
        """Play these tiles, the first at once."""
        self.moves.extend(tiles)
        self._rested = self.pause_seconds

    def stop(self) -> None:
        self.moves.clear()

    def faster(self) -> int:
        """One speed up (at most the last); returns it."""
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)
        return self.speed

    def slower(self) -> int:
        """One speed down (at least ×1); returns it."""
        self.speed_index = max(self.speed_index - 1, 0)
        return self.speed

    def choose(self, number: int) -> int:
        """The `number`-th speed, 1 for ×1 up to len(SPEEDS) (a number key); others are clamped."""
        self.speed_index = max(0, min(number - 1, len(SPEEDS) - 1))
        return self.speed

    def next_tile(self, dt: float, busy: bool) -> int | None:
        """The tile to slide now: once the last glide has landed (`busy` False) and the board has rested
        `pause_seconds` since; None until then, and when nothing is left to play."""
        if not self.moves:
            return None
        if busy:
            self._rested = 0.0
            return None
        self._rested += max(0.0, dt)
        if self._rested + 1e-9 < self.pause_seconds:
            return None
        self._rested = 0.0
        return self.moves.popleft()
