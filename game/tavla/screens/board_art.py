"""Pictures of the table, checkers and dice, drawn with Pillow at the screen's resolution.

The board is one picture instead of dozens of shapes a frame: cheaper to draw (software GL here) and
nicer (wood border, soft shading). No Arcade: the view turns these images into textures.
"""

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from game.core.files.shipped import asset_path
from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import Variant
from game.tavla.screens import layout

Colour = tuple[int, int, int]
SUPERSAMPLE = 2
FONT_FILE = "fonts/FifteenTavlaSans-Bold.ttf"
NUMBER_COLOUR = (236, 220, 190)
NUMBER_SIZE = 14  # the point numbers in the frame, in logical pixels: readable at 1280x800 (12 and up)
PIP_LAYOUT = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@dataclass(frozen=True)
class Palette:
    """The table's colours (from the config)."""

    board: Colour
    felt: Colour
    point_light: Colour
    point_dark: Colour
    white_checker: Colour
    black_checker: Colour
    highlight: Colour


def _shade(colour: Colour, factor: float) -> Colour:
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]


@functools.lru_cache(maxsize=6)
def board_image(
    palette: Palette,
    scale: float,
    numbers: bool = True,
    seat: int = 0,
    smallest_number: float = 0,
    variant: Variant = Rules.TAVLA.variant,
) -> Image.Image:
    """The whole board from layout.BOARD_LEFT..BOARD_RIGHT x BOARD_BOTTOM..BOARD_TOP, `scale` px per unit,
    its points numbered as `seat` counts them in `variant`'s game (two people at one desk each see their
    own numbers), the numbers `smallest_number` screen pixels or more however small the scale.

    Kept for the next table at the same size (a new game, the analysis, the menu's preview: drawing it
    is most of opening a table); callers convert it and never change the one kept."""
    k = scale * SUPERSAMPLE
    width = layout.BOARD_RIGHT - layout.BOARD_LEFT
    height = layout.BOARD_TOP - layout.BOARD_BOTTOM

    def box(left: float, bottom: float, right: float, top: float) -> tuple[float, float, float, float]:
        return (
            (left - layout.BOARD_LEFT) * k,
            (layout.BOARD_TOP - top) * k,
            (right - layout.BOARD_LEFT) * k,
            (layout.BOARD_TOP - bottom) * k,
        )

    def xy(x: float, y: float) -> tuple[float, float]:
        return (x - layout.BOARD_LEFT) * k, (layout.BOARD_TOP - y) * k

    image = Image.new("RGB", (round(width * k), round(height * k)), palette.board)
    draw = ImageDraw.Draw(image)
    for i in range(0, round(height * k), max(2, round(3 * k))):
        grain = 0.94 + 0.06 * ((i * 7919) % 13) / 13
        draw.line([(0, i), (width * k, i)], fill=_shade(palette.board, grain), width=max(1, round(k)))
    inner = layout.INNER_BOTTOM, layout.INNER_TOP
    for low, high in (layout.LEFT_HALF, layout.RIGHT_HALF):
        draw.rectangle(box(low, inner[0], high, inner[1]), fill=palette.felt)
    draw.rectangle(box(layout.TRAY[0], inner[0], layout.TRAY[1], inner[1]), fill=_shade(palette.felt, 0.8))
    draw.line(
        [xy(layout.TRAY[0], layout.MIDDLE_Y), xy(layout.TRAY[1], layout.MIDDLE_Y)],
        fill=palette.board,
        width=max(1, round(3 * k)),
    )
    for point in range(1, 25):
        shape = layout.point_shape(point)
        half = layout.POINT_WIDTH / 2 - 2
        colour = palette.point_dark if point % 2 else palette.point_light
        triangle = [
            xy(shape.x - half, shape.base_y),
            xy(shape.x + half, shape.base_y),
            xy(shape.x, shape.tip_y),
        ]
        draw.polygon(triangle, fill=colour, outline=_shade(colour, 0.75))
    image = image.filter(ImageFilter.SMOOTH)
    draw = ImageDraw.Draw(image)
    for low, high in (layout.LEFT_HALF, layout.RIGHT_HALF, (layout.TRAY[0], layout.TRAY[1])):
        draw.rectangle(
            box(low, inner[0], high, inner[1]), outline=_shade(palette.board, 0.6), width=max(1, round(2 * k))
        )
    if numbers:
        pixels = max(NUMBER_SIZE * scale, smallest_number, 3)
        font = ImageFont.truetype(str(asset_path(FONT_FILE)), round(pixels * SUPERSAMPLE))
        for point in range(1, 25):
            shape = layout.point_shape(point)
            y = layout.BOARD_BOTTOM + layout.FRAME / 2 if shape.up else layout.BOARD_TOP - layout.FRAME / 2
            label = str(layout.from_display(seat, point, variant))
            draw.text(xy(shape.x, y), label, font=font, fill=NUMBER_COLOUR, anchor="mm")
    return image.resize((round(width * scale), round(height * scale)), Image.Resampling.LANCZOS)


def checker_image(colour: Colour, size: int) -> Image.Image:
    """A round checker with a rim and a soft highlight, transparent around it."""
    big = size * SUPERSAMPLE * 2
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    light = sum(colour) > 380
    rim = _shade(colour, 0.72 if light else 1.9)
    draw.ellipse((2, 2, big - 3, big - 3), fill=rim)
    inset = big * 0.07
    draw.ellipse((inset, inset, big - inset, big - inset), fill=colour)
    ring = big * 0.2
    draw.ellipse(
        (ring, ring, big - ring, big - ring),
        outline=_shade(colour, 0.85 if light else 1.5),
        width=max(1, round(big * 0.025)),
    )
    glow = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(glow).ellipse((big * 0.18, big * 0.1, big * 0.62, big * 0.42), fill=(255, 255, 255, 70))
    image.alpha_composite(glow.filter(ImageFilter.GaussianBlur(big * 0.05)))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def slab_image(colour: Colour, size: tuple[int, int]) -> Image.Image:
    """A borne-off checker seen edge on, as it lies in the tray."""
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    light = sum(colour) > 380
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=height * 0.35,
        fill=colour,
        outline=_shade(colour, 0.7 if light else 1.9),
        width=max(1, round(height * 0.12)),
    )
    return image.resize(size, Image.Resampling.LANCZOS)


def die_image(
    value: int, size: int, face: Colour = (250, 247, 240), pip: Colour = (30, 30, 34)
) -> Image.Image:
    """A die showing `value`, rounded, with a faint shadow edge."""
    big = size * SUPERSAMPLE * 2
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = big * 0.18
    draw.rounded_rectangle((0, big * 0.03, big - 1, big - 1), radius=radius, fill=(0, 0, 0, 90))
    draw.rounded_rectangle(
        (0, 0, big - 1, big * 0.97),
        radius=radius,
        fill=face,
        outline=_shade(face, 0.7),
        width=max(1, round(big * 0.02)),
    )
    dot = big * 0.085
    for fx, fy in PIP_LAYOUT[value]:
        cx, cy = fx * big, fy * big * 0.97
        draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=pip)
    return image.resize((size, size), Image.Resampling.LANCZOS)
