"""What a screen may ask of the window it is shown in: the `Shell`.

The window (game/app.py GameWindow) implements it; screens know it only by this protocol, so no screen
imports the app and the app can import every screen. Navigation has one rule: a screen that opens
another builds that screen itself and hands it to `show_view`; only the main menu, which opens every
screen (and so cannot be imported by one), is reached with `show_menu`. A screen that should return to
the one it came from takes a `back` callable from the screen that built it. A screen that the screen
it would open imports (the position lab's Play opens a table, and the table opens the lab) names it
instead: `screen("table", ...)` builds it from the app's list, so no two screens import each other.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import arcade

    from game.ui.shell_settings import SoundConfig, WindowConfig
    from game.ui.sound import Sounds


class Settings(Protocol):
    """The settings in force as the shell's parts know them: the shell's own sections. The window holds
    all of them (game/settings.py Config); a game's screens read their game's section there too, which
    that game's protocol names (game/puzzle/model/settings.py PuzzleSettings, game/tavla/settings.py
    TavlaSettings): the shell knows no game."""

    @property
    def window(self) -> "WindowConfig": ...

    @property
    def language(self) -> str: ...

    @property
    def sound(self) -> "SoundConfig": ...


class Shell(Protocol):
    """The window as its screens see it."""

    settings: Settings
    """The configuration in force (game/settings.py Config); a screen that changes a choice puts the new
    config here."""
    config_file: Path
    """Where the Settings screen and the menu keep the player's choices."""
    sounds: "Sounds"
    """The game's sound effects (silent when the settings say so)."""

    @property
    def fullscreen(self) -> bool: ...

    def set_fullscreen(self, fullscreen: bool = True) -> None: ...

    @property
    def current_view(self) -> "arcade.View | None":
        """The screen shown now."""
        ...

    def show_view(self, new_view: "arcade.View") -> None:
        """Show a screen (the one shown before saves its state and stops its workers first)."""
        ...

    def show_menu(self) -> None:
        """Back to the main menu."""
        ...

    def screen(self, name: str, **options: object) -> "arcade.View":
        """A new screen of the kind `name` ("table"), built with `options`, not shown yet."""
        ...

    def apply_language(self) -> None:
        """Switch to the language the settings name; screens built from now on speak it."""
        ...

    def set_clipboard_text(self, text: str) -> None: ...

    def get_clipboard_text(self) -> str: ...


FirstScreen = Callable[[Shell], None]
"""What a command that opens the window answers: it shows the first screen once the window is open
(game/cli.py opens it; so no command imports the app, which knows every screen of both games)."""
