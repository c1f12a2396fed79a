"""The main menu: pick a board size and picture for Fifteen, an opponent and rules for Tavla."""

import arcade
from arcade import key
from arcade.types import XYWH
from PIL import Image

from game.config import NUMBERS, picture_title, rgb
from game.errors import UserError
from game.i18n import _
from game.puzzle.board import parse_size
from game.puzzle.tiles import thumbnail
from game.tavla import layout
from game.tavla.board_art import Palette, board_image, checker_image
from game.tavla.bots import bot_description, bot_names, bot_title
from game.tavla.position import OPENING
from game.tavla.rules import Rules
from game.ui import theme
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card

CARD_WIDTH = 500
CARD_HEIGHT = 560
CARD_Y = 384
LEFT_X = theme.DESIGN_WIDTH / 2 - 280
RIGHT_X = theme.DESIGN_WIDTH / 2 + 280
PREVIEW_SIZE = 180
PREVIEW_Y = CARD_Y + 120
TAVLA_PREVIEW_HEIGHT = PREVIEW_SIZE + 16
FIRST_SELECTOR_Y = CARD_Y - 36
SECOND_SELECTOR_Y = CARD_Y - 116
NOTE_Y = CARD_Y - 168
NOTE_HEIGHT = 44
PLAY_Y = CARD_Y - 228
FOOTER_BUTTON_Y = 56
SETTINGS_X = theme.DESIGN_WIDTH / 2 - 95
QUIT_X = theme.DESIGN_WIDTH / 2 + 95
SELECTOR_WIDTH = 320
SELECTOR_HEIGHT = 44
HUMAN = "human"

KEY_QUIT = [key.Q]
KEY_SETTINGS = [key.S]


def describe_size(size: str) -> str:
    columns, rows = parse_size(size)
    return f"{columns} × {rows}"


def describe_opponent(name: str) -> str:
    return _("Another person") if name == HUMAN else bot_title(name)


def describe_rules(rules: Rules) -> str:
    return _(rules.display_name)


def opening_image(palette: Palette, light_seat: int, scale: float) -> Image.Image:
    """The table at the opening, in the board art the table draws, `scale` pixels a board unit."""
    image = board_image(palette, scale, numbers=False).convert("RGBA")
    side = round(layout.CHECKER * scale)
    colours = [palette.white_checker, palette.black_checker]
    checkers = [checker_image(colour, side) for colour in (colours if light_seat == 0 else colours[::-1])]
    for point in range(1, 25):
        count, seat = abs(OPENING[point]), 0 if OPENING[point] > 0 else 1
        for index in range(count):
            x, y = layout.checker_position(seat, point, index, count)
            corner = (
                round((x - layout.BOARD_LEFT) * scale - side / 2),
                round((layout.BOARD_TOP - y) * scale - side / 2),
            )
            image.alpha_composite(checkers[seat], corner)
    return image


