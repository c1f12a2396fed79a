"""A practice round: the due cards of the practice deck one after another on the table itself, each
position with its dice as it was (the table's session set up at it, TableSession.from_position); the
player drags the play and presses Done, or answers the table's own cube question (Double / Roll, Take /
Pass). The answer is judged against the best (game/tavla/progress/practice.py), the equity difference and
the ranked answers shown over the board on an opaque card (the cube's question put away meanwhile), and the
card rescheduled at once, so the round can be left at any card (Stop, Esc: back to where it was opened
from, Progress or the menu) and nothing is lost. The panel's rules line names no game number: a card is
one position, not a game of a match.

A subclass of the table view: its play is the table's, only the end of a turn and the cube's answers
are taken over. Both seats are people (nobody answers for the computer) and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.records import RecordsUnavailable
from game.core.text.i18n import _
from game.tavla.analysis.cube import DOUBLE, DROP, NO_DOUBLE, TAKE
from game.tavla.analysis.decisions import MILLI, JudgedPlay
from game.tavla.analysis.figures import milli_unit
from game.tavla.engine.position import flip
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.engine.table_session import HUMAN, Phase, TableSession
from game.tavla.progress.practice import (
    Deck,
    Judgement,
    PracticeCard,
    judge_cube,
    judge_move,
    ranked_answers,
    stakes_of,
)
from game.tavla.progress.report import deck_left_out_text
from game.tavla.screens import layout
from game.tavla.screens.table import cube_captions
from game.tavla.screens.table.resigning import KEY_RESIGN
from game.tavla.screens.table.view import KEY_EDIT, KEY_HINT, TableView
from game.ui import theme
from game.ui.keys import matches
from game.ui.text import Label, LabelSpec
from game.ui.widgets import Button, Rect

PANEL_X, PANEL_Y, PANEL_WIDTH, PANEL_HEIGHT = layout.BAR_X, layout.MIDDLE_Y, 560, 360
RANKED_SHOWN = 5
KEY_NEXT = [key.N, key.ENTER, key.RETURN]
CARD_LINE_X, CARD_LINE_Y, CARD_LINE_WIDTH = 1120, 470, 290  # in the side panel, over its buttons
CARD_FILL = (12, 14, 20, 255)  # opaque: nothing of the table's dialogs shows through the verdict


def session_of(card: PracticeCard) -> TableSession:
    """The table set up at the card: the player at seat 0, to play the dice, or before the roll to
    double or not, or facing the opponent's double."""
    rules = Rules.parse(card.rules)
    if not rules.hits:  # a game GNU Backgammon's IDs do not hold: the card keeps its position and stakes
        score = stakes_of(card).score
        length, scores = (score.length, (score.mine, score.theirs)) if score else (MONEY, (0, 0))
        return TableSession.from_position(
            card.position, card.roll, rules, HUMAN, length, seat=0, scores=scores, keep=False
        )
    setup = read_gnubg_id(card.gnubg_id)
    moment = setup.moment
    mine, theirs = moment.score[moment.on_roll], moment.score[1 - moment.on_roll]
    options = {
        "cube": rules.has_cube,
        "cube_value": moment.cube,
        "scores": (mine, theirs) if moment.length else (0, 0),
        "crawford": moment.crawford if moment.length else None,
        "keep": False,
    }
    owner = moment.owner
    length = moment.length or MONEY
    if card.taker:  # the doubler (seat 1) on roll, its double waiting for the player's answer
        options["cube_owner"] = None if owner is None else (1 if owner == moment.on_roll else 0)
        options["scores"] = (theirs, mine) if moment.length else (0, 0)
        session = TableSession.from_position(card.position, None, rules, HUMAN, length, seat=1, **options)
        session.double()
        return session
    options["cube_owner"] = None if owner is None else (0 if owner == moment.on_roll else 1)
    return TableSession.from_position(card.position, card.roll, rules, HUMAN, length, seat=0, **options)


def card_unit(card: PracticeCard) -> str:
    """The unit of a card's losses as the analysis names it: mEMG at a match's score, else millipoints."""
    return milli_unit(stakes_of(card).score is not None)


def rules_line(session: TableSession, compact: bool) -> str:
    """The panel's rules line at a practice card: the rule set (and the Crawford game or beavers), with
    no game number, which a position taken from any game of a match would only get wrong."""
    rules = _(session.rules.short_name)
    note = cube_captions.rules_note(session, compact)
    if note:
        return note.removeprefix(" · ") if compact else rules + note
    # Translators: the practice table's rules line; {rules} is the rule set's name ("standard")
    return rules if compact else _("Rules: {rules}").format(rules=rules)


