"""A plot's area on a screen: where the n-th of a series of values stands, and its frame with grid lines.

The Fifteen statistics (solve times) and the Tavla progress screen (error rates by match) draw the same
kind of plot: points spread evenly from left to right (one alone in the middle), the values scaled
between a low and a high, three grid lines across.
"""

from dataclasses import dataclass

import arcade
from arcade.types import XYWH

from game.ui import theme

GRID_FRACTIONS = (0.0, 0.5, 1.0)  # the grid lines, as fractions of the height (an axis label at each)


@dataclass(frozen=True)
class PlotArea:
    """The plot's rectangle in logical units."""

    left: float
    bottom: float
    width: float
    height: float

    def at(self, index: int, count: int, value: float, low: float, high: float) -> tuple[float, float]:
        """Where value `index` of `count` stands, `value` scaled from `low` (bottom) to `high` (top) and
        kept inside the area."""
        step = self.width / max(1, count - 1)
        x = self.left + (index * step if count > 1 else self.width / 2)
        span = (high - low) or 1.0
        share = min(max((value - low) / span, 0.0), 1.0)
        return x, self.bottom + share * self.height

    def grid_y(self, fraction: float) -> float:
        """The height of a grid line (`fraction` of the way up)."""
        return self.bottom + fraction * self.height

    def draw_frame(self) -> None:
        """The plot's background, a margin wider than the area, and its grid lines."""
        frame = XYWH(
            self.left + self.width / 2, self.bottom + self.height / 2, self.width + 20, self.height + 20
        )
        arcade.draw_rect_filled(frame, theme.BACKGROUND)
        for fraction in GRID_FRACTIONS:
            y = self.grid_y(fraction)
            arcade.draw_line(self.left - 10, y, self.left + self.width + 10, y, theme.PANEL_BORDER, 1)
