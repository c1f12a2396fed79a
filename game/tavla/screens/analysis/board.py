"""A position as a small picture for the analysis screen, in the table's board art (no Arcade): the
board with every checker on its point (a pinned Plakoto checker at its base), on the bar and in the
tray."""

from PIL import Image

from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF, STATE_SIZE, State
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette, board_image, checker_image, slab_image


def position_image(palette: Palette, state: State, scale: float, numbers: bool = True) -> Image.Image:
    """`state` from seat 0's side (seat 0 the light checkers), `scale` pixels a board unit."""
    image = board_image(palette, scale, numbers=numbers).convert("RGBA")
    side = max(2, round(layout.CHECKER * scale))
    colours = (palette.white_checker, palette.black_checker)
    checkers = [checker_image(colour, side) for colour in colours]
    slab = (max(2, round(layout.SLAB_WIDTH * scale)), max(1, round(layout.SLAB_HEIGHT * scale)))
    slabs = [slab_image(colour, slab) for colour in colours]

    def put(picture: Image.Image, x: float, y: float) -> None:
        corner = (
            round((x - layout.BOARD_LEFT) * scale - picture.width / 2),
            round((layout.BOARD_TOP - y) * scale - picture.height / 2),
        )
        image.alpha_composite(picture, corner)

    pins = state[STATE_SIZE:]  # Plakoto's: +1 where seat 0's checker is pinned at a point, -1 seat 1's
    for point in range(1, 25):
        count, seat = abs(state[point]), 0 if state[point] > 0 else 1
        pinned = pins[point - 1] if pins else 0
        stack = ([0 if pinned > 0 else 1] if pinned else []) + [seat] * count  # the pinned one at the base
        for index, owner in enumerate(stack):
            put(checkers[owner], *layout.checker_position(owner, point, index, len(stack)))
    for seat, bar, off in ((0, BAR, OFF), (1, OPP_BAR, OPP_OFF)):
        for index in range(state[bar]):
            put(checkers[seat], *layout.checker_position(seat, layout.BAR_POINT, index, state[bar]))
        for index in range(state[off]):
            put(slabs[seat], *layout.checker_position(seat, layout.OFF_POINT, index, state[off]))
    return image
