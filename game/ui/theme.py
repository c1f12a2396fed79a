"""The look shared by every screen: palette, font, sizes of the logical (design) canvas."""

import arcade

from game.core.files.shipped import asset_path

DESIGN_WIDTH = 1280
DESIGN_HEIGHT = 800

FONT_FILES = ("fonts/FifteenTavlaSans-Regular.ttf", "fonts/FifteenTavlaSans-Bold.ttf")
FONT_NAME = "Fifteen Tavla Sans"

BACKGROUND = (24, 28, 38)
PANEL = (36, 42, 56)
PANEL_BORDER = (58, 66, 84)
BUTTON = (52, 60, 80)
BUTTON_HOVER = (70, 80, 106)
BUTTON_PRESSED = (44, 50, 68)
ACCENT = (244, 162, 89)
ACCENT_DARK = (196, 120, 56)
TEAL = (91, 192, 190)
TEXT = (238, 240, 242)
MUTED = (154, 163, 178)
SHADOW = (0, 0, 0, 90)

TITLE_SIZE = 44
HEADING_SIZE = 24
BODY_SIZE = 16
SMALL_SIZE = 13

_fonts_loaded = False


def load_fonts() -> None:
    """Register the bundled font once, so text looks the same on every machine."""
    global _fonts_loaded
    if not _fonts_loaded:
        for relative in FONT_FILES:
            arcade.load_font(asset_path(relative))
        _fonts_loaded = True
