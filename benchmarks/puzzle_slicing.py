"""Benchmark: cutting a 4000x3000 JPEG into 6x5 tile textures, against a plain Pillow decode + resize.

The claim: cutting a 12-megapixel photo for a 6x5 board (picture load, EXIF turn, crop, scale, 30 tiles,
and the Arcade textures when Arcade is installed) takes well under a second, and less than the naive
``Image.open(path).convert("RGB").resize(board)`` that decodes every pixel. Both are measured in the same
run on the same file, so the ratio holds across machines.

    python benchmarks/puzzle_slicing.py [--repeats 7] [--board 768x640]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.puzzle.pictures.tiles import cut_picture

SOURCE_SIZE = (4000, 3000)
COLUMNS, ROWS = 6, 5
DEFAULT_BOARD = "768x640"
DEFAULT_REPEATS = 7
JPEG_QUALITY = 90


def make_photo(path: Path, seed: int = 1) -> None:
    """A photo-like 12 MP JPEG: smooth colour fields plus fine grain, so it decodes like a real photo."""
    rng = np.random.default_rng(seed)
    width, height = SOURCE_SIZE
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    red = 128 + 90 * np.sin(x / 410 + 1.3) * np.cos(y / 530)
    green = 128 + 90 * np.sin((x + y) / 620)
    blue = 128 + 90 * np.cos(x / 300 - y / 700)
    image = np.stack([red, green, blue], axis=2) + rng.normal(0, 12, (height, width, 3)).astype(np.float32)
    Image.fromarray(image.clip(0, 255).astype(np.uint8)).save(path, quality=JPEG_QUALITY)


def textures_maker() -> Callable[[list[Image.Image], str], object] | None:
    """Wrap tiles in Arcade textures the way the view does, if Arcade can be imported here."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    try:
        import arcade
    except Exception:  # noqa: BLE001 - no Arcade or no GL: measure the Pillow part alone
        return None
    return lambda tiles, key: [arcade.Texture(t, hash=f"{key}-{n}") for n, t in enumerate(tiles)]


def median_seconds(work: Callable[[int], object], repeats: int) -> float:
    """Median wall time of ``work`` after one warm-up run (file cache, imports)."""
    work(-1)
    times = []
    for run in range(repeats):
        start = time.perf_counter()
        work(run)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Measure both and print the figures and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS)
    parser.add_argument("--board", default=DEFAULT_BOARD, help="board size in pixels, WxH")
    args = parser.parse_args()
    board = tuple(int(v) for v in args.board.lower().split("x"))
    make_textures = textures_maker()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.jpg"
        make_photo(path)

        def ours(run: int) -> None:
            cut = cut_picture(path, COLUMNS, ROWS, board)
            if make_textures is not None:
                make_textures([*cut.tiles, cut.empty], f"bench-{run}")

        def reference(run: int) -> None:
            with Image.open(path) as image:
                image.convert("RGB").resize(board, Image.Resampling.LANCZOS)

        ours_s = median_seconds(ours, args.repeats)
        reference_s = median_seconds(reference, args.repeats)
    what = "Pillow tiles + Arcade textures" if make_textures else "Pillow tiles (Arcade not importable)"
    source = f"{SOURCE_SIZE[0]}x{SOURCE_SIZE[1]} JPEG"
    print(f"source {source}, {COLUMNS}x{ROWS} board at {board[0]}x{board[1]} px, median of {args.repeats}")
    print(f"cut into tile textures ({what}): {ours_s * 1000:.1f} ms")
    print(f"reference, plain decode + resize:  {reference_s * 1000:.1f} ms")
    print(f"ratio ours / reference: {ours_s / reference_s:.2f}")


if __name__ == "__main__":
    main()
