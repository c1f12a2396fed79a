"""The mouse on the table's checkers: pick one up, drag it, drop it, click or double-click it.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the checker sprites, the
dice, the note and the toast this uses; every move goes through the turn in progress
(game/tavla/engine/turn.py), and a refused pick-up or drop says why beside the pointer.
"""

import time
from dataclasses import dataclass

import arcade

from game.tavla.engine.table_session import Phase
from game.tavla.engine.turn import Refused, Step, TurnInProgress
from game.tavla.screens import layout
from game.tavla.screens.table import refusal_captions
from game.ui.widgets import Toast

NOTE_SECONDS = 2.5
NOTE_WIDTH = 330
DRAG_THRESHOLD = 6
DOUBLE_CLICK_SECONDS = 0.35


@dataclass
class Drag:
    """A checker held by the pointer: where it came from, and whether it has moved yet."""

    sprite: arcade.Sprite
    source: int
    start: tuple[float, float]
    turn: TurnInProgress
    moved: bool = False


class CheckerInput:
    """Pressing, dragging and releasing on the board, for the player's turn."""

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return
        if self.drag is not None:
            return
        if self.animating:
            showing_play = self.replay is not None
            self._skip_animation()
            if showing_play:
                return  # this click was for the computer's play; the player's roll comes now
        if self.session.phase is not Phase.HUMAN or self.auto_commit:
            return
        turn = self.session.turn
        assert turn is not None
        seat = self.session.seat
        where = layout.location_at(x, y)
        if where is None:
            return
        if self.dice.contains(x, y):
            self.finish_turn()
            return
        if where == layout.OFF_POINT:
            self._bear_off_any()
            return
        point = layout.from_display(seat, where, self.session.game.variant)
        if point not in turn.movable_points():
            if not self._double_click(point, turn):
                self._say_refused(turn.pick_refusal(point), x, y)
            return
        sprite = self.checkers.top(seat, point)
        if sprite is None:
            return
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self._move_by_die(point, min(turn.remaining_dice))
            return
        self.drag = Drag(sprite, point, (x, y), turn)
        self.targets = turn.destinations(point)
        self.checkers.raise_to_top(sprite)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.drag is None:
            return
        wx, wy = self.to_world(x, y)
        if abs(wx - self.drag.start[0]) + abs(wy - self.drag.start[1]) > DRAG_THRESHOLD:
            self.drag.moved = True
        if self.drag.moved:
            self.drag.sprite.position = (wx, wy)

    def on_scene_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        targets, self.targets = self.targets, {}
        if self.session.turn is not drag.turn or self.session.phase is not Phase.HUMAN:
            self.checkers.place()
            return
        seat = self.session.seat
        if not drag.moved:
            self._click(drag)
            return
        where = layout.location_at(x, y)
        destination = None if where is None else layout.from_display(seat, where, self.session.game.variant)
        if destination in targets:
            self._play_steps(targets[destination])
        else:
            self.checkers.place()
            if destination is not None:
                self._say_refused(drag.turn.drop_refusal(drag.source, destination), x, y)

    def _click(self, drag: Drag) -> None:
        """A click moves the checker by the larger die it can use (see `_double_click` for two)."""
        turn = drag.turn
        if self._double_click(drag.source, turn):
            self.checkers.place()
            return
        self.last_click = (time.monotonic(), drag.source, turn, len(turn.steps))
        self._move_by_die(drag.source, max(turn.remaining_dice, default=0))

    def _double_click(self, point: int, turn: TurnInProgress) -> bool:
        """Whether this click on `point` is the second of a double-click. A double-click bears the
        checker off when it can be borne off, instead of the first click's move, and else leaves that
        move alone: one gesture, one move (even when the first click took the last checker away)."""
        last_time, last_point, last_turn, steps_before = self.last_click
        if time.monotonic() - last_time >= DOUBLE_CLICK_SECONDS or (last_point, last_turn) != (point, turn):
            return False
        self.last_click = (0.0, -1, None, 0)
        if turn.bear_off_instead(point, steps_before):
            self.checkers.glide_to(turn.state, self.session.seat)
            self._clear_hint()
            self._update_hud()
        return True

    def _say_refused(self, refused: Refused | None, x: float, y: float) -> None:
        """Why a checker was not taken or was put back, briefly, beside where the player looks."""
        turn = self.session.turn
        if refused is None or turn is None:
            return
        self.note.show(refusal_captions.refusal_text(refused, turn.remaining_dice, turn.rules), NOTE_SECONDS)
        self.toast.remaining = min(self.toast.remaining, Toast.FADE)  # an older notice gives way
        half = NOTE_WIDTH / 2
        note_x = min(max(x, layout.BOARD_LEFT + half), layout.BOARD_RIGHT - half)
        self.note.move_to(note_x, y - 80 if y > layout.MIDDLE_Y else y + 80)

    def _move_by_die(self, point: int, die: int) -> None:
        turn = self.session.turn
        assert turn is not None
        step = turn.move_by_die(point, die) or next(
            (
                turn.move_by_die(point, other)
                for other in turn.remaining_dice
                if turn.move_by_die(point, other)
            ),
            None,
        )
        if step is None:
            self.checkers.place()
            return
        self._play_steps([step])

    def _bear_off_any(self) -> None:
        turn = self.session.turn
        assert turn is not None
        offs = [s for s in turn.options() if s.move[1] == layout.OFF_POINT]
        if offs:
            self._play_steps([max(offs, key=lambda s: s.move[0])])

    def _play_steps(self, steps: list[Step]) -> None:
        turn = self.session.turn
        assert turn is not None
        seat = self.session.seat
        for step in steps:
            if step not in turn.options():
                break
            turn.apply(step)
            self.checkers.move(seat, step.move)
        self._clear_hint()
        self.checkers.place(duration=self.duration * 0.8)
        self._update_hud()
