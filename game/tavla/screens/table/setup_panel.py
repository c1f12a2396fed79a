"""The set-up screen's side panel: its title and words, the selectors (the colour added, the side on roll,
the dice or "to roll", the rules and the cube, the match and the score) with their values in words, the
buttons, and what each choice does to the board being set up.

A mixin of `SetupView` (game/tavla/screens/table/setup_view.py), which holds the `SetupBoard`, the
players' names and the calls the buttons make, and shows the board again after every change (`refresh`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.text.i18n import _
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.lab.setup_board import CUBE_VALUES
from game.tavla.settings import LONGEST_MATCH
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector

PANEL_X = 1120
PANEL_WIDTH = 270
PANEL_LEFT = PANEL_X - PANEL_WIDTH / 2
COLUMN_WIDTH = (PANEL_WIDTH - 12) / 2
COLUMNS = (PANEL_LEFT + COLUMN_WIDTH / 2, PANEL_LEFT + PANEL_WIDTH - COLUMN_WIDTH / 2)
SELECTOR_HEIGHT = 36
ROWS = (604, 540, 476, 412, 348, 284)  # the selectors' rows, each with its caption above
BUTTON_ROWS = (238, 190, 142, 94)
BUTTON_HEIGHT = 40
TO_ROLL = "-"
RULE_CHOICES = ("tavla", "standard", "standard+cube")


class NarrowSelector(Selector):
    """A selector half the panel wide: narrower arrows, so that its value has room."""

    ARROW_WIDTH = 34


class SetupPanel:
    """The side panel of the set-up screen, built and answered."""

    def _build_panel(self) -> None:
        def label(y: float, colour: tuple[int, int, int], size: float, height: float | None = None) -> Label:
            return Label(
                "",
                PANEL_LEFT,
                y,
                colour,
                size,
                box_width=PANEL_WIDTH,
                box_height=height,
                anchor_y="center",
                multiline=height is not None,
                bold=size >= theme.HEADING_SIZE,
            )

        self.title = label(762, theme.TEAL, theme.HEADING_SIZE)
        # Translators: the title of the position lab's set-up screen
        self.title.text = _("Set up a position")
        self.status = label(714, theme.TEXT, theme.SMALL_SIZE, 58)
        self.counts = label(668, theme.MUTED, theme.SMALL_SIZE)
        small = theme.SMALL_SIZE - 1
        self.id_lines = (label(50, theme.MUTED, small), label(30, theme.MUTED, small))
        side = lambda value: self.names[int(value)]  # noqa: E731 - a selector's describe
        board = self.board

        def selector(
            caption: str, choices: list[str], value: str, column: int, row: int, describe=str, change=None
        ) -> Selector:
            rect = Rect(COLUMNS[column], ROWS[row], COLUMN_WIDTH, SELECTOR_HEIGHT)
            return NarrowSelector(caption, choices, value, rect, describe, change)

        # Translators: a selector on the set-up screen: the colour a left click adds
        self.colour = selector(_("Click adds"), ["0", "1"], "0", 0, 0, side, lambda v: self.request_redraw())
        # Translators: a selector on the set-up screen: the side to play next
        self.on_roll = selector(_("On roll"), ["0", "1"], str(board.on_roll), 1, 0, side, self._set_on_roll)
        faces = [TO_ROLL, *map(str, range(1, 7))]
        dice = board.dice or (None, None)
        self.die_selectors = [
            # Translators: a selector on the set-up screen: a die's face, or "to roll" (no dice yet)
            selector(
                _("Die {number}").format(number=index + 1),
                faces,
                str(dice[index] or TO_ROLL),
                index,
                1,
                _die_text,
                lambda _value, index=index: self._set_die(index),
            )
            for index in (0, 1)
        ]
        rules = "tavla" if board.rules is Rules.TAVLA else "standard+cube" if board.has_cube else "standard"
        # Translators: a selector on the set-up screen: the rule set, and whether the cube is played
        # Translators: a selector on the set-up screen: the rule set, and whether the cube is played
        caption = _("Rules")
        self.rules = NarrowSelector(
            caption,
            list(RULE_CHOICES),
            rules,
            Rect(PANEL_X, ROWS[2], PANEL_WIDTH, SELECTOR_HEIGHT),
            _rules_text,
            self._set_rules,
        )
        cube_values = [str(value) for value in CUBE_VALUES]
        # Translators: a selector on the set-up screen: the doubling cube's value
        self.cube_value = selector(_("Cube"), cube_values, str(board.cube_value), 0, 3, str, self._set_cube)
        owners = ["centre", "0", "1"]
        owner = "centre" if board.cube_owner is None else str(board.cube_owner)
        # Translators: a selector on the set-up screen: who holds the doubling cube
        self.cube_owner = selector(_("Cube with"), owners, owner, 1, 3, self._owner_text, self._set_cube)
        lengths = [str(MONEY), *map(str, range(1, max(LONGEST_MATCH, board.length) + 1))]
        # Translators: a selector on the set-up screen: the match's length in points, or money play
        self.length = selector(
            _("Match to"), lengths, str(board.length), 0, 4, _length_text, self._set_length
        )
        self.scores = [
            # Translators: a selector on the set-up screen: a side's score in the match; {side} is White
            # or Black
            selector(
                _("{side}'s score").format(side=self.names[seat]),
                self._score_choices(),
                str(board.score[seat]),
                seat,
                5,
                str,
                lambda _value: self._set_score(),
            )
            for seat in (0, 1)
        ]
        self.selectors = [
            self.colour,
            self.on_roll,
            *self.die_selectors,
            self.rules,
            self.cube_value,
            self.cube_owner,
            self.length,
            *self.scores,
        ]

        def button(
            text: str, column: int | None, row: int, action: Callable[[], None], primary=False
        ) -> Button:
            x, width = (PANEL_X, PANEL_WIDTH) if column is None else (COLUMNS[column], COLUMN_WIDTH)
            return Button(text, Rect(x, BUTTON_ROWS[row], width, BUTTON_HEIGHT), action, primary=primary)

        # Translators: button on the set-up screen: take every checker off the board
        self.clear_button = button(_("Clear"), 0, 0, self.clear_board)
        # Translators: button on the set-up screen: the starting position
        self.opening_button = button(_("Opening"), 1, 0, self.opening)
        # Translators: button: GNU Backgammon's Position ID and Match ID and the XGID to the clipboard
        self.copy_button = button(_("Copy IDs"), 0, 1, self.copy_ids)
        # Translators: button: read a GNU Backgammon ID or an XGID from the clipboard
        self.paste_button = button(_("Paste ID"), 1, 1, self.paste_id)
        # Translators: button on the set-up screen: the ranked hint of the dice set up, or before the roll
        # what every roll does (the temperature map)
        self.hint_button = button(_("Hint"), 0, 2, self.show_hint)
        # Translators: button on the set-up screen: roll the position out (play it on many times)
        self.rollout_button = button(_("Roll out"), 1, 2, self.roll_out)
        # Translators: button on the set-up screen: play on from this position at the table
        self.play_button = button(_("Play"), 1, 3, self.play, primary=True)
        # Translators: button on the set-up screen: back where it was opened from (Esc)
        self.back_button = button(_("Back"), 0, 3, self.back)
        self.actions = [
            self.clear_button,
            self.opening_button,
            self.copy_button,
            self.paste_button,
            self.hint_button,
            self.rollout_button,
            self.play_button,
            self.back_button,
        ]
        self.buttons = [*(arrow for selector in self.selectors for arrow in selector.buttons), *self.actions]
        self.panel_buttons = self.buttons

    def _owner_text(self, value: str) -> str:
        # Translators: the doubling cube in the middle of the board, nobody's yet
        return _("centre") if value == "centre" else self.names[int(value)]

    def _set_on_roll(self, value: str) -> None:
        self.board.on_roll = int(value)
        self.refresh()

    def _set_die(self, index: int) -> None:
        """A die set or cleared: the other follows when it was "to roll", or becomes "to roll" too."""
        chosen, other = self.die_selectors[index], self.die_selectors[1 - index]
        if chosen.value == TO_ROLL:
            select_quietly(other, TO_ROLL)
        elif other.value == TO_ROLL:
            select_quietly(other, chosen.value)
        values = [selector.value for selector in self.die_selectors]
        self.board.dice = None if TO_ROLL in values else (int(values[0]), int(values[1]))
        self.refresh()

    def _set_rules(self, value: str) -> None:
        self.board.set_rules(Rules.TAVLA if value == "tavla" else Rules.STANDARD)
        self.board.cube = value == "standard+cube"
        if not self.board.cube:
            self.board.cube_value, self.board.cube_owner = 1, None
        self.refresh()

    def _set_cube(self, _value: str) -> None:
        self.board.cube_value = int(self.cube_value.value)
        owner = self.cube_owner.value
        self.board.cube_owner = None if owner == "centre" else int(owner)
        self.refresh()

    def _set_length(self, value: str) -> None:
        self.board.set_length(int(value))
        low = [min(points, max(self.board.length - 1, 0)) for points in self.board.score]
        self.board.score = (low[0], low[1])
        self.refresh()

    def _score_choices(self) -> list[str]:
        """0 to the length less one (and any higher score the board holds, to be said wrong)."""
        top = max(self.board.length - 1, 0, *self.board.score)
        return [str(points) for points in range(top + 1)]

    def _set_score(self) -> None:
        self.board.score = (int(self.scores[0].value), int(self.scores[1].value))
        self.refresh()


def select_quietly(selector: Selector, value: str) -> None:
    """Show `value` on `selector` without calling its on_change (the board already holds it)."""
    if value in selector.choices and selector.value != value:
        selector.index = selector.choices.index(value)
        selector._value.text = selector.describe(value)  # the widget has no quiet setter


def _die_text(value: str) -> str:
    # Translators: a die's choice on the set-up screen: no dice yet, the side on roll rolls (or doubles)
    return _("to roll") if value == TO_ROLL else value


def _rules_text(value: str) -> str:
    """The rule set's short name, lower case as the other values of the panel ("to roll", "money")."""
    if value == "tavla":
        return _(Rules.TAVLA.short_name)
    if value == "standard":
        return _(Rules.STANDARD.short_name)
    # Translators: a choice on the set-up screen's Rules selector: standard backgammon played with the
    # doubling cube (lower case as the panel's other values, "money", "to roll"; keep it short)
    return _("standard, cube")


def _length_text(value: str) -> str:
    # Translators: a choice on the set-up screen: money play, no match length
    return _("money") if value == str(MONEY) else value


def _score_text(value: str) -> str:
    return value.replace("-", " – ")
