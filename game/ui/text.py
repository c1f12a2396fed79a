"""Labels that fit the space given to them, whatever language fills them.

A translation can be half again as long as the English it replaces; rather than overflow a button or a
panel, a label shrinks its font a little (down to `MIN_SCALE` of its size), and wraps when it is
multiline. `fits()` says whether it managed, which the headless tests check on every screen in every
language.
"""

import re
from dataclasses import dataclass
from typing import Literal

import arcade
import pyglet
from pyglet.gl import GL_LINEAR

from game.ui import theme

MIN_SCALE = 0.7
MIN_SIZE = 9

# Glyphs are drawn at their logical size through the camera's scale; pyglet samples its glyph textures
# with GL_NEAREST, which on a window under the logical canvas drops thin strokes (a T's bar, an en dash,
# an arrow's shaft). Filtered, the smaller text keeps every stroke.
pyglet.font.base.Font.texture_min_filter = GL_LINEAR
pyglet.font.base.Font.texture_mag_filter = GL_LINEAR

UNIT_SPACE = re.compile(r"(?<=\d) (?=\d)| (?=±)|(?<=±) ")
"""A space between two numbers (the dice left, ``2 1``; a score) or beside a ``±`` (a figure and its
error, ``0.0% ± 0.3``): a wrapped line never breaks there, the run being one thing to read."""
NO_BREAK_SPACE = "\u00a0"

AnchorX = Literal["left", "center", "right"]
AnchorY = Literal["top", "center", "bottom", "baseline"]
Align = Literal["left", "center", "right"]


class Label(arcade.Text):
    """`arcade.Text` in the game's font, kept within `box_width` (and `box_height` when given)."""

    def __init__(
        self,
        text: str,
        x: float,
        y: float,
        colour: tuple[int, ...] = theme.TEXT,
        size: float = theme.BODY_SIZE,
        *,
        box_width: float,
        box_height: float | None = None,
        bold: bool = False,
        anchor_x: AnchorX = "left",
        anchor_y: AnchorY = "baseline",
        multiline: bool = False,
        align: Align = "left",
    ) -> None:
        self.box_width = box_width
        self.box_height = box_height
        self.design_size = size
        self.base_size = size
        self._given = text
        super().__init__(
            _laid_out(text, multiline),
            x,
            y,
            colour,
            size,
            width=int(box_width) if multiline else None,
            align=align,
            font_name=theme.FONT_NAME,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            multiline=multiline,
        )
        self._fit()

    @property
    def text(self) -> str:
        """The text as given (a wrapped label lays it out with runs of numbers kept whole)."""
        return self._given

    @text.setter
    def text(self, value: str) -> None:
        if value != self._given:
            self._given = value
            self.label.text = _laid_out(value, self.multiline)
            self._fit()

    def ink(self) -> tuple[float, float]:
        """How far the drawn glyphs of the text reach below and above the baseline, (lowest, highest) in
        logical units at the size the label has now: a line's box is the font's, the same for every
        language, while Hangul or a cedilla reaches further down than Latin letters."""
        label = self.label
        font = pyglet.font.load(label.font_name, label.font_size, weight=label.weight, italic=label.italic)
        glyphs = [glyph for glyph in font.get_glyphs(self.text)[0] if glyph.width > 1 and glyph.height > 1]
        if not glyphs:
            return 0.0, 0.0
        return min(glyph.vertices[1] for glyph in glyphs), max(glyph.vertices[3] for glyph in glyphs)

    def fits(self) -> bool:
        if self.content_width > self.box_width + 0.5:
            return False
        return self.box_height is None or self.content_height <= self.box_height + 0.5

    def set_box(self, width: float, height: float | None) -> None:
        """A new box to fit in (a layout for another window size)."""
        self.box_width, self.box_height = width, height
        if self.multiline:
            self.width = int(width)
        self._fit()

    def keep_readable(self, smallest: float) -> None:
        """Grow to at least `smallest` (logical units) on a small window, back to the designed size on a
        large one; the fit to the box is made again."""
        size = max(self.design_size, smallest)
        if size != self.base_size:
            self.base_size = size
            self._fit()

    def _fit(self) -> None:
        smallest = max(MIN_SIZE, self.base_size * MIN_SCALE)
        size = self.base_size
        if not self.multiline:
            size = self._widest_line_size(size, smallest)
        if self.font_size != size:  # setting it lays the text out again, even to the same size
            self.font_size = size
        while not self.fits() and size - 1 >= smallest:
            size -= 1
            self.font_size = size

    def _widest_line_size(self, size: float, smallest: float) -> float:
        """The first of the sizes `size`, `size` - 1, ... (down to `smallest`) at which the line is no
        wider than the box, found from its glyphs' advances, which add up to the laid-out line's width:
        a layout at each size tried was most of what a label that shrinks cost (the height, when the box
        has one, is checked on the layout after)."""
        label = self.label
        while size - 1 >= smallest:
            font = pyglet.font.load(label.font_name, size, weight=label.weight, italic=label.italic)
            if sum(glyph.advance for glyph in font.get_glyphs(label.text)[0]) <= self.box_width + 0.5:
                break
            size -= 1
        return size


def _laid_out(text: str, multiline: bool) -> str:
    """The text a wrapped label lays out: a run of numbers held together with no-break spaces (pyglet
    breaks lines at plain spaces only)."""
    return UNIT_SPACE.sub(NO_BREAK_SPACE, text) if multiline else text


@dataclass(frozen=True)
class LabelSpec:
    """A label's place and look without its text, so a screen declares its labels as one table.

    Centred vertically on `y` unless told; a `box_height` makes it a wrapping multiline label.
    """

    x: float
    y: float
    box_width: float
    colour: tuple[int, ...] = theme.TEXT
    size: float = theme.BODY_SIZE
    box_height: float | None = None
    bold: bool = False
    anchor_x: AnchorX = "left"
    anchor_y: AnchorY = "center"
    align: Align = "left"

    def label(self, text: str = "") -> Label:
        return Label(
            text,
            self.x,
            self.y,
            self.colour,
            self.size,
            box_width=self.box_width,
            box_height=self.box_height,
            bold=self.bold,
            anchor_x=self.anchor_x,
            anchor_y=self.anchor_y,
            multiline=self.box_height is not None,
            align=self.align,
        )
