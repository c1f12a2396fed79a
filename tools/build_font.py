"""Build the game's bundled UI font, "Fifteen Tavla Sans", from Noto Sans and NanumGothic.

Why this exists: the game speaks English, Turkish, Ukrainian and Korean. Arcade (pyglet) draws a label
with the one face named by ``font_name``, and a player's machine may have no font with Hangul for
fontconfig to fall back to, so a bundled family must cover all four languages by itself, in Regular
and Bold. Noto Sans CJK covers all four, but ships as ~20 MB OpenType/CFF collections per weight;
this script instead merges two TrueType OFL 1.1 fonts into about 1.5 MB per weight:

* Noto Sans (Debian package fonts-noto-core): Latin, Cyrillic, punctuation, currency, symbols;
* NanumGothic (Debian package fonts-nanum): Hangul syllables and jamo, CJK punctuation, geometric
  shapes (the game's ◀ ▶), arrows, and whatever else Noto Sans lacks in its ranges.

Each source is subset to its ranges (hinting dropped: the merger cannot combine two fonts' hinting
programs), merged with Noto first so its Latin and Cyrillic glyphs win, then renamed. "Nanum" is a
Reserved Font Name of NanumGothic, so the result must carry a name of its own.

    python tools/build_font.py [--noto-regular PATH] [--noto-bold PATH]
                               [--nanum-regular PATH] [--nanum-bold PATH] [--out-dir DIR]

Install the sources with ``apt-get install fonts-noto-core fonts-nanum``, or fetch them without
installing: ``apt-get download fonts-noto-core fonts-nanum`` and ``dpkg-deb -x <deb> <dir>``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.misc.timeTools import timestampFromString
from fontTools.ttLib import TTFont

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "assets" / "fonts"

NOTO_DIR = Path("/usr/share/fonts/truetype/noto")
NANUM_DIR = Path("/usr/share/fonts/truetype/nanum")
DEFAULT_NOTO_REGULAR = NOTO_DIR / "NotoSans-Regular.ttf"
DEFAULT_NOTO_BOLD = NOTO_DIR / "NotoSans-Bold.ttf"
DEFAULT_NANUM_REGULAR = NANUM_DIR / "NanumGothic.ttf"
DEFAULT_NANUM_BOLD = NANUM_DIR / "NanumGothicBold.ttf"

FAMILY = "Fifteen Tavla Sans"
PS_FAMILY = "FifteenTavlaSans"
FONT_VERSION = 1.0
FONT_DATE = "Sat Nov 29 00:00:00 2025"  # head created/modified: fixed, so rebuilds are byte-identical
FORBIDDEN_NAME_PARTS = ("nanum", "noto")  # "Nanum" is a Reserved Font Name; "Noto" a Google trademark.
LICENSE_DESCRIPTION = (
    "This Font Software is licensed under the SIL Open Font License, Version 1.1. "
    "This license is available with a FAQ at: https://openfontlicense.org"
)
LICENSE_URL = "https://openfontlicense.org"

# Inclusive code point ranges. Noto Sans supplies what it has of these; NanumGothic fills the gaps.
NOTO_RANGES: tuple[tuple[int, int], ...] = (
    (0x0000, 0x007F),  # Basic Latin
    (0x0080, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A (Turkish ğ ı İ ş)
    (0x0180, 0x024F),  # Latin Extended-B
    (0x02B0, 0x02FF),  # Spacing Modifier Letters
    (0x0300, 0x036F),  # Combining Diacritical Marks (decomposed Turkish, Cyrillic stress)
    (0x0400, 0x04FF),  # Cyrillic
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20CF),  # Currency Symbols (₺ ₴ ₩)
    (0x2100, 0x214F),  # Letterlike Symbols (№ ™)
    (0x2150, 0x218F),  # Number Forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical Operators (− ≤ ≥)
    (0xFFFD, 0xFFFD),  # Replacement character
)
# NanumGothic supplies all it has of these (and the gaps Noto Sans leaves in NOTO_RANGES).
NANUM_RANGES: tuple[tuple[int, int], ...] = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x25A0, 0x25FF),  # Geometric Shapes (◀ ▶)
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0xAC00, 0xD7A3),  # Hangul Syllables (all 11,172)
)
# Noto's layout features that survive the subset (kerning, marks, Turkish/Ukrainian locl, figures).
NOTO_LAYOUT_FEATURES = (
    *("ccmp", "locl", "mark", "mkmk", "kern", "liga"),  # shaping, accents, kerning
    *("case", "frac", "numr", "dnom", "lnum", "tnum", "pnum", "onum", "sups", "subs", "ordn", "zero"),
)
# NanumGothic's legacy 'kern' table only pairs Latin letters, which come from Noto (and the merger
# cannot combine a 'kern' table with Noto's GPOS anyway); TSI0-TSI5 are VTT hinting sources.
NANUM_DROP_TABLES = ("kern", "TSI0", "TSI1", "TSI2", "TSI3", "TSI5")
GASP_UNHINTED = {0xFFFF: 0x000F}  # smooth at every size: the glyphs carry no hinting

REGULAR_WEIGHT = 400
BOLD_WEIGHT = 700
FS_SELECTION_ITALIC = 1 << 0
FS_SELECTION_BOLD = 1 << 5
FS_SELECTION_REGULAR = 1 << 6
MAC_STYLE_BOLD = 1 << 0
MAC_STYLE_ITALIC = 1 << 1

WINDOWS = (3, 1, 0x409)  # platform, encoding (Unicode BMP), language (English, US)
NAME_COPYRIGHT = 0
NAME_FAMILY = 1
NAME_SUBFAMILY = 2
NAME_UNIQUE_ID = 3
NAME_FULL = 4
NAME_VERSION = 5
NAME_POSTSCRIPT = 6
NAME_DESCRIPTION = 10
NAME_LICENSE = 13
NAME_LICENSE_URL = 14


@dataclass(frozen=True)
class Style:
    """One face of the family and the two source files it is made from."""

    subfamily: str
    bold: bool
    noto: Path
    nanum: Path

    @property
    def ps_name(self) -> str:
        return f"{PS_FAMILY}-{self.subfamily}"

    @property
    def out_name(self) -> str:
        return f"{self.ps_name}.ttf"


def code_points(ranges: Iterable[tuple[int, int]]) -> set[int]:
    """Every code point in the inclusive ``ranges``."""
    return {cp for first, last in ranges for cp in range(first, last + 1)}


def name_of(font: TTFont, name_id: int) -> str:
    """A name table string, Windows English preferred, or '' when the font lacks it."""
    record = font["name"].getName(name_id, *WINDOWS) or font["name"].getName(name_id, 1, 0, 0)
    return str(record) if record is not None else ""


def subset_font(
    source: Path,
    unicodes: set[int],
    out: Path,
    *,
    features: Iterable[str],
    drop_tables: Iterable[str] = (),
    keep_notdef_outline: bool = False,
) -> set[int]:
    """Write ``source`` cut down to ``unicodes`` (those it has) without hinting; return what it kept."""
    font = TTFont(source)
    wanted = unicodes & set(font.getBestCmap())
    options = subset.Options()
    options.layout_features = list(features)
    options.hinting = False
    options.drop_tables = [*options.drop_tables, *drop_tables]
    options.glyph_names = True  # keep names so the merger can tell glyphs apart (the output drops them)
    options.notdef_outline = keep_notdef_outline
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(font)
    font.save(out)
    return wanted


def set_names(font: TTFont, style: Style, copyrights: list[str], sources: list[str]) -> None:
    """Replace the name table: our family name, both sources' copyright notices, the OFL."""
    full_name = f"{FAMILY} {style.subfamily}"
    version = f"Version {FONT_VERSION:.3f}"
    names = {
        NAME_COPYRIGHT: " ".join(dict.fromkeys(c.strip() for c in copyrights if c.strip())),
        NAME_FAMILY: FAMILY,
        NAME_SUBFAMILY: style.subfamily,
        NAME_UNIQUE_ID: f"{FONT_VERSION:.3f};{style.ps_name}",
        NAME_FULL: full_name,
        NAME_VERSION: f"{version}; built by tools/build_font.py from {' and '.join(sources)}",
        NAME_POSTSCRIPT: style.ps_name,
        NAME_DESCRIPTION: (
            "UI font of the game Fifteen Tavla: Latin and Cyrillic from Noto Sans, "
            "Hangul from NanumGothic, merged with fontTools."
        ),
        NAME_LICENSE: LICENSE_DESCRIPTION,
        NAME_LICENSE_URL: LICENSE_URL,
    }
    for tag in (FAMILY, full_name, style.ps_name):
        if any(part in tag.lower() for part in FORBIDDEN_NAME_PARTS):
            raise ValueError(f"font name {tag!r} uses a reserved or trademarked name")
    table = font["name"]
    table.names = []
    for name_id, text in names.items():
        table.setName(text, name_id, *WINDOWS)


