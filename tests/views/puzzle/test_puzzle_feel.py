"""The Fifteen screen as a new player finds it, headless: the solved panel's lines inside its frame, the
messages beside the keys help, not over it, and the auto-solve's speed under the player's keys."""

from itertools import pairwise

import pytest
from arcade import key

from game.puzzle.screens import captions
from game.puzzle.screens.layout import PANEL_WIDTH, PANEL_X, SOLVED_HEIGHT, SOLVED_Y
from tests.views.driver import click, press_key, screenshot, step
from tests.views.puzzle.screen import one_from_goal, open_puzzle, wait_for
from tests.views.text import assert_readable, small_window

pytestmark = pytest.mark.slow  # each test here takes over 5 s

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


def _box(item) -> tuple[float, float, float, float]:
    """left, right, bottom, top of a label, or of a toast as drawn."""
    if hasattr(item, "remaining"):
        height = item.labels[0].content_height + 2 * item.padding_y
        return item.x - item.width / 2, item.x + item.width / 2, item.y - height / 2, item.y + height / 2
    return item.left, item.right, item.bottom, item.top


def _covered(view) -> list[str]:
    """The HUD's words that the message showing now is drawn over."""
    if not view.toast.message:
        return []
    left, right, bottom, top = _box(view.toast)
    covered = []
    for label in view.texts.values():
        its_left, its_right, its_bottom, its_top = _box(label)
        if label.text and its_left < right and left < its_right and its_bottom < top and bottom < its_top:
            covered.append(label.text)
    return covered


def test_messages_and_the_auto_solve_never_cover_the_keys_help(window, language):
    """While the solver looks for a solution, while it plays, and with a message up, no text is drawn
    over another: the auto-solve's state is the keys help (with its speed keys), a message takes the
    help's place for its seconds."""
    view = open_puzzle(window, size="4x4", image="numbers", seed=9)
    wait_for(view, lambda: view.assistant.progress >= 1, 30.0)
    view.auto_solve()
    step(view, 1 / 60)
    screenshot(window)
    assert _covered(view) == [], "Solving… is not over the keys help"
    assert view.texts["keys"].text == captions.auto_solve_help(1, True), "the help names the speed keys"
    wait_for(view, lambda: view.autoplay.running, 30.0)
    screenshot(window)
    assert _covered(view) == []
    assert captions.auto_solve_help(1, False) == view.texts["keys"].text
    with small_window(view):
        view.on_update(1 / 60)
        assert view.texts["keys"].text == captions.auto_solve_help(1, False, compact=True)
        assert_readable(window, "small window, auto-solve", every_label=True)
        assert _covered(view) == []
    press_key(view, key.SPACE)
    step(view, 1 / 60)
    assert view.toast.message, "Auto-solve stopped: your turn"
    assert _covered(view) == [] and view.texts["keys"].text == ""
    step(view, view.toast.remaining + 0.1)
    assert view.texts["keys"].text == captions.keys_help(), "the help is back after the message"
    view.leave()


def test_the_auto_solve_plays_faster_at_a_higher_speed(window):
    """A number key or + sets the speed without stopping the auto-solve: at ×8 the tiles glide an eighth
    as long and the same solution plays several times faster than at ×1."""

    def seconds_for(moves: int, speed_keys: list[int]) -> tuple[float, int]:
        view = open_puzzle(window, size="5x5", image="numbers", seed=4)
        wait_for(view, lambda: view.assistant.progress >= 1, 60.0)
        view.auto_solve()
        wait_for(view, lambda: view.autoplay.running, 60.0)
        for symbol in speed_keys:
            press_key(view, symbol)
        assert view.autoplay.running, "a speed key does not stop the auto-solve"
        start, elapsed = view.game.moves, 0.0
        while view.game.moves < start + moves:
            view.on_update(1 / 60)
            elapsed += 1 / 60
            assert elapsed < 60
        speed = view.autoplay.speed
        view.leave()
        return elapsed, speed

    slow, speed = seconds_for(20, [])
    assert speed == 1 and slow >= 20 * 0.2, "×1 keeps the usual pace"
    fast, speed = seconds_for(20, [key.KEY_4])
    assert speed == 8 and fast < slow / 3
    stepped, speed = seconds_for(20, [key.PLUS, key.PLUS, key.MINUS])
    assert speed == 2 and fast < stepped < slow
