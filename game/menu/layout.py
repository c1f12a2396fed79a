"""Where the main menu's parts go, in logical units: the two cards and their rows (one layout for a large
window, one for a small window's larger text, which leaves out the previews), the title, and the footer's
buttons spaced evenly whatever their number.
"""

from dataclasses import dataclass

from game.ui import theme
from game.ui.text import Label

CARD_WIDTH = 500
CARD_HEIGHT = 590
CARD_Y = 385
CARD_TITLE_Y = CARD_Y + CARD_HEIGHT / 2 - 28
LEFT_X = theme.DESIGN_WIDTH / 2 - 280
RIGHT_X = theme.DESIGN_WIDTH / 2 + 280
PREVIEW_SIZE = 120
PREVIEW_Y = CARD_Y + 184
FOOTER_BUTTON_Y = 56
# The footer's buttons, left to right, spaced evenly whatever their number (footer_x).
FOOTER = ("matches", "progress", "lab", "statistics", "settings", "quit")
FOOTER_SPAN = 1140  # logical units from the first button's centre to the last's, at most
FOOTER_STEP = 190
WIDE_SELECTOR = 440
HALF_SELECTOR = 214
HALF_OFFSET = (WIDE_SELECTOR - HALF_SELECTOR) / 2
SELECTOR_HEIGHT = 44
LEARN_SHIFT = 70
LEARN_X = 160
LEARN_WIDTH = 140
"""Play Fifteen moves this much left of the card's middle to leave Learn its place beside it."""
TOAST_Y = CARD_Y - 90
TITLE_BASELINE = 732
SUBTITLE_GAP = 8


def footer_step() -> float:
    """The distance between two footer buttons' centres."""
    return min(FOOTER_STEP, FOOTER_SPAN / max(1, len(FOOTER) - 1))


def footer_x(name: str) -> float:
    """The centre of the footer button `name` (one of FOOTER)."""
    return theme.DESIGN_WIDTH / 2 + (FOOTER.index(name) - (len(FOOTER) - 1) / 2) * footer_step()


@dataclass(frozen=True)
class CardLayout:
    """Where the cards put their rows (centres, logical units); a small window's text is larger, so its
    cards leave out the previews and give the notes three lines."""

    first_row: float
    opponent_note: float
    second_row: float
    rules_note: float
    third_row: float
    play: float
    play_height: float
    note_height: float
    note_width: float
    previews: bool
    cube_toggle: tuple[float, float, float]  # width, height, and height above the rules selector's top
    money_toggles: tuple[float, float, float]  # width, height and the gap between: Jacoby and Beavers
    footer_button: tuple[float, float]  # width, height
    size_presets: float  # the height of the board size's preset buttons, on the opponent note's line
    pictures_note: tuple[float, float]  # centre y, height: how to add a photo, and the folder's place


CARDS = CardLayout(
    first_row=CARD_Y + 88,
    opponent_note=CARD_Y + 38,
    second_row=CARD_Y - 55,  # room above the rules for the cube's toggle, clear of the opponent's note
    rules_note=CARD_Y - 108,
    third_row=CARD_Y - 190,
    play=CARD_Y - 257,
    play_height=48,
    note_height=50,
    note_width=CARD_WIDTH - 40,
    previews=True,
    cube_toggle=(150, 32, 24),
    money_toggles=(180, 30, 16),
    footer_button=(170, 40),
    size_presets=30,
    pictures_note=(CARD_Y - 122, 84),
)
COMPACT_CARDS = CardLayout(
    first_row=562,
    opponent_note=483,
    second_row=361,
    rules_note=284,
    third_row=174,
    play=124,  # the Play buttons and their shadows inside the cards' edge (90)
    play_height=44,
    note_height=114,
    note_width=CARD_WIDTH - 20,
    previews=False,
    cube_toggle=(160, 42, 30),
    money_toggles=(210, 44, 16),
    footer_button=(180, 44),
    size_presets=44,
    pictures_note=(226, 150),
)


def note_label(x: float, y: float, cards: CardLayout, height: float | None = None) -> Label:
    return Label(
        "",
        x,
        y,
        theme.MUTED,
        theme.SMALL_SIZE,
        box_width=cards.note_width,
        box_height=cards.note_height if height is None else height,
        anchor_x="center",
        anchor_y="center",
        multiline=True,
        align="center",
    )
