"""The one window of the game, the switching between its screens, and drawing only when needed.

The window is the screens' `Shell` (game/ui/shell.py): a screen opens another by building it and
calling `show_view`, and returns to the main menu with `show_menu`. `run_window` is its life when a
command opens it (`python main.py`, `puzzle`, `tavla`).

A frame is drawn when input came (or the window was resized or uncovered), when the screen says
something on it moves or changed, and once more after the motion stops; a screen at rest costs almost
nothing, and input is still answered in the next frame.
"""

from collections.abc import Callable
from pathlib import Path

import arcade
from arcade import key

from game.core.errors import UserError
from game.core.process.startup_freeze import settle_startup_objects
from game.core.settings.user_file import config_to_load, user_config_file
from game.core.text import i18n
from game.core.text.i18n import _
from game.settings import Config
from game.ui import theme
from game.ui.scene import SceneView
from game.ui.sound import ArcadePlayer, Sounds

MIN_SIZE = (640, 400)

KEY_FULLSCREEN = [key.F11]


def _table_view() -> Callable[..., arcade.View]:
    from game.tavla.screens.table.view import TableView  # imported when asked for: a fast start

    return TableView


SCREENS: dict[str, Callable[[], Callable[..., arcade.View]]] = {"table": _table_view}
"""The screens another screen opens by name through the Shell (`screen`), as it cannot import them."""
REDRAW_EVENTS = frozenset(
    {
        "on_key_press",
        "on_key_release",
        "on_text",
        "on_text_motion",
        "on_text_motion_select",
        "on_mouse_motion",
        "on_mouse_press",
        "on_mouse_release",
        "on_mouse_drag",
        "on_mouse_scroll",
        "on_mouse_enter",
        "on_mouse_leave",
        "on_resize",
        "on_expose",
        "on_show",
        "on_activate",
        "on_deactivate",
        "on_file_drop",
    }
)


class GameWindow(arcade.Window):
    """Holds the config and the current screen; F11 toggles fullscreen from any screen. Implements
    game/ui/shell.py's Shell.

    `config_file` is where the Settings screen keeps the player's choices: the `--config` file when one
    was given, else the player's own config file.
    """

    def __init__(self, config: Config, config_file: Path | None = None) -> None:
        i18n.set_language(config.language)
        super().__init__(
            config.window.width,
            config.window.height,
            _("Fifteen & Tavla"),
            fullscreen=config.window.fullscreen,
            resizable=True,
            update_rate=1 / config.window.fps,
            draw_rate=1 / config.window.fps,
            vsync=False,
        )
        self.settings = config
        self.config_file = config_file or user_config_file()
        self.sounds = Sounds(ArcadePlayer(), lambda: self.settings.sound)
        self.redraw_needed = True
        self._was_moving = False
        self.set_minimum_size(*MIN_SIZE)
        self.background_color = theme.BACKGROUND
        theme.load_fonts()

    def _create(self) -> None:
        """Accept files dropped on the window: arcade.Window (3.3) does not pass pyglet's `file_drops`
        on, so ask for them just before pyglet makes the platform's window (X11, Windows and macOS take
        them; other platforms pass the flag over)."""
        self._file_drops = True
        super()._create()

    def on_file_drop(self, x: int, y: int, paths: list[str]) -> None:
        """A picture dropped on the window goes into the pictures folder and is played."""
        from game.menu.dropped import take_dropped  # imported when a file is dropped: a quick start

        take_dropped(self, paths)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in KEY_FULLSCREEN:
            self.set_fullscreen(not self.fullscreen)
            return True
        return False

    def screen(self, name: str, **options: object) -> arcade.View:
        """A new screen of the kind `name`, built with `options` (the Shell's way for screens that
        would otherwise import each other)."""
        return SCREENS[name]()(**options)

    def show_view(self, new_view: arcade.View) -> None:
        """Every change of screen lets the old one save its state and stop its workers."""
        self.leave_current()
        super().show_view(new_view)
        self.redraw_needed = True

    def dispatch_event(self, event_type: str, *args: object) -> bool | None:
        if event_type in REDRAW_EVENTS:
            self.redraw_needed = True
        return super().dispatch_event(event_type, *args)

    def draw(self, dt: float) -> None:
        """The event loop's frame: skipped while nothing changed, so the last frame stays on screen."""
        view = self.current_view
        scene = isinstance(view, SceneView)
        moving = view.in_motion if scene else True
        wanted = view.wants_frame() if scene else True
        if self.redraw_needed or wanted or self._was_moving:
            self.redraw_needed = False
            super().draw(dt)
        self._was_moving = moving  # a motion ends with one more frame; a change is drawn once

    def on_close(self) -> None:
        """Quitting saves what the screen keeps (a match in progress) and stops its workers."""
        self.leave_current()
        super().on_close()

    def leave_current(self) -> None:
        """The screen shown saves what it keeps and stops its workers (it is going away)."""
        leave = getattr(self.current_view, "leave", None)
        if leave is not None:
            leave()

    def apply_language(self) -> None:
        """Switch to the language the settings name; screens built from now on speak it."""
        i18n.set_language(self.settings.language)
        self.set_caption(_("Fifteen & Tavla"))

    def show_menu(self) -> None:
        """The main menu, imported here: a puzzle or a table opened from the command line never loads
        the menu, nor the screens the menu opens (a quick start, benchmarks/startup.py)."""
        from game.menu.main_menu import MainMenuView

        self.show_view(MainMenuView())


def run_window(config: Config, config_option: str | None, first: Callable[[GameWindow], None]) -> int:
    """Open the window (`config_option`: the command line's --config), show its first screen with
    `first`, and run it until it closes; 0. A UserError where no window can be opened."""
    try:
        window = GameWindow(config, config_to_load(config_option))
    except Exception as error:  # noqa: BLE001 - pyglet raises several types when there is no screen
        raise UserError(
            _("cannot open a window ({error}); is there a display? Try xvfb-run or set DISPLAY").format(
                error=error
            )
        ) from None
    first(window)
    settle_startup_objects()
    try:
        arcade.run()
    except KeyboardInterrupt:
        # Ctrl+C, SIGTERM or SIGHUP ended the loop: the screen keeps what it keeps on closing (a match in
        # progress) and stops its workers, or the interpreter would wait for their threads at exit.
        window.leave_current()
        raise
    return 0
