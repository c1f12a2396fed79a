"""End to end: a kept match opened from the menu's Matches, its analysis read and its mistakes stepped
through with a real mouse."""

import shutil
from pathlib import Path

import pytest

from game.menu.main_menu import FOOTER_BUTTON_Y, footer_x
from game.tavla.screens.analysis.view import BUTTON_Y, GRAPH, LEFT_X, RIGHT_X
from game.tavla.screens.matches import CENTRE, TOP
from tests.e2e.harness import difference

pytestmark = pytest.mark.e2e

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
    game.settle(0.5)  # the list is read off the window's thread: its rows come a moment later
    listing = game.screenshot(tmp_path / "listing.png")
    game.click(CENTRE, TOP)
    game.settle(0.5)
    progress = game.screenshot(tmp_path / "progress.png")
    analysed = game.wait_until(lambda image: difference(image, progress, GRAPH_BOX) > 5, timeout=90)
    assert difference(analysed, listing) > 10
    assert difference(analysed, progress, GRAPH_BOX) > 5, "the graph is drawn once the analysis is done"
    assert difference(analysed, progress, BOARDS_BOX) > 5, "the worst mistake's boards are shown"
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
