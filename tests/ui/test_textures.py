"""A texture made again under a name an old one had stays drawable when the old one is collected late."""

import gc

import arcade
from PIL import Image

from game.ui.textures import own_texture


class _Cycle:
    """Holds a texture in a reference cycle, so only the cycle collector frees it (as a closed table)."""

    def __init__(self, texture: arcade.Texture) -> None:
        self.texture = texture
        self.me = self


def test_an_old_texture_collected_while_the_atlas_adds_a_new_one_of_its_name(window, monkeypatch) -> None:
    atlas = window.ctx.default_atlas
    image = Image.new("RGBA", (8, 8), (200, 30, 30, 255))
    old = own_texture(image, "die-2-46")
    atlas.add(old)
    _Cycle(old)
    del old
    # The cycle collector can run at any allocation, in the middle of the atlas adding the new texture.
    has_texture = atlas.has_texture
    monkeypatch.setattr(atlas, "has_texture", lambda texture: (gc.collect(), has_texture(texture))[1])
    new = own_texture(image.copy(), "die-2-46")
    atlas.add(new)
    monkeypatch.undo()
    gc.collect()

    sprites = arcade.SpriteList()
    sprites.append(arcade.Sprite(new))
    sprites.draw()  # raised "Texture ... not found in UVData" when both had one hash
    assert atlas.has_texture(new)
