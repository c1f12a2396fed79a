"""Picture slicing and number tiles: pictures that open are cut right; the others are refused clearly."""

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageFont

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.puzzle.pictures import tiles as tiles_module
from game.puzzle.pictures.tiles import (
    MAX_PICTURE_PIXELS,
    PictureTiles,
    cut_picture,
    fit_picture,
    font,
    load_picture,
    number_tile,
    thumbnail,
)

RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
SHIPPED = ("sunset.jpg", "mosaic.png", "night.jpg")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def stripes(size, colours, vertical=True) -> Image.Image:
    """Equal stripes of flat colour, so crops can be checked by colour."""
    image = Image.new("RGB", size)
    count = len(colours)
    for k, colour in enumerate(colours):
        if vertical:
            box = (size[0] * k // count, 0, size[0] * (k + 1) // count, size[1])
        else:
            box = (0, size[1] * k // count, size[0], size[1] * (k + 1) // count)
        image.paste(colour, box)
    return image


def close(pixel, colour, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def png_header_only(path: Path, width: int, height: int) -> Path:
    """A tiny PNG whose header claims a huge size: what a decompression bomb looks like before decoding."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    path.write_bytes(PNG_SIGNATURE + chunks)
    return path


def test_cut_shapes_and_the_empty_tile(tmp_path):
    source = tmp_path / "grid.png"
    stripes((600, 500), [RED, GREEN, BLUE]).save(source)
    cut = cut_picture(source, 6, 5, (600, 500))
    assert isinstance(cut, PictureTiles)
    assert cut.tile_size == (100, 100)
    assert len(cut.tiles) == 29 and cut.empty.size == (100, 100)
    assert all(t.mode == "RGBA" and t.size == (100, 100) for t in cut.tiles)
    assert close(cut.tile(1).getpixel((50, 50)), RED)
    assert close(cut.tile(6).getpixel((50, 50)), BLUE)
    assert close(cut.empty.getpixel((50, 50)), BLUE)
    assert cut.picture.size == (600, 500)


def test_wide_picture_is_centre_cropped_for_a_square_board(tmp_path):
    source = tmp_path / "wide.png"
    stripes((900, 300), [RED, GREEN, BLUE]).save(source)
    cut = cut_picture(source, 4, 4, (400, 400))
    assert all(close(t.getpixel((x, y)), GREEN) for t in cut.tiles for x, y in ((1, 1), (98, 98)))


def test_square_picture_is_cropped_top_and_bottom_for_a_wide_board(tmp_path):
    source = tmp_path / "tall.jpg"
    stripes((600, 600), [RED, GREEN, BLUE], vertical=False).save(source, quality=95)
    cut = cut_picture(source, 6, 2, (600, 200))  # aspect 3:1 keeps only the middle third
    assert all(close(t.getpixel((50, 50)), GREEN) for t in cut.tiles)


def test_board_size_not_a_multiple_of_the_grid_uses_whole_tiles(tmp_path):
    source = tmp_path / "any.png"
    stripes((300, 300), [RED, BLUE]).save(source)
    cut = cut_picture(source, 3, 3, (301, 305))
    assert cut.tile_size == (100, 101) and cut.picture.size == (300, 303)


def test_tiny_picture_smaller_than_the_board_is_scaled_up(tmp_path):
    source = tmp_path / "tiny.png"
    stripes((30, 20), [RED, GREEN, BLUE]).save(source)
    cut = cut_picture(source, 4, 4, (400, 400))
    assert cut.tile_size == (100, 100)
    assert close(cut.tile(6).getpixel((50, 50)), GREEN)


def test_huge_jpeg_is_decoded_small_and_cut(tmp_path):
    source = tmp_path / "huge.jpg"
    stripes((4000, 3000), [RED, GREEN, BLUE]).save(source, quality=85)
    cut = cut_picture(source, 6, 5, (720, 600))
    assert cut.tile_size == (120, 120)
    assert close(cut.tile(1).getpixel((60, 60)), RED)
    assert close(cut.tile(15).getpixel((60, 60)), GREEN)


def test_rgba_transparency_is_laid_on_the_background_or_kept(tmp_path):
    source = tmp_path / "alpha.png"
    image = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    image.paste((255, 0, 0, 255), (0, 0, 100, 200))
    image.save(source)
    opaque = cut_picture(source, 2, 2, (200, 200), background=(10, 20, 30))
    assert opaque.tile(2).getpixel((50, 50)) == (10, 20, 30, 255)
    assert close(opaque.tile(1).getpixel((50, 50)), RED)
    kept = cut_picture(source, 2, 2, (200, 200), background=None)
    assert kept.tile(2).getpixel((50, 50))[3] == 0


def test_palette_with_transparency(tmp_path):
    source = tmp_path / "palette.png"
    image = stripes((200, 200), [RED, BLUE]).convert("P", palette=Image.Palette.ADAPTIVE, colors=4)
    image.info["transparency"] = image.getpixel((150, 100))
    image.save(source, transparency=image.getpixel((150, 100)))
    assert Image.open(source).mode == "P"
    cut = cut_picture(source, 2, 2, (200, 200), background=(0, 0, 0))
    assert close(cut.tile(1).getpixel((50, 50)), RED)
    assert cut.tile(2).getpixel((50, 50)) == (0, 0, 0, 255)


@pytest.mark.parametrize("mode", ["L", "LA", "1", "I;16", "CMYK"])
def test_greyscale_and_other_modes(tmp_path, mode):
    source = tmp_path / ("picture.tiff" if mode == "CMYK" else "picture.png")
    stripes((200, 100), [(0, 0, 0), (255, 255, 255)]).convert("L").convert(mode).save(source)
    cut = cut_picture(source, 2, 1, (200, 100))
    assert cut.tile(1).mode == "RGBA"
    assert cut.tile(1).getpixel((50, 50))[0] < 60
    assert cut.empty.getpixel((50, 50))[0] > 200


def test_webp(tmp_path):
    source = tmp_path / "picture.webp"
    stripes((200, 200), [RED, GREEN]).save(source, quality=90)
    assert close(cut_picture(source, 2, 2, (200, 200)).tile(1).getpixel((50, 50)), RED)


@pytest.mark.parametrize(("suffix", "scale"), [(".jpg", 1), (".png", 1), (".jpg", 10)])
def test_exif_rotation_is_honoured(tmp_path, suffix, scale):
    source = tmp_path / f"rotated{suffix}"
    stored = stripes((400 * scale, 200 * scale), [RED, BLUE])  # stored landscape: red left, blue right
    exif = Image.Exif()
    exif[0x0112] = 6  # displayed turned 90 degrees clockwise: red on top, blue at the bottom
    stored.save(source, exif=exif)
    upright = load_picture(source)
    assert upright.size == (200 * scale, 400 * scale)
    cut = cut_picture(source, 2, 4, (200, 400))  # the big JPEG is decoded at 1/8 scale, still upright
    assert close(cut.tile(1).getpixel((50, 50)), RED)
    assert close(cut.empty.getpixel((50, 50)), BLUE)


def test_in_memory_images_work_too():
    cut = cut_picture(stripes((300, 300), [RED, GREEN, BLUE]), 3, 3, (90, 90))
    assert cut.tile_size == (30, 30)
    assert close(cut.tile(1).getpixel((15, 15)), RED)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not an image"),
        (b"hello, this is text", "not an image"),
        (PNG_SIGNATURE + b"\0" * 40, "cannot be read|not an image"),
    ],
)
def test_corrupt_files_are_refused_with_the_path(tmp_path, content, message):
    source = tmp_path / "broken.png"
    source.write_bytes(content)
    with pytest.raises(UserError, match=message) as caught:
        cut_picture(source, 4, 4, (400, 400))
    assert str(source) in str(caught.value)


def test_truncated_jpeg_is_refused(tmp_path):
    source = tmp_path / "cut-short.jpg"
    whole = tmp_path / "whole.jpg"
    stripes((800, 600), [RED, GREEN]).save(whole, quality=90)
    source.write_bytes(whole.read_bytes()[:3000])
    with pytest.raises(UserError, match="damaged or cannot be decoded") as caught:
        cut_picture(source, 4, 4, (400, 400))
    assert str(source) in str(caught.value)


def test_missing_and_folder_paths(tmp_path):
    with pytest.raises(UserError, match="does not exist") as caught:
        cut_picture(tmp_path / "nope.png", 4, 4, (400, 400))
    assert "nope.png" in str(caught.value)
    with pytest.raises(UserError, match="is a folder"):
        cut_picture(tmp_path, 4, 4, (400, 400))


def test_formats_outside_the_allowed_list_are_refused(tmp_path):
    source = tmp_path / "picture.ico"
    stripes((32, 32), [RED, BLUE]).save(source)
    with pytest.raises(UserError, match="not an image Pillow can read"):
        cut_picture(source, 2, 2, (64, 64))


@pytest.mark.parametrize(("width", "height"), [(10_000, 9_000), (40_000, 40_000)])
def test_decompression_bombs_are_refused_before_decoding(tmp_path, width, height):
    assert width * height > MAX_PICTURE_PIXELS
    source = png_header_only(tmp_path / "bomb.png", width, height)
    pillow_limit = Image.MAX_IMAGE_PIXELS
    with pytest.raises(UserError, match="too large") as caught:
        cut_picture(source, 4, 4, (400, 400))
    assert str(source) in str(caught.value) and "million pixels" in str(caught.value)
    assert pillow_limit == Image.MAX_IMAGE_PIXELS  # the global limit is left alone


def test_pixel_limit_is_our_own_not_pillows_global(tmp_path, monkeypatch):
    monkeypatch.setattr(tiles_module, "MAX_PICTURE_PIXELS", 100 * 100)
    source = tmp_path / "small.png"
    stripes((101, 100), [RED]).save(source)
    with pytest.raises(UserError, match="too large"):
        cut_picture(source, 2, 2, (100, 100))
    assert Image.MAX_IMAGE_PIXELS > 100 * 100


def test_board_too_small_for_its_grid_is_a_programming_error():
    with pytest.raises(ValueError, match="too small"):
        cut_picture(stripes((100, 100), [RED]), 4, 4, (3, 3))


def test_corner_numbers_change_only_the_corner(tmp_path):
    plain = cut_picture(stripes((400, 400), [GREEN]), 4, 4, (400, 400))
    marked = cut_picture(stripes((400, 400), [GREEN]), 4, 4, (400, 400), corner_numbers=True)
    corner, rest = (0, 0, 30, 30), (40, 40, 100, 100)
    assert plain.tile(7).crop(corner).tobytes() != marked.tile(7).crop(corner).tobytes()
    assert plain.tile(7).crop(rest).tobytes() == marked.tile(7).crop(rest).tobytes()
    assert plain.empty.tobytes() == marked.empty.tobytes()  # the empty square's piece has no number


def test_number_tiles_are_clean_and_distinct():
    tile = number_tile(15, 120)
    assert tile.size == (120, 120) and tile.mode == "RGBA"
    assert tile.getpixel((0, 0))[3] == 0  # rounded, transparent corner
    assert tile.getpixel((20, 60))[3] == 255
    assert number_tile(15, 120).tobytes() == tile.tobytes()
    assert number_tile(16, 120).tobytes() != tile.tobytes()
    assert number_tile(99, (90, 60)).size == (90, 60)
    with pytest.raises(ValueError):
        number_tile(1, 0)


def test_the_bundled_font_is_used():
    face = font(20)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert Path(face.path).parent == asset_path("fonts")


def test_thumbnail_fits_and_keeps_the_boards_aspect(tmp_path):
    source = tmp_path / "wide.png"
    stripes((900, 300), [RED, GREEN, BLUE]).save(source)
    thumb = thumbnail(source, 6, 5, 120)
    assert thumb.size == (120, 100)
    assert thumbnail(source, 2, 4, (200, 100)).size == (50, 100)
    assert close(thumb.getpixel((60, 50)), GREEN)


def test_fit_picture_exact_size():
    assert fit_picture(stripes((50, 80), [RED]), (33, 17)).size == (33, 17)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_pictures_cut_for_every_default_size(name):
    path = asset_path(f"images/{name}")
    assert path.stat().st_size < 400_000
    for columns, rows in ((4, 4), (5, 5), (6, 5)):
        cut = cut_picture(path, columns, rows, (columns * 64, rows * 64))
        assert len(cut.tiles) == columns * rows - 1


def test_shipped_pictures_include_a_square_and_a_clearly_wide_one():
    sizes = [Image.open(asset_path(f"images/{name}")).size for name in SHIPPED]
    assert any(w == h for w, h in sizes)
    assert any(w / h >= 1.5 for w, h in sizes)


def test_pixel_limit_counts_what_is_decoded_so_big_photos_still_work(tmp_path, monkeypatch):
    monkeypatch.setattr(tiles_module, "MAX_PICTURE_PIXELS", 1000 * 1000)
    source = tmp_path / "big-photo.jpg"
    stripes((2000, 1500), [RED, GREEN, BLUE]).save(source, quality=85)
    cut = cut_picture(source, 4, 3, (400, 300))  # JPEG draft decodes at 1/4: 500x375 pixels
    assert close(cut.tile(6).getpixel((50, 50)), GREEN)
    with pytest.raises(UserError, match=r"too large \(2000x1500 pixels\)"):
        load_picture(source)  # full size asked for: over the limit
