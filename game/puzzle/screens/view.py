"""The Fifteen screen: tiles as sprites that glide with easing, a HUD, and the solved panel.

The view only draws and turns input into calls on PuzzleGame. Input is applied to the model at once
and the tiles' glides are queued behind the running one, so a burst of keys is never dropped and no
tile ever jumps. Where things go is in layout.py, the words in captions.py, the textures in textures.py.
The hint and the auto-solve are `HintFlow`'s (hints.py); the records and the solved panel
`SolvedPanel`'s (solved_panel.py); the coach `CoachFlow`'s (coach_view.py); the keys and the mouse
`PuzzleInput`'s (screen_input.py).
"""

import random

import arcade
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import rgb
from game.core.text.i18n import _
from game.puzzle.model.board import Cell, TileMove, parse_game_id
from game.puzzle.model.coach import Coach
from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.settings import NUMBERS
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import ResultOutcome, SolveRecords
from game.puzzle.pictures.folder import picture_key
from game.puzzle.pictures.tiles import NumberStyle
from game.puzzle.screens import captions
from game.puzzle.screens.autosolve import AutoSolve
from game.puzzle.screens.coach_view import SENTENCE, CoachFlow
from game.puzzle.screens.hints import HintFlow
from game.puzzle.screens.layout import (
    BOARD_AREA,
    BOARD_PADDING,
    BOARD_X,
    BOARD_Y,
    BUTTON_HEIGHT,
    BUTTON_ROWS,
    HUD_GAP,
    ID_Y,
    PANEL_LEFT,
    PANEL_WIDTH,
    PANEL_X,
    SOLVED_Y,
    THUMBNAIL_SIZE,
    THUMBNAIL_Y,
    TILE_GAP,
    TOAST_Y,
    BoardGeometry,
)
from game.puzzle.screens.screen_input import PuzzleInput
from game.puzzle.screens.solved_panel import (
    PANEL_BUTTON_OFFSET,
    PANEL_BUTTON_OFFSETS,
    PANEL_BUTTON_WIDTH,
    PANEL_BUTTON_Y,
    SolvedPanel,
    place_solved_lines,
    solved_labels,
)
from game.puzzle.screens.textures import TileTextures
from game.puzzle.solver.background_solver import BackgroundSolver, Shortest
from game.ui import theme
from game.ui.easing import ease_out_cubic, easing_by_name
from game.ui.keys import bindings
from game.ui.scene import CachedLayer, SceneView
from game.ui.text import Label, LabelSpec
from game.ui.tween import Glides, Tween
from game.ui.widgets import Button, Rect, Toast

BACKLOG_SPEEDUP = 3
FADE_IN_SECONDS = 0.6
SEED_LIMIT = 10**9

KEYS_TOP = BUTTON_ROWS[-1] - BUTTON_HEIGHT / 2 - 6
KEYS_BOTTOM = ID_Y + 14
COMPACT_ROW_SHIFT = 12
"""A small window's buttons sit this much higher, so the larger keys help and game ID fit below."""
COMPACT_ID_Y = ID_Y + 2
COMPACT_KEYS_BOTTOM = COMPACT_ID_Y + 18
TOAST_PADDING = 8
"""A message takes the keys help's place, between the Menu button and the game ID: two lines fit there
with this much room above and below them."""
BUTTON_ROW_OF = (0, 0, 1, 1, 2, 2, 3, 3)
"""The row of each of the panel's buttons: New game, Restart, Undo, Redo, Hint, Solve, Menu, Coach."""
GOAL_CAPTION_Y = THUMBNAIL_Y + THUMBNAIL_SIZE / 2 + 22
HUD_LABELS = {
    "title": LabelSpec(PANEL_LEFT, 730, PANEL_WIDTH, theme.ACCENT, theme.HEADING_SIZE + 4, bold=True),
    "picture": LabelSpec(PANEL_LEFT, 694, PANEL_WIDTH, theme.MUTED, theme.BODY_SIZE),
    "moves": LabelSpec(PANEL_LEFT, 640, PANEL_WIDTH / 2 - HUD_GAP, theme.TEXT, theme.HEADING_SIZE),
    "time": LabelSpec(PANEL_LEFT + PANEL_WIDTH / 2, 640, PANEL_WIDTH / 2, theme.TEXT, theme.HEADING_SIZE),
    "best": LabelSpec(PANEL_LEFT, 600, PANEL_WIDTH, theme.MUTED, theme.BODY_SIZE),
    "solver": LabelSpec(
        PANEL_LEFT + PANEL_WIDTH,
        GOAL_CAPTION_Y,
        PANEL_WIDTH * 0.6,
        theme.MUTED,
        theme.SMALL_SIZE,
        anchor_x="right",
    ),
    "target": LabelSpec(
        PANEL_LEFT, GOAL_CAPTION_Y, PANEL_WIDTH * 0.4 - HUD_GAP, theme.MUTED, theme.SMALL_SIZE
    ),
    "id": LabelSpec(PANEL_LEFT, ID_Y, PANEL_WIDTH, theme.MUTED, theme.SMALL_SIZE),
    "keys": LabelSpec(
        PANEL_LEFT,
        (KEYS_TOP + KEYS_BOTTOM) / 2,
        PANEL_WIDTH,
        theme.MUTED,
        theme.SMALL_SIZE,
        box_height=KEYS_TOP - KEYS_BOTTOM,
    ),
}


