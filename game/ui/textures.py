"""Textures whose atlas name no other texture shares.

Arcade's atlas frees a texture's slot when the texture object is collected, by its hash. Two objects
with one hash (a table built again for a new game) share a slot, and the old one's late collection by
the cycle collector, which can run in the middle of the atlas adding the new one, freed the slot the
new one draws from ("Texture ... not found in UVData"). A serial in every hash keeps them apart.
"""

import itertools

import arcade
from PIL import Image

_SERIAL = itertools.count()


def own_texture(image: Image.Image, name: str) -> arcade.Texture:
    """A texture of the RGBA `image`, named `name` plus a serial no other texture has."""
    return arcade.Texture(image, hash=f"{name}#{next(_SERIAL)}")
