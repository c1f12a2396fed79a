"""End to end: a kept match opened from the menu's Matches, its analysis read and its mistakes stepped
through with a real mouse."""

import shutil
import time
from pathlib import Path

import pytest

from game.menu.layout import FOOTER_BUTTON_Y, footer_x
from game.tavla.screens.analysis.view import BUTTON_Y, GRAPH, LEFT_X, RIGHT_X
from game.tavla.screens.matches import CENTRE, TOP
from tests.e2e.harness import difference

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

FIXTURE = Path(__file__).parents[1] / "tavla" / "data" / "gnubg-3pt-seed7.mat"
GRAPH_BOX = (GRAPH.left, GRAPH.bottom, GRAPH.left + GRAPH.width, GRAPH.bottom + GRAPH.height)
BOARDS_BOX = (RIGHT_X - 290, 450, RIGHT_X + 290, 665)


def test_open_a_kept_match_from_the_menu_and_step_through_its_mistakes(launch, tmp_path):
    kept = tmp_path / "matches"
    kept.mkdir()
    shutil.copy(FIXTURE, kept / "match-20261201-120000.mat")
    game = launch()
    game.settle(1.5)
    menu = game.screenshot(tmp_path / "menu.png")
    game.click(footer_x("matches"), FOOTER_BUTTON_Y)
    game.wait_until(lambda image: difference(image, menu) > 10)
    # The list is read off the window's thread: its row shows "reading…" and opens nothing until read,
    # however long that takes on a busy machine. The list once still, the row is clicked until the
    # analysis screen comes.
    listing = game.wait_until(still(game), timeout=60)
    game.screenshot(tmp_path / "listing.png")
    deadline = time.monotonic() + 60
    opened = listing
    while difference(opened, listing) <= 10 and time.monotonic() < deadline:
        game.click(CENTRE, TOP)
        opened = game.wait_until(lambda image: difference(image, listing) > 10, timeout=3)
    assert difference(opened, listing) > 10, "the match's row opens its analysis"
    opened.save(tmp_path / "opened.png")
    # The analysis is done when the graph and the worst mistake's boards are drawn where the list was,
    # and the screen is still: however long the judge takes, and even if it was done at the first look.
    drawn = still(game)
    analysed = game.wait_until(
        lambda image: (
            difference(image, listing, GRAPH_BOX) > 5
            and difference(image, listing, BOARDS_BOX) > 5
            and drawn(image)
        ),
        timeout=90,
    )
    assert difference(analysed, listing, GRAPH_BOX) > 5, "the graph is drawn once the analysis is done"
    assert difference(analysed, listing, BOARDS_BOX) > 5, "the worst mistake's boards are shown"
    game.screenshot(tmp_path / "analysis.png")
    shown = analysed
    for _ in range(3):
        game.click(LEFT_X, BUTTON_Y)  # Next
        stepped = game.wait_until(lambda image, before=shown: difference(image, before, BOARDS_BOX) > 1)
        assert difference(stepped, shown, BOARDS_BOX) > 1, "the next mistake shows its own position"
        shown = stepped
    game.click(LEFT_X - 200, BUTTON_Y)  # Previous
    back = game.wait_until(lambda image: difference(image, shown, BOARDS_BOX) > 1)
    assert difference(back, shown, BOARDS_BOX) > 1
    game.click(RIGHT_X + 200, BUTTON_Y)  # Back, to the list
    again = game.wait_until(lambda image: difference(image, listing) < 2)
    assert difference(again, listing) < 2, "Back leads to the list of matches"
    assert game.running


def still(game):
    """A condition for `wait_until`: the screen is the same as half a second before."""
    seen = [game.screenshot()]

    def check(image) -> bool:
        time.sleep(0.3)
        same = difference(image, seen[-1]) < 0.05
        seen.append(image)
        return same

    return check
