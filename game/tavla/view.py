"""The backgammon table screen. Placeholder until the table scene is built (issue 5)."""

import arcade
from arcade.types import XYWH

from game.ui import theme
from game.ui.scene import SceneView
from game.ui.widgets import Button, Rect


class TavlaView(SceneView):
    """Says what the table will be and where the engine can be used today."""

    def __init__(
        self, opponent: str | None = None, rules: str | None = None, seed: int | None = None
    ) -> None:
        super().__init__()
        tavla = self.game_window.settings.tavla
        self.opponent = opponent or tavla.opponent
        self.rules = rules or tavla.rules
        self.seed = seed
        centre = theme.DESIGN_WIDTH / 2
        self._texts = [
            arcade.Text(
                "Tavla",
                centre,
                560,
                theme.TEAL,
                theme.TITLE_SIZE,
                font_name=theme.FONT_NAME,
                anchor_x="center",
                bold=True,
            ),
            arcade.Text(
                f"Opponent: {self.opponent}    Rules: {self.rules}",
                centre,
                500,
                theme.TEXT,
                theme.BODY_SIZE + 2,
                font_name=theme.FONT_NAME,
                anchor_x="center",
            ),
            arcade.Text(
                "The table is being built. Until then the rules engine and the bots answer on the "
                "command line:",
                centre,
                430,
                theme.MUTED,
                theme.BODY_SIZE,
                font_name=theme.FONT_NAME,
                anchor_x="center",
            ),
            arcade.Text(
                'python main.py moves --state "..." --dice 3 1',
                centre,
                395,
                theme.TEXT,
                theme.BODY_SIZE,
                font_name=theme.FONT_NAME,
                anchor_x="center",
            ),
        ]
        self.buttons = [Button("Back to menu", Rect(centre, 300, 220, 48), self.game_window.show_menu)]

    def draw_scene(self) -> None:
        arcade.draw_rect_filled(XYWH(theme.DESIGN_WIDTH / 2, 470, 980, 300), theme.PANEL)
        for text in self._texts:
            text.draw()
