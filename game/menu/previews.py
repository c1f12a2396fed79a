"""The menu cards' pictures: the puzzle at the chosen size and picture, the table at the opening.

The number tiles' and the table's pictures depend on nothing but their arguments, and the menu is built
again each time it is shown (drawing them was over half of that): each is drawn once and kept (a few
hundred kilobytes each); nothing changes them, a texture only reads its image."""

import functools

import arcade
from PIL import Image

from game.core.errors import UserError
from game.puzzle.pictures.tiles import NumberStyle, number_tile, thumbnail
from game.tavla.engine.position import OPENING
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette, board_image, checker_image
from game.ui import theme
from game.ui.textures import own_texture


@functools.lru_cache(maxsize=8)
def opening_image(palette: Palette, light_seat: int, scale: float) -> Image.Image:
    """The table at the opening, in the board art the table draws, `scale` pixels a board unit."""
    image = board_image(palette, scale, numbers=False).convert("RGBA")
    side = round(layout.CHECKER * scale)
    colours = [palette.white_checker, palette.black_checker]
    checkers = [checker_image(colour, side) for colour in (colours if light_seat == 0 else colours[::-1])]
    for point in range(1, 25):
        count, seat = abs(OPENING[point]), 0 if OPENING[point] > 0 else 1
        for index in range(count):
            x, y = layout.checker_position(seat, point, index, count)
            corner = (
                round((x - layout.BOARD_LEFT) * scale - side / 2),
                round((layout.BOARD_TOP - y) * scale - side / 2),
            )
            image.alpha_composite(checkers[seat], corner)
    return image


@functools.lru_cache(maxsize=16)
def numbers_image(columns: int, rows: int, style: NumberStyle, pixels: int) -> Image.Image:
    """The solved board of number tiles at the chosen size, fitting a `pixels` square; the last cell
    is the gap."""
    cell = pixels // max(columns, rows)
    image = Image.new("RGBA", (cell * columns, cell * rows), (*theme.BACKGROUND, 255))
    for index in range(columns * rows - 1):
        row, column = divmod(index, columns)
        image.alpha_composite(number_tile(index + 1, cell, style), (column * cell, row * cell))
    return image


def picture_image(path: str, columns: int, rows: int, pixels: int) -> Image.Image:
    """The picture cropped as the chosen board shows it; a plain square when it cannot be read (the
    puzzle itself says why)."""
    try:
        return thumbnail(path, columns, rows, pixels).convert("RGBA")
    except UserError:
        return Image.new("RGBA", (pixels, pixels), (*theme.PANEL_BORDER, 255))


def sprite_list(image: Image.Image, key: str, x: float, y: float, pixel_scale: float) -> arcade.SpriteList:
    """One sprite of `image` (made at screen resolution) centred on (x, y) in logical units."""
    sprite = arcade.Sprite(own_texture(image, f"menu-{key}-{image.size}"), center_x=x, center_y=y)
    sprite.width, sprite.height = image.width / pixel_scale, image.height / pixel_scale
    sprites = arcade.SpriteList()
    sprites.append(sprite)
    return sprites
