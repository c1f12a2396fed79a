"""The panels over the board: the offer to resume the saved match, the card when a game ends, and
with the cube the question before a roll (Double or Roll) and the answer to a double (Take or Pass,
and Beaver in a money session with beavers); the band where those questions and the tutor's sit.

Both are dialogs of the scene's overlay layer (game.ui.overlay), so their buttons take the clicks
before anything behind them; the view says when each is shown and what its buttons do.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.text.i18n import _
from game.tavla.screens import layout
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


COMMAND_GAP = 8  # between the saved match's line and the command resuming it would run
COMMAND_MOST = layout.INNER_HEIGHT - OVERLAY_HEIGHT - 3 * OVERLAY_PADDING
"""The most room the command takes: the offer grows to hold it and stays on the board."""


def _slot(dx: float, width: float = 200, dy: float = 0.0) -> Rect:
    return Rect(OVERLAY_X + dx, layout.MIDDLE_Y - 70 + dy, width, 48)


def card_title(y: float, size: float, text: str = "") -> Label:
    """A card's title over the board: one line, bold, in the accent colour, centred on `y`."""
    return Label(
        text,
        OVERLAY_X,
        y,
        theme.ACCENT,
        size,
        box_width=TEXT_WIDTH,
        anchor_x="center",
        anchor_y="center",
        bold=True,
    )


def card_line(y: float, size: float, height: float) -> Label:
    """The words under a card's title (set its text), centred on `y`, wrapping within `height`."""
    return Label(
        "",
        OVERLAY_X,
        y,
        theme.TEXT,
        size,
        box_width=TEXT_WIDTH,
        box_height=height,
        anchor_x="center",
        anchor_y="center",
        multiline=True,
        align="center",
    )


def _title(text: str, size: float, dy: float = 0.0) -> Label:
    return card_title(layout.MIDDLE_Y + 60 + dy, size, text)


def _line(size: float, dy: float = 0.0) -> Label:
    return card_line(OVERLAY_LINE_Y + dy, size, OVERLAY_LINE_HEIGHT)


def _rect(extra: float = 0.0) -> Rect:
    return Rect(OVERLAY_X, layout.MIDDLE_Y, OVERLAY_WIDTH, OVERLAY_HEIGHT + extra)


def _command(text: str, smallest: float) -> Label:
    """The command under the saved match, whole, in as many lines as it needs (at most COMMAND_MOST
    high), at the size this window reads (`smallest`): its box is the height it takes."""
    label = Label(
        text,
        OVERLAY_X,
        OVERLAY_LINE_Y - OVERLAY_LINE_HEIGHT / 2,
        theme.TEXT,
        theme.SMALL_SIZE,
        box_width=TEXT_WIDTH,
        box_height=COMMAND_MOST,
        anchor_x="center",
        anchor_y="center",
        multiline=True,
        align="center",
    )
    label.keep_readable(smallest)
    label.set_box(TEXT_WIDTH, min(label.content_height, COMMAND_MOST) if text else None)
    return label


def offer_dialog(
    shown: Callable[[], bool],
    resume: Callable[[], None],
    decline: Callable[[], None],
    keys: list[KeyAction],
    command: str = "",
    smallest: float = 0.0,
) -> Dialog:
    """ "Resume the saved match?" with the match below (set `texts[1]`) and Resume / New match; with
    `command` (what Resume would run, `texts[2]`) under the match, in full: the dialog grows to hold it,
    its text at least `smallest` (the least size this window reads)."""
    block = _command(command, smallest)
    height = block.box_height or 0.0
    extra = height + COMMAND_GAP if command else 0.0
    # The title and the match's line move up by half the room the command takes, the buttons down.
    block.y = OVERLAY_LINE_Y - OVERLAY_LINE_HEIGHT / 2 - COMMAND_GAP / 2 + extra / 2 - height / 2
    buttons = [
        # Translators: button: carry on with the match saved last time
        Button(_("Resume"), _slot(-120, dy=-extra / 2), resume, primary=True),
        # Translators: button: start a new match from 0 – 0
        Button(_("New match"), _slot(120, dy=-extra / 2), decline),
    ]
    title = _title(_("Resume the saved match?"), theme.HEADING_SIZE + 4, extra / 2)
    texts = [title, _line(theme.BODY_SIZE + 1, extra / 2), block]
    return Dialog(_rect(extra), texts, buttons, shown, keys)


NOTICE_HEIGHT = 380
NOTICE_LINE_HEIGHT = 200


def notice_dialog(shown: Callable[[], bool], close: Callable[[], None], keys: list[KeyAction]) -> Dialog:
    """What became of the saved match when it was not offered (set `texts[1]`: it could not be read,
    or was kept aside, and what happens to the match played now), with OK: the table waits for it, so
    the player reads it before a new match begins."""
    top = layout.MIDDLE_Y + NOTICE_HEIGHT / 2
    # Translators: the title of the panel that says what became of the match saved last time
    title = card_title(top - 50, theme.HEADING_SIZE, _("Your saved match"))
    line = card_line(layout.MIDDLE_Y + 10, theme.BODY_SIZE, NOTICE_LINE_HEIGHT)
    # Translators: button: the player has read the notice about the saved match; a new match begins
    ok = Button(
        _("OK"), Rect(OVERLAY_X, layout.MIDDLE_Y - NOTICE_HEIGHT / 2 + 50, 200, 48), close, primary=True
    )
    rect = Rect(OVERLAY_X, layout.MIDDLE_Y, OVERLAY_WIDTH, NOTICE_HEIGHT)
    return Dialog(rect, [title, line], [ok], shown, keys)


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


