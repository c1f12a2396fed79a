"""The statistics and replay screens on the smallest window (640x400), in every language: no word under
SMALLEST_PIXELS and all of it in its box, in the states with the most text, every action still at hand,
and the full layout back on a large window."""

import pytest
from arcade import key
from arcade.types import LBWH

from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.screens import stats_captions as words
from game.puzzle.screens.replay_view import ReplayView, copy_label
from game.puzzle.screens.stats_view import COMPACT, FULL, RIGHT_X, StatsView
from game.puzzle.solver import solve
from game.ui.scene import SceneView
from tests.views.driver import click, press_key, step
from tests.views.puzzle.screen import keep_solves
from tests.views.text import assert_readable, small_window

pytestmark = pytest.mark.slow  # each test here takes over 5 s

LONG_ERROR = "a replay starts with the game ID of its board, e.g. 4x4#123 R3 D2 L U"
LONG_GAME_ID = "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
SLOW_MOVE = 4.0
"""Seconds between the moves of a slow solve: its time takes minutes (the widest time there is)."""


@pytest.fixture
def records(tmp_path, monkeypatch) -> SolveRecords:
    """A book of solves of this test's own."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    return SolveRecords()


def keep_a_slow_practice_solve(book: SolveRecords) -> None:
    """One 3x3 solve over a minute long, on a board given by ID: the list's widest row (a time in minutes,
    the practice note)."""
    game = PuzzleGame.new(BoardSize(3, 3), 7)
    for tile in solve(game.board):
        game.tick(SLOW_MOVE)
        game.slide_tile(tile)
    book.record_solve(game.as_solve("numbers", practice=True))


def open_stats(window, selected: int = 0) -> StatsView:
    window.show_view(StatsView(BoardSize(3, 3), "numbers", selected))
    view = window.current_view
    assert isinstance(view, StatsView)
    return view


@pytest.mark.usefixtures("clipboard", "language")
def test_the_statistics_screen_is_readable_on_a_small_window(window, records):
    """No solves yet, then full tables, a long list scrolled, a solve chosen by click, two boards, and a
    notice up: the compact layout (no date, fewer rows, short help) keeps every word readable."""
    window.show_view(StatsView())
    empty = window.current_view
    with small_window(empty):
        assert empty.counted.text == words.no_solves(compact=True)
        assert_readable(window, "statistics with no solves", every_label=True)
    keep_solves(records, 13)
    keep_a_slow_practice_solve(records)
    keep_solves(records, 2, size=(2, 2))
    view = open_stats(window)
    with small_window(view):
        assert view.layout is COMPACT and len(view.list_labels) == COMPACT.list_rows + 1
        headings = words.list_headings()
        assert [label.text for label in view.list_labels[0]] == [headings[i] for i in (0, 2, 3, 4, 6)], (
            "no date nor optimal length on a small window"
        )
        assert view.keys_help.text == words.stats_keys(compact=True)
        assert ":" in view.list_labels[1][1].text, "a time in minutes"
        assert view.list_labels[1][4].text == words.note(view.solves[0]) != "", "the practice note shows"
        assert_readable(window, "statistics", every_label=True)
        press_key(view, key.PAGEDOWN)
        press_key(view, key.DOWN)
        assert view.selected == COMPACT.list_rows + 1 and view.first_row == 2, "the list scrolls by its rows"
        assert_readable(window, "statistics scrolled", every_label=True)
        click(view, RIGHT_X, COMPACT.list_top - 3 * COMPACT.list_row)
        assert view.selected == view.first_row + 2
        press_key(view, key.C)
        assert view.toast.message == words.copied(window.get_clipboard_text())
        assert_readable(window, "statistics, a solve copied", every_label=True)
        view.toast.show(words.not_pasted(LONG_ERROR))
        assert_readable(window, "statistics with a notice", every_label=True)
        press_key(view, key.LEFT)
        assert view.board == (BoardSize(2, 2), "numbers")
        assert_readable(window, "statistics of another board", every_label=True)
        press_key(view, key.RIGHT)
    assert view.layout is FULL and view.keys_help.text == words.stats_keys()
    assert [label.text for label in view.list_labels[0]] == list(words.list_headings()), (
        "the full list is back on a large window"
    )
    assert view.board == (BoardSize(3, 3), "numbers") and view.toast.message


@pytest.mark.usefixtures("clipboard", "language")
def test_the_replay_is_readable_on_a_small_window(window, records):
    """Playing, paused at the slowest, finished, copied, and a pasted replay with a long game ID: the
    short help and copy button, every word readable; the full ones come back on a large window."""
    keep_solves(records, 2)
    open_stats(window).watch()
    replay = window.current_view
    assert isinstance(replay, ReplayView)
    with small_window(replay):
        step(replay, 1.0)
        assert replay.timeline.playing and replay.copy_button.label == copy_label(compact=True)
        assert replay.texts["keys"].text == words.replay_keys(compact=True)
        assert_readable(window, "replay playing", every_label=True)
        replay.toggle()
        for _ in range(6):
            replay.slower()
        assert_readable(window, "replay paused, slowest", every_label=True)
        replay.toggle()
        for _ in range(12):
            replay.faster()
        step(replay, 30.0, dt=0.1)
        assert replay.timeline.finished
        press_key(replay, key.C)
        assert replay.toast.message == words.copied(window.get_clipboard_text())
        assert_readable(window, "replay finished, copied", every_label=True)
    assert replay.texts["keys"].text == words.replay_keys()
    assert replay.copy_button.label == copy_label(compact=False), "the full words are back"
    window.set_clipboard_text(f"{LONG_GAME_ID} L")
    press_key(replay, key.ESCAPE)
    press_key(window.current_view, key.V)
    pasted = window.current_view
    assert isinstance(pasted, ReplayView) and pasted.timeline.replay.game_id == LONG_GAME_ID
    with small_window(pasted):
        assert pasted.texts["title"].text == words.replay_title(LONG_GAME_ID, compact=True)
        pasted.toast.show(words.not_copied(LONG_ERROR))
        assert_readable(window, "pasted replay with a notice", every_label=True)
    assert pasted.texts["title"].text == words.replay_title(LONG_GAME_ID)


@pytest.mark.usefixtures("language")
def test_screens_built_on_a_small_window_start_compact(window, records, monkeypatch):
    """A window already small when the screens open (and when the replay goes back to the statistics):
    the compact layouts from the start, with the chosen solve kept."""
    keep_solves(records, 13)
    with monkeypatch.context() as patch:
        patch.setattr(
            SceneView, "_fit_camera", lambda view: setattr(view.camera, "viewport", LBWH(0, 0, 640, 400))
        )
        view = open_stats(window, selected=4)
        assert view.compact and view.layout is COMPACT
        assert_readable(window, "statistics opened small", every_label=True)
        press_key(view, key.RETURN)
        replay = window.current_view
        assert isinstance(replay, ReplayView) and replay.copy_button.label == copy_label(compact=True)
        assert_readable(window, "replay opened small", every_label=True)
        click(replay, replay.buttons[-1].rect.x, replay.buttons[-1].rect.y)
        back = window.current_view
        assert isinstance(back, StatsView) and back.layout is COMPACT and back.selected == 4
    back.on_resize(*window.get_size())
    assert back.layout is FULL and back.selected == 4
