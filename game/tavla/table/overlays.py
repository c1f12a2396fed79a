"""The panels over the board: the offer to resume the saved match, and the card when a game ends.

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
        Button(_("Next game"), _slot(-190, 170), next_game, primary=True),
        # Translators: button: start a new match from 0 – 0
        Button(_("New match"), _slot(0, 170), new_match),
        # Translators: button: judge every move of the match so far and show where equity was lost
        Button(_("Analyse"), _slot(190, 170), analyse),
    ]
    texts = [_title("", theme.TITLE_SIZE - 8), _line(theme.BODY_SIZE + 2)]
    return Dialog(_rect(), texts, buttons, shown)
