"""The puzzle's pictures, with Pillow only: what a picture may be (limits.py, also the config's check),
the player's pictures folder (folder.py) and tiles cut from a picture or drawn with a number (tiles.py).

The lowest layer of Fifteen: it knows no board, so the config and the menu can read pictures without
the game's model, and the screens turn these images into textures.
"""
