"""Regenerate the puzzle pictures in assets/images/ (made by the project, CC0).

Each picture is drawn procedurally with numpy and Pillow from fixed seeds, so the files are reproducible.
They are designed to cut well into tiles: every region of the image has its own shapes and colours,
so a player can tell tiles apart.

    python tools/make_pictures.py [--out assets/images]
"""

from __future__ import annotations

import argparse
import colorsys
import math
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "images"
SUNSET_SIZE = (1600, 1000)
MOSAIC_SIZE = (1024, 1024)
NIGHT_SIZE = (1200, 900)
JPEG_QUALITY = 88
GLOW_LEVELS = 12
PNG_COLOURS = 256
LEAD_HALF_WIDTH = 1.7
SUPERSAMPLE = 2
STAR_TINTS = ((255, 255, 255), (200, 220, 255), (255, 230, 190))


def _vertical_gradient(
    width: int, height: int, stops: list[tuple[float, tuple[int, int, int]]]
) -> np.ndarray:
    """An RGB float image whose colour runs through ``stops`` (position 0..1 from the top)."""
    positions = np.array([p for p, _ in stops])
    colours = np.array([c for _, c in stops], dtype=np.float32)
    y = np.linspace(0.0, 1.0, height)
    column = np.stack([np.interp(y, positions, colours[:, k]) for k in range(3)], axis=1)
    return np.repeat(column[:, None, :], width, axis=1)


def _ridge(
    width: int, rng: np.random.Generator, base: float, amplitude: float, roughness: int, sharp: bool = False
) -> np.ndarray:
    """A skyline of hills or mountains: the y of the ridge at each x, from summed random sines."""
    x = np.linspace(0, 1, width)
    y = np.full(width, base)
    for octave in range(1, roughness + 1):
        freq = 1.3 * 2 ** (octave - 1)
        phase = rng.uniform(0, 2 * math.pi)
        wave = np.sin(2 * math.pi * freq * x + phase)
        if sharp:
            wave = 1 - 2 * np.abs(wave)
        y += amplitude * wave / octave**1.2
    return y


def _fill_below(image: np.ndarray, ridge: np.ndarray, colour_top: tuple, colour_bottom: tuple) -> None:
    """Paint everything below a ridge line with a vertical gradient (in place)."""
    height = image.shape[0]
    rows = np.arange(height)[:, None]
    mask = rows >= ridge[None, :]
    t = ((rows - ridge.min()) / max(1.0, height - ridge.min())).clip(0, 1)
    top, bottom = np.array(colour_top, np.float32), np.array(colour_bottom, np.float32)
    colour = top[None, None, :] * (1 - t[..., None]) + bottom[None, None, :] * t[..., None]
    image[mask] = np.broadcast_to(colour, image.shape)[mask]


def _to_image(array: np.ndarray) -> Image.Image:
    return Image.fromarray(array.clip(0, 255).astype(np.uint8))


def _pine(draw: ImageDraw.ImageDraw, x: float, ground: float, height: float, colour: tuple) -> None:
    """A layered pine silhouette standing on ``ground``."""
    trunk = height * 0.12
    draw.rectangle((x - height * 0.03, ground - trunk, x + height * 0.03, ground + 4), fill=colour)
    for tier in range(4):
        bottom = ground - trunk - tier * height * 0.2
        half = height * (0.3 - tier * 0.06)
        draw.polygon([(x - half, bottom), (x + half, bottom), (x, bottom - height * 0.38)], fill=colour)