class PuzzleView(HintFlow, SolvedPanel, CoachFlow, PuzzleInput, SceneView):
    """One puzzle game; New game reshuffles with the same size and picture. ``coach``: the coach is on
    from the start (the menu's Learn)."""

    def __init__(
        self,
        size: BoardSize | None = None,
        image: str | None = None,
        seed: int | None = None,
        game_id: str | None = None,
        coach: bool = False,
    ) -> None:
        super().__init__()
        config = self.shell.settings.puzzle
        self.corner_numbers = config.corner_numbers
        colours = config.number_tiles
        self.style = NumberStyle(fill=rgb(colours.fill), edge=rgb(colours.edge), text=rgb(colours.text))
        self.duration = self.shell.settings.window.animation_seconds(config.animation.duration)
        self.easing = easing_by_name(config.animation.easing)
        self.records = SolveRecords()
        # Messages (the game ID copied, a picture that cannot be read) show in the panel in the place of
        # its keys help, which leaves them the room (_keys_help), never on the tiles.
        self.toast = Toast(PANEL_X, TOAST_Y, PANEL_WIDTH - 20, TOAST_PADDING)
        # A board given by game ID is practice: anyone can pick one a move from the goal, so it never
        # sets a best result. New game leaves practice; Restart keeps it.
        self.practice = game_id is not None
        if game_id is not None:
            board, seed = parse_game_id(game_id)
            self.game = PuzzleGame(board, seed)
        else:
            self.game = PuzzleGame.new(
                size or config.default_size, seed if seed is not None else random.randrange(SEED_LIMIT)
            )
        self.geometry = BoardGeometry(self.game.board.width, self.game.board.height)
        self.picture_name, self.picture_path = config.resolve_picture(image or config.default_image)
        self.picture_key = picture_key(self.picture_path)
        self.tile_sprites = arcade.SpriteList()
        self.textures = TileTextures(self.style)
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self.empty_sprite: arcade.Sprite | None = None
        self.glides = Glides(BACKLOG_SPEEDUP)
        self.fade: Tween[float] | None = None
        self.outcome: ResultOutcome | None = None
        self.new_bests: tuple[str, ...] = ()
        self.shortest: Shortest | None = None
        self.hover = config.hover
        self.hover_cell: Cell | None = None
        self.keys = {action: bindings(names) for action, names in config.keys}
        self.best = self._load_best()
        self.assistant = BackgroundSolver(self.game.board.width, self.game.board.height)
        self.hint_tile = 0
        self.hint_time = 0.0
        self.autoplay = AutoSolve()
        self.layer = CachedLayer(self.window.ctx)
        self._build_widgets()
        self._build_sprites()
        if coach:
            self.toggle_coach()

    # --- set-up ---

    @property
    def tile_size(self) -> float:
        return self.geometry.tile_size

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        return self.geometry.cell_centre(cell)

    def cell_at(self, x: float, y: float) -> Cell | None:
        return self.geometry.cell_at(x, y)

    def _build_widgets(self) -> None:
        fixed = {
            "title": captions.title(self.game.board.size),
            "picture": captions.picture(self.picture_name),
        }
        self.texts = {name: spec.label(fixed.get(name, "")) for name, spec in HUD_LABELS.items()}
        half = PANEL_WIDTH / 4 - 5
        row1, row2, row3, row4 = BUTTON_ROWS
        self.new_button = Button(
            _("New game"), Rect(PANEL_LEFT + half, row1, 2 * half, BUTTON_HEIGHT), self.new_game, primary=True
        )
        self.restart_button = Button(
            # Translators: button: the same board again from its starting position.
            _("Restart"),
            Rect(PANEL_LEFT + 3 * half + 10, row1, 2 * half, BUTTON_HEIGHT),
            self.restart,
        )
        self.undo_button = Button(
            # Translators: button: take back the last move.
            _("Undo"),
            Rect(PANEL_LEFT + half, row2, 2 * half, BUTTON_HEIGHT),
            self.undo,
        )
        self.redo_button = Button(
            # Translators: button: play again the move taken back.
            _("Redo"),
            Rect(PANEL_LEFT + 3 * half + 10, row2, 2 * half, BUTTON_HEIGHT),
            self.redo,
        )
        self.hint_button = Button(
            # Translators: button: show which tile to move next.
            _("Hint"),
            Rect(PANEL_LEFT + half, row3, 2 * half, BUTTON_HEIGHT),
            self.ask_hint,
        )
        self.solve_button = Button(
            # Translators: button: the game solves the puzzle by itself.
            _("Solve"),
            Rect(PANEL_LEFT + 3 * half + 10, row3, 2 * half, BUTTON_HEIGHT),
            self.auto_solve,
        )
        self.menu_button = Button(
            # Translators: button: back to the main menu.
            _("Menu"),
            Rect(PANEL_LEFT + half, row4, 2 * half, BUTTON_HEIGHT),
            self.to_menu,
        )
        self.coach_button = Button(
            self.coach_button_label(),
            Rect(PANEL_LEFT + 3 * half + 10, row4, 2 * half, BUTTON_HEIGHT),
            self.toggle_coach,
        )
        self.coach_text = SENTENCE.label()
        self.panel_button = Button(
            _("Play again"),
            Rect(PANEL_X - PANEL_BUTTON_OFFSET, PANEL_BUTTON_Y, PANEL_BUTTON_WIDTH, BUTTON_HEIGHT),
            self.new_game,
            primary=True,
            font_size=theme.HEADING_SIZE - 6,
        )
        self.stats_button = Button(
            # Translators: button: the statistics of every solve of this board size and picture.
            _("Statistics"),
            Rect(PANEL_X + PANEL_BUTTON_OFFSET, PANEL_BUTTON_Y, PANEL_BUTTON_WIDTH, BUTTON_HEIGHT),
            self.show_stats,
        )
        self.panel_buttons = (self.panel_button, self.stats_button)
        self.buttons = [
            self.new_button,
            self.restart_button,
            self.undo_button,
            self.redo_button,
            self.hint_button,
            self.solve_button,
            self.menu_button,
            self.coach_button,
        ]
        self.panel_texts = [spec.label() for spec in solved_labels(self.compact)]
        self.panel_texts[0].text = captions.well_done()
        self._place_controls()
        self._update_hud()

    def _build_sprites(self) -> None:
        """Sprites at the cells the model says, with textures made for the current screen scale."""
        self.tile_sprites.clear()
        self.sprite_of.clear()
        self.glides.clear()
        board = self.game.board
        for index, tile in enumerate(board.tiles):
            if tile:
                sprite = arcade.Sprite()
                sprite.position = self.cell_centre(board.cell(index))
                self.sprite_of[tile] = sprite
                self.tile_sprites.append(sprite)
        self.empty_sprite = None
        if self.picture_path is not None:
            self.empty_sprite = arcade.Sprite()
            self.empty_sprite.position = self.cell_centre((board.width - 1, board.height - 1))
            self.empty_sprite.alpha = 255 if self.game.solved else 0
            self.tile_sprites.append(self.empty_sprite)
        self._apply_textures()

    def _apply_textures(self) -> None:
        """(Re)make tile textures at screen resolution: at start, after a resize, when solved."""
        logical = self.tile_size - TILE_GAP
        pixels = max(8, round(logical * self.pixel_scale))
        numbered = self.corner_numbers and not self.game.solved
        try:
            self.textures.update(self.picture_path, self.game.board.size, pixels, self.pixel_scale, numbered)
        except UserError as error:
            self._fall_back_to_numbers(str(error))
            return
        for tile, sprite in [
            *self.sprite_of.items(),
            *([(0, self.empty_sprite)] if self.empty_sprite else []),
        ]:
            sprite.texture = self.textures.tiles[tile]
            sprite.width = sprite.height = logical

    def _fall_back_to_numbers(self, reason: str) -> None:
        # Translators: {reason} says why the picture cannot be used (an error message).
        self.show_message(_("{reason} — playing with number tiles").format(reason=reason))
        self.picture_name, self.picture_path = NUMBERS, None
        self.picture_key = picture_key(None)
        self.texts["picture"].text = captions.picture(self.picture_name)
        self.best = self._load_best()
        self._build_sprites()

    def on_compact_changed(self, compact: bool) -> None:
        """On a small window the solved panel's lines spread apart and the words turn short (the labels'
        larger size is the scene's)."""
        shown = [label.text for label in self.panel_texts]
        self.panel_texts = [
            spec.label(text) for spec, text in zip(solved_labels(compact), shown, strict=True)
        ]
        self._place_controls()
        self._update_hud()

    def on_scale_changed(self) -> None:
        """Textures at the new resolution."""
        self._apply_textures()

    def _place_controls(self) -> None:
        """The buttons, the keys help and the game ID where this window's text size leaves room."""
        compact = self.compact
        shift = COMPACT_ROW_SHIFT if compact else 0
        for button, row in zip(self.buttons, BUTTON_ROW_OF, strict=True):
            button.move_to(button.rect.x, BUTTON_ROWS[row] + shift)
        for button in self.panel_buttons:
            button.move_to(button.rect.x, SOLVED_Y + PANEL_BUTTON_OFFSETS[compact])
        top = KEYS_TOP + shift
        bottom = COMPACT_KEYS_BOTTOM if compact else KEYS_BOTTOM
        keys = self.texts["keys"]
        keys.y = (top + bottom) / 2
        keys.set_box(keys.box_width, top - bottom)
        self.texts["id"].y = COMPACT_ID_Y if compact else ID_Y

    def readable_labels(self) -> list[Label]:
        buttons = (*self.buttons, *self.panel_buttons)
        return [
            *self.texts.values(),
            *self.panel_texts,
            self.coach_text,
            *self.toast.labels,
            *(label for b in buttons for label in b.labels),
        ]

    # --- actions ---

    def new_game(self) -> None:
        self.practice = False
        self.game = PuzzleGame.new(self.game.board.size, random.randrange(SEED_LIMIT))
        self._reset_view()

    def restart(self) -> None:
        self.game.restart()
        self._reset_view()

    def _reset_view(self) -> None:
        self.autoplay.stop()
        self.assistant.stop_solution()
        self.hint_tile = 0
        self.outcome = None
        self.new_bests = ()
        self.shortest = None
        self.fade = None
        if self.coach is not None:
            self.coach = Coach(self.game.board)
            self.game.mark_assisted()
            self._verdict_said = False
            self._show_coach()
        self._build_sprites()
        self._update_hud()

    def undo(self) -> None:
        self._animate(self.game.undo())

    def redo(self) -> None:
        self._animate(self.game.redo())

    def copy_game_id(self) -> None:
        """Put the game ID on the clipboard, to share the board or reopen it with --id."""
        try:
            self.shell.set_clipboard_text(self.game.game_id)
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            # Translators: {error} is the system's reason, in English or the system's language.
            self.show_message(_("could not copy the game ID: {error}").format(error=error))
        else:
            # Translators: {id} is a game ID such as 4x4#123456 (to share or reopen a board).
            self.show_message(_("Game ID {id} copied").format(id=self.game.game_id))

    def to_menu(self) -> None:
        self.shell.show_menu()

    def leave(self) -> None:
        self.assistant.close()

    def _animate(self, moves: tuple[TileMove, ...], duration: float | None = None) -> None:
        if not moves:
            return
        self.shell.sounds.play("slide")
        self.hint_tile = 0
        targets = [(self.sprite_of[move.tile], self.cell_centre(move.dst)) for move in moves]
        self.glides.queue(targets, self.duration if duration is None else duration, self.easing)
        self._update_hud()
        if self.game.solved and self.outcome is None:
            self._record()

    @property
    def animating(self) -> bool:
        return self.glides.busy

    @property
    def in_motion(self) -> bool:
        fading = self.fade is not None and not self.fade.done
        busy = self.animating or fading or self.toast.remaining > 0
        return busy or bool(self.hint_tile) or self.auto_solving

    def show_message(self, text: str, seconds: float = Toast.SECONDS) -> None:
        self.toast.show(text, seconds)

    # --- time ---

    def on_update(self, delta_time: float) -> None:
        self.game.tick(delta_time)
        landed = self.glides.update(delta_time) and not self.animating
        if landed and self.game.solved:
            self.shell.sounds.play("solved")
        if landed and self.game.solved and self.empty_sprite is not None and self.fade is None:
            self._apply_textures()
            self.fade = Tween(0.0, 255.0, FADE_IN_SECONDS, ease_out_cubic)
        if self.fade is not None and self.empty_sprite is not None:
            self.empty_sprite.alpha = round(self.fade.update(delta_time))
        self.toast.update(delta_time)
        self._poll_assistant(delta_time)
        self._poll_coach()
        self._update_hud()

    def _update_hud(self) -> None:
        game = self.game
        self._set("moves", captions.move_counter(game.moves))
        self._set("target", "" if self.panel_visible or self.coach else captions.goal())
        self._set("time", captions.timer(game.elapsed))
        self._set("best", captions.best(self.best))
        compact = self.compact
        self._set(
            "solver", "" if self.panel_visible else captions.preparing(self.assistant.progress, compact)
        )
        self._set("id", captions.game_id(game.game_id, compact))
        self._set("keys", self._keys_help(compact))
        self._place_toast()
        self.hint_button.enabled = self.solve_button.enabled = not game.solved
        self.undo_button.enabled = game.can_undo
        self.redo_button.enabled = game.can_redo
        if game.solved:
            lines = (
                captions.solved_summary(game.moves, game.elapsed, compact),
                *captions.panel_verdict(self.practice, game.assisted, self.new_bests, compact),
                captions.optimal(self.shortest, self.assistant.measuring, game.moves, compact),
            )
            for label, line in zip(self.panel_texts[1:], lines, strict=True):
                if label.text != line:
                    label.text = line
                    self.request_redraw()
            place_solved_lines(self.panel_texts, compact)

    def _keys_help(self, compact: bool) -> str:
        """The keys that work now: while the auto-solve runs, that any key stops it and which keys set
        its speed; nothing while a message shows, which takes the help's place (it was drawn over it)."""
        if self.toast.remaining > 0:
            return ""
        if self.auto_solving:
            return captions.auto_solve_help(self.autoplay.speed, self.assistant.solving, compact)
        return captions.keys_help(compact)

    def _place_toast(self) -> None:
        """A message sits in the keys help's place, between the Menu button and the game ID (whose size
        the window's text size sets)."""
        menu = self.menu_button.rect
        y = (menu.y - menu.height / 2 + self.texts["id"].top) / 2
        if self.toast.y != y:
            self.toast.move_to(PANEL_X, y)

    def _set(self, name: str, value: str) -> None:
        if self.texts[name].text != value:
            self.texts[name].text = value
            self.request_redraw()

    # --- drawing ---

    def on_draw(self) -> None:
        """The frame, the panel, its words and buttons come from the cached layer (painted again only
        when one of them changes); the tiles, the hint and the toast are drawn over it every frame."""
        self.layer.draw(self._layer_key(), self._draw_layer)
        with self.camera.activate():
            self.tile_sprites.draw(pixelated=False)
            self._draw_hint()
            self._draw_coach()
            self.toast.draw()

    def _layer_key(self) -> tuple[object, ...]:
        """Everything the cached layer shows that can change."""
        thumbnail = self.textures.thumbnail
        return (
            tuple(self.camera.viewport),
            self.panel_visible,
            id(thumbnail[0].texture) if thumbnail else None,
            tuple(text.text for text in (*self.texts.values(), *self.panel_texts, self.coach_text)),
            tuple((b.label, b.enabled, b.hovered, b.pressed) for b in (*self.buttons, self.panel_button)),
            self.coach is not None,
        )

    def _draw_layer(self) -> None:
        with self.camera.activate():
            self.draw_scene()
            for button in self.buttons:
                button.draw()

    def draw_scene(self) -> None:
        """What the cached layer holds: the board's frame, the panel, its words and buttons."""
        board = self.geometry
        frame = XYWH(BOARD_X, BOARD_Y, board.width + 2 * BOARD_PADDING, board.height + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(XYWH(BOARD_X + 4, BOARD_Y - 6, frame.width, frame.height), theme.SHADOW)
        arcade.draw_rect_filled(frame, theme.PANEL)
        arcade.draw_rect_filled(XYWH(BOARD_X, BOARD_Y, board.width, board.height), (28, 32, 44))
        panel = XYWH(PANEL_X, BOARD_Y, PANEL_WIDTH + 40, BOARD_AREA + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(panel, theme.PANEL)
        thumbnail = self.textures.thumbnail
        if self.coach is not None and not self.panel_visible:
            self.coach_text.draw()
        elif thumbnail and not self.panel_visible:
            sprite = thumbnail[0]
            arcade.draw_rect_filled(
                XYWH(sprite.center_x, sprite.center_y, sprite.width + 8, sprite.height + 8),
                theme.PANEL_BORDER,
            )
            thumbnail.draw()
        for text in self.texts.values():
            text.draw()
        if self.panel_visible:
            self._draw_solved_panel()