class PracticeView(TableView):
    """The due cards one by one on the table; Next after each answer, Stop (or Esc) back to where the
    round was opened from (`back`: Progress), else to the menu."""

    def __init__(
        self, deck: Deck | None = None, back: Callable[[], None] | None = None, games: str | None = None
    ) -> None:
        """`games`: only the cards of this game (or of the Tavli match's three), as Progress filters."""
        self._back = back
        self.deck = deck if deck is not None else Deck()
        try:
            self.cards = self.deck.due(games)
        except RecordsUnavailable as error:
            self.cards, self.error = [], str(error)
        else:
            skipped = getattr(self.cards, "skipped", 0)  # a deck's KeptRows (a list of cards has none)
            self.error = deck_left_out_text(skipped) if skipped else ""
        self.index = 0
        self.answered = 0
        self.judgement: Judgement | None = None
        self.ranked: list[JudgedPlay] = []
        first = self.cards[0] if self.cards else None
        rules = Rules.parse(first.rules) if first else None  # a card keeps its rule set as text
        super().__init__(opponent=HUMAN, rules=rules, seed=1, offer_resume=False)
        self._build_practice()
        self._show_card()
        if self.cards and self.error:  # damaged cards left out: said at once (with none, at the end)
            self.toast.show(self.error, 6.0)

    @property
    def card(self) -> PracticeCard | None:
        return self.cards[self.index] if self.index < len(self.cards) else None

    def _build_practice(self) -> None:
        top = PANEL_Y + PANEL_HEIGHT / 2
        left = PANEL_X - PANEL_WIDTH / 2 + 24
        width = PANEL_WIDTH - 48
        self.verdict = LabelSpec(
            PANEL_X,
            top - 34,
            width,
            theme.ACCENT,
            theme.BODY_SIZE,
            bold=True,
            anchor_x="center",
            align="center",
        ).label()
        self.loss_line = LabelSpec(left, top - 70, PANEL_WIDTH - 48, theme.TEXT, theme.SMALL_SIZE).label()
        self.rows = [
            LabelSpec(left, top - 110 - 30 * row, PANEL_WIDTH - 48, theme.TEXT, theme.SMALL_SIZE).label()
            for row in range(RANKED_SHOWN + 1)
        ]
        bottom = PANEL_Y - PANEL_HEIGHT / 2 + 36
        # Translators: button after a practice position is judged: the next position of the practice round
        self.next_button = Button(
            _("Next"), Rect(PANEL_X - 115, bottom + 6, 200, 52), self.next_card, primary=True
        )
        # Translators: button: end the practice round here (every answer so far is kept)
        self.stop_button = Button(_("Stop"), Rect(PANEL_X + 115, bottom + 6, 200, 52), self.to_menu)
        self.card_line = LabelSpec(
            CARD_LINE_X,
            CARD_LINE_Y,
            CARD_LINE_WIDTH,
            theme.MUTED,
            theme.SMALL_SIZE,
            anchor_x="center",
            align="center",
        ).label()

    def _show_card(self) -> None:
        """The table at the next due card, or the round's end."""
        self.judgement = None
        card = self.card
        if card is None:
            if self.error:
                self.toast.show(self.error, 6.0)
            self.verdict.text = (
                _("Nothing left to practise now.") if not self.cards else _("The round is done.")
            )
            # Translators: the end of a practice round; {count} positions answered
            self.loss_line.text = _("{count} answered; the deck says when to come back.").format(
                count=self.answered
            )
            for row in self.rows:
                row.text = ""
            self.next_button.enabled = False
            return
        try:
            session = session_of(card)
            self.ranked = ranked_answers(card) if card.kind == "move" else []
            asks = Phase.HUMAN if card.kind == "move" else Phase.ANSWER if card.taker else Phase.ROLL
            if session.phase is not asks:  # the table cannot ask it (the cube dead at this score...)
                raise UserError(_("This position cannot be practised on the table; it is skipped."))
        except (UserError, ValueError) as error:
            self.toast.show(str(error), 4.0)
            self.index += 1
            self._show_card()
            return
        self.start_session(session)
        # Translators: over the practice table; {number} of {total} positions in this round
        self.card_line.text = _("Practice: position {number} of {total}").format(
            number=self.index + 1, total=len(self.cards)
        )

    def to_menu(self) -> None:
        """Stop, Esc and the panel's Menu: back to the screen the round was opened from, else the menu."""
        if self._back is not None:
            self._back()
        else:
            super().to_menu()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.ESCAPE:
            self.to_menu()
        else:
            super().on_key_press(symbol, modifiers)

    def _waits_for(self, phase: Phase) -> Callable[[], bool]:
        """The table's cube question, put away once the answer is judged (the verdict's card is over it)."""
        waits = super()._waits_for(phase)
        return lambda: waits() and self.judgement is None

    def _announce_opening(self) -> None:
        """A practice position is not an opening: nothing to say about who won the opening roll."""

    def next_card(self) -> None:
        if self.judgement is not None:
            self.index += 1
            self._show_card()

    # --- the answers, taken over from the table ---

    def finish_turn(self) -> None:
        session, card = self.session, self.card
        if card is None or self.judgement is not None or card.kind != "move" or not self.turn_may_end():
            return
        assert session.turn is not None
        after = session.turn.state
        chosen = next(
            (play for play in self.ranked if play.after == after or flip(play.after) == after), None
        )
        if chosen is None:
            return
        self._judged(judge_move(card, chosen.text, self.ranked))

    def double(self) -> None:
        self._cube_answer(DOUBLE, Phase.ROLL)

    def roll(self) -> None:
        self._cube_answer(NO_DOUBLE, Phase.ROLL)

    def take(self) -> None:
        self._cube_answer(TAKE, Phase.ANSWER)

    def pass_double(self) -> None:
        self._cube_answer(DROP, Phase.ANSWER)

    def _cube_answer(self, action: str, phase: Phase) -> None:
        card = self.card
        if (
            card is None
            or self.judgement is not None
            or card.kind != "cube"
            or self.session.phase is not phase
        ):
            return
        self._judged(judge_cube(card, action))

    def _judged(self, judgement: Judgement) -> None:
        """Show how the answer went and reschedule the card now."""
        card = self.card
        assert card is not None
        self.judgement = judgement
        self.answered += 1
        try:
            self.cards[self.index] = self.deck.answer(card, judgement)
        except RecordsUnavailable as error:
            self.toast.show(str(error), 5.0)
        shown = card.shown
        if judgement.right:
            self.verdict.text = _("Right: that is the best.")
        else:
            # Translators: a practice answer that was not the best; {best} the best play or cube action
            self.verdict.text = _("The best is {best}.").format(best=shown(judgement.best))
        # Translators: {answer} the player's play or cube action; {loss} what it lost, {unit} its unit as
        # the analysis names it (mEMG in a match, millipoints for money)
        self.loss_line.text = _("Yours: {answer}, {loss:.1f} {unit} worse").format(
            answer=shown(judgement.answer), loss=judgement.loss, unit=card_unit(card)
        )
        best = judgement.ranked[0][1]
        listed = list(judgement.ranked[:RANKED_SHOWN])
        if judgement.answer not in [text for text, _equity in listed]:
            listed.append(next(one for one in judgement.ranked if one[0] == judgement.answer))
        for row, line in zip(self.rows, [*listed, *[None] * (len(self.rows) - len(listed))], strict=False):
            if line is None:
                row.text = ""
                continue
            text, equity = line
            mark = "▶ " if text == judgement.answer else "   "
            row.text = f"{mark}{shown(text)}   {equity:+.3f}   {(equity - best) * MILLI:+.1f}"
        self.next_button.enabled = self.index + 1 <= len(self.cards)

    # --- input and drawing ---

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if self.judgement is not None or self.card is None:
            if symbol in KEY_NEXT:
                self.next_card()
            return
        if any(matches(keys, symbol, modifiers) for keys in (KEY_HINT, KEY_RESIGN, KEY_EDIT)):
            return  # a hint would give the answer away; resigning and the lab are not the card's
        super().on_scene_key(symbol, modifiers)

    def _update_hud(self) -> None:
        """The table's panel, with Hint, Export and Resign off: a practice card is answered alone, and
        it is no match to export or resign."""
        super()._update_hud()
        panel = self.panel
        for button in (panel.hint_button, panel.export_button, panel.resign_button):
            if button is not None:
                button.enabled = False
        panel.set_texts({"rules": rules_line(self.session, self.compact)})

    def _panel_buttons(self) -> list[Button]:
        return [self.next_button, self.stop_button] if self.judgement is not None or self.card is None else []

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        world = self.to_world(x, y)
        if any(b.on_mouse_press(*world) for b in self._panel_buttons()):
            return
        if self.judgement is None and self.card is not None:
            super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        world = self.to_world(x, y)
        if any(b.on_mouse_release(*world) for b in self._panel_buttons()):
            return
        if self.judgement is None and self.card is not None:
            super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        for button in self._panel_buttons():
            button.on_mouse_motion(*self.to_world(x, y))

    def readable_labels(self) -> list[Label]:
        mine = [self.verdict, self.loss_line, *self.rows, self.card_line]
        return [*super().readable_labels(), *mine, *self.next_button.labels, *self.stop_button.labels]

    def draw_scene(self) -> None:
        super().draw_scene()
        self.card_line.draw()
        if not self._panel_buttons():
            return
        arcade.draw_rect_filled(XYWH(PANEL_X, PANEL_Y, PANEL_WIDTH, PANEL_HEIGHT), CARD_FILL)
        arcade.draw_rect_outline(XYWH(PANEL_X, PANEL_Y, PANEL_WIDTH, PANEL_HEIGHT), theme.ACCENT, 1)
        for label in [self.verdict, self.loss_line, *self.rows]:
            label.draw()
        for button in self._panel_buttons():
            button.draw()
