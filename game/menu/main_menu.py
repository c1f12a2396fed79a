"""The main menu: pick a board size and picture for Fifteen, an opponent and rules for Tavla, and a
match length or a money session (with, under the standard rules with the cube, the Jacoby rule and
beavers).

Every choice is kept at once in the player's config file (the Settings screen's file), so the menu
shows it again after a game, after Settings and at the next start. Where the parts go is layout.py's, the
keys `MenuKeyboard`'s (keyboard.py). The screens it opens are imported when they are opened: the menu
shows at once without loading the table, the analysis or the solver (benchmarks/startup.py).
"""

from collections.abc import Callable

import arcade
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import rgb, with_value
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.menu import choices
from game.menu.choices import BEAVERS, IMAGE, JACOBY, MATCH_LENGTH, OPPONENT, RULES, SIDE, SIZE
from game.menu.folders import pictures_folder, shown_path
from game.menu.keyboard import Focusable, MenuKeyboard
from game.menu.layout import (
    CARD_HEIGHT,
    CARD_TITLE_Y,
    CARD_WIDTH,
    CARD_Y,
    CARDS,
    COMPACT_CARDS,
    FOOTER_BUTTON_Y,
    HALF_OFFSET,
    HALF_SELECTOR,
    LEARN_SHIFT,
    LEARN_WIDTH,
    LEARN_X,
    LEFT_X,
    PREVIEW_SIZE,
    PREVIEW_Y,
    RIGHT_X,
    SELECTOR_HEIGHT,
    SUBTITLE_GAP,
    TITLE_BASELINE,
    TOAST_Y,
    WIDE_SELECTOR,
    footer_step,
    footer_x,
    note_label,
)
from game.menu.previews import numbers_image, opening_image, picture_image, sprite_list
from game.menu.settings import SettingsView
from game.menu.size_picker import SizePicker
from game.puzzle.model.settings import NUMBERS, picture_title
from game.puzzle.model.size import BoardSize
from game.puzzle.pictures.folder import unreported
from game.puzzle.pictures.tiles import NumberStyle
from game.settings import save_setting
from game.tavla.engine.rules import Rules, TableGames, table_choices
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette
from game.ui import theme
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card

CUBE = ("tavla", "cube")


