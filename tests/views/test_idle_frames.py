"""A screen at rest is not redrawn; input, motion and changes by themselves are, in the next frame."""

import time

import arcade
import pytest
from arcade import key

from game.tavla.engine.position import OPENING
from tests.views.driver import FRAME
from tests.views.puzzle.screen import open_puzzle
from tests.views.tavla.table import THREE_ONE, drag, open_table, point_centre, set_up, top_checker


@pytest.fixture
def frames(window, monkeypatch):
    """Counts the frames the window really draws; `run(n)` passes n frames of the event loop."""
    drawn = []
    monkeypatch.setattr(arcade.Window, "draw", lambda self, dt: drawn.append(dt), raising=False)

    def run(count: int = 1) -> int:
        before = len(drawn)
        for _ in range(count):
            window.current_view.on_update(FRAME)
            window.draw(FRAME)
        return len(drawn) - before

    return run


def test_the_puzzle_at_rest_draws_nothing_and_answers_a_key_in_the_next_frame(window, frames):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    assert frames(3) >= 1, "a new screen is drawn"
    assert frames(30) == 0
    window.dispatch_event("on_key_press", key.LEFT, 0)
    window.dispatch_events()
    assert view.animating
    assert frames(1) == 1, "the key is answered in the next frame"
    drawn = []
    while view.animating:
        drawn.append(frames(1))
    assert len(drawn) >= 3 and all(drawn), "every frame of the glide is drawn, the landing one too"
    assert frames(20) == 0


def test_the_puzzle_clock_redraws_once_a_second(window, frames):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    view.on_scene_key(key.LEFT, 0)
    view.on_scene_key(key.DOWN, 0)
    frames(60)
    assert 1 <= frames(120) <= 4, "the timer's text changes twice in two seconds"


def test_mouse_motion_redraws_a_hovered_button(window, frames):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    deadline = time.monotonic() + 60
    while view.assistant.progress < 1.0 and time.monotonic() < deadline:
        time.sleep(0.01)  # the solver's tables build behind the screen, which redraws their progress
    assert view.assistant.progress == 1.0, "the solver's tables are built"
    window.dispatch_events()  # what the window queued while it opened (its resize) is answered first
    frames(3)
    assert frames(3) == 0, "at rest before the mouse moves"
    window.dispatch_event("on_mouse_motion", 10, 10, 1, 1)
    window.dispatch_events()
    assert frames(2) == 1


def test_the_table_rests_while_it_waits_for_the_player(window, frames):
    view = open_table(window)
    set_up(view, OPENING, THREE_ONE)
    frames(150)  # the opening roll's message fades out
    assert frames(30) == 0
    drag(view, top_checker(view, 0, 8), point_centre(0, 5))
    assert frames(1) == 1
    frames(60)
    assert frames(30) == 0


def test_a_screen_that_does_not_say_is_always_drawn(window, frames):
    class Plain(arcade.View):
        pass

    window.show_view(Plain())
    assert frames(10) == 10


def test_the_menu_rests_until_a_key(window, frames):
    window.show_menu()
    frames(3)
    assert frames(30) == 0
    window.dispatch_event("on_key_press", key.TAB, 0)
    window.dispatch_events()
    assert frames(1) == 1


def test_the_puzzle_paints_its_panel_again_only_when_it_changes(window):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    view.on_draw()
    painted = view.layer.paints
    view.on_scene_key(key.LEFT, 0)
    view.on_scene_key(key.DOWN, 0)
    for _ in range(20):
        view.on_update(FRAME)
        view.on_draw()
    assert view.layer.paints - painted <= 3, "the move counter (and the Undo button) changed, not every frame"
    painted = view.layer.paints
    view.on_draw()
    assert view.layer.paints == painted
    button = view.undo_button.rect
    view.on_mouse_motion(*(int(c) for c in view.camera.project((button.x, button.y))[:2]), 0, 0)
    view.on_draw()
    assert view.layer.paints == painted + 1, "a hovered button is painted lit"


def test_the_table_paints_its_board_and_panel_again_only_when_they_change(window):
    """Checkers gliding leave the cached board and panel as they are; a changed status or a lit button
    paints them again, and what is painted is what the panel says."""
    view = open_table(window)
    set_up(view, OPENING, THREE_ONE)
    view.on_draw()
    painted = view.layer.paints
    drag(view, top_checker(view, 0, 8), point_centre(0, 5))
    for _ in range(30):
        view.on_update(FRAME)
        view.on_draw()
    assert 1 <= view.layer.paints - painted <= 3, "the status and the Undo button changed, not every frame"
    painted = view.layer.paints
    view.on_draw()
    assert view.layer.paints == painted
    button = view.panel.menu_button.rect
    view.on_mouse_motion(*(int(c) for c in view.camera.project((button.x, button.y))[:2]), 0, 0)
    view.on_draw()
    assert view.layer.paints == painted + 1, "a hovered button is painted lit"


def test_a_change_without_motion_is_drawn_once(window, frames):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    window.dispatch_events()
    frames(3)
    assert frames(3) == 0
    view.request_redraw()
    assert frames(3) == 1, "the change in the next frame, and no second frame after it"
    window.dispatch_event("on_resize", 1000, 700)
    window.dispatch_events()
    assert frames(3) == 1, "a resize is drawn once"