def make_sunset(size: tuple[int, int] = SUNSET_SIZE, seed: int = 7) -> Image.Image:
    """Sunset over layered hills and a lake: banded sun, clouds, pines, a sailboat, reflections, birds."""
    rng = np.random.default_rng(seed)
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    horizon = int(height * 0.66)
    sky = _vertical_gradient(
        width,
        height,
        [
            (0.0, (22, 24, 70)),
            (0.2, (64, 40, 112)),
            (0.38, (160, 62, 120)),
            (0.52, (236, 110, 86)),
            (0.66, (255, 196, 112)),
            (1.0, (255, 196, 112)),
        ],
    )
    sun_x, sun_y, sun_r = width * 0.62, height * 0.42, height * 0.115
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    glow = np.exp(-((np.hypot(xx - sun_x, (yy - sun_y) * 1.4) / (sun_r * 2.6)) ** 2))[..., None]
    sky = sky + glow * np.array([90, 60, 10], np.float32)
    image = _to_image(sky)
    draw = ImageDraw.Draw(image)
    for _ in range(10):
        cy = height * rng.uniform(0.07, 0.36)
        cx = width * rng.uniform(-0.05, 1.05)
        length = width * rng.uniform(0.1, 0.26)
        lit = min(1.0, (cy / height) / 0.36)
        colour = tuple(
            int(a * (1 - lit) + b * lit) for a, b in zip((104, 62, 132), (246, 134, 120), strict=True)
        )
        for _ in range(6):
            px = cx + rng.uniform(-0.45, 0.45) * length
            pr = height * rng.uniform(0.014, 0.03)
            draw.ellipse((px - pr * 3, cy - pr, px + pr * 3, cy + pr * 0.8), fill=colour)
        draw.ellipse(
            (cx - length * 0.5, cy + height * 0.004, cx + length * 0.5, cy + height * 0.024),
            fill=tuple(min(255, c + 45) for c in colour),
        )
    sun = Image.new("L", (width, height), 0)
    sun_draw = ImageDraw.Draw(sun)
    sun_draw.ellipse((sun_x - sun_r, sun_y - sun_r, sun_x + sun_r, sun_y + sun_r), fill=255)
    for band in range(5):
        top = sun_y + sun_r * (0.1 + band * 0.18)
        sun_draw.rectangle((0, top, width, top + sun_r * (0.03 + band * 0.022)), fill=0)
    sun_colour = _to_image(
        _vertical_gradient(
            width,
            height,
            [
                (0.0, (255, 252, 210)),
                ((sun_y - sun_r) / height, (255, 246, 170)),
                ((sun_y + sun_r) / height, (255, 132, 84)),
                (1.0, (255, 132, 84)),
            ],
        )
    )
    image.paste(sun_colour, (0, 0), sun)
    array = np.asarray(image).astype(np.float32)
    far = _ridge(width, rng, horizon - height * 0.1, height * 0.06, 5, sharp=True)
    _fill_below(array, far, (206, 120, 156), (226, 146, 150))
    mid = _ridge(width, rng, horizon - height * 0.045, height * 0.035, 4)
    _fill_below(array, mid, (124, 66, 128), (150, 80, 124))
    near = _ridge(width, rng, horizon - height * 0.005, height * 0.02, 3)
    _fill_below(array, near, (58, 40, 90), (66, 44, 92))
    depth = height - horizon
    reflection = array[horizon - depth : horizon][::-1].copy()
    rows = np.arange(depth, dtype=np.float32)[:, None]
    offset = np.round(np.sin(rows * 0.21) * 3 + np.sin(rows * 0.057) * 5).astype(np.int32)
    columns = (np.arange(width)[None, :] + offset).clip(0, width - 1)
    reflection = np.take_along_axis(reflection, columns[..., None].repeat(3, axis=2), axis=1)
    fade = (0.72 - 0.25 * rows / depth)[..., None]
    array[horizon:] = reflection * fade + np.array([28, 26, 70], np.float32) * (1 - fade)
    image = _to_image(array)
    draw = ImageDraw.Draw(image)
    for _ in range(160):
        row = rng.uniform(0, depth) ** 1.15 / depth**0.15
        spread = sun_r * (0.5 + 1.6 * row / depth)
        x = sun_x + rng.normal(0, spread * 0.55)
        y = horizon + row
        half = rng.uniform(8, 30) * (1 + row / depth)
        draw.line((x - half, y, x + half, y), fill=(255, 214, 140), width=SUPERSAMPLE * 2)
    draw.rectangle((0, horizon - 2, width, horizon + 3), fill=(40, 30, 70))
    for x in np.sort(rng.uniform(width * 0.45, width, 46)):
        ground = horizon + 2
        _pine(draw, x, ground, height * rng.uniform(0.025, 0.05), (40, 30, 70))
    boat_x, boat_y = width * 0.8, horizon + depth * 0.42
    draw.polygon(
        [
            (boat_x - 70, boat_y),
            (boat_x + 80, boat_y),
            (boat_x + 55, boat_y + 22),
            (boat_x - 50, boat_y + 22),
        ],
        fill=(26, 18, 40),
    )
    draw.polygon(
        [(boat_x + 4, boat_y - 190), (boat_x + 4, boat_y - 8), (boat_x + 92, boat_y - 8)],
        fill=(250, 236, 214),
    )
    draw.polygon(
        [(boat_x - 4, boat_y - 170), (boat_x - 4, boat_y - 8), (boat_x - 70, boat_y - 8)],
        fill=(236, 150, 120),
    )
    draw.line((boat_x, boat_y - 200, boat_x, boat_y), fill=(26, 18, 40), width=6)
    draw.polygon(
        [(boat_x - 60, boat_y + 30), (boat_x + 60, boat_y + 30), (boat_x, boat_y + 190)], fill=(70, 48, 86)
    )
    hill = [(0, height)]
    hill += [
        (x, height * 0.74 + height * 0.3 * (x / (width * 0.5)) ** 2) for x in range(0, int(width * 0.5), 8)
    ]
    draw.polygon([*hill, (width * 0.5, height)], fill=(18, 14, 36))
    for x in sorted(rng.uniform(0, width * 0.4, 22)):
        ground = height * 0.745 + height * 0.3 * (x / (width * 0.5)) ** 2
        _pine(draw, x, ground + 6, height * rng.uniform(0.1, 0.22) * (1 - x / width), (12, 10, 26))
    cabin_x, cabin_y = width * 0.2, height * 0.79
    draw.rectangle((cabin_x - 60, cabin_y - 60, cabin_x + 60, cabin_y + 10), fill=(12, 10, 26))
    draw.polygon(
        [(cabin_x - 78, cabin_y - 56), (cabin_x, cabin_y - 120), (cabin_x + 78, cabin_y - 56)],
        fill=(12, 10, 26),
    )
    draw.rectangle((cabin_x - 36, cabin_y - 40, cabin_x - 8, cabin_y - 14), fill=(255, 196, 90))
    draw.rectangle((cabin_x + 14, cabin_y - 40, cabin_x + 42, cabin_y - 14), fill=(255, 196, 90))
    for _ in range(18):
        x = width * rng.uniform(0.86, 1.0)
        tall = height * rng.uniform(0.06, 0.14)
        bend = rng.uniform(-30, 30)
        draw.line((x, height, x + bend, height - tall), fill=(16, 12, 30), width=7)
        draw.ellipse((x + bend - 9, height - tall - 34, x + bend + 9, height - tall + 4), fill=(40, 24, 40))
    for _ in range(7):
        bx, by = width * rng.uniform(0.22, 0.5), height * rng.uniform(0.14, 0.3)
        span = height * rng.uniform(0.012, 0.02)
        draw.line(
            [(bx - span, by - span * 0.5), (bx, by), (bx + span, by - span * 0.6)],
            fill=(44, 22, 56),
            width=max(2, int(span * 0.2)),
            joint="curve",
        )
    return image.resize(size, Image.Resampling.LANCZOS)


