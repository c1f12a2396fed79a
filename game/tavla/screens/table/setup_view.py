"""The position lab's set-up screen: a backgammon position set up with the mouse, its IDs copied and
pasted, and played on at the table.

The board is the table's (the same picture, geometry and checkers); the position is a `SetupBoard`
(game/tavla/lab/setup_board.py), which this screen only draws and edits. On the board a left click adds a
checker of the chosen colour (to a point, or to that colour's bar or tray), a right click removes the
one clicked, and a checker dragged goes from one place to another (dragged off the board, it is
removed). The side panel sets the rest: the colour added, the side on roll, the dice or "to roll", the
rules and the cube, the match and the score; it says at once, in words, what keeps the board from being a
position, and Play refuses with those words. Copy IDs puts GNU Backgammon's Position ID:Match ID and the
XGID on the clipboard, Paste ID reads either back. Esc returns to where the screen was opened from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

import arcade
from arcade import key
from arcade.types import XYWH

from game.config import LONGEST_MATCH, rgb
from game.errors import UserError
from game.i18n import _
from game.tavla.analysis.stakes import stakes_at
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.study_position import Setup, read_gnubg_id
from game.tavla.engine.table_session import HUMAN, TableSession
from game.tavla.engine.xgid import read_xgid, write_xgid
from game.tavla.lab.setup_board import BAR_PLACE, CUBE_VALUES, OFF_PLACE, SetupBoard
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table.board import BoardPicture
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.checkers import CheckerStacks
from game.tavla.screens.table.dice import DiceSprites
from game.tavla.screens.table.study_card import StudyCard
from game.ui import theme
from game.ui.easing import easing_by_name
from game.ui.keys import matches
from game.ui.scene import CachedLayer, SceneView
from game.ui.shell import Shell
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector, Toast


class Table(Protocol):
    """The table a position is played on (table/view.py's TableView), known by what the lab asks of it:
    the table opens this screen, so this screen does not import it."""

    opponent: str
    session: TableSession
    toast: Toast

    @property
    def shell(self) -> Shell: ...

    def start_session(self, session: TableSession) -> None: ...


PANEL_X = 1120
PANEL_WIDTH = 270
PANEL_LEFT = PANEL_X - PANEL_WIDTH / 2
COLUMN_WIDTH = (PANEL_WIDTH - 12) / 2
COLUMNS = (PANEL_LEFT + COLUMN_WIDTH / 2, PANEL_LEFT + PANEL_WIDTH - COLUMN_WIDTH / 2)
SELECTOR_HEIGHT = 36
ROWS = (604, 540, 476, 412, 348, 284)  # the selectors' rows, each with its caption above
BUTTON_ROWS = (238, 190, 142, 94)
BUTTON_HEIGHT = 40
DRAG_START = 6  # logical units the mouse moves, button down, before a press becomes a drag
KEY_PLAY = [key.ENTER, key.RETURN]
KEY_COPY = [(key.C, key.MOD_CTRL)]
KEY_PASTE = [(key.V, key.MOD_CTRL)]
TO_ROLL = "-"
RULE_CHOICES = ("tavla", "standard", "standard+cube")
PROBLEM_LINES = 2  # the problems shown at once; Play's refusal says them all


class NarrowSelector(Selector):
    """A selector half the panel wide: narrower arrows, so that its value has room."""

    ARROW_WIDTH = 34


class SetupStacks(CheckerStacks):
    """The table's checkers, placed from a board's counts rather than a position: a point may hold both
    colours while a board is set up (seat 1's then stand on seat 0's), and nothing glides."""

    def show(self, board: SetupBoard) -> None:
        self.glides.clear()
        self.pending.clear()
        self.sprites.clear()
        self.stacks = {}
        self.pinned = {}
        for seat in (0, 1):
            for place in range(26):
                for _index in range(board.count(seat, place)):
                    self._add(seat, place)
        self.place(animate=False)

    def _slot(self, seat: int, point: int, index: int, count: int) -> tuple[float, float]:
        below = len(self.stacks.get((0, point), [])) if seat == 1 and point not in (0, 25) else 0
        return layout.checker_position(seat, point, index + below, count + below)


class SetupView(SceneView):
    """The set-up screen (see the module's docstring). `back` leads where it was opened from; `table`,
    when given, is the table it was opened from, which Play hands the position to (else Play opens a
    new table against the configured opponent)."""

    def __init__(self, board: SetupBoard, back: Callable[[], None], table: Table | None = None) -> None:
        super().__init__()
        self.board = board
        self.back = back
        self.table = table
        settings = self.shell.settings.tavla
        self.settings = settings
        self.opponent = table.opponent if table is not None else settings.opponent
        players = Players(HUMAN, settings.human_side)
        self.names = (players.name(0), players.name(1))
        colours = settings.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        light_seat = 0 if settings.human_side == "white" else 1
        self.picture = BoardPicture()
        self.layer = CachedLayer(self.window.ctx)
        self.checkers = SetupStacks(0.0, easing_by_name(settings.animation.easing), light_seat)
        self.dice = DiceSprites()
        self.toast = Toast(layout.BAR_X, layout.MIDDLE_Y, layout.HALF_WIDTH - 20)
        self.pressed: tuple[int, int, float, float, int] | None = None  # seat, place, x, y, button
        self.dragging = False
        self._build_panel()
        self._build_textures()
        self.refresh()

    # --- layout ---

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
        self.study = StudyCard(self._study_changed, self._copy_study)

    def _build_textures(self) -> None:
        scale = self.pixel_scale
        self.picture.build(self.palette, scale, self.settings.point_numbers)
        self.checkers.build_textures(self.palette, scale)
        self.dice.build_textures(scale)

    def on_scale_changed(self) -> None:
        self._build_textures()
        self.refresh()

    def readable_labels(self) -> list[Label]:
        panel = [self.title, self.status, self.counts, *self.id_lines]
        widgets = [label for selector in self.selectors for label in selector.labels]
        buttons = [label for button in self.buttons for label in button.labels]
        study = self.study.labels if self.study.shown else []
        return [*panel, *widgets, *buttons, *self.checkers.count_labels, *self.toast.labels, *study]

    # --- the panel's choices ---

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
            _select(other, TO_ROLL)
        elif other.value == TO_ROLL:
            _select(other, chosen.value)
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

    # --- what is shown ---

    def refresh(self) -> None:
        """The checkers, dice and panel as the board is now (after every change)."""
        board = self.board
        self.checkers.show(board)
        self.dice.show(board.dice, list(board.dice or ()), board.on_roll, False, _NO_RNG)
        _select(self.on_roll, str(board.on_roll))
        dice = board.dice or (None, None)
        for selector, die in zip(self.die_selectors, dice, strict=True):
            _select(selector, TO_ROLL if die is None else str(die))
        rules = "tavla" if board.rules is Rules.TAVLA else "standard+cube" if board.has_cube else "standard"
        _select(self.rules, rules)
        _select(self.cube_value, str(board.cube_value))
        _select(self.cube_owner, "centre" if board.cube_owner is None else str(board.cube_owner))
        self.cube_value.enabled = self.cube_owner.enabled = board.has_cube
        _select(self.length, str(board.length))
        for seat, selector in enumerate(self.scores):
            selector.choices = self._score_choices()
            selector.index = min(selector.index, len(selector.choices) - 1)
            _select(selector, str(board.score[seat]))
            selector.enabled = board.length != MONEY
        problems = board.problems(self.names)
        if problems:
            shown = problems[:PROBLEM_LINES]
            if len(problems) > PROBLEM_LINES:
                shown[-1] += " …"
            self.status.text = "\n".join(shown)
            self.status.color = theme.ACCENT
            self.id_lines[0].text = self.id_lines[1].text = ""
        else:
            # Translators: the set-up screen's status once the board is a position; {side} is on roll
            self.status.text = _("A position: {side} on roll. Play it, or copy its IDs.").format(
                side=self.names[board.on_roll]
            )
            self.status.color = theme.TEXT
            setup = board.to_setup(self.names)
            self.id_lines[0].text, self.id_lines[1].text = setup.gnubg_id, write_xgid(setup)
        # Translators: the set-up screen's count of each side's checkers and pips: "White 15 · 167 pips"
        side = _("{side} {count} · {pips} pips")
        self.counts.text = "   ".join(
            side.format(side=self.names[seat], count=board.total(seat), pips=board.pips(seat))
            for seat in (0, 1)
        )
        self.request_redraw()

    @property
    def in_motion(self) -> bool:
        return self.dragging or self.toast.remaining > 0

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)
        self.study.update(delta_time)

    def leave(self) -> None:
        """The study's workers end with the screen."""
        self.study.close()
        super().leave()

    def _copy_study(self, text: str) -> None:
        try:
            self.shell.set_clipboard_text(text)
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            self.toast.show(_("could not copy: {error}").format(error=error))
            return
        # Translators: the study card's words were put on the clipboard
        self.toast.show(_("Copied"), 2.0)

    def _study_changed(self) -> None:
        """The card shown takes the clicks (its buttons only), hidden gives them back to the panel."""
        self.buttons = self.study.buttons if self.study.shown else self.panel_buttons
        self.request_redraw()

    def on_draw(self) -> None:
        """The board's picture and the panel come from the cached layer (painted again only when one of
        them changes, so a rollout's card updating costs little); checkers, dice, the study card and
        messages are drawn over it every frame."""
        self.picture.number_for(0, self.checkers.variant)
        self.layer.draw(self._layer_key(), self._draw_layer)
        with self.camera.activate():
            self.draw_scene()
            if self.study.shown:
                for button in self.study.buttons:
                    button.draw()

    def _layer_key(self) -> tuple[object, ...]:
        """Everything the cached layer shows that can change."""
        texts = (self.title, self.status, self.counts, *self.id_lines)
        return (
            tuple(self.camera.viewport),
            id(self.picture.sprites[0].texture) if self.picture.sprites else None,
            tuple((text.text, text.font_size) for text in texts),
            tuple((*(label.text for label in s.labels), s.enabled) for s in self.selectors),
            tuple((b.label, b.enabled, b.hovered, b.pressed) for b in self.panel_buttons),
            self.colour.value,
        )

    def _draw_layer(self) -> None:
        with self.camera.activate():
            self.picture.draw()
            arcade.draw_rect_filled(XYWH(PANEL_X, 400, PANEL_WIDTH + 20, 780), theme.PANEL)
            for text in (self.title, self.status, self.counts, *self.id_lines):
                text.draw()
            for selector in self.selectors:
                selector.draw()  # with its arrows
            for button in self.actions:
                button.draw()
            self._draw_chosen_colour()

    def draw_scene(self) -> None:
        """What moves or lies over the cached layer: checkers, dice, the study card, messages."""
        self.checkers.draw(self.smallest_text)
        self.dice.draw()
        self.checkers.draw_held()
        free = layout.LEFT_HALF if self.board.on_roll == 0 else layout.RIGHT_HALF  # not over the dice
        self.study.draw()
        place = self.study.toast_place if self.study.shown else ((free[0] + free[1]) / 2, layout.MIDDLE_Y)
        self.toast.move_to(*place)
        self.toast.draw()

    def _draw_chosen_colour(self) -> None:
        """A checker of the colour a click adds, beside the caption of its selector."""
        seat = int(self.colour.value)
        colour = (self.palette.white_checker, self.palette.black_checker)[seat ^ self.checkers.light_seat]
        caption = self.colour.labels[0]
        rect = self.colour.rect
        x = min(caption.x + caption.content_width + 14, rect.x + rect.width / 2 - 9)
        y = caption.y + caption.content_height / 2
        arcade.draw_circle_filled(x, y, 8, colour)
        arcade.draw_circle_outline(x, y, 8, theme.PANEL_BORDER, 1)

    # --- the board under the mouse ---

    def _place_at(self, x: float, y: float) -> tuple[int, int | None] | None:
        """(place, seat) under (x, y): a point with no seat, or the bar or tray with the seat whose half
        it is (seat 0's bar checkers stand above the middle, its tray's below); None off the board."""
        place = layout.location_at(x, y)
        if place is None:
            return None
        if place == BAR_PLACE:
            return place, 0 if y >= layout.MIDDLE_Y else 1
        if place == OFF_PLACE:
            return place, 0 if y < layout.MIDDLE_Y else 1
        return place, None

    def _seat_to_take(self, place: int, seat: int | None) -> int | None:
        """Whose checker a right click or a drag takes from `place`: the half's on the bar or tray, else
        the chosen colour's if it has one there, else the other's; None when there is none."""
        chosen = int(self.colour.value)
        for candidate in (seat,) if seat is not None else (chosen, 1 - chosen):
            if self.board.count(candidate, place):
                return candidate
        return None

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.study.shown:  # the board under the card is not edited
            return
        found = self._place_at(x, y)
        if found is None:
            return
        place, seat = found
        if button == arcade.MOUSE_BUTTON_RIGHT:
            taken = self._seat_to_take(place, seat)
            if taken is not None and self.board.remove(taken, place):
                self.refresh()
            return
        if button == arcade.MOUSE_BUTTON_LEFT:
            taken = self._seat_to_take(place, seat)
            self.pressed = (-1 if taken is None else taken, place, x, y, button)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.pressed is None:
            return
        wx, wy = self.to_world(x, y)
        seat, place, px, py, _button = self.pressed
        if not self.dragging and seat >= 0 and abs(wx - px) + abs(wy - py) >= DRAG_START:
            stack = self.checkers.stacks.get((seat, place))
            if stack:
                self.dragging = True
                self.checkers.held = stack[-1]
                self.checkers.raise_to_top(stack[-1])
        if self.dragging and self.checkers.held is not None:
            self.checkers.held.position = (wx, wy)

    def on_scene_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        pressed, dragging = self.pressed, self.dragging
        self.pressed, self.dragging = None, False
        self.checkers.held = None
        if pressed is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        seat, place = pressed[0], pressed[1]
        found = self._place_at(x, y)
        if dragging:
            if found is None:
                self.board.remove(seat, place)  # dragged off the board: taken away
            elif found[0] != place:
                self.board.move(seat, place, found[0])
            self.refresh()
            return
        if found is not None and found[0] == place and self.board.add(int(self.colour.value), place):
            self.refresh()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.dragging:  # a checker dropped on the panel's buttons is dropped, not a click
            self.on_scene_release(*self.to_world(x, y), button, modifiers)
            return
        super().on_mouse_release(x, y, button, modifiers)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.study.shown:
            if symbol == key.ESCAPE:
                self.study.close()
            return
        if symbol == key.ESCAPE:
            self.back()
        elif matches(KEY_PLAY, symbol, modifiers):
            self.play()
        elif matches(KEY_COPY, symbol, modifiers):
            self.copy_ids()
        elif matches(KEY_PASTE, symbol, modifiers):
            self.paste_id()

    # --- the buttons ---

    def clear_board(self) -> None:
        self.board.clear()
        self.refresh()

    def opening(self) -> None:
        self.board.set_opening()
        self.refresh()

    def copy_ids(self) -> None:
        """GNU Backgammon's Position ID:Match ID and the XGID, one a line, on the clipboard."""
        try:
            setup = self.board.to_setup(self.names)
        except UserError as error:
            # Translators: {problems} says what keeps the board from being a position
            self.toast.show(_("No IDs yet: {problems}").format(problems=error))
            return
        copy_ids_of(self.shell, setup, self.toast)

    def paste_id(self) -> None:
        """A GNU Backgammon Position ID[:Match ID] or an XGID from the clipboard onto the board; one that
        cannot be read leaves the board as it was and says why."""
        try:
            text = self.shell.get_clipboard_text() or ""
            setup = read_pasted(text)
        except UserError as error:
            # Translators: {error} names what is wrong with the ID pasted
            self.toast.show(_("Not pasted: {error}").format(error=error))
            return
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            self.toast.show(_("Not pasted: {error}").format(error=error))
            return
        self.board = SetupBoard.from_setup(setup, self.board.rules, self.board.has_cube)
        self.refresh()
        # Translators: a position was read from the clipboard onto the set-up board
        self.toast.show(_("Position pasted"), 2.0)

    def show_hint(self) -> None:
        """The ranked hint of the dice set up at the match's score; before the roll, the temperature map."""
        try:
            setup = self.board.to_setup(self.names)
            session = self.board.to_session(self.opponent, names=self.names)
        except UserError as error:
            self.toast.show(_("Not a position yet: {problems}").format(problems=error))
            return
        self.study.hint(setup, self.board.rules, stakes_at(session.match, session.seat))
        self._study_changed()

    def roll_out(self) -> None:
        """Roll the position out (with dice: its best plays on the same dice) in worker processes."""
        try:
            setup = self.board.to_setup(self.names)
        except UserError as error:
            self.toast.show(_("Not a position yet: {problems}").format(problems=error))
            return
        self.study.rollout(setup, self.board.rules)
        self._study_changed()

    def play(self) -> None:
        """Play on from the position against the table's opponent; refused, with the problems said,
        while the board is not a position."""
        try:
            session = self.board.to_session(self.opponent, names=self.names)
        except UserError as error:
            # Translators: {problems} says what keeps the board from being a position
            self.toast.show(_("Not a position yet: {problems}").format(problems=error))
            return
        table = self.table
        if table is None:
            options = {"rules": self.board.rules, "offer_resume": False, "cube": self.board.has_cube}
            table = cast(Table, self.shell.screen("table", **options))
        start_at(table, session)


def copy_ids_of(shell: Shell, setup: Setup, toast: Toast, gnubg_id: str = "") -> None:
    """GNU Backgammon's Position ID:Match ID (`gnubg_id` as a screen shows it, else the setup's) and
    the XGID of `setup`, one a line, on the clipboard; said in `toast` (Copy IDs at the table, on the
    set-up screen and on the analysis screen)."""
    try:
        shell.set_clipboard_text(f"{gnubg_id or setup.gnubg_id}\n{write_xgid(setup)}")
    except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
        # Translators: {error} is the system's reason, in English or the system's language
        toast.show(_("could not copy the IDs: {error}").format(error=error))
        return
    # Translators: the IDs are on the clipboard (the screen shows them)
    toast.show(_("Copied the GNU Backgammon IDs and the XGID"), 2.0)


def start_at(table: Table, session: TableSession) -> None:
    """Show `table` playing `session` from where it stands."""
    table.shell.show_view(table)
    table.start_session(session)


def read_pasted(text: str) -> Setup:
    """An XGID (with or without `XGID=`) or a GNU Backgammon Position ID[:Match ID], as pasted (the
    first line that is not empty); UserError names what is wrong."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise UserError(_("the clipboard holds no ID: copy a GNU Backgammon ID or an XGID first"))
    first = lines[0]
    if first.upper().startswith("XGID=") or first.count(":") >= 3:
        return read_xgid(first)
    return read_gnubg_id(first)


def open_setup(table: Table) -> SetupView | None:
    """The table's E: its position on the set-up screen, Esc back to the table as it was, Play on it;
    the screen shown (None where the position could not be set up: the table says why)."""
    try:
        board = SetupBoard.from_session(table.session)
    except UserError as error:
        table.toast.show(str(error))
        return None
    shell = table.shell
    lab = SetupView(board, lambda: shell.show_view(table), table)
    shell.show_view(lab)
    return lab


def _select(selector: Selector, value: str) -> None:
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


class _NoRng:
    """The dice never tumble here: no face is ever drawn at random."""

    def randint(self, low: int, high: int) -> int:
        return low

    def uniform(self, low: float, high: float) -> float:
        return 0.0


_NO_RNG = _NoRng()
