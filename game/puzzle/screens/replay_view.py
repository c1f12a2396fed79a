"""The replay screen: a kept or pasted solve played back on the board with its real timing, faster,
slower or one move at a time, with the tiles gliding as in play.

The timing is game/puzzle/model/replay.py's ReplayTimeline, advanced by the frame loop's seconds (tests give
made-up ones); the board's look is the puzzle screen's (layout.py, textures.py). On a small window
(`compact`) the words grow: the speed and the state take lines of their own, the keys help four short
lines below the buttons, the heading a shorter game ID and the rewind and copy buttons shorter words.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import rgb
from game.core.text.i18n import _
from game.puzzle.model.board import TileMove
from game.puzzle.model.replay import Replay, ReplayTimeline
from game.puzzle.model.settings import NUMBERS
from game.puzzle.pictures.tiles import NumberStyle
from game.puzzle.screens import stats_captions as words
from game.puzzle.screens.layout import (
    BOARD_AREA,
    BOARD_PADDING,
    BOARD_X,
    BOARD_Y,
    BUTTON_HEIGHT,
    PANEL_LEFT,
    PANEL_WIDTH,
    PANEL_X,
    TILE_GAP,
    TOAST_Y,
    BoardGeometry,
)
from game.puzzle.screens.textures import TileTextures
from game.ui import theme
from game.ui.easing import easing_by_name
from game.ui.keys import matches
from game.ui.scene import KEY_BACK, SceneView
from game.ui.shell import Shell
from game.ui.text import Label, LabelSpec
from game.ui.tween import Glides
from game.ui.widgets import Button, Rect, Toast

BACKLOG_SPEEDUP = 3
LABELS = {
    "title": LabelSpec(PANEL_LEFT, 730, PANEL_WIDTH, theme.ACCENT, theme.HEADING_SIZE, bold=True),
    "clock": LabelSpec(PANEL_LEFT, 670, PANEL_WIDTH, theme.TEXT, theme.HEADING_SIZE),
    "moves": LabelSpec(PANEL_LEFT, 626, PANEL_WIDTH, theme.TEXT, theme.BODY_SIZE + 2),
    "speed": LabelSpec(PANEL_LEFT, 592, PANEL_WIDTH / 2, theme.MUTED, theme.BODY_SIZE + 2),
    "state": LabelSpec(
        PANEL_LEFT + PANEL_WIDTH / 2, 592, PANEL_WIDTH / 2, theme.TEAL, theme.BODY_SIZE + 2, bold=True
    ),
    "keys": LabelSpec(PANEL_LEFT, 140, PANEL_WIDTH, theme.MUTED, theme.SMALL_SIZE, box_height=50),
}
COMPACT_LABELS = {
    "title": LabelSpec(PANEL_LEFT, 734, PANEL_WIDTH, theme.ACCENT, theme.HEADING_SIZE, bold=True),
    "clock": LabelSpec(PANEL_LEFT, 690, PANEL_WIDTH, theme.TEXT, theme.HEADING_SIZE),
    "moves": LabelSpec(PANEL_LEFT, 652, PANEL_WIDTH, theme.TEXT, theme.BODY_SIZE + 2),
    "speed": LabelSpec(PANEL_LEFT, 620, PANEL_WIDTH, theme.MUTED, theme.BODY_SIZE + 2),
    "state": LabelSpec(PANEL_LEFT, 588, PANEL_WIDTH, theme.TEAL, theme.BODY_SIZE + 2, bold=True),
    "keys": LabelSpec(PANEL_LEFT, 166, PANEL_WIDTH, theme.MUTED, theme.SMALL_SIZE, box_height=156),
}
"""A small window's: the speed and the state on lines of their own (side by side their larger words
would not fit), and room for the keys help's four lines."""
BUTTON_ROWS = (510, 454, 398, 342, 286)

KEY_TOGGLE = [key.SPACE]
KEY_STEP_BACK = [key.LEFT, key.A]
KEY_STEP_FORWARD = [key.RIGHT, key.D]
KEY_FASTER = [key.UP, key.W, key.PLUS, key.EQUAL, key.NUM_ADD]
KEY_SLOWER = [key.DOWN, key.S, key.MINUS, key.NUM_SUBTRACT]
KEY_REWIND = [key.HOME]
KEY_COPY = [key.C, (key.C, key.MOD_CTRL)]


def copy_replay(shell: Shell, toast: Toast, replay: Replay) -> None:
    """Put a solve's replay text on the clipboard, and say so (or why not) in `toast`."""
    text = replay.text()
    try:
        shell.set_clipboard_text(text)
    except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
        toast.show(words.not_copied(error))
    else:
        toast.show(words.copied(text))


