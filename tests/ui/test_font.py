"""The bundled font, Fifteen Tavla Sans, draws every letter the four UI languages need, in both weights.

A cmap entry alone is not enough: a merged font can map a character to an empty glyph, which draws
nothing. Letters and symbols are checked for an outline with a real bounding box.
"""

import random
from functools import cache

import pytest
from fontTools.ttLib import TTFont

from game.core.files.shipped import asset_path

FAMILY = "Fifteen Tavla Sans"
FILES = {
    "Regular": "fonts/FifteenTavlaSans-Regular.ttf",
    "Bold": "fonts/FifteenTavlaSans-Bold.ttf",
}
TURKISH = "ğĞıİşŞçÇöÖüÜâÂîÎûÛ"
UKRAINIAN_UPPER = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
RUSSIAN_EXTRA_UPPER = "ЁЪЫЭ"
CYRILLIC = (
    UKRAINIAN_UPPER + UKRAINIAN_UPPER.lower() + RUSSIAN_EXTRA_UPPER + RUSSIAN_EXTRA_UPPER.lower() + "’ʼ"
)
SYMBOLS = "◀▶×±§·…—–«»№"
LATIN = "ABCXYZabcxyz0123456789?!"
HANGUL_SYLLABLES = range(0xAC00, 0xD7A4)
HANGUL_SAMPLE_SIZE = 200
COMPATIBILITY_JAMO = range(0x3131, 0x318F)  # ㄱ..ㆎ (U+3130 and U+318F are unassigned)
HANGUL_FILLER = 0x3164  # a compatibility jamo that is blank by design
MODERN_JAMO = [*range(0x1100, 0x1113), *range(0x1161, 0x1176), *range(0x11A8, 0x11C3)]
KOREAN_WORDS = "백개먼 말 주사위 개먼 ㄱㄴㄷㅏㅑ"


@cache
def bundled_font(style: str) -> TTFont:
    """One bundled face, opened once per test session (tables load lazily)."""
    return TTFont(asset_path(FILES[style]))


def has_outline(font: TTFont, char: str) -> bool:
    """Whether ``char`` maps to a glyph with at least one contour and a non-zero-area bounding box."""
    name = font.getBestCmap().get(ord(char))
    if name is None:
        return False
    glyf = font["glyf"]
    coordinates, _end_points, _flags = glyf[name].getCoordinates(glyf)
    if not len(coordinates):
        return False
    x_min, y_min, x_max, y_max = coordinates.calcIntBounds()
    return x_max > x_min and y_max > y_min


def missing_outlines(font: TTFont, chars: str) -> list[str]:
    return [f"{c} U+{ord(c):04X}" for c in chars if not has_outline(font, c)]


@pytest.mark.parametrize("style", sorted(FILES))
def test_names_say_family_and_style(style):
    names = bundled_font(style)["name"]
    assert names.getDebugName(1) == FAMILY
    assert names.getDebugName(2) == style
    assert names.getDebugName(4) == f"{FAMILY} {style}"
    assert "nanum" not in names.getDebugName(1).lower()


@pytest.mark.parametrize("style", sorted(FILES))
def test_bold_flags_match_the_style(style):
    font = bundled_font(style)
    bold = style == "Bold"
    assert font["OS/2"].usWeightClass == (700 if bold else 400)
    assert bool(font["OS/2"].fsSelection & (1 << 5)) is bold
    assert bool(font["OS/2"].fsSelection & (1 << 6)) is not bold
    assert bool(font["head"].macStyle & 1) is bold


@pytest.mark.parametrize("style", sorted(FILES))
@pytest.mark.parametrize("chars", [LATIN, TURKISH, CYRILLIC, SYMBOLS, KOREAN_WORDS.replace(" ", "")], ids=str)
def test_letters_and_symbols_have_outlines(style, chars):
    assert missing_outlines(bundled_font(style), chars) == []


@pytest.mark.parametrize("style", sorted(FILES))
def test_every_hangul_syllable_and_jamo_is_mapped(style):
    cmap = bundled_font(style).getBestCmap()
    wanted = [*HANGUL_SYLLABLES, *COMPATIBILITY_JAMO, *MODERN_JAMO]
    assert [f"U+{cp:04X}" for cp in wanted if cp not in cmap] == []


@pytest.mark.parametrize("style", sorted(FILES))
def test_sampled_hangul_syllables_and_jamo_have_outlines(style):
    sample = random.Random(15).sample(HANGUL_SYLLABLES, HANGUL_SAMPLE_SIZE)
    jamo = [cp for cp in [*COMPATIBILITY_JAMO, *MODERN_JAMO] if cp != HANGUL_FILLER]
    chars = "".join(map(chr, [HANGUL_SYLLABLES[0], HANGUL_SYLLABLES[-1], *sample, *jamo]))
    assert missing_outlines(bundled_font(style), chars) == []


@pytest.mark.parametrize("style", sorted(FILES))
def test_noto_kerning_and_accent_positioning_survived_the_merge(style):
    gpos = bundled_font(style)["GPOS"].table
    assert {"kern", "mark"} <= {record.FeatureTag for record in gpos.FeatureList.FeatureRecord}
