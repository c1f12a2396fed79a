"""The keyboard and the mouse on the Fifteen screen: a click (or, in hover mode, the pointer) on a tile in
line with the gap slides it, a direction key slides the tile that can move that way into the gap, and
the other keys of the config ask for a hint, a new game, the game ID copied, undo and redo; the solved
panel's buttons take the pointer first while it shows, and any click or key stops an auto-solve first.

A mixin of `PuzzleView` (game/puzzle/view.py), which holds the game, the keys of the config and the
panel's buttons this uses; every move goes through the game (game/puzzle/game.py) and glides by the
view's `_animate`.
"""

from game.puzzle.board import Direction
from game.ui.keys import matches

DIRECTION_KEYS = {
    Direction.UP: "up",
    Direction.DOWN: "down",
    Direction.LEFT: "left",
    Direction.RIGHT: "right",
}


class PuzzleInput:
    """Pressing, pointing and typing on the board and its panel."""

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.panel_visible or self._stop_auto_solve():
            return
        cell = self.cell_at(x, y)
        if cell is not None:
            self._animate(self.game.click(cell))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.panel_visible:
            wx, wy = self.to_world(x, y)
            if any(button.on_mouse_press(wx, wy) for button in self.panel_buttons):
                return
        super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.panel_visible:
            wx, wy = self.to_world(x, y)
            if any(button.on_mouse_release(wx, wy) for button in self.panel_buttons):
                return
        super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        wx, wy = self.to_world(x, y)
        for button in self.panel_buttons:
            button.on_mouse_motion(wx, wy)
        if self.hover:
            self._hover_at(wx, wy)

    def _hover_at(self, x: float, y: float) -> None:
        """Hover mode: the pointer entering a cell in line with the gap slides it, as a click would."""
        cell = self.cell_at(x, y)
        if cell == self.hover_cell:
            return
        self.hover_cell = cell
        if cell is not None and not self.panel_visible and not self._stop_auto_solve():
            self._animate(self.game.click(cell))

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if self._stop_auto_solve():
            return
        keys = self.keys
        if matches(keys["hint"], symbol, modifiers):
            self.ask_hint()
        elif matches(keys["new_game"], symbol, modifiers):
            self.new_game()
        elif matches(keys["copy_id"], symbol, modifiers):
            self.copy_game_id()
        elif matches(keys["undo"], symbol, modifiers):
            self.undo()
        elif matches(keys["redo"], symbol, modifiers):
            self.redo()
        else:
            for direction, action in DIRECTION_KEYS.items():
                if matches(keys[action], symbol, modifiers):
                    self._animate(self.game.press(direction))
                    return
