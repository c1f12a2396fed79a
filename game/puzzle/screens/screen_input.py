"""The keyboard and the mouse on the Fifteen screen: a click (or, in hover mode, the pointer) on a tile in
line with the gap slides it, a direction key slides the tile that can move that way into the gap, and
the other keys of the config ask for a hint, a new game, the game ID copied, undo and redo; the solved
panel's buttons take the pointer first while it shows, and any click or key stops an auto-solve first.

A mixin of `PuzzleView` (view.py), which holds the game, the keys of the config and the
panel's buttons this uses; every move goes through the game (game/puzzle/model/game.py) and glides by the
view's `_animate`.
"""

from arcade import key

from game.puzzle.model.board import Direction
from game.puzzle.screens import captions
from game.ui.keys import matches

DIRECTION_KEYS = {
    Direction.UP: "up",
    Direction.DOWN: "down",
    Direction.LEFT: "left",
    Direction.RIGHT: "right",
}
KEY_FASTER = [key.PLUS, key.EQUAL, key.NUM_ADD]
KEY_SLOWER = [key.MINUS, key.NUM_SUBTRACT]
KEY_SPEEDS = {
    1: [key.KEY_1, key.NUM_1],
    2: [key.KEY_2, key.NUM_2],
    3: [key.KEY_3, key.NUM_3],
    4: [key.KEY_4, key.NUM_4],
}
"""The auto-solve's speed keys (the replay's + and -, and a number for a speed): they never stop an
auto-solve that runs, and a key the config gives an action (NUM_4 to slide left, say) keeps it."""


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
        if self._speed_key(symbol, modifiers) or self._stop_auto_solve():
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

    def _speed_key(self, symbol: int, modifiers: int) -> bool:
        """A speed key sets the auto-solve's speed (the one running, or the next); True when it was one.
        While it runs the keys help shows the speed, else a message says it."""
        if any(matches(keys, symbol, modifiers) for keys in self.keys.values()):
            return False
        autoplay = self.autoplay
        if matches(KEY_FASTER, symbol, modifiers):
            autoplay.faster()
        elif matches(KEY_SLOWER, symbol, modifiers):
            autoplay.slower()
        else:
            number = next((n for n, keys in KEY_SPEEDS.items() if matches(keys, symbol, modifiers)), None)
            if number is None:
                return False
            autoplay.choose(number)
        if not self.auto_solving:
            self.show_message(captions.auto_solve_speed(autoplay.speed), 2.0)
        return True
