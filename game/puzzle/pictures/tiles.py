"""Tile images for the puzzle: pictures cut with Pillow, and clean number tiles.

Pure Pillow (no Arcade): the view turns each RGBA image into a texture. Any picture works: it is
turned upright from its EXIF orientation, centre-cropped to the board's aspect ratio, scaled to the
board's size in pixels and cut into W x H tiles. Bad files become a UserError naming the path, never a
traceback, so the game can fall back to number tiles.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.text.i18n import _
from game.puzzle.pictures.limits import ALLOWED_FORMATS, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS

FONT_DIR = "fonts"
PREFERRED_FONTS = ("FifteenTavlaSans-Bold.ttf", "FifteenTavlaSans-Regular.ttf")
PICTURE_BACKGROUND = (40, 42, 54)
REDUCING_GAP = 2.0
SUPERSAMPLE = 3
TRANSPOSING_ORIENTATIONS = {5, 6, 7, 8}
EXIF_ORIENTATION = 0x0112

Colour = tuple[int, int, int] | tuple[int, int, int, int]
PictureSource = str | Path | Image.Image


@dataclass(frozen=True)
class NumberStyle:
    """How number tiles (and the small corner numbers on picture tiles) look; the config maps onto it."""

    fill: Colour = (236, 204, 148)
    edge: Colour = (186, 142, 84)
    text: Colour = (62, 44, 30)
    corner_radius: float = 0.14
    margin: float = 0.035
    font_scale: float = 0.46
    corner_fill: Colour = (0, 0, 0, 150)
    corner_text: Colour = (255, 255, 255, 235)
    corner_scale: float = 0.2


DEFAULT_STYLE = NumberStyle()


@dataclass(frozen=True)
class PictureTiles:
    """A picture cut for one board: ``tiles[n - 1]`` is tile n; ``empty`` is the last cell's piece."""

    columns: int
    rows: int
    tile_size: tuple[int, int]
    picture: Image.Image
    tiles: tuple[Image.Image, ...]
    empty: Image.Image

    def tile(self, number: int) -> Image.Image:
        """The image of tile ``number`` (1 to N-1)."""
        return self.tiles[number - 1]


def _font_file() -> Path | None:
    folder = asset_path(FONT_DIR)
    for name in PREFERRED_FONTS:
        if (folder / name).is_file():
            return folder / name
    found = sorted(folder.glob("*.ttf")) if folder.is_dir() else []
    return found[0] if found else None


@functools.lru_cache(maxsize=64)
def _font(size: int, path: str | None) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size)


def font(size: int, path: str | Path | None = None) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The bundled TTF at ``size`` pixels (cached); Pillow's own font if no TTF is installed."""
    chosen = path if path is not None else _font_file()
    return _font(max(1, int(size)), None if chosen is None else str(chosen))


def _check_size(columns: int, rows: int, board_px: Sequence[int]) -> tuple[int, int]:
    width, height = (int(v) for v in board_px)
    tile_w, tile_h = width // columns, height // rows
    if tile_w < 1 or tile_h < 1:
        raise ValueError(f"board of {width}x{height} px is too small for {columns}x{rows} tiles")
    return tile_w, tile_h


def _cover_box(size: tuple[int, int], aspect: float) -> tuple[float, float, float, float]:
    """The largest centred box of this aspect (width / height) inside an image of ``size``."""
    width, height = size
    if width / height > aspect:
        crop_w = height * aspect
        left = (width - crop_w) / 2
        return left, 0.0, left + crop_w, float(height)
    crop_h = width / aspect
    top = (height - crop_h) / 2
    return 0.0, top, float(width), top + crop_h


def _to_rgba(image: Image.Image, background: Colour | None) -> Image.Image:
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "I;16N", "F"):
        image = image.convert("F")
        low, high = image.getextrema()
        scale = 255.0 / (high - low) if high > low else 0.0
        image = image.point(lambda v: (v - low) * scale).convert("L")
    rgba = image.convert("RGBA")
    if background is None or rgba.getextrema()[3][0] == 255:
        return rgba
    base = Image.new("RGBA", rgba.size, (*background[:3], 255))
    return Image.alpha_composite(base, rgba)


