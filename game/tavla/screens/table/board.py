"""The board's picture on the table: one sprite, its points numbered as the player reading them counts.

Against a bot the numbers are the player's; two people at one desk each see their own while on roll.
Each numbering is drawn (Pillow, at screen resolution) the first time it is shown after a resize.
"""

import arcade

from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import Variant
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette, board_image
from game.ui.scene import SMALLEST_PIXELS
from game.ui.textures import own_texture


class BoardPicture:
    """The board sprite and its textures by the seat whose numbers they show."""

    def __init__(self) -> None:
        self.sprites = arcade.SpriteList()
        self.seat = 0  # whose numbers are shown
        self.variant: Variant = Rules.TAVLA.variant  # in which game's numbering
        self._textures: dict[tuple[int, Variant], arcade.Texture] = {}
        self._look: tuple[Palette, float, bool] | None = None

    def build(self, palette: Palette, scale: float, numbers: bool) -> None:
        """A board in `palette` at `scale` screen pixels a unit, with point numbers or without."""
        self._look = (palette, scale, numbers)
        self._textures = {}
        self.sprites.clear()
        sprite = arcade.Sprite(self._texture(self.seat, self.variant))
        sprite.position = (
            (layout.BOARD_LEFT + layout.BOARD_RIGHT) / 2,
            (layout.BOARD_BOTTOM + layout.BOARD_TOP) / 2,
        )
        self.sprites.append(sprite)
        self._fit(sprite)

    def _texture(self, seat: int, variant: Variant) -> arcade.Texture:
        if (seat, variant) not in self._textures:
            assert self._look is not None
            palette, scale, numbers = self._look
            image = board_image(palette, scale, numbers, seat, SMALLEST_PIXELS, variant)
            name = f"tavla-board-{palette}-{scale:.4f}-{numbers}-{seat}-{variant.their_point(1)}"
            self._textures[(seat, variant)] = own_texture(image.convert("RGBA"), name)
        return self._textures[(seat, variant)]

    @staticmethod
    def _fit(sprite: arcade.Sprite) -> None:
        sprite.width = layout.BOARD_RIGHT - layout.BOARD_LEFT
        sprite.height = layout.BOARD_TOP - layout.BOARD_BOTTOM

    def number_for(self, seat: int, variant: Variant) -> None:
        """Show the points numbered as `seat` counts them in `variant`'s game (a board without numbers
        stays as it is)."""
        shown = (self.seat, self.variant)
        self.seat, self.variant = seat, variant
        if (seat, variant) != shown and self.sprites and self._look is not None and self._look[2]:
            sprite = self.sprites[0]
            sprite.texture = self._texture(seat, variant)
            self._fit(sprite)

    def draw(self) -> None:
        self.sprites.draw()
