"""Move quality on the board (issue 47): with the tutor on, the play just made keeps its arrows in its
verdict's colour (green good, yellow doubtful, orange bad, red very bad, at the analysis's thresholds)
with a caption under the board that says the verdict and what each colour means, until the player's next
play begins; without the tutor, nothing is judged."""

import contextlib
import itertools

import numpy as np
import pytest
from arcade import key

from game.core.settings.fields import with_value
from game.tavla.analysis.decisions import Mark
from game.tavla.engine.position import OPENING
from game.tavla.engine.table_session import Phase
from game.tavla.screens import layout
from game.tavla.screens.table import verdict
from game.ui.scene import SMALLEST_PIXELS
from tests.views.driver import draw_frame, press_key, screenshot
from tests.views.tavla.table import (
    THREE_ONE,
    drag,
    open_table,
    point_centre,
    set_up,
    settle,
    tick,
    top_checker,
)
from tests.views.text import small_window


def near(image, x: float, y: float, colour: tuple[int, int, int], reach: float = 6) -> int:
    """How many pixels around logical (x, y) are in `colour`."""
    rgb = np.asarray(image).astype(int)
    scale = rgb.shape[1] / 1280
    row, column = int(rgb.shape[0] - y * scale), int(x * scale)
    span = max(2, int(reach * scale))
    patch = rgb[row - span : row + span, column - span : column + span]
    return int((np.abs(patch - np.array(colour)).sum(axis=2) < 40).sum())


def played(window, moves: tuple[tuple[int, int], ...], tutor: bool = True):
    """The player's 3-1 from the opening (each move a drag from a point to a point), committed (past
    the tutor's question), the computer's answer landed and the player's next turn on."""
    window.settings = with_value(window.settings, ("tavla", "tutor"), tutor)
    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    for start, end in moves:
        drag(view, top_checker(view, 0, start), point_centre(0, end))
        settle(view, 0.5)
    view.finish_turn()
    if view.overlays.top is view.tutor.dialog:
        press_key(view, key.SPACE)  # Play it
    for _ in range(2000):
        tick(view)
        if view.session.seat == 0 and view.session.phase is Phase.HUMAN and not view.animating:
            break
    settle(view, 0.2)
    assert view.session.phase is Phase.HUMAN and not view.session.turn.steps
    return view


def test_a_bad_play_keeps_its_arrows_in_the_bad_colour_with_a_caption_until_the_next_play(window):
    view = played(window, ((24, 21), (24, 23)))
    shown = view.tutor.verdict_marks(view.session.game)
    assert shown is not None, "the play just made is judged and marked"
    judged, arrows = shown
    assert judged.mark in (Mark.BAD, Mark.VERY_BAD) and len(arrows.arrows) == 2
    colour = verdict.colour(judged.mark)
    caption = view.tutor.caption
    assert (
        caption.text.text.startswith("Your play: ") and verdict.verdict_word(judged.mark) in caption.text.text
    )
    assert caption.text.color[:3] == colour
    assert [label.text for label in caption.legend] == ["good", "doubtful", "bad", "very bad"]
    image = screenshot(window)
    for a, b in arrows.arrows:
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert near(image, *middle, colour) > 3, f"the arrow at {middle} in the verdict's colour"
    turn = view.session.turn
    turn.apply(turn.options()[0])
    settle(view, 0.5)
    image = screenshot(window)
    a, b = arrows.arrows[0]
    assert near(image, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, colour) == 0, "the next play begun: gone"


@pytest.mark.slow
def test_a_good_play_is_marked_green_and_without_the_tutor_nothing_is_judged(window):
    view = played(window, ((8, 5), (6, 5)))
    judged, arrows = view.tutor.verdict_marks(view.session.game)
    assert judged.mark is Mark.NONE and view.tutor.caption.text.text == "Your play: good"
    image = screenshot(window)
    a, b = arrows.arrows[0]
    assert near(image, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, verdict.GOOD) > 3
    untutored = played(window, ((8, 5), (6, 5)), tutor=False)
    assert untutored.tutor.verdict_marks(untutored.session.game) is None


@pytest.mark.slow
@pytest.mark.usefixtures("language")
def test_the_verdicts_caption_and_legend_are_readable_on_a_small_window(window):
    """The caption and the legend on one line under the board, in every language, at 640x400 (the
    smallest window) too: each word readable, none over another."""
    view = played(window, ((24, 21), (24, 23)))
    caption = view.tutor.caption
    for where in ("full size", "small window"):
        with small_window(view) if where == "small window" else contextlib.nullcontext():
            draw_frame(window)
            for label in (caption.text, *caption.legend):
                size = label.font_size * view.pixel_scale
                assert label.fits() and size >= SMALLEST_PIXELS, f"{where}: {label.text} at {size} px"
            spans = sorted(
                (label.x, label.x + label.content_width) for label in (caption.text, *caption.legend)
            )
            assert all(a[1] < b[0] for a, b in itertools.pairwise(spans)), f"{where}: {spans}"
            assert spans[-1][1] <= layout.BOARD_RIGHT and caption.text.text
