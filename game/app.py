"""The one window of the game and the switching between its screens."""

import arcade
from arcade import key

from game.config import Config
from game.ui import theme

TITLE = "Fifteen & Tavla"
MIN_SIZE = (640, 400)

KEY_FULLSCREEN = [key.F11]


class GameWindow(arcade.Window):
    """Holds the config and the current screen; F11 toggles fullscreen from any screen."""

    def __init__(self, config: Config) -> None:
        super().__init__(
            config.window.width,
            config.window.height,
            TITLE,
            fullscreen=config.window.fullscreen,
            resizable=True,
            update_rate=1 / config.window.fps,
            draw_rate=1 / config.window.fps,
            vsync=False,
        )
        self.settings = config
        self.set_minimum_size(*MIN_SIZE)
        self.background_color = theme.BACKGROUND
        theme.load_fonts()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in KEY_FULLSCREEN:
            self.set_fullscreen(not self.fullscreen)
            return True
        return False

    def show_view(self, new_view: arcade.View) -> None:
        """Every change of screen lets the old one save its state and stop its workers."""
        self._leave_current()
        super().show_view(new_view)

    def on_close(self) -> None:
        """Quitting saves what the screen keeps (a match in progress) and stops its workers."""
        self._leave_current()
        super().on_close()

    def _leave_current(self) -> None:
        leave = getattr(self.current_view, "leave", None)
        if leave is not None:
            leave()

    def show_menu(self) -> None:
        from game.menu.main_menu import MainMenuView

        self.show_view(MainMenuView())

    def show_puzzle(
        self,
        size: str | None = None,
        image: str | None = None,
        seed: int | None = None,
        game_id: str | None = None,
    ) -> None:
        from game.puzzle.view import PuzzleView

        self.show_view(PuzzleView(size=size, image=image, seed=seed, game_id=game_id))

    def show_tavla(
        self, opponent: str | None = None, rules: str | None = None, seed: int | None = None
    ) -> None:
        from game.tavla.view import TavlaView

        self.show_view(TavlaView(opponent=opponent, rules=rules, seed=seed))
