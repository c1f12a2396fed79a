"""The statistics screen's plot with a single solve, headless: its axis reads two different times, the
solve's between them (one time at both ends read as an axis of no length)."""

import pytest

from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.screens.stats_view import StatsView
from tests.views.driver import screenshot
from tests.views.puzzle.screen import keep_solves


@pytest.mark.parametrize("count", [1, 2])
def test_a_plot_of_equal_times_has_an_axis_of_two_times(window, tmp_path, monkeypatch, count):
    """One solve, or two of the same time."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    book = SolveRecords()
    for _ in range(count):
        keep_solves(book, 1)  # the same scramble, moves and times each time
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    view = window.current_view
    screenshot(window)
    _title, high, low = view.plot_labels
    assert high.text and low.text and high.text != low.text
    layout = view.layout
    assert len(view.plot_points) == count
    for _x, y in view.plot_points:
        assert layout.plot_bottom < y < layout.plot_bottom + layout.plot_height, "the solve between the ends"
