"""The Fifteen screen: tiles as sprites that glide with easing, a HUD, and the solved panel.

The view only draws and turns input into calls on PuzzleGame. Input is applied to the model at once
and the tiles' glides are queued behind the running one, so a burst of keys is never dropped and no
tile ever jumps.
"""

import math
import random
from collections import deque
from dataclasses import dataclass

import arcade
from arcade import key
from arcade.types import XYWH
from PIL import Image

from game.config import NUMBERS, picture_title, rgb
from game.errors import UserError
from game.i18n import _, ngettext
from game.puzzle.assistant import Assistant
from game.puzzle.board import Cell, Direction, TileMove, format_size, parse_game_id, parse_size
from game.puzzle.game import PuzzleGame
from game.puzzle.tiles import NumberStyle, PictureTiles, cut_picture, number_tile, thumbnail
from game.records import Records, RecordsUnavailable, ResultOutcome
from game.ui import theme
from game.ui.easing import ease_out_cubic, easing_by_name
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.tween import Fade, Tween
from game.ui.widgets import Button, Rect, Toast

BOARD_AREA = 700
BOARD_X = 40 + BOARD_AREA / 2
BOARD_Y = theme.DESIGN_HEIGHT / 2
TILE_GAP = 4
BOARD_PADDING = 12
PANEL_X = 1010
PANEL_WIDTH = 380
THUMBNAIL_SIZE = 150
THUMBNAIL_Y = 470
SOLVED_Y = 470
SOLVED_HEIGHT = 190
SOLVED_PADDING = 10
HUD_GAP = 12
BUTTON_HEIGHT = 44
BUTTON_ROWS = (330, 274, 218, 162)
ID_Y = 46
ID_CHARS = 28
BACKLOG_SPEEDUP = 3
FADE_IN_SECONDS = 0.6
AUTO_SOLVE_STEP = 0.22
HINT_COLOUR = (91, 192, 190)
SEED_LIMIT = 10**9

KEY_DIRECTIONS = {
    Direction.UP: [key.UP, key.W],
    Direction.DOWN: [key.DOWN, key.S],
    Direction.LEFT: [key.LEFT, key.A],
    Direction.RIGHT: [key.RIGHT, key.D],
}
KEY_UNDO = [key.U, (key.Z, key.MOD_CTRL)]
KEY_REDO = [key.R, (key.Y, key.MOD_CTRL)]
KEY_NEW_GAME = [key.N]
KEY_COPY_ID = [key.C, (key.C, key.MOD_CTRL)]
KEY_HINT = [key.H]


@dataclass
class _Glide:
    sprite: arcade.Sprite
    tween: Tween


