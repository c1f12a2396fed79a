"""What the end-to-end table tests read off the real window's screenshots: pixels of a colour in a box, the
offer to resume a saved match, the end card; and waiting for one of them with the screen kept if it never
comes."""

import numpy as np

from game.tavla.screens import layout
from game.tavla.screens.table.overlays import OVERLAY_X
from game.ui.theme import ACCENT, DESIGN_HEIGHT

RESUME = (OVERLAY_X - 120, layout.MIDDLE_Y - 70)  # the offer's Resume button


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
