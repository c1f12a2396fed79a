"""The Settings screen: the language, fullscreen, how the games help and the sound, each applied at once
and kept in the player's config file."""

from dataclasses import dataclass
from pathlib import Path

import arcade
from arcade import key
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.settings.fields import with_value
from game.core.text import i18n
from game.core.text.i18n import N_, _
from game.core.text.quoting import quoted
from game.menu.folders import pictures_folder, shown_path
from game.settings import save_setting
from game.tavla.eval.levels import LEVEL_TITLES, PLAYING_LEVELS, JudgeLevel
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.shell import Shell
from game.ui.shell_settings import ANIMATION_PACES
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card

PANEL_WIDTH = 880
PANEL_HEIGHT = 720
PANEL_Y = 400
SELECTOR_HEIGHT = 46


@dataclass(frozen=True)
class Grid:
    """The panel, the column of the groups' names at its left and the two columns of settings beside it
    (centres, logical units); a small window's text is larger, so its panel spreads over the whole
    screen."""

    panel: tuple[float, float, float]  # width, height, centre y
    first_row: float
    row_spacing: float
    group_gap: float  # more room between two groups than between two rows of one
    heading_width: float
    selector_width: float
    rule_above: float  # how far above a group's first row the line between two groups runs
    note: tuple[float, float]  # centre y, height: "Every change applies at once"
    paths: tuple[float, float]  # centre y, height: where the file and the pictures are
    back_y: float

    MARGIN = 30
    GAP = 20

    @property
    def title_y(self) -> float:
        _width, height, y = self.panel
        return y + height / 2 - 40

    @property
    def text_width(self) -> float:
        return self.panel[0] - 80

    @property
    def left(self) -> float:
        """Where the groups' names start."""
        return theme.DESIGN_WIDTH / 2 - self.panel[0] / 2 + self.MARGIN

    def row_y(self, row: int, group: int) -> float:
        """The centre of `row` (counted from the top over all groups), in the `group`-th group."""
        return self.first_row - row * self.row_spacing - group * self.group_gap

    def rect(self, row: int, column: int, group: int) -> Rect:
        """The selector in `row` and `column` (0 or 1), in the `group`-th group."""
        first = self.left + self.heading_width + self.GAP + self.selector_width / 2
        x = first + column * (self.selector_width + self.GAP)
        return Rect(x, self.row_y(row, group), self.selector_width, SELECTOR_HEIGHT)


GRID = Grid(
    panel=(PANEL_WIDTH, PANEL_HEIGHT, PANEL_Y),
    first_row=PANEL_Y + 246,
    row_spacing=76,
    group_gap=8,
    heading_width=150,
    selector_width=315,
    rule_above=57,
    note=(PANEL_Y - 200, 56),
    paths=(PANEL_Y - 250, 46),
    back_y=PANEL_Y - PANEL_HEIGHT / 2 + 44,
)
COMPACT_GRID = Grid(
    panel=(theme.DESIGN_WIDTH - 40, theme.DESIGN_HEIGHT - 20, theme.DESIGN_HEIGHT / 2),
    first_row=686,
    row_spacing=88,
    group_gap=0,
    heading_width=200,
    selector_width=470,
    rule_above=58,
    note=(192, 52),
    paths=(124, 78),
    back_y=60,
)
ON, OFF = "on", "off"
LANGUAGE = ("language",)
FULLSCREEN = ("window", "fullscreen")
VOLUME = ("sound", "volume")
JUDGE = ("tavla", "judge")
JUDGE_CHOICES = [level.value for level in PLAYING_LEVELS]
SPEED = ("window", "animation_speed")
SPEED_CHOICES = list(ANIMATION_PACES)
SPEED_WORDS = {
    # Translators: an animation speed on the Settings screen: checkers, dice and tiles move slowly
    "slow": N_("Slow"),
    # Translators: an animation speed on the Settings screen: as designed
    "normal": N_("Normal"),
    # Translators: an animation speed on the Settings screen: twice as fast
    "fast": N_("Fast"),
    # Translators: an animation speed on the Settings screen: no animation, everything lands at once
    "instant": N_("Instant"),
}
VOLUME_STEPS = [str(percent) for percent in range(0, 101, 10)]

KEY_LEFT = [key.LEFT, key.A]
KEY_RIGHT = [key.RIGHT, key.D]
KEY_UP = [key.UP, key.W]
KEY_DOWN = [key.DOWN, key.S]


@dataclass(frozen=True)
class Setting:
    """One line of the screen: a config key, its caption, and the values offered (on/off for a switch)."""

    key_path: tuple[str, ...]
    caption: str

    @property
    def is_switch(self) -> bool:
        return self.key_path not in (LANGUAGE, VOLUME, JUDGE, SPEED)

    @property
    def choices(self) -> list[str]:
        if self.key_path == VOLUME:
            return VOLUME_STEPS
        if self.key_path == JUDGE:
            return JUDGE_CHOICES
        if self.key_path == SPEED:
            return SPEED_CHOICES
        return [ON, OFF] if self.is_switch else [i18n.AUTO, *i18n.LANGUAGES]

    def shown(self, window: Shell) -> str:
        """The choice in force now: the config's, but the window's own state for fullscreen (F11 changes
        it without touching the config)."""
        if self.key_path == FULLSCREEN:
            return ON if window.fullscreen else OFF
        value: object = window.settings
        for part in self.key_path:
            value = getattr(value, part)
        if self.key_path == VOLUME:
            return str(round(int(value) / 10) * 10)  # type: ignore[call-overload]
        return (ON if value else OFF) if self.is_switch else str(value)