def set_style_bits(font: TTFont, bold: bool) -> None:
    """Mark the face Regular or Bold everywhere FreeType, fontconfig and Windows look."""
    os2 = font["OS/2"]
    os2.usWeightClass = BOLD_WEIGHT if bold else REGULAR_WEIGHT
    selection = os2.fsSelection & ~(FS_SELECTION_ITALIC | FS_SELECTION_BOLD | FS_SELECTION_REGULAR)
    os2.fsSelection = selection | (FS_SELECTION_BOLD if bold else FS_SELECTION_REGULAR)
    head = font["head"]
    mac_style = head.macStyle & ~(MAC_STYLE_BOLD | MAC_STYLE_ITALIC)
    head.macStyle = mac_style | (MAC_STYLE_BOLD if bold else 0)


def glyph_y_extent(font: TTFont) -> tuple[int, int]:
    """The lowest and highest y the font's glyph outlines reach."""
    glyf = font["glyf"]
    y_min = y_max = 0
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        glyph.recalcBounds(glyf)
        if glyph.numberOfContours:
            y_min, y_max = min(y_min, glyph.yMin), max(y_max, glyph.yMax)
    return y_min, y_max


def set_vertical_metrics(font: TTFont, noto: TTFont, nanum: TTFont) -> None:
    """Noto's line metrics (Latin line height unchanged), widened only where a Nanum glyph would be clipped.

    ``noto`` and ``nanum`` are the subset parts that went into ``font``. Noto's own win metrics
    deliberately leave a few rare deep-diving glyphs outside; they are kept as Noto ships them.
    """
    os2, noto_os2, nanum_os2 = font["OS/2"], noto["OS/2"], nanum["OS/2"]
    hhea, noto_hhea, nanum_hhea = font["hhea"], noto["hhea"], nanum["hhea"]
    y_min, y_max = glyph_y_extent(nanum)

    hhea.ascent = max(noto_hhea.ascent, nanum_hhea.ascent, y_max)
    hhea.descent = min(noto_hhea.descent, nanum_hhea.descent, y_min)
    hhea.lineGap = noto_hhea.lineGap
    os2.sTypoAscender = max(noto_os2.sTypoAscender, nanum_os2.sTypoAscender)
    os2.sTypoDescender = min(noto_os2.sTypoDescender, nanum_os2.sTypoDescender)
    os2.sTypoLineGap = noto_os2.sTypoLineGap
    # Windows clips whatever lies outside the win metrics: cover every Hangul glyph.
    os2.usWinAscent = max(noto_os2.usWinAscent, nanum_os2.usWinAscent, y_max)
    os2.usWinDescent = max(noto_os2.usWinDescent, nanum_os2.usWinDescent, -y_min)
    os2.sxHeight = noto_os2.sxHeight
    os2.sCapHeight = noto_os2.sCapHeight


