"""The Fifteen screen's textures: tiles and the goal thumbnail, cut with Pillow at screen resolution.

Textures depend only on the picture, the board size, the scale and whether corner numbers show, so
New game and Restart reuse them instead of cutting the picture again.
"""

from pathlib import Path

import arcade
from PIL import Image

from game.puzzle.model.settings import NUMBERS
from game.puzzle.model.size import BoardSize
from game.puzzle.pictures.tiles import NumberStyle, PictureTiles, cut_picture, number_tile, thumbnail
from game.puzzle.screens.layout import PANEL_X, THUMBNAIL_SIZE, THUMBNAIL_Y, TILE_GAP
from game.ui.textures import own_texture


class TileTextures:
    """Every tile's texture (0 = the picture's missing piece) and the goal thumbnail as a sprite."""

    def __init__(self, style: NumberStyle) -> None:
        self.style = style
        self.tiles: dict[int, arcade.Texture] = {}
        self.thumbnail = arcade.SpriteList()
        self._key = ""

    def update(
        self, picture: Path | None, size: BoardSize, pixels: int, pixel_scale: float, numbered: bool
    ) -> None:
        """Make the textures for tiles `pixels` wide (without the gap), unless they are made already.

        Raises UserError when the picture cannot be read.
        """
        key = f"puzzle-{picture or NUMBERS}-{size}-{pixels}-{numbered}-{self.style}"
        if key == self._key:
            return
        images = self._tile_images(picture, size, pixels, pixel_scale, numbered)
        self._make_thumbnail(picture, size, pixel_scale, images)
        self.tiles = {
            tile: own_texture(image.convert("RGBA"), f"{key}-{tile}") for tile, image in images.items()
        }
        self._key = key

    def _tile_images(
        self, picture: Path | None, size: BoardSize, pixels: int, pixel_scale: float, numbered: bool
    ) -> dict[int, Image.Image]:
        width, height = size.columns, size.rows
        if picture is None:
            return {tile: number_tile(tile, pixels, self.style) for tile in range(1, width * height)}
        cut = self._cut_picture(picture, size, pixels + TILE_GAP * pixel_scale, numbered)
        inset = round(TILE_GAP * pixel_scale / 2)
        box = (inset, inset, cut.tile_size[0] - inset, cut.tile_size[1] - inset)
        images = {tile: cut.tile(tile).crop(box) for tile in range(1, width * height)}
        images[0] = cut.empty.crop(box)
        return images

    def _cut_picture(
        self, picture: Path, size: BoardSize, tile_pixels: float, numbered: bool
    ) -> PictureTiles:
        """Cut at the full cell size; each piece is then trimmed by the gap, so the picture stays aligned."""
        width, height = size.columns, size.rows
        side = round(tile_pixels)
        return cut_picture(
            picture, width, height, (side * width, side * height), corner_numbers=numbered, style=self.style
        )

    def _make_thumbnail(
        self,
        picture: Path | None,
        size: BoardSize,
        pixel_scale: float,
        tile_images: dict[int, Image.Image],
    ) -> None:
        """The target for the HUD: the picture, or the solved number board built from the tiles."""
        self.thumbnail.clear()
        width, height = size.columns, size.rows
        pixels = round(THUMBNAIL_SIZE * pixel_scale)
        if picture is not None:
            image = thumbnail(picture, width, height, pixels)
        else:
            side = max(4, pixels // max(width, height))
            image = Image.new("RGBA", (side * width, side * height), (0, 0, 0, 0))
            for tile in range(1, width * height):
                column, row = divmod(tile - 1, width)[::-1]
                image.paste(
                    tile_images[tile].resize((side, side), Image.Resampling.LANCZOS),
                    (column * side, row * side),
                )
        texture = own_texture(image.convert("RGBA"), f"target-{picture}-{size}-{pixels}")
        sprite = arcade.Sprite(texture)
        sprite.width, sprite.height = image.width / pixel_scale, image.height / pixel_scale
        sprite.position = (PANEL_X, THUMBNAIL_Y)
        self.thumbnail.append(sprite)