def _open(path: Path) -> Image.Image:
    shown = repr(str(path))
    if not path.exists():
        # Translators: {path} is the picture's file path, quoted.
        raise UserError(_("picture {path} does not exist").format(path=shown))
    if path.is_dir():
        # Translators: {path} is the picture's path, quoted.
        raise UserError(_("picture {path} is a folder, not an image file").format(path=shown))
    try:
        byte_count = path.stat().st_size
    except OSError as error:
        # Translators: {path} is the picture's file path, quoted; {reason} the system's error text.
        message = _("picture {path} cannot be read: {reason}")
        raise UserError(message.format(path=shown, reason=error.strerror or error)) from None
    if byte_count > MAX_PICTURE_BYTES:
        # Translators: {path} is the picture's file path; {size} and {limit} are whole megabytes.
        message = _("picture {path} is {size} MB: the limit is {limit} MB")
        raise UserError(
            message.format(path=shown, size=byte_count // 1_000_000, limit=MAX_PICTURE_BYTES // 1_000_000)
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(path, formats=ALLOWED_FORMATS)
    except Image.DecompressionBombError:
        raise _too_big(path, None) from None
    except PermissionError:
        # Translators: {path} is the picture's file path, quoted.
        raise UserError(_("picture {path} cannot be read: permission denied").format(path=shown)) from None
    except Image.UnidentifiedImageError:
        # Translators: {path} is the picture's file path; {formats} a list of file formats (PNG, JPEG, ...).
        message = _("picture {path} is not an image Pillow can read ({formats})")
        raise UserError(message.format(path=shown, formats=", ".join(ALLOWED_FORMATS))) from None
    except Exception as error:  # noqa: BLE001 - a decoder may raise anything on a hostile file
        # Translators: {path} is the picture's file path, quoted; {reason} the decoder's error text.
        message = _("picture {path} cannot be read: {reason}")
        raise UserError(message.format(path=shown, reason=error)) from None
    return image


def _too_big(path: Path, size: tuple[int, int] | None) -> UserError:
    limit = MAX_PICTURE_PIXELS // 1_000_000
    if size:
        # Translators: {path} is the picture's file path; {width}x{height} its size in pixels;
        # {limit} a whole number of millions.
        message = _(
            "picture {path} is too large ({width}x{height} pixels): at most {limit} million pixels "
            "are allowed (decompression bomb guard)"
        )
        return UserError(message.format(path=repr(str(path)), width=size[0], height=size[1], limit=limit))
    # Translators: {path} is the picture's file path; {limit} a whole number of millions.
    message = _(
        "picture {path} is too large: at most {limit} million pixels are allowed (decompression bomb guard)"
    )
    return UserError(message.format(path=repr(str(path)), limit=limit))


def _orientation(image: Image.Image) -> int:
    try:
        return int(image.getexif().get(EXIF_ORIENTATION, 1))
    except Exception:  # noqa: BLE001 - broken EXIF only loses the rotation
        return 1


def load_picture(
    source: PictureSource,
    needed: tuple[int, int] | None = None,
    aspect: float | None = None,
    background: Colour | None = PICTURE_BACKGROUND,
) -> Image.Image:
    """Open a picture upright in RGBA; with ``needed`` (w, h) and ``aspect``, decode JPEGs just big enough.

    JPEG's DCT scaling (``draft``) decodes at 1/2, 1/4 or 1/8 size for free, which is what keeps cutting a
    12-megapixel photo well under a second. The pixel limit applies to what is decoded, so a big photo
    that draft shrinks is accepted while a PNG bomb is refused before decoding. Transparent pixels are
    laid on ``background`` (None keeps them) so tile edges stay visible on the board.
    """
    if isinstance(source, Image.Image):
        return _to_rgba(ImageOps.exif_transpose(source), background)
    path = Path(source)
    image = _open(path)
    declared = image.size
    try:
        if needed is not None and image.format == "JPEG":
            turned = _orientation(image) in TRANSPOSING_ORIENTATIONS
            upright = (image.height, image.width) if turned else image.size
            box = _cover_box(upright, aspect if aspect else upright[0] / upright[1])
            scale = max(needed[0] / (box[2] - box[0]), needed[1] / (box[3] - box[1]))
            want = (math.ceil(upright[0] * scale), math.ceil(upright[1] * scale))
            image.draft(None, (want[1], want[0]) if turned else want)
        if image.width * image.height > MAX_PICTURE_PIXELS:
            raise _too_big(path, declared)
        image.load()
        return _to_rgba(ImageOps.exif_transpose(image), background)
    except UserError:
        raise
    except Exception as error:  # noqa: BLE001 - truncated or hostile data fails here, not at open
        # Translators: {path} is the picture's file path, quoted; {reason} the decoder's error text.
        message = _("picture {path} is damaged or cannot be decoded: {reason}")
        raise UserError(message.format(path=repr(str(path)), reason=error)) from None
    finally:
        image.close()


def fit_picture(
    source: PictureSource, size: tuple[int, int], background: Colour | None = PICTURE_BACKGROUND
) -> Image.Image:
    """Centre-crop a picture to the aspect of ``size`` and scale it to exactly ``size`` (RGBA)."""
    width, height = (max(1, int(v)) for v in size)
    image = load_picture(source, (width, height), width / height, background)
    box = _cover_box(image.size, width / height)
    if image.size == (width, height):
        return image
    return image.resize((width, height), Image.Resampling.LANCZOS, box=box, reducing_gap=REDUCING_GAP)


def cut_picture(
    source: PictureSource,
    columns: int,
    rows: int,
    board_px: Sequence[int],
    corner_numbers: bool = False,
    style: NumberStyle = DEFAULT_STYLE,
    background: Colour | None = PICTURE_BACKGROUND,
) -> PictureTiles:
    """Cut a picture into tiles for a ``columns`` x ``rows`` board drawn ``board_px`` (w, h) pixels big.

    Tiles are ``board_px // (columns, rows)`` each; the picture is cropped to the tile grid's aspect
    (W:H for square tiles). Call again on window resize so tiles stay sharp.
    """
    tile_w, tile_h = _check_size(columns, rows, board_px)
    picture = fit_picture(source, (tile_w * columns, tile_h * rows), background)
    pieces = [
        picture.crop((col * tile_w, row * tile_h, (col + 1) * tile_w, (row + 1) * tile_h))
        for row in range(rows)
        for col in range(columns)
    ]
    if corner_numbers:
        for number, piece in enumerate(pieces[:-1], start=1):
            _draw_corner_number(piece, number, style)
    return PictureTiles(columns, rows, (tile_w, tile_h), picture, tuple(pieces[:-1]), pieces[-1])


def _draw_corner_number(piece: Image.Image, number: int, style: NumberStyle) -> None:
    size = max(8, round(min(piece.size) * style.corner_scale))
    face = font(size)
    label = str(number)
    overlay = Image.new("RGBA", piece.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    left, top, right, bottom = draw.textbbox((0, 0), label, font=face, anchor="lt")
    pad = max(2, size // 4)
    box = (pad // 2, pad // 2, pad // 2 + right - left + 2 * pad, pad // 2 + bottom - top + 2 * pad)
    draw.rounded_rectangle(box, radius=pad, fill=style.corner_fill)
    draw.text((box[0] + pad, box[1] + pad), label, font=face, fill=style.corner_text, anchor="lt")
    piece.alpha_composite(overlay)


def number_tile(
    number: int,
    size: int | Sequence[int],
    style: NumberStyle = DEFAULT_STYLE,
    font_path: str | Path | None = None,
) -> Image.Image:
    """A clean number tile: rounded, softly shaded, number centred; drawn supersampled for smooth edges."""
    width, height = (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))
    if width < 1 or height < 1:
        raise ValueError(f"tile size {width}x{height} is too small")
    big_w, big_h = width * SUPERSAMPLE, height * SUPERSAMPLE
    image = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    margin = round(min(big_w, big_h) * style.margin)
    radius = round(min(big_w, big_h) * style.corner_radius)
    outer = (margin, margin, big_w - 1 - margin, big_h - 1 - margin)
    draw.rounded_rectangle(outer, radius=radius, fill=style.edge)
    rim = max(1, round(min(big_w, big_h) * 0.045))
    inner = (outer[0] + rim // 2, outer[1] + rim // 3, outer[2] - rim // 2, outer[3] - rim)
    draw.rounded_rectangle(inner, radius=max(0, radius - rim // 2), fill=style.fill)
    face = font(round(min(big_w, big_h) * style.font_scale), font_path)
    centre = ((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2)
    draw.text(centre, str(number), font=face, fill=style.text, anchor="mm")
    return image.resize((width, height), Image.Resampling.LANCZOS)


def thumbnail(
    source: PictureSource,
    columns: int,
    rows: int,
    max_px: int | Sequence[int],
    background: Colour | None = PICTURE_BACKGROUND,
) -> Image.Image:
    """The target picture for the HUD: cropped like the board (W:H) and fitting inside ``max_px``."""
    box_w, box_h = (max_px, max_px) if isinstance(max_px, int) else (int(max_px[0]), int(max_px[1]))
    scale = min(box_w / columns, box_h / rows)
    size = (max(1, math.floor(columns * scale)), max(1, math.floor(rows * scale)))
    return fit_picture(source, size, background)