SOUND = ("sound", "enabled")
GROUPS: tuple[tuple[str, tuple[Setting, ...]], ...] = (
    # Translators: a heading of the Settings screen: the settings of the whole program
    (N_("General"), (Setting(LANGUAGE, N_("Language")), Setting(FULLSCREEN, N_("Fullscreen")))),
    (
        N_("Fifteen"),
        (
            Setting(("puzzle", "corner_numbers"), N_("Numbers on picture tiles")),
            # Translators: hover mode: a tile slides as soon as the pointer enters it, no click needed
            Setting(("puzzle", "hover"), N_("Tiles slide under the pointer")),
        ),
    ),
    (
        N_("Tavla"),
        (
            Setting(("tavla", "point_numbers"), N_("Point numbers on the board")),
            Setting(("tavla", "auto_forced_moves"), N_("Forced moves play themselves")),
            Setting(("tavla", "auto_bear_off"), N_("Bear off by itself in a race")),
            # Translators: tutor mode: before a play that loses much equity is made, the table warns
            Setting(("tavla", "tutor"), N_("Tutor warns before a bad play")),
            # Translators: the level every hint, tutor warning, analysis and practice card is judged at
            Setting(JUDGE, N_("Judge of hints and analysis")),
            # Translators: how fast checkers glide, dice tumble (and Fifteen's tiles slide): slow, normal,
            # fast or instant
            Setting(SPEED, N_("Animation speed")),
        ),
    ),
    # Translators: a heading of the Settings screen: the sound effects and their volume
    (N_("Sound"), (Setting(SOUND, N_("Sound effects")), Setting(VOLUME, N_("Volume")))),
)
"""The settings under their headings, two a row, in the order the keys walk them."""
SETTINGS = [setting for _name, group in GROUPS for setting in group]
VOLUME_INDEX = next(index for index, setting in enumerate(SETTINGS) if setting.key_path == VOLUME)