def _voronoi(points: np.ndarray, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """Nearest point index and the gap between nearest and second-nearest distance, per pixel."""
    nearest = np.empty((height, width), np.int32)
    edge = np.empty((height, width), np.float32)
    xs = np.arange(width, dtype=np.float32)
    for top in range(0, height, 32):
        ys = np.arange(top, min(height, top + 32), dtype=np.float32)
        dx = xs[None, :, None] - points[None, None, :, 0]
        dy = ys[:, None, None] - points[None, None, :, 1]
        dist = np.sqrt(dx * dx + dy * dy)
        two = np.partition(dist, 1, axis=2)[..., :2]
        nearest[top : top + len(ys)] = dist.argmin(axis=2)
        edge[top : top + len(ys)] = two[..., 1] - two[..., 0]
    return nearest, edge


def make_mosaic(size: tuple[int, int] = MOSAIC_SIZE, seed: int = 3) -> Image.Image:
    """A stained-glass rose window: rings of coloured glass in lead, a gold star, blue glass outside."""
    rng = np.random.default_rng(seed)
    width, height = size
    cx, cy = width / 2, height / 2
    outer = min(width, height) * 0.47
    points, colours = [(cx, cy)], [(255, 214, 90)]
    ring_specs = [
        (0.1, 8, 0.12),
        (0.2, 12, 0.0),
        (0.31, 16, 0.6),
        (0.43, 20, 0.85),
        (0.56, 24, 0.35),
        (0.69, 28, 0.72),
        (0.82, 32, 0.05),
        (0.93, 40, 0.5),
    ]
    for ring, (radius, count, hue) in enumerate(ring_specs):
        for k in range(count):
            angle = 2 * math.pi * (k + 0.5 * (ring % 2)) / count
            r = outer * radius * (1 + rng.uniform(-0.02, 0.02))
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
            shade = hue + 0.06 * math.sin(angle * 3) + (0.5 if k % 2 and ring in (3, 5) else 0)
            value = 0.95 if k % 2 == 0 else 0.78
            colours.append(tuple(int(255 * c) for c in colorsys.hsv_to_rgb(shade % 1.0, 0.82, value)))
    corner_points = 0
    while corner_points < 90:
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        if math.hypot(x - cx, y - cy) > outer * 1.06:
            points.append((x, y))
            hue = (
                0.58
                + 0.08 * rng.uniform(-1, 1)
                + (0.4 if x < cx and y > cy else 0)
                + (0.25 if x > cx > y else 0)
            )
            colours.append(
                tuple(int(255 * c) for c in colorsys.hsv_to_rgb(hue % 1.0, 0.75, rng.uniform(0.5, 0.8)))
            )
            corner_points += 1
    point_array = np.array(points, np.float32)
    nearest, edge = _voronoi(point_array, width, height)
    palette = np.array(colours, np.float32)
    image = palette[nearest]
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    to_centre = np.hypot(xx - point_array[nearest, 0], yy - point_array[nearest, 1])
    glow = np.clip(1.25 - to_centre / (min(width, height) * 0.09), 0.7, 1.2)
    glow = np.round(glow * GLOW_LEVELS) / GLOW_LEVELS
    image *= glow[..., None]
    radius = np.hypot(xx - cx, yy - cy)
    ring = np.abs(radius - outer * 1.02)
    lead = np.minimum(edge / 2 - LEAD_HALF_WIDTH, ring - outer * 0.025)
    lead = np.minimum(lead, np.abs(radius - outer * 0.06) - 2.5)
    image = _blend(image, (26, 24, 30), np.clip(0.5 - lead, 0, 1))
    image = _blend(image, (176, 140, 76), np.clip(outer * 0.017 - ring + 0.5, 0, 1))
    star_outline = _star_mask(width, height, cx, cy, outer * 0.115, outer * 0.055, 8)
    star = _star_mask(width, height, cx, cy, outer * 0.1, outer * 0.045, 8)
    image[star_outline] = (26, 24, 30)
    image[star] = (255, 238, 160)
    return _to_image(image)


def _blend(image: np.ndarray, colour: tuple[int, int, int], alpha: np.ndarray) -> np.ndarray:
    """Lay a flat colour over ``image`` with per-pixel coverage ``alpha`` (anti-aliased lines)."""
    return image * (1 - alpha[..., None]) + np.array(colour, np.float32) * alpha[..., None]


def _star_mask(
    width: int, height: int, cx: float, cy: float, outer: float, inner: float, points: int
) -> np.ndarray:
    mask = Image.new("L", (width, height), 0)
    corners = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        angle = math.pi * k / points - math.pi / 2
        corners.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    ImageDraw.Draw(mask).polygon(corners, fill=255)
    return np.asarray(mask) > 127


def _smear_rows(image: np.ndarray, radius: int) -> np.ndarray:
    """Blur along rows only: lights on water stretch sideways into streaks."""
    padded = np.pad(image, ((0, 0), (radius + 1, radius), (0, 0)), mode="edge")
    summed = np.cumsum(padded, axis=1)
    return (summed[:, 2 * radius + 1 :] - summed[:, : -2 * radius - 1]) / (2 * radius + 1)


def make_night(size: tuple[int, int] = NIGHT_SIZE, seed: int = 11) -> Image.Image:
    """A city at night: stars, a crescent moon, a lit skyline in three depths and its river reflection."""
    rng = np.random.default_rng(seed)
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    river = int(height * 0.74)
    sky = _vertical_gradient(
        width,
        height,
        [
            (0.0, (8, 12, 38)),
            (0.45, (28, 34, 92)),
            (0.7, (92, 64, 128)),
            (0.74, (150, 90, 120)),
            (1.0, (12, 14, 40)),
        ],
    )
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    moon_x, moon_y, moon_r = width * 0.18, height * 0.2, height * 0.075
    halo = np.exp(-((np.hypot(xx - moon_x, yy - moon_y) / (moon_r * 4)) ** 2))[..., None]
    sky = sky + halo * np.array([70, 70, 90], np.float32)
    image = _to_image(sky)
    draw = ImageDraw.Draw(image)
    for _ in range(420):
        x, y = rng.uniform(0, width), rng.uniform(0, height * 0.62) ** 1.0
        r = float(rng.choice([1.2, 1.8, 2.6, 3.4], p=[0.5, 0.3, 0.15, 0.05])) * SUPERSAMPLE / 2
        tint = STAR_TINTS[rng.integers(len(STAR_TINTS))]
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tint)
        if r > 2.5:
            draw.line((x - r * 4, y, x + r * 4, y), fill=tint, width=1)
            draw.line((x, y - r * 4, x, y + r * 4), fill=tint, width=1)
    moon = Image.new("L", (width, height), 0)
    moon_draw = ImageDraw.Draw(moon)
    moon_draw.ellipse((moon_x - moon_r, moon_y - moon_r, moon_x + moon_r, moon_y + moon_r), fill=255)
    shift = moon_r * 0.42
    moon_draw.ellipse(
        (
            moon_x - moon_r + shift,
            moon_y - moon_r - shift * 0.4,
            moon_x + moon_r + shift,
            moon_y + moon_r - shift * 0.4,
        ),
        fill=0,
    )
    image.paste((255, 244, 214), (0, 0), moon)
    layers = [
        (0.42, 0.2, (52, 48, 104), (150, 130, 190), 0.15, 1.0),
        (0.52, 0.12, (30, 28, 66), (255, 214, 140), 0.35, 1.3),
        (0.62, 0.06, (14, 14, 34), (255, 196, 96), 0.5, 1.7),
    ]
    for top_frac, spread, body, window, lit, scale in layers:
        x = -rng.uniform(0, 40)
        while x < width:
            w = rng.uniform(70, 170) * scale
            top = height * (top_frac + rng.uniform(-spread, spread) * 0.9)
            if rng.random() < 0.12:
                top -= height * 0.12
            draw.rectangle((x, top, x + w, river), fill=body)
            roof = rng.random()
            if roof < 0.25:
                draw.polygon([(x, top), (x + w / 2, top - w * 0.45), (x + w, top)], fill=body)
            elif roof < 0.45:
                draw.rectangle((x + w * 0.45, top - height * 0.06, x + w * 0.55, top), fill=body)
                draw.ellipse(
                    (x + w / 2 - 5, top - height * 0.06 - 5, x + w / 2 + 5, top - height * 0.06 + 5),
                    fill=(255, 80, 80),
                )
            elif roof < 0.6:
                draw.rectangle((x + w * 0.15, top - w * 0.2, x + w * 0.85, top), fill=body)
            cell_w, cell_h = 14 * scale, 20 * scale
            for wy in np.arange(top + cell_h, river - cell_h, cell_h):
                for wx in np.arange(x + cell_w * 0.6, x + w - cell_w, cell_w):
                    if rng.random() < lit:
                        glow = tuple(int(c * rng.uniform(0.75, 1.0)) for c in window)
                        draw.rectangle((wx, wy, wx + cell_w * 0.5, wy + cell_h * 0.55), fill=glow)
            x += w + rng.uniform(-10, 25) * scale
    array = np.asarray(image).astype(np.float32)
    depth = height - river
    reflection = array[river - depth : river][::-1].copy()
    rows = np.arange(depth, dtype=np.float32)[:, None]
    band_offsets = rng.normal(0, 1, depth // 5 + 1)
    wobble = np.round(band_offsets[(rows // 5).astype(np.int32)] * (3 + 12 * rows / depth)).astype(np.int32)
    columns = (np.arange(width)[None, :] + wobble).clip(0, width - 1)
    reflection = np.take_along_axis(reflection, columns[..., None].repeat(3, axis=2), axis=1)
    fade = (0.7 - 0.35 * rows / depth)[..., None]
    water = reflection * fade + np.array([10, 12, 36], np.float32) * (1 - fade)
    array[river:] = _smear_rows(water, 7) * 1.15
    image = _to_image(array)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, river - 4, width, river + 6), fill=(20, 18, 40))
    bridge_y = river - height * 0.05
    draw.rectangle((width * 0.55, bridge_y, width, bridge_y + 14), fill=(24, 22, 50))
    for k in range(8):
        px = width * 0.57 + k * width * 0.06
        draw.rectangle((px, bridge_y, px + 12, river), fill=(24, 22, 50))
        draw.ellipse((px - 4, bridge_y - 12, px + 16, bridge_y + 8), fill=(255, 220, 140))
    return image.resize(size, Image.Resampling.LANCZOS)


def main() -> None:
    """Write sunset.jpg, mosaic.png and night.jpg."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    make_sunset().save(args.out / "sunset.jpg", quality=JPEG_QUALITY, optimize=True, progressive=True)
    make_mosaic().quantize(PNG_COLOURS, dither=Image.Dither.NONE).save(args.out / "mosaic.png", optimize=True)
    make_night().save(args.out / "night.jpg", quality=JPEG_QUALITY, optimize=True, progressive=True)
    for name in ("sunset.jpg", "mosaic.png", "night.jpg"):
        path = args.out / name
        print(
            f"{path}: {Image.open(path).size[0]}x{Image.open(path).size[1]}, {path.stat().st_size // 1024} KB"
        )


if __name__ == "__main__":
    main()