def rewind_label(compact: bool) -> str:
    """The rewind button's words: on a small window its half-width button holds only a short one."""
    if compact:
        # Translators: replay button of a small window: back to the scramble, the start of the solve (short)
        return _("Rewind")
    # Translators: replay button: back to the scramble, the start of the solve
    return _("From the start")


def copy_label(compact: bool) -> str:
    """The copy button's word: on a small window its half-width button holds only a short one."""
    if compact:
        # Translators: replay button of a small window: put the replay on the clipboard (short)
        return _("Copy")
    # Translators: replay button: put the replay on the clipboard as text
    return _("Copy replay")


class ReplayView(SceneView):
    """One replay; Back (or Esc) calls ``back``, which shows the screen it came from."""

    def __init__(self, replay: Replay, picture: str | None, back: Callable[[], None]) -> None:
        super().__init__()
        config = self.shell.settings.puzzle
        self.back = back
        self.timeline = ReplayTimeline(replay)
        self.duration = self.shell.settings.window.animation_seconds(config.animation.duration)
        self.easing = easing_by_name(config.animation.easing)
        self.toast = Toast(BOARD_X, TOAST_Y, BOARD_AREA - 60)
        try:
            self.picture_name, self.picture_path = config.resolve_picture(picture or NUMBERS)
        except UserError:
            self.picture_name, self.picture_path = NUMBERS, None
        colours = config.number_tiles
        style = NumberStyle(fill=rgb(colours.fill), edge=rgb(colours.edge), text=rgb(colours.text))
        self.textures = TileTextures(style)
        self.corner_numbers = config.corner_numbers
        self.geometry = BoardGeometry(replay.start.width, replay.start.height)
        self.glides = Glides(BACKLOG_SPEEDUP)
        self.tile_sprites = arcade.SpriteList()
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self._build_sprites()
        self._build_widgets()
        self.timeline.play()

    def _build_sprites(self) -> None:
        board = self.timeline.board
        for index, tile in enumerate(board.tiles):
            if tile:
                sprite = arcade.Sprite()
                sprite.position = self.geometry.cell_centre(board.cell(index))
                self.sprite_of[tile] = sprite
                self.tile_sprites.append(sprite)
        self._apply_textures()

    def _apply_textures(self) -> None:
        logical = self.geometry.tile_size - TILE_GAP
        pixels = max(8, round(logical * self.pixel_scale))
        size = self.timeline.replay.start.size
        try:
            self.textures.update(self.picture_path, size, pixels, self.pixel_scale, self.corner_numbers)
        except UserError as error:
            self.toast.show(str(error))
            self.picture_name, self.picture_path = NUMBERS, None
            self.textures.update(None, size, pixels, self.pixel_scale, self.corner_numbers)
        for tile, sprite in self.sprite_of.items():
            sprite.texture = self.textures.tiles[tile]
            sprite.width = sprite.height = logical

    def on_compact_changed(self, compact: bool) -> None:
        self._build_texts()
        self._update_texts()

    def on_scale_changed(self) -> None:
        self._apply_textures()

    def _build_texts(self) -> None:
        """The panel's words for this window's size (the labels' larger size is the scene's)."""
        compact = self.compact
        self.texts = {name: spec.label() for name, spec in (COMPACT_LABELS if compact else LABELS).items()}
        self.texts["title"].text = words.replay_title(self.timeline.replay.game_id, compact)
        self.texts["keys"].text = words.replay_keys(compact)
        self.rewind_button.label = rewind_label(compact)
        self.copy_button.label = copy_label(compact)

    def readable_labels(self) -> list[Label]:
        buttons = [label for button in self.buttons for label in button.labels]
        return [*self.texts.values(), *buttons, *self.toast.labels]

    def _build_widgets(self) -> None:
        half = PANEL_WIDTH / 4 - 5
        left, right = PANEL_LEFT + half, PANEL_LEFT + 3 * half + 10
        width = 2 * half
        wide = Rect((left + right) / 2, BUTTON_ROWS[0], 2 * width + 10, BUTTON_HEIGHT)

        def button(label: str, x: float, row: int, action: Callable[[], None]) -> Button:
            return Button(label, Rect(x, BUTTON_ROWS[row], width, BUTTON_HEIGHT), action)

        self.play_button = Button(_("Pause"), wide, self.toggle, primary=True)
        self.rewind_button = button(rewind_label(self.compact), left, 3, self.rewind)
        self.copy_button = button(copy_label(self.compact), right, 3, self.copy)
        self.buttons = [
            self.play_button,
            # Translators: replay button: take back one move
            button(_("◀ Step"), left, 1, self.step_back),
            # Translators: replay button: play one more move
            button(_("Step ▶"), right, 1, self.step_forward),
            # Translators: replay button: play more slowly
            button(_("Slower"), left, 2, self.slower),
            # Translators: replay button: play faster
            button(_("Faster"), right, 2, self.faster),
            self.rewind_button,
            self.copy_button,
            # Translators: button: leave the replay
            Button(_("Back"), Rect(wide.x, BUTTON_ROWS[4], wide.width, BUTTON_HEIGHT), self.back),
        ]
        self._build_texts()
        self._update_texts()

    # --- actions ---

    def _animate(self, moves: tuple[TileMove, ...], duration: float | None = None) -> None:
        if not moves:
            return
        targets = [(self.sprite_of[move.tile], self.geometry.cell_centre(move.dst)) for move in moves]
        pace = self.duration / max(1.0, self.timeline.speed) if duration is None else duration
        self.glides.queue(targets, pace, self.easing)

    def toggle(self) -> None:
        if self.timeline.finished:
            self._animate(self.timeline.rewind(), self.duration)
        self.timeline.toggle()
        self._update_texts()

    def step_forward(self) -> None:
        self._animate(self.timeline.step_forward())
        self._update_texts()

    def step_back(self) -> None:
        self._animate(self.timeline.step_back())
        self._update_texts()

    def faster(self) -> None:
        self.timeline.faster()
        self._update_texts()

    def slower(self) -> None:
        self.timeline.slower()
        self._update_texts()

    def rewind(self) -> None:
        self._animate(self.timeline.rewind(), self.duration)
        self._update_texts()

    def copy(self) -> None:
        copy_replay(self.shell, self.toast, self.timeline.replay)

    # --- input and time ---

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in KEY_BACK:
            self.back()
            return
        actions = (
            (KEY_TOGGLE, self.toggle),
            (KEY_STEP_BACK, self.step_back),
            (KEY_STEP_FORWARD, self.step_forward),
            (KEY_FASTER, self.faster),
            (KEY_SLOWER, self.slower),
            (KEY_REWIND, self.rewind),
            (KEY_COPY, self.copy),
        )
        for bindings, action in actions:
            if matches(bindings, symbol, modifiers):
                action()
                return

    def on_update(self, delta_time: float) -> None:
        moves = self.timeline.advance(delta_time)
        self._animate(moves)
        self.glides.update(delta_time)
        self.toast.update(delta_time)
        if moves or self.timeline.playing:
            self._update_texts()

    @property
    def in_motion(self) -> bool:
        return self.timeline.playing or self.glides.busy or self.toast.remaining > 0

    def _update_texts(self) -> None:
        timeline = self.timeline
        replay = timeline.replay
        values = {
            "clock": words.replay_clock(timeline.clock_ms, replay.total_ms),
            "moves": words.replay_moves(timeline.played, len(replay.moves)),
            "speed": words.replay_speed(timeline.speed),
            "state": words.replay_state(timeline.playing, timeline.finished),
        }
        for name, value in values.items():
            if self.texts[name].text != value:
                self.texts[name].text = value
                self.request_redraw()
        # Translators: replay button: pause / play (the label says what a click does)
        self.play_button.label = _("Pause") if timeline.playing else _("Play")

    # --- drawing ---

    def draw_scene(self) -> None:
        board = self.geometry
        frame = XYWH(BOARD_X, BOARD_Y, board.width + 2 * BOARD_PADDING, board.height + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(XYWH(BOARD_X + 4, BOARD_Y - 6, frame.width, frame.height), theme.SHADOW)
        arcade.draw_rect_filled(frame, theme.PANEL)
        arcade.draw_rect_filled(XYWH(BOARD_X, BOARD_Y, board.width, board.height), (28, 32, 44))
        self.tile_sprites.draw(pixelated=False)
        panel = XYWH(PANEL_X, BOARD_Y, PANEL_WIDTH + 40, BOARD_AREA + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(panel, theme.PANEL)
        self._draw_progress()
        for text in self.texts.values():
            text.draw()
        self.toast.draw()

    def _draw_progress(self) -> None:
        """A bar under the clock, as wide as the buttons: how much of the solve's time has played."""
        total = self.timeline.replay.total_ms or 1
        done = min(1.0, self.timeline.clock_ms / total) if self.timeline.played else 0.0
        width, y = PANEL_WIDTH - 10, 560
        arcade.draw_rect_filled(XYWH(PANEL_LEFT + width / 2, y, width, 6), theme.BACKGROUND)
        if done > 0:
            arcade.draw_rect_filled(XYWH(PANEL_LEFT + width * done / 2, y, width * done, 6), theme.ACCENT)
