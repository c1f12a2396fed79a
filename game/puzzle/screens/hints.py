"""The hint and the auto-solve on the Fifteen screen: the tile to move next asked for and shown (a pulsing
outline, an arrow into the gap), the rest of the solution asked for and played move by move, at the
speed the player picks (+/- or 1-4), until any other click or key stops it.

A mixin of `PuzzleView` (view.py), which holds the game, the tile sprites, the toast, the
`BackgroundSolver` (game/puzzle/solver/background_solver.py: the solver in the background) and the `AutoSolve`
(autosolve.py: the solution's moves and their pace) this uses; its `on_update` polls the
assistant as time passes, its Hint and Solve buttons and its keys call the rest. While the auto-solve
runs, the keys help under the buttons says so and names the speed keys (a message over it hid them).
"""

import math

import arcade
from arcade.types import XYWH

from game.core.text.i18n import _
from game.puzzle.screens.layout import TILE_GAP

HINT_COLOUR = (91, 192, 190)


class HintFlow:
    """The assistant's help on the board: a hint, or the solution played out."""

    def ask_hint(self) -> None:
        """H or Hint: the tile to move next glows, with an arrow to the gap."""
        if self.game.solved:
            return
        self.game.mark_assisted()
        self.assistant.request_hint(self.game.board)

    def auto_solve(self) -> None:
        """Solve: the rest of the solution plays itself (the keys help says "Solving…" while it is
        looked for); any click or key but the speed keys stops it."""
        if self.game.solved or self.auto_solving:
            return
        self.game.mark_assisted()
        self.assistant.request_solution(self.game.board)

    @property
    def auto_solving(self) -> bool:
        """The solution is looked for or played out."""
        return self.autoplay.running or self.assistant.solving

    def _stop_auto_solve(self) -> bool:
        """Stop the auto-solve if it runs; True when it did (the input that stopped it is used up)."""
        if not self.auto_solving:
            return False
        self.autoplay.stop()
        self.assistant.stop_solution()
        self.show_message(_("Auto-solve stopped: your turn"))
        return True

    def _poll_assistant(self, delta_time: float) -> None:
        board = self.game.board
        tile = self.assistant.hint_for(board)
        if tile:
            self.hint_tile, self.hint_time = tile, 0.0
        self.hint_time += delta_time
        solution = self.assistant.solution_for(board)
        if solution:
            self.autoplay.start(solution)
        shortest = self.assistant.shortest_for(self.game.start) if self.game.solved else None
        if shortest is not None:
            self.shortest = shortest
            self._keep_optimal(shortest)
        if self.assistant.error:
            self.show_message(self.assistant.error)
            self.assistant.error = ""
        tile = self.autoplay.next_tile(delta_time, self.animating)
        if tile is not None:
            self._animate(self.game.slide_tile(tile), self.autoplay.glide_seconds)

    def _draw_hint(self) -> None:
        """A pulsing outline on the tile to move and an arrow pointing into the gap, at the tile's edge
        (its number left clear)."""
        sprite = self.sprite_of.get(self.hint_tile)
        if sprite is None or self.animating:
            return
        pulse = 0.5 + 0.5 * math.sin(self.hint_time * 6)
        size = self.tile_size - TILE_GAP
        arcade.draw_rect_outline(
            XYWH(sprite.center_x, sprite.center_y, size, size), (*HINT_COLOUR, 255), 3 + 3 * pulse
        )
        gap_x, gap_y = self.cell_centre(self.game.board.empty_cell)
        dx, dy = gap_x - sprite.center_x, gap_y - sprite.center_y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        base = (sprite.center_x + ux * length * 0.3, sprite.center_y + uy * length * 0.3)
        tip = (base[0] + ux * size * 0.3, base[1] + uy * size * 0.3)
        wing = size * 0.12
        arcade.draw_triangle_filled(
            tip[0],
            tip[1],
            base[0] - uy * wing,
            base[1] + ux * wing,
            base[0] + uy * wing,
            base[1] - ux * wing,
            (*HINT_COLOUR, 230),
        )
