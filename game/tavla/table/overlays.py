"""The panels over the board: the offer to resume the saved match, the card when a game ends, and
with the cube the question before a roll (Double or Roll) and the answer to a double (Take or Pass).

Both are dialogs of the scene's overlay layer (game.ui.overlay), so their buttons take the clicks
before anything behind them; the view says when each is shown and what its buttons do.
"""

from collections.abc import Callable

from game.i18n import _
from game.tavla import layout
from game.ui import theme
from game.ui.overlay import Dialog, KeyAction
from game.ui.text import Label
from game.ui.widgets import Button, Rect

OVERLAY_WIDTH = 600  # the panel over the board at the end of a game or when a saved match is offered
OVERLAY_HEIGHT = 250
OVERLAY_PADDING = 16
OVERLAY_X = (layout.LEFT_HALF[0] + layout.RIGHT_HALF[1]) / 2
OVERLAY_LINE_Y = layout.MIDDLE_Y - 2  # the line under the overlay's title (at +60), above its buttons (-70)
OVERLAY_LINE_HEIGHT = 76
TEXT_WIDTH = OVERLAY_WIDTH - 2 * OVERLAY_PADDING


def _slot(dx: float, width: float = 200) -> Rect:
    return Rect(OVERLAY_X + dx, layout.MIDDLE_Y - 70, width, 48)


def _title(text: str, size: float) -> Label:
    return Label(
        text,
        OVERLAY_X,
        layout.MIDDLE_Y + 60,
        theme.ACCENT,
        size,
        box_width=TEXT_WIDTH,
        anchor_x="center",
        anchor_y="center",
        bold=True,
    )


def _line(size: float) -> Label:
    return Label(
        "",
        OVERLAY_X,
        OVERLAY_LINE_Y,
        theme.TEXT,
        size,
        box_width=TEXT_WIDTH,
        box_height=OVERLAY_LINE_HEIGHT,
        anchor_x="center",
        anchor_y="center",
        multiline=True,
        align="center",
    )


# The cube's questions sit in the band between the right half's two rows of points, so the bar, the
# checkers and the cube stay in view while the player decides.
CUBE_X = (layout.RIGHT_HALF[0] + layout.RIGHT_HALF[1]) / 2
CUBE_WIDTH = layout.HALF_WIDTH - 24
CUBE_HEIGHT = 124
CUBE_BUTTON_WIDTH = 140
CUBE_BUTTON_DX = 78


def _rect() -> Rect:
    return Rect(OVERLAY_X, layout.MIDDLE_Y, OVERLAY_WIDTH, OVERLAY_HEIGHT)


def offer_dialog(
    shown: Callable[[], bool], resume: Callable[[], None], decline: Callable[[], None], keys: list[KeyAction]
) -> Dialog:
    """ "Resume the saved match?" with the match below (set `texts[1]`) and Resume / New match."""
    buttons = [
        # Translators: button: carry on with the match saved last time
        Button(_("Resume"), _slot(-120), resume, primary=True),
        # Translators: button: start a new match from 0 – 0
        Button(_("New match"), _slot(120), decline),
    ]
    texts = [_title(_("Resume the saved match?"), theme.HEADING_SIZE + 4), _line(theme.BODY_SIZE + 1)]
    return Dialog(_rect(), texts, buttons, shown, keys)


def over_dialog(
    shown: Callable[[], bool],
    next_game: Callable[[], None],
    new_match: Callable[[], None],
    analyse: Callable[[], None],
) -> Dialog:
    """Who won and how (set `texts`), with Next game (or Menu once the match is decided) / New match /
    Analyse (the match so far on the analysis screen)."""
    buttons = [
        # Translators: button: play the next game of the match
        Button(_("Next game"), _slot(-190, 180), next_game, primary=True),
        # Translators: button: start a new match from 0 – 0
        Button(_("New match"), _slot(0, 180), new_match),
        # Translators: button: judge every move of the match so far and show where equity was lost
        Button(_("Analyse"), _slot(190, 180), analyse),
    ]
    texts = [_title("", theme.TITLE_SIZE - 8), _line(theme.BODY_SIZE + 2)]
    return Dialog(_rect(), texts, buttons, shown)


def _band_label(y: float, colour: tuple[int, int, int], size: float, bold: bool) -> Label:
    return Label(
        "",
        CUBE_X,
        y,
        colour,
        size,
        box_width=CUBE_WIDTH - 2 * OVERLAY_PADDING,
        anchor_x="center",
        anchor_y="center",
        bold=bold,
    )


def _band_buttons(first: Button, second: Button) -> list[Button]:
    for button, dx in ((first, -CUBE_BUTTON_DX), (second, CUBE_BUTTON_DX)):
        button.move_to(CUBE_X + dx, layout.MIDDLE_Y - 30)
    return [first, second]


def _band_rect() -> Rect:
    return Rect(CUBE_X, layout.MIDDLE_Y, CUBE_WIDTH, CUBE_HEIGHT)


def _band_button(label: str, on_click: Callable[[], None], primary: bool = False) -> Button:
    return Button(label, Rect(0, 0, CUBE_BUTTON_WIDTH, 46), on_click, primary=primary)


def roll_dialog(
    shown: Callable[[], bool], double: Callable[[], None], roll: Callable[[], None], keys: list[KeyAction]
) -> Dialog:
    """Before a roll in which the player may double: "Double to 2, or roll?" (set `texts[0]`)."""
    buttons = _band_buttons(
        # Translators: button: offer the doubling cube to the opponent before rolling
        _band_button(_("Double"), double),
        # Translators: button: roll the dice without doubling
        _band_button(_("Roll"), roll, primary=True),
    )
    title = _band_label(layout.MIDDLE_Y + 30, theme.ACCENT, theme.BODY_SIZE + 2, True)
    return Dialog(_band_rect(), [title], buttons, shown, keys)


def take_dialog(
    shown: Callable[[], bool], take: Callable[[], None], drop: Callable[[], None], keys: list[KeyAction]
) -> Dialog:
    """The opponent doubles (set `texts`: who and to what, what each answer means): Take / Pass."""
    buttons = _band_buttons(
        # Translators: button: accept the double: the game goes on at twice the stake
        _band_button(_("Take"), take, primary=True),
        # Translators: button: refuse the double and lose the game at the present stake
        _band_button(_("Pass"), drop),
    )
    texts = [
        _band_label(layout.MIDDLE_Y + 40, theme.ACCENT, theme.BODY_SIZE + 2, True),
        _band_label(layout.MIDDLE_Y + 14, theme.TEXT, theme.SMALL_SIZE, False),
    ]
    return Dialog(_band_rect(), texts, buttons, shown, keys)
