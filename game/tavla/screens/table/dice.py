"""The dice on the table: four kept sprites that tumble while they roll and dim once used."""

import random

import arcade

from game.tavla.screens import layout
from game.tavla.screens.board_art import die_image
from game.ui.textures import own_texture

DIE_SIZE = 46
DICE_MARGIN = 8


class DiceSprites:
    """The dice of the turn, in the half of the board of the player on roll."""

    def __init__(self) -> None:
        self.sprites = arcade.SpriteList()
        self._textures: dict[int, arcade.Texture] = {}

    def build_textures(self, scale: float) -> None:
        """The six faces at screen resolution (`scale` pixels a unit)."""
        pixels = round(DIE_SIZE * scale)
        self._textures = {
            value: own_texture(die_image(value, pixels), f"die-{value}-{pixels}") for value in range(1, 7)
        }

    def show(
        self, dice: tuple[int, int] | None, remaining: list[int], seat: int, rolling: bool, rng: random.Random
    ) -> None:
        """Show `dice` (None: none) for `seat`, the `remaining` ones bright; random faces while
        `rolling`. The sprites are only changed, so a frame allocates nothing."""
        if not self._textures:
            return
        if not self.sprites:
            for _index in range(4):
                self.sprites.append(arcade.Sprite(self._textures[1]))
        shown: list[int] = []
        if dice is not None:
            values = list(dice)
            if rolling:
                values = [rng.randint(1, 6), rng.randint(1, 6)]
            shown = values if values[0] != values[1] or rolling else values * 2
        half = layout.LEFT_HALF if seat == 1 else layout.RIGHT_HALF
        centre = (half[0] + half[1]) / 2
        remaining = list(remaining)
        for index, sprite in enumerate(self.sprites):
            sprite.visible = index < len(shown)
            if not sprite.visible:
                continue
            value = shown[index]
            sprite.texture = self._textures[value]
            sprite.width = sprite.height = DIE_SIZE
            sprite.position = (centre + (index - (len(shown) - 1) / 2) * (DIE_SIZE + 10), layout.MIDDLE_Y)
            sprite.angle = rng.uniform(-25, 25) if rolling else 0
            if not rolling and value in remaining:
                remaining.remove(value)
                sprite.alpha = 255
            else:
                sprite.alpha = 255 if rolling else 90

    def contains(self, x: float, y: float) -> bool:
        """Over the dice, or between them: clicking the dice ends the turn, as on most tables."""
        shown = [sprite for sprite in self.sprites if sprite.visible]
        if not shown:
            return False
        left = min(sprite.left for sprite in shown) - DICE_MARGIN
        right = max(sprite.right for sprite in shown) + DICE_MARGIN
        return left <= x <= right and abs(y - layout.MIDDLE_Y) <= DIE_SIZE / 2 + DICE_MARGIN

    def draw(self) -> None:
        self.sprites.draw()