class MainMenuView(MenuKeyboard, SceneView):
    """The first screen: two cards, one per game, Settings and Quit; mouse or keyboard (Tab or ↑/↓ to
    move, ←/→ to change a choice, Enter to press or to play the card's game)."""

    def __init__(self) -> None:
        super().__init__()
        self.toast = Toast(theme.DESIGN_WIDTH / 2, TOAST_Y, 760)
        self.focus: int | None = None
        self.pictures_folder, problem = pictures_folder()
        if problem:
            self.toast.show(problem)
        self._build()
        self._rebuild_previews()

    def _build(self) -> None:
        """The cards, their selectors and buttons, laid out for this window's size."""
        config = self.shell.settings
        puzzle, tavla = config.puzzle, config.tavla
        self.cards = cards = COMPACT_CARDS if self.compact else CARDS
        self.opponent_note = note_label(RIGHT_X, cards.opponent_note, cards)
        self.rules_note = note_label(RIGHT_X, cards.rules_note, cards)
        note_y, note_height = cards.pictures_note
        self.pictures_note = note_label(LEFT_X, note_y, cards, note_height)
        # Translators: under the menu's picture selector; the pictures folder's place is on the next line
        how = _("Your own photo: drop it on this window or put it in the pictures folder")
        self.pictures_note.text = f"{how}\n{quoted(shown_path(self.pictures_folder))}"
        self.size_picker = SizePicker(
            puzzle.sizes,
            puzzle.default_size,
            Rect(LEFT_X, cards.first_row, WIDE_SELECTOR, SELECTOR_HEIGHT),
            cards.opponent_note,
            cards.size_presets,
            self._size_changed,
        )
        self.image_selector = self._selector(
            _("Picture"),
            self._pictures(),
            IMAGE,
            Rect(LEFT_X, cards.second_row, WIDE_SELECTOR, SELECTOR_HEIGHT),
            picture_title,
            self._rebuild_puzzle_preview,
        )
        self.opponent_selector = self._selector(
            _("Opponent"),
            choices.opponents(tavla.opponent),
            OPPONENT,
            Rect(RIGHT_X, cards.first_row, WIDE_SELECTOR, SELECTOR_HEIGHT),
            choices.describe_opponent,
            self._show_opponent,
        )
        self.rules_selector = self._selector(
            _("Rules"),
            list(table_choices()),
            RULES,
            Rect(RIGHT_X, cards.second_row, WIDE_SELECTOR, SELECTOR_HEIGHT),
            choices.describe_rules,
            self._show_rules,
        )
        self.length_selector = self._selector(
            choices.length_caption(choices.initial(config, MATCH_LENGTH)),
            choices.match_lengths(tavla.match_length),
            MATCH_LENGTH,
            Rect(RIGHT_X - HALF_OFFSET, cards.third_row, HALF_SELECTOR, SELECTOR_HEIGHT),
            choices.short_length if self.compact else choices.describe_length,  # small: "Match to  5"
            self._show_length,
        )
        self.side_selector = self._selector(
            _("Your checkers"),
            choices.SIDES,
            SIDE,
            Rect(RIGHT_X + HALF_OFFSET, cards.third_row, HALF_SELECTOR, SELECTOR_HEIGHT),
            choices.describe_side,
            self._rebuild_tavla_preview,
        )
        self.selectors = [
            *self.size_picker.selectors,
            self.image_selector,
            self.opponent_selector,
            self.rules_selector,
            self.length_selector,
            self.side_selector,
        ]
        self.play_puzzle = Button(
            _("Play Fifteen"),
            Rect(LEFT_X - LEARN_SHIFT, cards.play, WIDE_SELECTOR - 160, cards.play_height),
            self.start_puzzle,
            primary=True,
            font_size=theme.HEADING_SIZE - 4,
        )
        self.learn_button = Button(
            # Translators: button: play Fifteen with the coach, who teaches how to solve it step by step
            _("Learn"),
            Rect(LEFT_X + LEARN_X, cards.play, LEARN_WIDTH, cards.play_height),
            self.start_learning,
            font_size=theme.HEADING_SIZE - 6,
        )
        self.play_tavla = Button(
            _("Play Tavla"),
            Rect(RIGHT_X, cards.play, WIDE_SELECTOR - 120, cards.play_height),
            self.start_tavla,
            primary=True,
            font_size=theme.HEADING_SIZE - 4,
        )
        width, height = cards.footer_button
        width = min(width, footer_step() - 12)

        def footer(name: str, label: str, action) -> Button:
            return Button(label, Rect(footer_x(name), FOOTER_BUTTON_Y, width, height), action)

        self.settings_button = footer("settings", _("Settings"), self.open_settings)
        self.quit = footer("quit", _("Quit"), arcade.exit)
        self.stats_button = footer("statistics", _("Statistics"), self.open_stats)
        # Translators: button: the finished and saved tavla matches, to analyse one
        self.matches_button = footer("matches", _("Matches"), self.open_matches)
        # Translators: button: the position lab (set up a backgammon position, its IDs, hint, rollout)
        self.lab_button = footer("lab", _("Position lab"), self.open_lab)
        from game.tavla.screens.progress.view import progress_label  # the count of practice cards due

        self.progress_button = footer("progress", progress_label(), self.open_progress)
        toggle_width, toggle_height, above = cards.cube_toggle
        cube_x = RIGHT_X + WIDE_SELECTOR / 2 - toggle_width / 2
        cube_y = cards.second_row + SELECTOR_HEIGHT / 2 + above
        self.cube_button = Button(
            "",
            Rect(cube_x, cube_y, toggle_width, toggle_height),
            self.toggle_cube,
            font_size=theme.SMALL_SIZE,
        )
        width, height, gap = cards.money_toggles
        offset = (width + gap) / 2
        self.jacoby_button, self.beavers_button = (
            Button(
                "",
                Rect(RIGHT_X + side * offset, cards.rules_note, width, height),
                lambda key_path=key_path: self.toggle(key_path),
                font_size=theme.SMALL_SIZE,
            )
            for side, key_path in ((-1, JACOBY), (1, BEAVERS))
        )
        self.buttons = [
            self.play_puzzle,
            self.learn_button,
            self.play_tavla,
            self.stats_button,
            self.matches_button,
            self.progress_button,
            self.lab_button,
            self.settings_button,
            self.quit,
            *self.size_picker.presets,
            *(button for selector in self.selectors for button in selector.buttons),
        ]
        self._focusable: list[Focusable] = [
            *self.size_picker.selectors,
            self.image_selector,
            self.play_puzzle,
            self.opponent_selector,
            self.rules_selector,
            self.length_selector,
            self.side_selector,
            self.play_tavla,
            self.matches_button,
            self.progress_button,
            self.lab_button,
            self.stats_button,
            self.settings_button,
            self.quit,
            self.learn_button,
        ]
        self._texts = self._build_texts()
        self._place_subtitle()
        self.help_line = self._build_help_line()
        self._show_opponent(self.opponent_selector.value)
        self._show_rules(self.rules_selector.value)
        colours = tavla.colours
        self._palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        tiles = puzzle.number_tiles
        self._number_style = NumberStyle(fill=rgb(tiles.fill), edge=rgb(tiles.edge), text=rgb(tiles.text))
        self._puzzle_preview = arcade.SpriteList()
        self._tavla_preview = arcade.SpriteList()

    def _selector(
        self,
        caption: str,
        offered: list[str],
        key_path: tuple[str, ...],
        rect: Rect,
        describe: Callable[[str], str],
        then: Callable[[str], None] | None = None,
    ) -> Selector:
        """A selector showing the config's value for `key_path`, keeping each new choice there."""

        def changed(choice: str) -> None:
            self.remember(key_path, choice)
            if then is not None:
                then(choice)

        value = choices.initial(self.shell.settings, key_path)
        return Selector(caption, offered, value, rect, describe, changed)

    def _build_texts(self) -> list[Label]:
        centre = theme.DESIGN_WIDTH / 2
        return [
            Label(
                # Translators: the name of the program, shown as the menu's title and the window's caption
                _("Fifteen & Tavla"),
                centre,
                TITLE_BASELINE,
                theme.TEXT,
                theme.TITLE_SIZE,
                box_width=theme.DESIGN_WIDTH - 80,
                anchor_x="center",
                bold=True,
            ),
            Label(
                _("a sliding puzzle and a backgammon table"),
                centre,
                TITLE_BASELINE,  # _place_subtitle puts it under the title
                theme.MUTED,
                theme.BODY_SIZE,
                box_width=theme.DESIGN_WIDTH - 80,
                anchor_x="center",
            ),
            Label(
                # Translators: the sliding puzzle's name (the "15 puzzle")
                _("Fifteen"),
                LEFT_X,
                CARD_TITLE_Y,
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
                CARD_TITLE_Y,
                theme.TEAL,
                theme.HEADING_SIZE,
                box_width=CARD_WIDTH - 40,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
        ]

    def _place_subtitle(self) -> None:
        """The subtitle's glyphs SUBTITLE_GAP under the title's, measured as drawn: Hangul, or a cedilla,
        reaches further below the line than Latin letters do."""
        title, subtitle = self._texts[:2]
        lowest, _highest = title.ink()
        _lowest, highest = subtitle.ink()
        subtitle.y = title.y + lowest - SUBTITLE_GAP - highest

    def keep_text_readable(self) -> None:
        """The words at their readable size, then the subtitle under the title at that size."""
        super().keep_text_readable()
        self._place_subtitle()

    def _build_help_line(self) -> Label:
        """The keys, at the foot of the screen (kept readable on a small window)."""
        return Label(
            _("Tab or ↑/↓ choose · ←/→ change · Enter plays · S settings · F11 fullscreen · Q quits"),
            theme.DESIGN_WIDTH / 2,
            18,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=theme.DESIGN_WIDTH - 40,
            anchor_x="center",
            anchor_y="center",
        )

    def remember(self, key_path: tuple[str, ...], choice: str) -> None:
        """Keep a choice in the player's config file (the toast says why when the file cannot take it)
        and in the window's settings; an opponent that cannot play here is not kept."""
        if key_path == OPPONENT and choices.unavailable(choice):
            return
        window = self.shell
        value = choices.stored(key_path, choice)
        try:
            save_setting(window.config_file, key_path, value)
        except UserError as error:
            self.toast.show(str(error))
        kept = TableGames.parse(value) if key_path == RULES else value
        window.settings = with_value(window.settings, key_path, kept)

    def _pictures(self) -> list[str]:
        """The pictures offered: number tiles, the configured ones and the pictures folder's; files of the
        folder that cannot be read are named once in the toast."""
        puzzle = self.shell.settings.puzzle
        skipped = unreported(puzzle.folder())
        if skipped:
            names = ", ".join(path.name for path in skipped)
            # Translators: {files} lists file names in the player's pictures folder, separated by commas
            self.toast.show(_("Not pictures the game can read, left out: {files}").format(files=names))
        return puzzle.picture_names()

    def _size_changed(self, size: BoardSize) -> None:
        """Keep the size in the player's config file (as WxH) and, as the value, in the window's settings."""
        try:
            save_setting(self.shell.config_file, SIZE, str(size))
        except UserError as error:
            self.toast.show(str(error))
        self.shell.settings = with_value(self.shell.settings, SIZE, size)
        self._rebuild_puzzle_preview()

    def start_puzzle(self) -> None:
        from game.puzzle.screens.view import PuzzleView

        self.shell.show_view(PuzzleView(size=self.size_picker.value, image=self.image_selector.value))

    def start_learning(self) -> None:
        """Learn: the chosen board with the coach on from the first move."""
        from game.puzzle.screens.view import PuzzleView

        self.shell.show_view(
            PuzzleView(size=self.size_picker.value, image=self.image_selector.value, coach=True)
        )

    def _show_opponent(self, opponent: str) -> None:
        """What the chosen opponent is, so a player can pick a level knowingly; one that is not
        installed says how to install it, and cannot be played."""
        self.opponent_note.text = choices.opponent_note(opponent)
        self.play_tavla.enabled = not choices.unavailable(opponent)

    def _show_rules(self, rules: str) -> None:
        """The note on the chosen rules, and beside them the cube's toggle where the rules have a cube."""
        self.rules_note.text = choices.rules_note(rules)
        self._offer(self.cube_button, TableGames.parse(rules).first.has_cube)
        self._label_cube()
        self._show_money_options()

    def _show_length(self, length: str) -> None:
        """A match is played to its points; a money session for its stakes, with its options."""
        self.length_selector.caption = choices.length_caption(length)
        self._show_money_options()

    @property
    def money_options_shown(self) -> bool:
        """Whether the Jacoby and Beavers toggles stand in the rules note's place: a money session
        under the standard rules with the cube."""
        tavla = self.shell.settings.tavla
        return choices.money_options(self.rules_selector.value, self.length_selector.value, tavla.cube)

    def _show_money_options(self) -> None:
        shown = self.money_options_shown
        for button in (self.jacoby_button, self.beavers_button):
            self._offer(button, shown)
        tavla = self.shell.settings.tavla
        if tavla.jacoby:
            # Translators: a small toggle of the menu's money session: gammons count only once the cube
            # was turned (the Jacoby rule)
            self.jacoby_button.label = _("Jacoby: on")
        else:
            # Translators: a small toggle of the menu's money session: gammons always count (no Jacoby rule)
            self.jacoby_button.label = _("Jacoby: off")
        if tavla.beavers:
            # Translators: a small toggle of the menu's money session: a player doubled may take and
            # redouble at once, keeping the cube (a beaver)
            self.beavers_button.label = _("Beavers: on")
        else:
            # Translators: a small toggle of the menu's money session: no beavers
            self.beavers_button.label = _("Beavers: off")

    def _offer(self, button: Button, shown: bool) -> None:
        """Show `button` among the clickable ones, or take it away."""
        if button in self.buttons:
            self.buttons.remove(button)
        if shown:
            self.buttons.append(button)

    def _label_cube(self) -> None:
        if self.shell.settings.tavla.cube:
            # Translators: a small toggle beside the rules in the menu: the doubling cube is played
            self.cube_button.label = _("Cube: on")
        else:
            # Translators: a small toggle beside the rules in the menu: no doubling cube
            self.cube_button.label = _("Cube: off")

    def toggle_cube(self) -> None:
        """Play standard matches with the doubling cube or without; kept in the player's config."""
        self.toggle(CUBE)

    def toggle(self, key_path: tuple[str, ...]) -> None:
        """Turn one of the tavla switches (the cube, Jacoby, beavers) and keep it in the player's config."""
        window = self.shell
        value = not getattr(window.settings.tavla, key_path[-1])
        try:
            save_setting(window.config_file, key_path, value)
        except UserError as error:
            self.toast.show(str(error))
        window.settings = with_value(window.settings, key_path, value)
        self._label_cube()
        self._show_money_options()

    def open_settings(self) -> None:
        self.shell.show_view(SettingsView(self.shell.config_file))

    def open_stats(self) -> None:
        """The statistics of the Fifteen board chosen here (or of the last board solved)."""
        from game.puzzle.screens.stats_view import StatsView

        self.shell.show_view(StatsView(self.size_picker.value, self.image_selector.value))

    def open_matches(self) -> None:
        """The tavla matches kept for analysis (and the saved one)."""
        from game.tavla.screens.matches import MatchesView

        self.shell.show_view(MatchesView())

    def open_progress(self) -> None:
        """The player's tavla progress over time, and the practice deck."""
        from game.tavla.screens.progress.view import ProgressView

        self.shell.show_view(ProgressView())

    def open_lab(self) -> None:
        """The position lab's set-up screen on the opening position of the rules chosen here (a
        backgammon rule set: the lab sets up tavla and standard positions); Back returns here."""
        from game.tavla.lab.setup_board import SetupBoard
        from game.tavla.screens.table.setup_view import SetupView

        rules = TableGames.parse(self.rules_selector.value).first
        board = SetupBoard.opening(Rules.TAVLA if rules is Rules.TAVLA else Rules.STANDARD)
        self.shell.show_view(SetupView(board, self.shell.show_menu))

    def start_tavla(self) -> None:
        from game.tavla.screens.table.view import TableView

        if choices.unavailable(self.opponent_selector.value):
            return
        try:
            games = TableGames.parse(self.rules_selector.value)
            table = TableView(opponent=self.opponent_selector.value, rules=games)
            self.shell.show_view(table)
        except UserError as error:
            self.toast.show(str(error))

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    @property
    def in_motion(self) -> bool:
        """Only the toast fades by itself here; the rest changes on input."""
        return self.toast.remaining > 0

    has_menu_behind = False

    def on_draw(self) -> None:
        """The scene and its buttons, then what lies above them: the keyboard's ring and the toast."""
        super().on_draw()
        with self.camera.activate():
            if self.focus is not None:
                lit = self.focus_order[self.focus].rect
                outline = XYWH(lit.x, lit.y, lit.width + 8, lit.height + 8)
                arcade.draw_rect_outline(outline, theme.ACCENT, 2)
            self.toast.draw()

    def draw_scene(self) -> None:
        for x in (LEFT_X, RIGHT_X):
            draw_card(x, CARD_Y, CARD_WIDTH, CARD_HEIGHT)
        for text in self._texts:
            text.draw()
        self.help_line.draw()
        self.opponent_note.draw()
        if not self.money_options_shown:  # the money session's toggles stand in its place
            self.rules_note.draw()
        self.pictures_note.draw()
        self._puzzle_preview.draw()
        self._tavla_preview.draw()
        for selector in self.selectors:
            selector.draw()
        self.size_picker.times.draw()

    def readable_labels(self) -> list[Label]:
        widgets = [*self.selectors, *self.buttons, *self._toggles, self.toast]
        notes = [self.opponent_note, self.rules_note, self.pictures_note, self.help_line]
        sizes = self.size_picker.labels
        return [*self._texts, *notes, *sizes, *(label for widget in widgets for label in widget.labels)]

    def on_compact_changed(self, compact: bool) -> None:
        """Across the small-window line the cards are laid out again (the choices are the config's, so
        they stay)."""
        self._build()

    def on_scale_changed(self) -> None:
        """The previews follow the resolution."""
        self._rebuild_previews()

    def _rebuild_previews(self) -> None:
        self._rebuild_puzzle_preview()
        self._rebuild_tavla_preview()

    def _rebuild_puzzle_preview(self, _choice: str = "") -> None:
        """The Fifteen card's picture at the chosen size: number tiles, or the picture as cropped (none
        on a small window, whose cards need the room for their words)."""
        if not self.cards.previews:
            self._puzzle_preview = arcade.SpriteList()
            return
        size, image = self.size_picker.value, self.image_selector.value
        columns, rows = size.columns, size.rows
        pixels = round(PREVIEW_SIZE * self.pixel_scale)
        if image == NUMBERS:
            picture = numbers_image(columns, rows, self._number_style, pixels)
        else:
            picture = picture_image(self.shell.settings.puzzle.image_path(image), columns, rows, pixels)
        key = f"puzzle-{image}-{size}-{self._number_style}"
        self._puzzle_preview = sprite_list(picture, key, LEFT_X, PREVIEW_Y, self.pixel_scale)

    def _rebuild_tavla_preview(self, _choice: str = "") -> None:
        """The Tavla card's picture at screen resolution, in the player's colours and side."""
        if not self.cards.previews:
            self._tavla_preview = arcade.SpriteList()
            return
        light_seat = 0 if self.side_selector.value == "white" else 1
        units = PREVIEW_SIZE / (layout.BOARD_TOP - layout.BOARD_BOTTOM)
        image = opening_image(self._palette, light_seat, units * self.pixel_scale)
        key = f"tavla-{self._palette}-{light_seat}"
        self._tavla_preview = sprite_list(image, key, RIGHT_X, PREVIEW_Y, self.pixel_scale)