def build_style(style: Style, out_dir: Path) -> Path:
    """Subset, merge and rename one face; return the written file."""
    noto_source, nanum_source = TTFont(style.noto), TTFont(style.nanum)
    copyrights = [name_of(noto_source, NAME_COPYRIGHT), name_of(nanum_source, NAME_COPYRIGHT)]
    sources = [
        f"{name_of(src, NAME_FAMILY)} {name_of(src, NAME_SUBFAMILY)} "
        f"{name_of(src, NAME_VERSION).split(';')[0].removeprefix('Version ')}"
        for src in (noto_source, nanum_source)
    ]
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / style.out_name
    with tempfile.TemporaryDirectory(prefix="build-font-") as tmp:
        noto_part, nanum_part = Path(tmp) / "noto.ttf", Path(tmp) / "nanum.ttf"
        noto_kept = subset_font(
            style.noto,
            code_points(NOTO_RANGES),
            noto_part,
            features=NOTO_LAYOUT_FEATURES,
            keep_notdef_outline=True,
        )
        nanum_wanted = (code_points(NANUM_RANGES) | code_points(NOTO_RANGES)) - noto_kept
        subset_font(style.nanum, nanum_wanted, nanum_part, features=(), drop_tables=NANUM_DROP_TABLES)
        font = Merger().merge([str(noto_part), str(nanum_part)])  # Noto first: its glyphs win
        set_vertical_metrics(font, TTFont(noto_part), TTFont(nanum_part))
        set_style_bits(font, style.bold)
        set_names(font, style, copyrights, sources)
        font["head"].fontRevision = FONT_VERSION
        font["head"].created = font["head"].modified = timestampFromString(FONT_DATE)
        font.recalcTimestamp = False
        font["OS/2"].fsType = 0  # installable embedding, as the OFL allows
        font["post"].formatType = 3.0  # no glyph names: nothing needs them at run time, and smaller
        if "gasp" in font:
            font["gasp"].gaspRange = dict(GASP_UNHINTED)
        font.save(out)
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--noto-regular", type=Path, default=DEFAULT_NOTO_REGULAR)
    parser.add_argument("--noto-bold", type=Path, default=DEFAULT_NOTO_BOLD)
    parser.add_argument("--nanum-regular", type=Path, default=DEFAULT_NANUM_REGULAR)
    parser.add_argument("--nanum-bold", type=Path, default=DEFAULT_NANUM_BOLD)
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    styles = [
        Style("Regular", False, args.noto_regular, args.nanum_regular),
        Style("Bold", True, args.noto_bold, args.nanum_bold),
    ]
    missing = [str(p) for s in styles for p in (s.noto, s.nanum) if not p.is_file()]
    if missing:
        print("missing source fonts: " + ", ".join(missing), file=sys.stderr)
        print("install them with: apt-get install fonts-noto-core fonts-nanum", file=sys.stderr)
        return 1
    for style in styles:
        out = build_style(style, args.out_dir)
        font = TTFont(out)
        print(
            f"{out}: {out.stat().st_size / 1e6:.2f} MB, {len(font.getGlyphOrder())} glyphs, "
            f"{len(font.getBestCmap())} characters"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
