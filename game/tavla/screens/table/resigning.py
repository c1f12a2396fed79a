"""Resigning at the table: the Resign button (and G) opens the choice of level; the computer's answer
is asked and said in words; an offer to the person (the computer's, or the other person's at one
desk) is a panel with Accept and Decline, Esc declining.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the opponent's
driver, the side panel, the toast and the overlay layer these dialogs join; turns.py's flow asks the
computer (`ask_resign_answer`, `offer_terms`) and hands its answers here (`computer_offers`,
`computer_resign_answer`).
"""

from collections.abc import Callable

from arcade import key

from game.tavla.engine.cube import Cube
from game.tavla.engine.position import flip
from game.tavla.engine.results import Resignation
from game.tavla.engine.table_session import Phase
from game.tavla.screens import layout
from game.tavla.screens.table import resign_captions
from game.tavla.screens.table.overlays import (
    COMPACT_QUESTION_BAND,
    CUBE_WIDTH,
    CUBE_X,
    OVERLAY_WIDTH,
    OVERLAY_X,
    Band,
    card_line,
    card_title,
)
from game.ui import theme
from game.ui.overlay import Dialog
from game.ui.widgets import Button, Rect

KEY_RESIGN = [key.G]
KEY_ACCEPT = [key.A, key.ENTER, key.RETURN]
KEY_DECLINE = [key.D]  # and Esc (`on_key_press`)
LEVEL_KEYS = {
    Resignation.SINGLE: [key.KEY_1, key.NUM_1],
    Resignation.GAMMON: [key.KEY_2, key.NUM_2],
    Resignation.BACKGAMMON: [key.KEY_3, key.NUM_3],
}

CHOICE_WIDTH = OVERLAY_WIDTH  # as the end card (its words as wide): wide enough to cover the player's dice
CHOICE_BUTTON_WIDTH = 380
CHOICE_STEP = 56  # from one level's button to the next
CHOICE_HEAD = 150  # the title and the line (two lines on a small window's larger text) above the buttons
CHOICE_LINE_HEIGHT = 84
CHOICE_FOOT = 86  # Cancel under them
ANSWER_BANDS = (
    Band((layout.LEFT_HALF[0] + layout.LEFT_HALF[1]) / 2, CUBE_WIDTH, 156, 48, 4, 44, -48, 78, 140),
    Band(CUBE_X, CUBE_WIDTH, 156, 48, 4, 44, -48, 78, 140),
)
"""The offer to answer, in the band between a half's two rows of points: the right half's when seat 1
offers (its dice lie in the left half), the left half's when seat 0 does (two people at one desk), so
the offerer's roll stays in view; its title, what each answer means (two lines), the two buttons."""


def choice_dialog(
    levels: tuple[Resignation, ...],
    shown: Callable[[], bool],
    choose: Callable[[Resignation], None],
    cancel: Callable[[], None],
) -> Dialog:
    """ "Resign: how much do you give up?" (set `texts` and the levels' labels: the points follow the
    cube) with a button per level the rules score, and Cancel; 1-3 choose, D or Esc cancels."""
    height = CHOICE_HEAD + CHOICE_STEP * len(levels) + CHOICE_FOOT
    top = layout.MIDDLE_Y + height / 2
    title = card_title(top - 34, theme.HEADING_SIZE)
    line = card_line(top - 104, theme.SMALL_SIZE + 1, CHOICE_LINE_HEIGHT)
    buttons = []
    for index, level in enumerate(levels):
        rect = Rect(OVERLAY_X, top - CHOICE_HEAD - CHOICE_STEP * (index + 0.5), CHOICE_BUTTON_WIDTH, 46)
        buttons.append(Button("", rect, _bind(choose, level)))
    cancel_rect = Rect(OVERLAY_X, top - height + CHOICE_FOOT / 2, 200, 46)
    buttons.append(Button(resign_captions.cancel_label(), cancel_rect, cancel, primary=True))
    keys = [(LEVEL_KEYS[level], _bind(choose, level)) for level in levels]
    keys.append((KEY_DECLINE, cancel))
    rect = Rect(OVERLAY_X, layout.MIDDLE_Y, CHOICE_WIDTH, height)
    return Dialog(rect, [title, line], buttons, shown, keys)


def _bind(choose: Callable[[Resignation], None], level: Resignation) -> Callable[[], None]:
    return lambda: choose(level)


def answer_dialog(
    shown: Callable[[], bool], accept: Callable[[], None], decline: Callable[[], None], where: Band
) -> Dialog:
    """An offer to resign to answer (set `texts`: who offers what, what each answer means) in the band
    `where`: Accept / Decline; A or Enter accepts, D or Esc declines."""
    buttons = [
        where.button(-1, resign_captions.accept_label(), accept, primary=True),
        where.button(1, resign_captions.decline_label(), decline),
    ]
    keys = [(KEY_ACCEPT, accept), (KEY_DECLINE, decline)]
    return Dialog(where.rect(), [where.title(), where.line()], buttons, shown, keys)