class MainMenuView(SceneView):
    """The first screen: two cards, one per game, and Quit."""

    def __init__(self) -> None:
        super().__init__()
        config = self.game_window.settings
        puzzle, tavla = config.puzzle, config.tavla
        self.size_selector = Selector(
            _("Board size"),
            puzzle.sizes,
            puzzle.default_size,
            Rect(LEFT_X, FIRST_SELECTOR_Y, SELECTOR_WIDTH, SELECTOR_HEIGHT),
            describe_size,
        )
        self.image_selector = Selector(
            _("Picture"),
            [NUMBERS] + [image.name for image in puzzle.images],
            puzzle.default_image,
            Rect(LEFT_X, SECOND_SELECTOR_Y, SELECTOR_WIDTH, SELECTOR_HEIGHT),
            picture_title,
        )
        self.opponent_selector = Selector(
            _("Opponent"),
            [*bot_names(), HUMAN],
            tavla.opponent,
            Rect(RIGHT_X, FIRST_SELECTOR_Y, SELECTOR_WIDTH, SELECTOR_HEIGHT),
            describe_opponent,
            self._describe_opponent_below,
        )
        self.rules_selector = Selector(
            _("Rules"),
            list(Rules),
            tavla.rules,
            Rect(RIGHT_X, SECOND_SELECTOR_Y, SELECTOR_WIDTH, SELECTOR_HEIGHT),
            describe_rules,
        )
        self.selectors = [
            self.size_selector,
            self.image_selector,
            self.opponent_selector,
            self.rules_selector,
        ]
        self.play_puzzle = Button(
            _("Play Fifteen"),
            Rect(LEFT_X, PLAY_Y, SELECTOR_WIDTH, 52),
            self.start_puzzle,
            primary=True,
            font_size=theme.HEADING_SIZE - 4,
        )
        self.play_tavla = Button(
            _("Play Tavla"),
            Rect(RIGHT_X, PLAY_Y, SELECTOR_WIDTH, 52),
            self.start_tavla,
            primary=True,
            font_size=theme.HEADING_SIZE - 4,
        )
        self.settings_button = Button(
            _("Settings"), Rect(SETTINGS_X, FOOTER_BUTTON_Y, 170, 40), self.open_settings
        )
        self.quit = Button(_("Quit"), Rect(QUIT_X, FOOTER_BUTTON_Y, 170, 40), arcade.exit)
        self.buttons = [
            self.play_puzzle,
            self.play_tavla,
            self.settings_button,
            self.quit,
            *(button for selector in self.selectors for button in selector.buttons),
        ]
        centre = theme.DESIGN_WIDTH / 2
        card_title_y = CARD_Y + CARD_HEIGHT / 2 - 34
        self._texts = [
            Label(
                # Translators: the name of the program, shown as the menu's title and the window's caption
                _("Fifteen & Tavla"),
                centre,
                730,
                theme.TEXT,
                theme.TITLE_SIZE,
                box_width=theme.DESIGN_WIDTH - 80,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                _("a sliding puzzle and a backgammon table"),
                centre,
                684,
                theme.MUTED,
                theme.BODY_SIZE,
                box_width=theme.DESIGN_WIDTH - 80,
                anchor_x="center",
                anchor_y="center",
            ),
            Label(
                # Translators: the sliding puzzle's name (the "15 puzzle")
                _("Fifteen"),
                LEFT_X,
                card_title_y,
                theme.ACCENT,
                theme.HEADING_SIZE,
                box_width=CARD_WIDTH - 40,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                # Translators: the backgammon game's name on its card in the menu
                _("Tavla"),
                RIGHT_X,
                card_title_y,
                theme.TEAL,
                theme.HEADING_SIZE,
                box_width=CARD_WIDTH - 40,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                _("F11 fullscreen  ·  S settings  ·  Esc returns here from a game"),
                centre,
                20,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=theme.DESIGN_WIDTH - 80,
                anchor_x="center",
                anchor_y="center",
            ),
        ]
        self.opponent_note = Label(
            "",
            RIGHT_X,
            NOTE_Y,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=CARD_WIDTH - 60,
            box_height=NOTE_HEIGHT,
            anchor_x="center",
            anchor_y="center",
            multiline=True,
            align="center",
        )
        self._describe_opponent_below(self.opponent_selector.value)
        self._preview_numbers = [
            Label(
                str(n),
                0,
                0,
                theme.BACKGROUND,
                20,
                box_width=PREVIEW_SIZE / 4 - 6,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )
            for n in range(1, 16)
        ]
        self._thumbnails: dict[tuple[str, str], arcade.SpriteList] = {}
        colours = tavla.colours
        self._palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self._light_seat = 0 if tavla.human_side == "white" else 1
        self._tavla_preview = arcade.SpriteList()
        self._build_tavla_preview()
        self.toast = Toast(theme.DESIGN_WIDTH / 2, 110, 760)

    def start_puzzle(self) -> None:
        self.game_window.show_puzzle(size=self.size_selector.value, image=self.image_selector.value)

    def _describe_opponent_below(self, opponent: str) -> None:
        """What the chosen opponent is, so a player can pick a level knowingly."""
        self.opponent_note.text = (
            _("Two people take turns at this computer") if opponent == HUMAN else (bot_description(opponent))
        )

    def open_settings(self) -> None:
        self.game_window.show_settings()

    def start_tavla(self) -> None:
        try:
            self.game_window.show_tavla(
                opponent=self.opponent_selector.value, rules=self.rules_selector.value
            )
        except UserError as error:
            self.toast.show(str(error))

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    has_menu_behind = False

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if symbol in KEY_QUIT:
            arcade.exit()
        elif symbol in KEY_SETTINGS:
            self.open_settings()

    def draw_scene(self) -> None:
        for x in (LEFT_X, RIGHT_X):
            draw_card(x, CARD_Y, CARD_WIDTH, CARD_HEIGHT)
        for text in self._texts:
            text.draw()
        self.opponent_note.draw()
        self._draw_puzzle_preview()
        self._tavla_preview.draw()
        for selector in self.selectors:
            selector.draw()
        self.toast.draw()

    def _draw_puzzle_preview(self) -> None:
        image = self.image_selector.value
        if image != NUMBERS:
            self._thumbnail(image).draw()
            return
        cell = PREVIEW_SIZE / 4
        left, top = LEFT_X - PREVIEW_SIZE / 2, PREVIEW_Y + PREVIEW_SIZE / 2
        for n, text in enumerate(self._preview_numbers, start=1):
            row, col = divmod(n - 1, 4)
            cx, cy = left + (col + 0.5) * cell, top - (row + 0.5) * cell
            arcade.draw_rect_filled(XYWH(cx, cy, cell - 4, cell - 4), theme.ACCENT)
            text.position = (cx, cy)
            text.draw()

    def _thumbnail(self, name: str) -> arcade.SpriteList:
        """The picture cropped as the chosen board size will show it."""
        size = self.size_selector.value
        if (name, size) not in self._thumbnails:
            path = self.game_window.settings.puzzle.image_path(name)
            columns, rows = parse_size(size)
            pixels = round(PREVIEW_SIZE * self.pixel_scale)
            try:
                image = thumbnail(path, columns, rows, pixels)
            except UserError:
                image = Image.new("RGBA", (pixels, pixels), theme.PANEL_BORDER)
            sprite = arcade.Sprite(
                arcade.Texture(image.convert("RGBA"), hash=f"menu-{path}-{size}-{pixels}"),
                center_x=LEFT_X,
                center_y=PREVIEW_Y,
            )
            sprite.width, sprite.height = image.width / self.pixel_scale, image.height / self.pixel_scale
            self._thumbnails[name, size] = arcade.SpriteList()
            self._thumbnails[name, size].append(sprite)
        return self._thumbnails[name, size]

    def on_scale_changed(self) -> None:
        self._build_tavla_preview()

    def _build_tavla_preview(self) -> None:
        """The Tavla card's picture at screen resolution, in the player's colours and side."""
        units = TAVLA_PREVIEW_HEIGHT / (layout.BOARD_TOP - layout.BOARD_BOTTOM)
        image = opening_image(self._palette, self._light_seat, units * self.pixel_scale)
        sprite = arcade.Sprite(
            arcade.Texture(image, hash=f"menu-tavla-{self._palette}-{self._light_seat}-{image.size}"),
            center_x=RIGHT_X,
            center_y=PREVIEW_Y,
        )
        sprite.width, sprite.height = image.width / self.pixel_scale, image.height / self.pixel_scale
        self._tavla_preview.clear()
        self._tavla_preview.append(sprite)
