"""The doubling cube on the table: drawn in the tray between the two bear-off stacks, as on a real board.

A centred cube sits halfway up the tray showing 64 (as real cubes and GNU Backgammon show it); an owned
one moves to its owner's end of the tray (seat 0 at the bottom) showing its value; a double waiting
for its answer is drawn lit at the taker's end with the value offered (a beaver's marked so). In the
Crawford game the cube is dimmed and marked, since nobody may double. The words are `cube_captions`'.
"""

import arcade
from arcade.types import XYWH

from game.tavla.engine.game import Game
from game.tavla.screens import layout
from game.tavla.screens.table import cube_captions
from game.ui import theme
from game.ui.text import Label

CUBE_SIZE = 50
OWNED_OFFSET = 112  # how far from the middle of the tray an owned cube sits
CENTRE_FACE = 64  # what a centred cube shows
FACE = (246, 240, 226)
INK = (32, 30, 28)
DIMMED_FACE = (150, 146, 138)


def cube_position(owner: int | None) -> tuple[float, float]:
    """Where the cube stands: the middle of the tray, or its owner's end (seat 0 below)."""
    if owner is None:
        return layout.TRAY_X, layout.MIDDLE_Y
    return layout.TRAY_X, layout.MIDDLE_Y + (-OWNED_OFFSET if owner == 0 else OWNED_OFFSET)


class CubeDrawing:
    """The cube of the game on the table, with its value and, in the Crawford game, a mark."""

    def __init__(self) -> None:
        self.face = Label(
            "",
            layout.TRAY_X,
            layout.MIDDLE_Y,
            INK,
            theme.HEADING_SIZE - 2,
            box_width=CUBE_SIZE - 4,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        self.note = Label(
            "",
            layout.TRAY_X,
            layout.MIDDLE_Y - CUBE_SIZE / 2 - 12,
            theme.ACCENT,
            theme.SMALL_SIZE,
            box_width=layout.TRAY_WIDTH + 2 * layout.TRAY_GAP,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )

    def draw(self, game: Game, highlight: tuple[int, int, int]) -> None:
        """Draw `game`'s cube, if it has one."""
        terms = game.terms
        if terms is None:
            return
        offered = game.offered_by is not None
        if offered:
            assert game.offered_by is not None
            x, y = cube_position(1 - game.offered_by)
            value = game.cube_value * 2
        else:
            x, y = cube_position(game.cube_owner)
            value = game.cube_value if game.cube_owner is not None else CENTRE_FACE
        face = DIMMED_FACE if terms.crawford else FACE
        arcade.draw_rect_filled(XYWH(x + 2, y - 3, CUBE_SIZE, CUBE_SIZE), theme.SHADOW)
        arcade.draw_rect_filled(XYWH(x, y, CUBE_SIZE, CUBE_SIZE), face)
        outline = highlight if offered else INK
        arcade.draw_rect_outline(XYWH(x, y, CUBE_SIZE, CUBE_SIZE), outline, 4 if offered else 1)
        self.face.text = str(value)
        self.face.position = (x, y)
        self.face.draw()
        note = cube_captions.crawford_mark() if terms.crawford else ""
        if game.beavered:
            note = cube_captions.beaver_mark()
        if note:
            self.note.text = note
            self.note.position = (x, y - CUBE_SIZE / 2 - 12)
            self.note.draw()
