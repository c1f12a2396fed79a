"""The Settings screen: the language of the game, changed at once and kept in the player's config file."""

from pathlib import Path

from arcade import key

from game import i18n
from game.errors import UserError
from game.i18n import _
from game.ui import theme
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card
from game.user_config import save_language

PANEL_WIDTH = 640
PANEL_HEIGHT = 420
PANEL_Y = 400
SELECTOR_Y = PANEL_Y + 40
SELECTOR_WIDTH = 380
SELECTOR_HEIGHT = 48
NOTE_WIDTH = PANEL_WIDTH - 80
CHOICES = [i18n.AUTO, *i18n.LANGUAGES]

KEY_LEFT = [key.LEFT, key.A]
KEY_RIGHT = [key.RIGHT, key.D]


def describe_language(code: str) -> str:
    """Each language by its own name, so a player can find theirs whatever the screen is in now."""
    if code == i18n.AUTO:
        # Translators: the "follow the system" choice; {language} is the system's language in its own name
        return _("System ({language})").format(language=i18n.LANGUAGES[i18n.system_language()])
    return i18n.LANGUAGES[code]


class SettingsView(SceneView):
    """One choice today, the language; the screen redraws itself in the new language as it changes."""

    def __init__(self, config_file: Path, notice: str = "") -> None:
        super().__init__()
        self.config_file = config_file
        centre = theme.DESIGN_WIDTH / 2
        self.language_selector = Selector(
            _("Language"),
            CHOICES,
            self.game_window.settings.language,
            Rect(centre, SELECTOR_Y, SELECTOR_WIDTH, SELECTOR_HEIGHT),
            describe_language,
            self.choose_language,
        )
        self.back_button = Button(
            _("Back to the menu"),
            Rect(centre, PANEL_Y - PANEL_HEIGHT / 2 + 50, 260, 46),
            self.game_window.show_menu,
            primary=True,
        )
        self.buttons = [*self.language_selector.buttons, self.back_button]
        self.texts = [
            Label(
                _("Settings"),
                centre,
                PANEL_Y + PANEL_HEIGHT / 2 - 44,
                theme.ACCENT,
                theme.HEADING_SIZE,
                box_width=PANEL_WIDTH - 60,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                _("“System” follows the language of your computer. The change applies at once."),
                centre,
                PANEL_Y - 40,
                theme.MUTED,
                theme.BODY_SIZE,
                box_width=NOTE_WIDTH,
                box_height=60,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            ),
            Label(
                _("Saved in {path}").format(path=config_file),
                centre,
                PANEL_Y - 100,
                theme.MUTED,
                theme.SMALL_SIZE,
                box_width=NOTE_WIDTH,
                box_height=44,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            ),
        ]
        self.toast = Toast(centre, 90, 760)
        if notice:
            self.toast.show(notice)

    def choose_language(self, language: str) -> None:
        """Keep the choice in the config file, switch the catalogue, and rebuild this screen in it."""
        window = self.game_window
        notice = ""
        try:
            window.settings = save_language(self.config_file, language)
        except UserError as error:
            window.settings = window.settings.model_copy(update={"language": language})
            notice = str(error)
        window.apply_language()
        window.show_view(SettingsView(self.config_file, notice))

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if symbol in KEY_LEFT:
            self.language_selector.step(-1)
        elif symbol in KEY_RIGHT:
            self.language_selector.step(1)

    def draw_scene(self) -> None:
        draw_card(theme.DESIGN_WIDTH / 2, PANEL_Y, PANEL_WIDTH, PANEL_HEIGHT)
        for text in self.texts:
            text.draw()
        self.language_selector.draw()
        self.toast.draw()
