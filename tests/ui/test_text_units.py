"""A wrapped label never breaks a line inside a run of numbers, headless: the dice left, ``2 1``, stay on
one line (in Korean the status broke them as ``2`` / ``1)``), a figure stays with its ``± error``, and the
label still says the text it was given. A label alone needs only the window's GL context (session_window),
not the main menu that `window` builds for each test (a third of a second, most of these tests' time)."""

from itertools import pairwise

import pytest

from game.tavla.engine.position import OPENING
from game.ui import theme
from game.ui.text import Label
from tests.views.tavla.table import open_table, set_up


def lines_of(label: Label) -> list[str]:
    """The label's text as its lines are laid out (pyglet's own line starts)."""
    layout = label.label
    starts = [line.start for line in layout._lines]  # pyglet's lines, read only
    text = layout.text
    return [text[start:end].strip() for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]


def broken_numbers(lines: list[str]) -> list[tuple[str, str]]:
    """Two lines where one ends with a number and the next starts with one: a run of numbers split."""
    return [
        (upper, lower) for upper, lower in pairwise(lines) if upper[-1:].isdigit() and lower[:1].isdigit()
    ]


@pytest.mark.parametrize("width", range(120, 330, 6))
def test_a_run_of_numbers_stays_on_one_line(session_window, width):
    text = "내 차례 2-1 (남은 주사위: 2 1). 말을 드래그하세요. Scores 3 2 1 and 6 6 6 6 left."
    label = Label(text, 0, 0, theme.TEXT, theme.BODY_SIZE, box_width=width, box_height=400, multiline=True)
    assert label.text == text, "the label says the text it was given"
    lines = lines_of(label)
    assert len(lines) > 1 and broken_numbers(lines) == [], lines


@pytest.mark.parametrize("width", range(150, 400, 10))
def test_a_figure_stays_with_its_error(session_window, width):
    text = "win 36.1% ± 15.9 (gammon 11.1% ± 10.4, backgammon 0.0% ± 0.0), lose gammon 19.4% ± 13.1"
    label = Label(text, 0, 0, theme.TEXT, theme.SMALL_SIZE, box_width=width, box_height=400, multiline=True)
    lines = lines_of(label)
    split = [(up, low) for up, low in pairwise(lines) if up.endswith("±") or low.startswith("±")]
    assert len(lines) > 1 and split == [], lines


@pytest.mark.slow
def test_the_table_status_keeps_the_dice_left_together(window, language):
    view = open_table(window, opponent="random")
    set_up(view, OPENING, (2, 1))
    status = view.panel.texts["status"]
    assert "2 1" in status.text
    assert broken_numbers(lines_of(status)) == [], lines_of(status)
