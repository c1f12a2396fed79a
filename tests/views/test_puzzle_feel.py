"""The Fifteen screen as a new player finds it, headless: the solved panel's lines inside its frame, the
messages beside the keys help, not over it, and the auto-solve's speed under the player's keys."""

from itertools import pairwise

from game.puzzle import captions
from game.puzzle.layout import PANEL_WIDTH, PANEL_X, SOLVED_HEIGHT, SOLVED_Y
from tests.views.driver import click, screenshot, step
from tests.views.puzzle import one_from_goal
from tests.views.text import small_window

FIRST_SOLVE = ("time", "moves", "tps")
"""What a player's first solve of a board improves: the longest call-out a new player reads."""


def _solved_with_bests(window, bests=FIRST_SOLVE):
    view = one_from_goal(window)
    view.game.tick(38.788)
    click(view, *view.cell_centre((3, 3)))
    step(view, 1.0)
    assert view.panel_visible
    view.new_bests = bests
    view._update_hud()
    screenshot(window)
    return view


def _assert_lines_inside_the_frame(view, where: str) -> None:
    left, right = PANEL_X - PANEL_WIDTH / 2, PANEL_X + PANEL_WIDTH / 2
    top = SOLVED_Y + SOLVED_HEIGHT / 2
    buttons_top = min(button.rect.y + button.rect.height / 2 for button in view.panel_buttons)
    shown = [label for label in view.panel_texts if label.text]
    for label in shown:
        assert label.fits(), f"{where}: {label.text!r} is wider than its box"
        assert left < label.left and label.right < right, f"{where}: {label.text!r} runs past the frame"
        assert buttons_top < label.y < top, f"{where}: {label.text!r} is off the panel"
    heights = [label.y for label in shown]
    assert heights == sorted(heights, reverse=True), f"{where}: the lines are read top down"
    gaps = [upper - lower for upper, lower in pairwise(heights)]
    assert min(gaps) >= 0.9 * min(label.font_size for label in shown), f"{where}: lines overlap: {gaps}"


def test_a_new_best_stays_inside_the_solved_panel(window, language):
    """The first solve names three records: every line of the panel stays inside its frame, in every
    language, on a full window and a small one."""
    view = _solved_with_bests(window)
    texts = " ".join(label.text for label in view.panel_texts)
    assert captions.best_name("moves") in texts and "TPS" in texts, "the records are named"
    _assert_lines_inside_the_frame(view, "solved, three records")
    view.new_bests = ("ao100", "ao12", "ao5")
    view.game.moves, view.game.elapsed = 1234, 3599.5
    view._update_hud()
    _assert_lines_inside_the_frame(view, "solved, three averages, a long solve")
    with small_window(view):
        view._update_hud()
        screenshot(window)
        _assert_lines_inside_the_frame(view, "small window, solved")
