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
The side panel is `SetupPanel`'s (setup_panel.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import rgb
from game.core.text.i18n import _
from game.tavla.analysis.stakes import stakes_at
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.study_position import Setup, read_gnubg_id
from game.tavla.engine.table_session import HUMAN, TableSession
from game.tavla.engine.xgid import read_xgid, write_xgid
from game.tavla.lab.setup_board import BAR_PLACE, OFF_PLACE, SetupBoard
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table.board import BoardPicture
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.checkers import CheckerStacks
from game.tavla.screens.table.dice import DiceSprites
from game.tavla.screens.table.setup_panel import PANEL_WIDTH, PANEL_X, TO_ROLL, SetupPanel, select_quietly
from game.tavla.screens.table.study_card import StudyCard
from game.ui import theme
from game.ui.easing import easing_by_name
from game.ui.keys import matches
from game.ui.scene import CachedLayer, SceneView
from game.ui.shell import Shell
from game.ui.text import Label
from game.ui.widgets import Toast


class Table(Protocol):
    """The table a position is played on (table/view.py's TableView), known by what the lab asks of it:
    the table opens this screen, so this screen does not import it."""

    opponent: str
    session: TableSession
    toast: Toast

    @property
    def shell(self) -> Shell: ...

    def start_session(self, session: TableSession) -> None: ...


DRAG_START = 6  # logical units the mouse moves, button down, before a press becomes a drag
KEY_PLAY = [key.ENTER, key.RETURN]
KEY_COPY = [(key.C, key.MOD_CTRL)]
KEY_PASTE = [(key.V, key.MOD_CTRL)]
PROBLEM_LINES = 2  # the problems shown at once; Play's refusal says them all


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


class SetupView(SetupPanel, SceneView):
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
        self.study = StudyCard(self._study_changed, self._copy_study)
        self._build_textures()
        self.refresh()

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

    # --- what is shown ---

    def refresh(self) -> None:
        """The checkers, dice and panel as the board is now (after every change)."""
        board = self.board
        self.checkers.show(board)
        self.dice.show(board.dice, list(board.dice or ()), board.on_roll, False, _NO_RNG)
        select_quietly(self.on_roll, str(board.on_roll))
        dice = board.dice or (None, None)
        for selector, die in zip(self.die_selectors, dice, strict=True):
            select_quietly(selector, TO_ROLL if die is None else str(die))
        rules = "tavla" if board.rules is Rules.TAVLA else "standard+cube" if board.has_cube else "standard"
        select_quietly(self.rules, rules)
        select_quietly(self.cube_value, str(board.cube_value))
        select_quietly(self.cube_owner, "centre" if board.cube_owner is None else str(board.cube_owner))
        self.cube_value.enabled = self.cube_owner.enabled = board.has_cube
        select_quietly(self.length, str(board.length))
        for seat, selector in enumerate(self.scores):
            selector.choices = self._score_choices()
            selector.index = min(selector.index, len(selector.choices) - 1)
            select_quietly(selector, str(board.score[seat]))
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


class _NoRng:
    """The dice never tumble here: no face is ever drawn at random."""

    def randint(self, low: int, high: int) -> int:
        return low

    def uniform(self, low: float, high: float) -> float:
        return 0.0


_NO_RNG = _NoRng()