@dataclass(frozen=True)
class Band:
    """Where a question sits: the cube's and the tutor's, in the band between the right half's two rows
    of points, so the bar, the checkers and the cube stay in view while the player decides. On a small
    window (`compact`) the larger text needs more room: the band spans the board's middle and the line
    under the title wraps onto two lines."""

    x: float
    width: float
    height: float
    title_dy: float  # above the board's middle
    line_dy: float
    line_height: float
    buttons_dy: float
    button_dx: float
    button_width: float

    def rect(self) -> Rect:
        return Rect(self.x, layout.MIDDLE_Y, self.width, self.height)

    def title(self) -> Label:
        return self._label(self.title_dy, theme.ACCENT, theme.BODY_SIZE + 2, True, None)

    def line(self) -> Label:
        return self._label(self.line_dy, theme.TEXT, theme.SMALL_SIZE, False, self.line_height)

    def _label(
        self, dy: float, colour: tuple[int, int, int], size: float, bold: bool, height: float | None
    ) -> Label:
        return Label(
            "",
            self.x,
            layout.MIDDLE_Y + dy,
            colour,
            size,
            box_width=self.width - 2 * OVERLAY_PADDING,
            box_height=height,
            anchor_x="center",
            anchor_y="center",
            bold=bold,
            multiline=height is not None,
            align="center",
        )

    def button(self, side: int, label: str, on_click: Callable[[], None], primary: bool = False) -> Button:
        """The first (`side` -1) or the second (+1) of the question's two buttons."""
        rect = Rect(self.x + side * self.button_dx, layout.MIDDLE_Y + self.buttons_dy, self.button_width, 46)
        return Button(label, rect, on_click, primary=primary)


CUBE_X = (layout.RIGHT_HALF[0] + layout.RIGHT_HALF[1]) / 2
CUBE_WIDTH = layout.HALF_WIDTH - 24
CUBE_BUTTON_DX = 78
ROLL_BAND = Band(CUBE_X, CUBE_WIDTH, 124, 30, 0, 0, -30, CUBE_BUTTON_DX, 140)
TAKE_BAND = Band(CUBE_X, CUBE_WIDTH, 124, 40, 14, 30, -30, CUBE_BUTTON_DX, 140)
TUTOR_BAND = Band(CUBE_X, CUBE_WIDTH, 184, 62, 14, 52, -52, 84, 156)
COMPACT_ROLL_BAND = Band(OVERLAY_X, OVERLAY_WIDTH, 132, 32, 0, 0, -32, 100, 176)
COMPACT_QUESTION_BAND = Band(OVERLAY_X, OVERLAY_WIDTH, 196, 60, 6, 76, -64, 100, 176)
"""A small window's questions: over the board's middle, the line under the title on up to two lines."""
BEAVER_BAND = replace(TUTOR_BAND, button_dx=108, button_width=100)
COMPACT_BEAVER_BAND = replace(COMPACT_QUESTION_BAND, button_dx=190)
"""Take, Beaver and Pass in a row, the line of what each means on two lines."""


def roll_dialog(
    shown: Callable[[], bool],
    double: Callable[[], None],
    roll: Callable[[], None],
    keys: list[KeyAction],
    compact: bool = False,
) -> Dialog:
    """Before a roll in which the player may double: "Double to 2, or roll?" (set `texts[0]`)."""
    where = COMPACT_ROLL_BAND if compact else ROLL_BAND
    buttons = [
        # Translators: button: offer the doubling cube to the opponent before rolling
        where.button(-1, _("Double"), double),
        # Translators: button: roll the dice without doubling
        where.button(1, _("Roll"), roll, primary=True),
    ]
    return Dialog(where.rect(), [where.title()], buttons, shown, keys)


def take_dialog(
    shown: Callable[[], bool],
    take: Callable[[], None],
    drop: Callable[[], None],
    keys: list[KeyAction],
    compact: bool = False,
) -> Dialog:
    """The opponent doubles (set `texts`: who and to what, what each answer means): Take / Pass."""
    where = COMPACT_QUESTION_BAND if compact else TAKE_BAND
    buttons = [
        # Translators: button: accept the double: the game goes on at twice the stake
        where.button(-1, _("Take"), take, primary=True),
        # Translators: button: refuse the double and lose the game at the present stake
        where.button(1, _("Pass"), drop),
    ]
    return Dialog(where.rect(), [where.title(), where.line()], buttons, shown, keys)


def beaver_dialog(
    shown: Callable[[], bool],
    take: Callable[[], None],
    beaver: Callable[[], None],
    drop: Callable[[], None],
    keys: list[KeyAction],
    compact: bool = False,
) -> Dialog:
    """The opponent doubles in a money session with beavers (set `texts`): Take / Beaver / Pass."""
    where = COMPACT_BEAVER_BAND if compact else BEAVER_BAND
    buttons = [
        where.button(-1, _("Take"), take, primary=True),
        # Translators: button: take the double and at once redouble, keeping the cube (a "beaver")
        where.button(0, _("Beaver"), beaver),
        where.button(1, _("Pass"), drop),
    ]
    return Dialog(where.rect(), [where.title(), where.line()], buttons, shown, keys)