def places() -> list[tuple[int, int, int]]:
    """The (row, column, group) of each of SETTINGS: a group starts a row of its own."""
    placed: list[tuple[int, int, int]] = []
    row = 0
    for number, (_name, group) in enumerate(GROUPS):
        placed.extend((row + index // 2, index % 2, number) for index in range(len(group)))
        row += (len(group) + 1) // 2
    return placed


def describe_choice(choice: str) -> str:
    """A language by its own name, so a player can find theirs whatever the screen is in now; a switch
    as on or off."""
    if choice == ON:
        # Translators: a setting that is switched on
        return _("On")
    if choice == OFF:
        # Translators: a setting that is switched off
        return _("Off")
    if choice in JUDGE_CHOICES:
        return _(LEVEL_TITLES[JudgeLevel(choice)])
    if choice in SPEED_WORDS:
        return _(SPEED_WORDS[choice])
    if choice in VOLUME_STEPS:
        # Translators: a sound volume; {percent} is a whole number from 0 to 100
        return _("{percent}%").format(percent=choice)
    if choice == i18n.AUTO:
        # Translators: the "follow the system" choice; {language} is the system's language in its own name
        return _("System ({language})").format(language=i18n.LANGUAGES[i18n.system_language()])
    return i18n.LANGUAGES[choice]


class SettingsView(SceneView):
    """A grid of ◀ value ▶ selectors, one per setting; the screen rebuilds itself after each change, so a
    new language shows at once. ↑/↓ move between settings, ←/→ change the one that is lit."""

    def __init__(self, config_file: Path, notice: str = "", focus: int = 0) -> None:
        super().__init__()
        self.config_file = config_file
        self.focus = focus
        self.toast = Toast(theme.DESIGN_WIDTH / 2, 60, 760)
        self.pictures_folder, problem = pictures_folder()
        notice = "\n".join(text for text in (notice, problem) if text)
        if notice:
            self.toast.show(notice)
        self._build()

    def _build(self) -> None:
        """The selectors, texts and button, laid out for this window's size."""
        self.grid = grid = COMPACT_GRID if self.compact else GRID
        centre = theme.DESIGN_WIDTH / 2
        self.selectors = [
            Selector(
                _(setting.caption),
                setting.choices,
                setting.shown(self.shell),
                grid.rect(*place),
                describe_choice,
                lambda choice, index=index: self.choose(index, choice),
            )
            for index, (setting, place) in enumerate(zip(SETTINGS, places(), strict=True))
        ]
        # The volume of no sound: shown, not changed, and the keys pass it by.
        self.selectors[VOLUME_INDEX].enabled = self.shell.settings.sound.enabled
        self.headings, self.rules = self._headings(grid)
        self.back_button = Button(
            _("Back to the menu"),
            Rect(centre, grid.back_y, 300 if self.compact else 260, 46),
            self.shell.show_menu,
            primary=True,
        )
        self.buttons = [
            *(button for selector in self.selectors for button in selector.buttons),
            self.back_button,
        ]
        self.texts = [
            Label(
                _("Settings"),
                centre,
                grid.title_y,
                theme.ACCENT,
                theme.HEADING_SIZE,
                box_width=PANEL_WIDTH - 60,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            self._help_line(),
            Label(
                "\n".join(
                    [
                        _("Saved in {path}").format(path=quoted(shown_path(self.config_file))),
                        # Translators: {path} is the folder where the player puts pictures for Fifteen
                        _("Your pictures (or drop one on the window): {path}").format(
                            path=quoted(shown_path(self.pictures_folder))
                        ),
                    ]
                ),
                centre,
                grid.paths[0],
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=grid.text_width,
                box_height=grid.paths[1],
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            ),
        ]

    def _headings(self, grid: Grid) -> tuple[list[Label], list[float]]:
        """Each group's name beside its first row, and the lines between two groups (their heights)."""
        headings, rules = [], []
        first = 0
        for number, (name, group) in enumerate(GROUPS):
            y = grid.row_y(places()[first][0], number)
            headings.append(
                Label(
                    _(name),
                    grid.left,
                    y,
                    theme.ACCENT,
                    theme.BODY_SIZE + 2,
                    box_width=grid.heading_width,
                    anchor_y="center",
                    bold=True,
                )
            )
            if number:
                rules.append(y + grid.rule_above)
            first += len(group)
        return headings, rules

    def _help_line(self) -> Label:
        """The note under the settings (kept readable on a small window)."""
        return Label(
            _("Every change applies at once. “System” follows the language of your computer."),
            theme.DESIGN_WIDTH / 2,
            self.grid.note[0],
            theme.MUTED,
            theme.BODY_SIZE,
            box_width=self.grid.text_width,
            box_height=self.grid.note[1],
            anchor_x="center",
            anchor_y="center",
            multiline=True,
            align="center",
        )

    def readable_labels(self) -> list[Label]:
        widgets = [*self.selectors, self.back_button, self.toast]
        return [*self.texts, *self.headings, *(label for widget in widgets for label in widget.labels)]

    def on_compact_changed(self, compact: bool) -> None:
        """Across the small-window line the grid is laid out again (the values are the config's)."""
        self._build()

    @property
    def language_selector(self) -> Selector:
        return self.selectors[0]

    def choose(self, index: int, choice: str) -> None:
        """Keep the choice in the config file, apply it, and rebuild this screen (in a new language)."""
        window = self.shell
        setting = SETTINGS[index]
        value: str | bool | int = choice == ON if setting.is_switch else choice
        if setting.key_path == VOLUME:
            value = int(choice)
        notice = ""
        try:
            window.settings = save_setting(self.config_file, setting.key_path, value)
        except UserError as error:
            window.settings = with_value(window.settings, setting.key_path, value)
            notice = str(error)
        if setting.key_path == LANGUAGE:
            window.apply_language()
        elif setting.key_path == FULLSCREEN and window.fullscreen != value:
            window.set_fullscreen(bool(value))
        elif setting.key_path[0] == "sound":
            window.sounds.play("land")
        window.show_view(SettingsView(self.config_file, notice, index))

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    @property
    def in_motion(self) -> bool:
        """Only the toast fades by itself here; the rest changes on input."""
        return self.toast.remaining > 0

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_UP, symbol, modifiers):
            self.move_focus(-1)
        elif matches(KEY_DOWN, symbol, modifiers):
            self.move_focus(1)
        elif matches(KEY_LEFT, symbol, modifiers):
            self.selectors[self.focus].step(-1)
        elif matches(KEY_RIGHT, symbol, modifiers):
            self.selectors[self.focus].step(1)

    def move_focus(self, delta: int) -> None:
        """The next setting up or down that can be changed now (the volume of no sound cannot)."""
        count = len(self.selectors)
        for step in range(1, count + 1):
            index = (self.focus + delta * step) % count
            if self.selectors[index].enabled:
                self.focus = index
                return

    def draw_scene(self) -> None:
        grid = self.grid
        width, height, y = grid.panel
        draw_card(theme.DESIGN_WIDTH / 2, y, width, height)
        for rule in self.rules:
            arcade.draw_line(
                grid.left, rule, grid.left + width - 2 * grid.MARGIN, rule, theme.PANEL_BORDER, 1
            )
        for text in [*self.texts, *self.headings]:
            text.draw()
        for selector in self.selectors:
            selector.draw()
        lit = self.selectors[self.focus].rect
        arcade.draw_rect_outline(XYWH(lit.x, lit.y, lit.width + 8, lit.height + 8), theme.ACCENT, 2)
        self.toast.draw()