class PuzzleView(SceneView):
    """One puzzle game; New game reshuffles with the same size and picture."""

    def __init__(
        self,
        size: str | None = None,
        image: str | None = None,
        seed: int | None = None,
        game_id: str | None = None,
    ) -> None:
        super().__init__()
        config = self.game_window.settings.puzzle
        self.corner_numbers = config.corner_numbers
        colours = config.number_tiles
        self.style = NumberStyle(fill=rgb(colours.fill), edge=rgb(colours.edge), text=rgb(colours.text))
        self.duration = config.animation.duration
        self.easing = easing_by_name(config.animation.easing)
        self.records = Records()
        self.toast = Toast(BOARD_X, 90, BOARD_AREA - 60)
        # A board given by game ID is practice: anyone can pick one a move from the goal, so it never
        # sets a best result. New game leaves practice; Restart keeps it.
        self.practice = game_id is not None
        if game_id is not None:
            board, seed = parse_game_id(game_id)
            self.game = PuzzleGame(board, seed)
        else:
            width, height = parse_size(size or config.default_size)
            self.game = PuzzleGame.new(
                width, height, seed if seed is not None else random.randrange(SEED_LIMIT)
            )
        self.picture_name, self.picture_path = config.resolve_picture(image or config.default_image)
        self.tile_sprites = arcade.SpriteList()
        self._textures: dict[int, arcade.Texture] = {}
        self._textures_key = ""
        self.sprite_of: dict[int, arcade.Sprite] = {}
        self.empty_sprite: arcade.Sprite | None = None
        self.thumbnail_sprites = arcade.SpriteList()
        self.glides: list[_Glide] = []
        self.pending: deque[tuple[tuple[TileMove, ...], float]] = deque()
        self.fade: Fade | None = None
        self.outcome: ResultOutcome | None = None
        self.best = self._load_best()
        self.assistant = Assistant(*self.game.board.size)
        self.hint_tile = 0
        self.hint_time = 0.0
        self.auto_moves: deque[int] = deque()
        self._build_widgets()
        self._build_sprites()

    # --- set-up ---

    @property
    def size_text(self) -> str:
        return format_size(self.game.board.width, self.game.board.height)

    @property
    def tile_size(self) -> float:
        width, height = self.game.board.size
        return min(BOARD_AREA / width, BOARD_AREA / height)

    @property
    def board_rect(self) -> Rect:
        width, height = self.game.board.size
        return Rect(BOARD_X, BOARD_Y, width * self.tile_size, height * self.tile_size)

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        board = self.board_rect
        column, row = cell
        return (
            board.x - board.width / 2 + (column + 0.5) * self.tile_size,
            board.y + board.height / 2 - (row + 0.5) * self.tile_size,
        )

    def cell_at(self, x: float, y: float) -> Cell | None:
        board = self.board_rect
        if not board.contains(x, y):
            return None
        column = int((x - (board.x - board.width / 2)) // self.tile_size)
        row = int(((board.y + board.height / 2) - y) // self.tile_size)
        width, height = self.game.board.size
        return (min(column, width - 1), min(row, height - 1))

    def _build_widgets(self) -> None:
        left = PANEL_X - PANEL_WIDTH / 2
        keys_top = BUTTON_ROWS[-1] - BUTTON_HEIGHT / 2 - 6
        keys_bottom = ID_Y + 14
        self.texts = {
            "title": Label(
                # Translators: the heading of the puzzle screen; {size} is the board size, e.g. 4x4.
                _("Fifteen {size}").format(size=self.size_text),
                left,
                730,
                theme.ACCENT,
                theme.HEADING_SIZE + 4,
                box_width=PANEL_WIDTH,
                bold=True,
                anchor_y="center",
            ),
            "picture": Label(
                self._picture_text(),
                left,
                694,
                theme.MUTED,
                theme.BODY_SIZE,
                box_width=PANEL_WIDTH,
                anchor_y="center",
            ),
            "moves": Label(
                "",
                left,
                640,
                theme.TEXT,
                theme.HEADING_SIZE,
                box_width=PANEL_WIDTH / 2 - HUD_GAP,
                anchor_y="center",
            ),
            "time": Label(
                "",
                left + PANEL_WIDTH / 2,
                640,
                theme.TEXT,
                theme.HEADING_SIZE,
                box_width=PANEL_WIDTH / 2,
                anchor_y="center",
            ),
            "best": Label(
                "", left, 600, theme.MUTED, theme.BODY_SIZE, box_width=PANEL_WIDTH, anchor_y="center"
            ),
            "solver": Label(
                "",
                left + PANEL_WIDTH,
                THUMBNAIL_Y + THUMBNAIL_SIZE / 2 + 22,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=PANEL_WIDTH * 0.6,
                anchor_x="right",
                anchor_y="center",
            ),
            "target": Label(
                "",
                left,
                THUMBNAIL_Y + THUMBNAIL_SIZE / 2 + 22,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=PANEL_WIDTH * 0.4 - HUD_GAP,
                anchor_y="center",
            ),
            "id": Label(
                self._id_text(),
                left,
                ID_Y,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=PANEL_WIDTH,
                anchor_y="center",
            ),
            "keys": Label(
                # Translators: the keys are fixed (U, R, H, N, Esc, arrows, WASD): keep their letters.
                _("Click a tile or use arrows / WASD to slide.\nU undo · R redo · H hint · N new · Esc menu"),
                left,
                (keys_top + keys_bottom) / 2,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=PANEL_WIDTH,
                box_height=keys_top - keys_bottom,
                anchor_y="center",
                multiline=True,
            ),
        }
        half = PANEL_WIDTH / 4 - 5
        row1, row2, row3, row4 = BUTTON_ROWS
        self.new_button = Button(
            _("New game"), Rect(left + half, row1, 2 * half, BUTTON_HEIGHT), self.new_game, primary=True
        )
        self.restart_button = Button(
            # Translators: button: the same board again from its starting position.
            _("Restart"),
            Rect(left + 3 * half + 10, row1, 2 * half, BUTTON_HEIGHT),
            self.restart,
        )
        # Translators: button: take back the last move.
        self.undo_button = Button(_("Undo"), Rect(left + half, row2, 2 * half, BUTTON_HEIGHT), self.undo)
        self.redo_button = Button(
            # Translators: button: play again the move taken back.
            _("Redo"),
            Rect(left + 3 * half + 10, row2, 2 * half, BUTTON_HEIGHT),
            self.redo,
        )
        self.hint_button = Button(
            # Translators: button: show which tile to move next.
            _("Hint"),
            Rect(left + half, row3, 2 * half, BUTTON_HEIGHT),
            self.ask_hint,
        )
        self.solve_button = Button(
            # Translators: button: the game solves the puzzle by itself.
            _("Solve"),
            Rect(left + 3 * half + 10, row3, 2 * half, BUTTON_HEIGHT),
            self.auto_solve,
        )
        # Translators: button: back to the main menu.
        self.menu_button = Button(_("Menu"), Rect(left + half, row4, 2 * half, BUTTON_HEIGHT), self.to_menu)
        self.panel_button = Button(
            _("Play again"),
            Rect(PANEL_X, SOLVED_Y - 56, 240, BUTTON_HEIGHT),
            self.new_game,
            primary=True,
            font_size=theme.HEADING_SIZE - 4,
        )
        self.buttons = [
            self.new_button,
            self.restart_button,
            self.undo_button,
            self.redo_button,
            self.hint_button,
            self.solve_button,
            self.menu_button,
        ]
        panel_width = PANEL_WIDTH - 2 * SOLVED_PADDING
        self.panel_texts = [
            Label(
                # Translators: the heading of the panel shown when the puzzle is solved.
                _("Well done!"),
                PANEL_X,
                SOLVED_Y + 60,
                theme.ACCENT,
                theme.TITLE_SIZE - 10,
                box_width=panel_width,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                "",
                PANEL_X,
                SOLVED_Y + 12,
                theme.TEXT,
                theme.BODY_SIZE + 2,
                box_width=panel_width,
                anchor_x="center",
                anchor_y="center",
            ),
            Label(
                "",
                PANEL_X,
                SOLVED_Y - 16,
                theme.TEAL,
                theme.BODY_SIZE + 2,
                box_width=panel_width,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
        ]
        self._update_hud()

    def _build_sprites(self) -> None:
        """Sprites at the cells the model says, with textures made for the current screen scale."""
        self.tile_sprites.clear()
        self.sprite_of.clear()
        self.glides.clear()
        self.pending.clear()
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
        """(Re)make tile textures at screen resolution: at start, after a resize, when solved.

        The textures only depend on the picture, the board size and the scale, so New game and
        Restart reuse them instead of cutting the picture again.
        """
        logical = self.tile_size - TILE_GAP
        pixels = max(8, round(logical * self.pixel_scale))
        numbered = self.corner_numbers and not self.game.solved
        key = f"puzzle-{self.picture_path or NUMBERS}-{self.size_text}-{pixels}-{numbered}-{self.style}"
        if key != self._textures_key:
            try:
                images = self._tile_images(pixels)
            except UserError as error:
                self._fall_back_to_numbers(str(error))
                return
            self._make_thumbnail(images)
            self._textures = {
                tile: arcade.Texture(image.convert("RGBA"), hash=f"{key}-{tile}")
                for tile, image in images.items()
            }
            self._textures_key = key
        for tile, sprite in [
            *self.sprite_of.items(),
            *([(0, self.empty_sprite)] if self.empty_sprite else []),
        ]:
            sprite.texture = self._textures[tile]
            sprite.width = sprite.height = logical

    def _tile_images(self, pixels: int) -> dict[int, Image.Image]:
        """Every tile's image (0 = the picture's missing piece), `pixels` wide without the gap."""
        width, height = self.game.board.size
        if self.picture_path is None:
            return {tile: number_tile(tile, pixels, self.style) for tile in range(1, width * height)}
        scale = self.pixel_scale
        cut = self._cut_picture(pixels + TILE_GAP * scale)
        inset = round(TILE_GAP * scale / 2)
        box = (inset, inset, cut.tile_size[0] - inset, cut.tile_size[1] - inset)
        images = {tile: cut.tile(tile).crop(box) for tile in range(1, width * height)}
        images[0] = cut.empty.crop(box)
        return images

    def _cut_picture(self, tile_pixels: float) -> PictureTiles:
        """Cut at the full cell size; each piece is then trimmed by the gap, so the picture stays aligned."""
        width, height = self.game.board.size
        side = round(tile_pixels)
        return cut_picture(
            self.picture_path,
            width,
            height,
            (side * width, side * height),
            corner_numbers=self.corner_numbers and not self.game.solved,
            style=self.style,
        )

    def _make_thumbnail(self, tile_images: dict[int, Image.Image]) -> None:
        """The target for the HUD: the picture, or the solved number board built from the tiles."""
        self.thumbnail_sprites.clear()
        width, height = self.game.board.size
        pixels = round(THUMBNAIL_SIZE * self.pixel_scale)
        if self.picture_path is not None:
            image = thumbnail(self.picture_path, width, height, pixels)
        else:
            side = max(4, pixels // max(width, height))
            image = Image.new("RGBA", (side * width, side * height), (0, 0, 0, 0))
            for tile in range(1, width * height):
                column, row = divmod(tile - 1, width)[::-1]
                image.paste(
                    tile_images[tile].resize((side, side), Image.Resampling.LANCZOS),
                    (column * side, row * side),
                )
        texture = arcade.Texture(
            image.convert("RGBA"), hash=f"target-{self.picture_path}-{self.size_text}-{pixels}"
        )
        sprite = arcade.Sprite(texture)
        sprite.width, sprite.height = image.width / self.pixel_scale, image.height / self.pixel_scale
        sprite.position = (PANEL_X, THUMBNAIL_Y)
        self.thumbnail_sprites.append(sprite)

    def _fall_back_to_numbers(self, reason: str) -> None:
        # Translators: {reason} says why the picture cannot be used (an error message).
        self.show_message(_("{reason} — playing with number tiles").format(reason=reason))
        self.picture_name, self.picture_path = NUMBERS, None
        self.texts["picture"].text = self._picture_text()
        self.best = self._load_best()
        self._build_sprites()

    def _picture_text(self) -> str:
        # Translators: {name} is the picture's name, or "Numbers" for number tiles
        return _("Picture: {name}").format(name=picture_title(self.picture_name))

    def on_scale_changed(self) -> None:
        self._apply_textures()

    # --- records ---

    def _load_best(self):
        try:
            return self.records.best(self.size_text, self.picture_name)
        except RecordsUnavailable as error:
            self.show_message(str(error))
            return None

    def _record(self) -> None:
        if self.practice:
            self.outcome = None
            return
        try:
            self.outcome = self.records.record_result(
                self.size_text, self.picture_name, self.game.moves, self.game.elapsed, self.game.assisted
            )
            self.best = self.outcome.best
        except RecordsUnavailable as error:
            self.outcome = None
            self.show_message(str(error))

    # --- actions ---

    def new_game(self) -> None:
        self.practice = False
        width, height = self.game.board.size
        self.game = PuzzleGame.new(width, height, random.randrange(SEED_LIMIT))
        self._reset_view()

    def restart(self) -> None:
        self.game.restart()
        self._reset_view()

    def _reset_view(self) -> None:
        self.auto_moves.clear()
        self.assistant.stop_solution()
        self.hint_tile = 0
        self.outcome = None
        self.fade = None
        self.texts["id"].text = self._id_text()
        self._build_sprites()
        self._update_hud()

    def undo(self) -> None:
        self._animate(self.game.undo())

    def redo(self) -> None:
        self._animate(self.game.redo())

    def copy_game_id(self) -> None:
        """Put the game ID on the clipboard, to share the board or reopen it with --id."""
        try:
            self.window.set_clipboard_text(self.game.game_id)
        except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
            # Translators: {error} is the system's reason, in English or the system's language.
            self.show_message(_("could not copy the game ID: {error}").format(error=error))
        else:
            # Translators: {id} is a game ID such as 4x4#123456 (to share or reopen a board).
            self.show_message(_("Game ID {id} copied").format(id=self.game.game_id))

    def _id_text(self) -> str:
        # Translators: {id} is the game ID, maybe shortened with "…"; C is the key that copies it.
        return _("Game {id} · C copies").format(id=_shorten(self.game.game_id, ID_CHARS))

    def to_menu(self) -> None:
        self.game_window.show_menu()

    def leave(self) -> None:
        self.assistant.close()

    def ask_hint(self) -> None:
        """H or Hint: the tile to move next glows, with an arrow to the gap."""
        if self.game.solved:
            return
        self.game.mark_assisted()
        self.assistant.request_hint(self.game.board)

    def auto_solve(self) -> None:
        """Solve: the rest of the solution plays itself; any click or key stops it."""
        if self.game.solved or self.assistant.solving or self.auto_moves:
            return
        self.game.mark_assisted()
        self.assistant.request_solution(self.game.board)
        # Translators: a message while the solver looks for a solution.
        self.show_message(_("Solving…"))

    def _stop_auto_solve(self) -> bool:
        """Stop the auto-solve if it runs; True when it did (the input that stopped it is used up)."""
        if not (self.auto_moves or self.assistant.solving):
            return False
        self.auto_moves.clear()
        self.assistant.stop_solution()
        self.show_message(_("Auto-solve stopped: your turn"))
        return True

    def _animate(self, moves: tuple[TileMove, ...], duration: float | None = None) -> None:
        if not moves:
            return
        self.hint_tile = 0
        self.pending.append((moves, self.duration if duration is None else duration))
        if not self.glides:
            self._start_next_glide()
        self._update_hud()
        if self.game.solved and self.outcome is None:
            self._record()

    def _start_next_glide(self) -> None:
        if not self.pending:
            return
        moves, duration = self.pending.popleft()
        duration /= BACKLOG_SPEEDUP if len(self.pending) >= 2 else 1
        for move in moves:
            sprite = self.sprite_of[move.tile]
            self.glides.append(
                _Glide(sprite, Tween(sprite.position, self.cell_centre(move.dst), duration, self.easing))
            )

    @property
    def animating(self) -> bool:
        return bool(self.glides or self.pending)

    @property
    def panel_visible(self) -> bool:
        return self.game.solved and not self.animating

    def show_message(self, text: str, seconds: float = Toast.SECONDS) -> None:
        self.toast.show(text, seconds)

    # --- input ---

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.panel_visible or self._stop_auto_solve():
            return
        cell = self.cell_at(x, y)
        if cell is not None:
            self._animate(self.game.click(cell))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.panel_visible:
            wx, wy = self.to_world(x, y)
            if self.panel_button.on_mouse_press(wx, wy):
                return
        super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.panel_visible:
            wx, wy = self.to_world(x, y)
            if self.panel_button.on_mouse_release(wx, wy):
                return
        super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        self.panel_button.on_mouse_motion(*self.to_world(x, y))

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if self._stop_auto_solve():
            return
        if matches(KEY_HINT, symbol, modifiers):
            self.ask_hint()
        elif matches(KEY_NEW_GAME, symbol, modifiers):
            self.new_game()
        elif matches(KEY_COPY_ID, symbol, modifiers):
            self.copy_game_id()
        elif matches(KEY_UNDO, symbol, modifiers):
            self.undo()
        elif matches(KEY_REDO, symbol, modifiers):
            self.redo()
        else:
            for direction, bindings in KEY_DIRECTIONS.items():
                if matches(bindings, symbol, modifiers):
                    self._animate(self.game.press(direction))
                    return

    # --- time ---

    def on_update(self, delta_time: float) -> None:
        self.game.tick(delta_time)
        if self.glides:
            for glide in self.glides:
                glide.sprite.position = glide.tween.update(delta_time)
            if all(glide.tween.done for glide in self.glides):
                self.glides.clear()
                self._start_next_glide()
                if (
                    not self.animating
                    and self.game.solved
                    and self.empty_sprite is not None
                    and self.fade is None
                ):
                    self._apply_textures()
                    self.fade = Fade(0, 255, FADE_IN_SECONDS, ease_out_cubic)
        if self.fade is not None and self.empty_sprite is not None:
            self.empty_sprite.alpha = round(self.fade.update(delta_time))
        self.toast.update(delta_time)
        self._poll_assistant(delta_time)
        self._update_hud()

    def _poll_assistant(self, delta_time: float) -> None:
        board = self.game.board
        tile = self.assistant.hint_for(board)
        if tile:
            self.hint_tile, self.hint_time = tile, 0.0
        self.hint_time += delta_time
        solution = self.assistant.solution_for(board)
        if solution:
            self.auto_moves.extend(solution)
            self.show_message(_("Auto-solve: any click or key stops it"), 2.0)
        if self.assistant.error:
            self.show_message(self.assistant.error)
            self.assistant.error = ""
        if self.auto_moves and not self.animating:
            self._animate(self.game.slide_tile(self.auto_moves.popleft()), AUTO_SOLVE_STEP)

    def _update_hud(self) -> None:
        # Translators: the move counter in the HUD; {count} is a number.
        self._set("moves", _("Moves {count}").format(count=self.game.moves))
        # Translators: the caption above the picture of the solved board.
        self._set("target", "" if self.panel_visible else _("Goal"))
        # Translators: the clock in the HUD; {clock} is minutes:seconds, e.g. 3:07.
        self._set("time", _("Time {clock}").format(clock=_clock(self.game.elapsed)))
        best = self.best
        if best:
            # Translators: the best result for this board; {moves} is e.g. "12 moves", {clock} e.g. 3:07.
            best_text = _("Best: {moves} · {clock}").format(
                moves=_moves(best.moves), clock=_clock(best.seconds)
            )
        else:
            best_text = _("Best: not solved yet")
        self._set("best", best_text)
        progress = self.assistant.progress
        preparing = ""
        if progress < 1 and not self.panel_visible:
            # Translators: the solver's tables are being built; {percent} is a whole number from 0 to 99.
            preparing = _("Preparing the solver… {percent}%").format(percent=round(progress * 100))
        self._set("solver", preparing)
        self.hint_button.enabled = self.solve_button.enabled = not self.game.solved
        self.undo_button.enabled = self.game.can_undo
        self.redo_button.enabled = self.game.can_redo
        if self.game.solved:
            outcome = self.outcome
            # Translators: the solved game; {moves} is e.g. "12 moves", {clock} the time taken, e.g. 3:07.
            summary = _("{moves} in {clock}").format(
                moves=_moves(self.game.moves), clock=_clock(self.game.elapsed)
            )
            self.panel_texts[1].text = summary
            if self.practice:
                # Translators: the board was opened from a game ID, so the result is not kept as a best.
                verdict = _("Practice (game ID): not a record")
            elif self.game.assisted:
                # Translators: a hint or the auto-solve was used, so the result is not kept as a best.
                verdict = _("Solved with help: not a record")
            elif outcome is not None and outcome.new_best:
                verdict = _("A new best!")
            else:
                verdict = ""
            self.panel_texts[2].text = verdict

    def _set(self, name: str, value: str) -> None:
        if self.texts[name].text != value:
            self.texts[name].text = value

    # --- drawing ---

    def draw_scene(self) -> None:
        board = self.board_rect
        frame = XYWH(board.x, board.y, board.width + 2 * BOARD_PADDING, board.height + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(XYWH(board.x + 4, board.y - 6, frame.width, frame.height), theme.SHADOW)
        arcade.draw_rect_filled(frame, theme.PANEL)
        arcade.draw_rect_filled(XYWH(board.x, board.y, board.width, board.height), (28, 32, 44))
        self.tile_sprites.draw(pixelated=False)
        self._draw_hint()
        panel = XYWH(PANEL_X, BOARD_Y, PANEL_WIDTH + 40, BOARD_AREA + 2 * BOARD_PADDING)
        arcade.draw_rect_filled(panel, theme.PANEL)
        if self.thumbnail_sprites and not self.panel_visible:
            sprite = self.thumbnail_sprites[0]
            arcade.draw_rect_filled(
                XYWH(sprite.center_x, sprite.center_y, sprite.width + 8, sprite.height + 8),
                theme.PANEL_BORDER,
            )
            self.thumbnail_sprites.draw()
        for text in self.texts.values():
            text.draw()
        if self.panel_visible:
            self._draw_solved_panel()
        self.toast.draw()

    def _draw_hint(self) -> None:
        """A pulsing outline on the tile to move and an arrow pointing into the gap."""
        sprite = self.sprite_of.get(self.hint_tile)
        if sprite is None or self.animating:
            return
        pulse = 0.5 + 0.5 * math.sin(self.hint_time * 6)
        size = self.tile_size - TILE_GAP
        arcade.draw_rect_outline(
            XYWH(sprite.center_x, sprite.center_y, size, size), (*HINT_COLOUR, 255), 3 + 3 * pulse
        )
        gap_x, gap_y = self.cell_centre(self.game.board.empty_cell)
        dx, dy = gap_x - sprite.center_x, gap_y - sprite.center_y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        tip = (sprite.center_x + ux * size * 0.42, sprite.center_y + uy * size * 0.42)
        base = (tip[0] - ux * size * 0.2, tip[1] - uy * size * 0.2)
        wing = size * 0.12
        arcade.draw_triangle_filled(
            tip[0],
            tip[1],
            base[0] - uy * wing,
            base[1] + ux * wing,
            base[0] + uy * wing,
            base[1] - ux * wing,
            (*HINT_COLOUR, 230),
        )

    def _draw_solved_panel(self) -> None:
        box = XYWH(PANEL_X, SOLVED_Y, PANEL_WIDTH, SOLVED_HEIGHT)
        arcade.draw_rect_filled(box, theme.BACKGROUND)
        arcade.draw_rect_outline(box, theme.ACCENT, 2)
        for text in self.panel_texts:
            text.draw()
        self.panel_button.draw()


def _moves(count: int) -> str:
    """A number of moves, e.g. "12 moves", in the player's language."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