class Resigning:
    """The table's resignations, both ways."""

    choosing_resign = False  # the choice of level is open

    def build_resign_dialogs(self, compact: bool) -> list[Dialog]:
        """The choice of level and the offer to answer, for this window's size."""
        levels = self.resign_levels = self.session.rules.resignations
        choosing = lambda: self.choosing_resign and self.may_resign_now()  # noqa: E731 - read at each frame
        self.resign_choice = choice_dialog(levels, choosing, self.choose_resign, self.cancel_resign)
        bands = (COMPACT_QUESTION_BAND,) if compact else ANSWER_BANDS
        self.resign_answers = [
            answer_dialog(self._offer_waits(len(bands), side), self.accept_offer, self.decline_offer, band)
            for side, band in enumerate(bands)
        ]
        self.update_resign_texts()
        return [self.resign_choice, *self.resign_answers]

    def _offer_waits(self, bands: int, side: int) -> Callable[[], bool]:
        """Whether an offer to resign waits for the person's answer in the band `side` of `bands` (one:
        any offer; two: the left for seat 0's, the right for seat 1's), every checker landed."""

        def waits() -> bool:
            session = self.session
            offer = session.game.resign_offer
            if self.holding or session.phase is not Phase.RESIGN_ANSWER or self.animating or offer is None:
                return False
            return bands == 1 or offer.player == side

        return waits

    @property
    def resign_answer(self) -> Dialog | None:
        """The offer to answer on the table now, if any."""
        top = self.overlays.top
        return top if top in self.resign_answers else None

    def may_resign_now(self) -> bool:
        """Whether the person on roll may offer to resign: their turn, nothing moving or being dragged."""
        busy = self.holding or self.animating or self.drag is not None or self.auto_commit
        return not busy and self.session.may_resign

    def open_resign(self) -> None:
        """Resign (the button, G): the choice of level, with the points each gives away."""
        if self.may_resign_now():
            self.choosing_resign = True
            self.update_resign_texts()

    def update_resign_texts(self) -> None:
        """The dialogs' words for the game on the table (the cube multiplies the points); the dialogs
        built again for a match under other rules (a saved match declined for a new one, say)."""
        session = self.session
        if self.resign_levels != session.rules.resignations:
            self._build_questions()  # which builds these dialogs and sets their words
            return
        choice = self.resign_choice
        choice.texts[0].text = resign_captions.choice_title()
        choice.texts[1].text = resign_captions.choice_line(session, self.players)
        levels = session.rules.resignations
        for button, level in zip(choice.buttons, levels, strict=False):
            button.label = resign_captions.level_label(level, session)
        if session.phase is Phase.RESIGN_ANSWER:
            title, line = resign_captions.offer_texts(session, self.players)
            for dialog in self.resign_answers:
                dialog.texts[0].text, dialog.texts[1].text = title, line

    def cancel_resign(self) -> None:
        self.choosing_resign = False

    def choose_resign(self, level: Resignation) -> None:
        """A level chosen: the offer is made; the other side answers next (the computer is asked once
        its turn comes round in the flow, a second person at the desk sees the offer)."""
        if not self.choosing_resign or not self.may_resign_now():
            return
        self.choosing_resign = False
        self._clear_hint()
        self.session.resign(level)
        self._update_hud()

    def accept_offer(self) -> None:
        if self.session.phase is Phase.RESIGN_ANSWER and not self.animating:
            self._answered(lambda: self.session.answer_resignation(True))

    def decline_offer(self) -> None:
        if self.session.phase is Phase.RESIGN_ANSWER and not self.animating:
            self._answered(lambda: self.session.answer_resignation(False))

    def _answered(self, answer: Callable[[], None]) -> None:
        """After an answer: the game's end shown, or play on (a roll that the answer let come, rolled on
        screen; a turn in progress left as it was)."""
        rolled = self.session.game.dice is not None
        answer()
        if not self.session.game.over and not rolled and self.session.game.dice is not None:
            self._start_turn()
        else:
            self._update_hud()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Esc closes the choice of level, or declines an offer (never leaves the game with it)."""
        if symbol == key.ESCAPE and self.overlays.top is self.resign_choice:
            self.cancel_resign()
        elif symbol == key.ESCAPE and self.resign_answer is not None:
            self.decline_offer()
        else:
            super().on_key_press(symbol, modifiers)  # type: ignore[misc]

    # --- the computer ---

    def offer_terms(self) -> tuple[Cube, int]:
        """What the computer on roll weighs an offer to resign against: the stakes it sees, and the
        highest level the person declined in this game."""
        seat = self.session.seat
        return self.session.stakes(seat), self.session.game.declined_level(seat)

    def ask_resign_answer(self) -> None:
        """The computer weighs the person's offer, from its own side (the offerer on roll)."""
        session = self.session
        offer = session.game.resign_offer
        if offer is not None:
            answerer = 1 - offer.player
            self.driver.ask_resign_answer(
                flip(session.game.state), session.game.dice, offer.level, session.stakes(answerer)
            )

    def computer_offers(self, level: Resignation) -> None:
        """The computer offers to resign `level`: the person answers."""
        self.session.computer_resign(level)
        self._update_hud()

    def computer_resign_answer(self, accepted: bool) -> None:
        """The computer's answer to the person's offer, said in words."""
        offer = self.session.game.resign_offer
        assert offer is not None
        self._answered(lambda: self.session.computer_answer_resignation(accepted))
        self.toast.show(resign_captions.answer_text(self.session, self.players, offer, accepted), 4.0)
