"""What a picture for the puzzle may be: its formats, its bytes and its pixels. One place for the config's
check, the pictures folder's scan and the tile cutter, and free of Pillow so that reading the config
(which every command does, `solve` included) does not load it."""

MAX_PICTURE_PIXELS = 80_000_000
MAX_PICTURE_BYTES = 200_000_000
ALLOWED_FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")
