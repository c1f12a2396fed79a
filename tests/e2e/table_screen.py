"""What the end-to-end table tests read off the real window's screenshots: pixels of a colour in a box, the
offer to resume a saved match, the end card, the player's dice, a pin's ring; waiting for one of them
with the screen kept if it never comes; and where the person's drags of a checker start and end."""

import numpy as np

from game.tavla.screens import layout
from game.tavla.screens.table.checkers import PIN_RING
from game.tavla.screens.table.overlays import CUBE_X, OVERLAY_X
from game.ui.theme import ACCENT, DESIGN_HEIGHT

RESUME = (OVERLAY_X - 120, layout.MIDDLE_Y - 70)  # the offer's Resume button
DIE_FACE = (250, 247, 240)


def drag_start(point: int, count: int) -> tuple[float, float]:
    """Where a drag starts: the top of the `count` checkers on `point` (seat 0's numbering, 25 the bar)."""
    shown = layout.BAR_POINT if point == 25 else point
    return layout.checker_position(0, shown, count - 1, count)


def drop_place(target: int) -> tuple[float, float]:
    """Where a dragged checker is dropped: the first checker place of point `target`, or the tray (0)."""
    if target == 0:
        return layout.TRAY_X, layout.MIDDLE_Y - 100
    return layout.checker_position(0, target, 0, 1)


def count(shot, box, colour, within: int = 40) -> int:
    """Pixels near `colour` in the logical box (left, bottom, right, top)."""
    left, bottom, right, top = box
    crop = shot.crop((round(left), round(DESIGN_HEIGHT - top), round(right), round(DESIGN_HEIGHT - bottom)))
    rgb = np.asarray(crop, dtype=np.int16)
    return int((np.abs(rgb - np.array(colour)).sum(axis=2) < within).sum())


def wait_for_screen(game, condition, what: str, timeout: float = 40.0):
    """The first screenshot for which `condition` holds; else the last one is saved and the test fails."""
    shot = game.wait_until(condition, timeout=timeout)
    if not condition(shot):
        shown = game.log.parent / "unexpected.png"
        shot.save(shown)
        raise AssertionError(f"the table never showed {what} (the screen: {shown})")
    return shot


def offer_to_resume_shown(shot) -> bool:
    return count(shot, (RESUME[0] - 60, RESUME[1] - 15, RESUME[0] + 60, RESUME[1] + 15), ACCENT) > 200


def card_shown(shot) -> bool:
    """The end card: its big orange title."""
    box = (OVERLAY_X - 120, layout.MIDDLE_Y + 45, OVERLAY_X + 20, layout.MIDDLE_Y + 75)
    return count(shot, box, ACCENT) >= 30


def player_dice_shown(shot) -> bool:
    """The player's dice in the middle of the right half: their faces' own colour, over an area no
    message's letters cover."""
    box = (CUBE_X - 110, layout.MIDDLE_Y - 20, CUBE_X + 110, layout.MIDDLE_Y + 20)
    return count(shot, box, DIE_FACE, within=12) >= 600


def ring_pixels(shot, point: int) -> int:
    """The pin's ring around the checker at `point`'s base (seat 0's numbers)."""
    x, y = layout.checker_position(1, point, 0, 2)
    half = layout.CHECKER / 2 + 5
    return count(shot, (x - half, y - half, x + half, y + half), PIN_RING, within=60)
