"""The set-up screen's study card, headless: Hint with dice ranks the plays at the match's score, Hint
before the roll shows the 21 rolls on the 6x6 grid, Roll out fills its table in as worker processes
finish games and Stop keeps them, the board under the card is not edited, Esc closes the card and ends
its workers, and leaving the screen ends them too."""

import time

import pytest
from arcade import key

from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.lab import study_jobs
from game.tavla.lab.setup_board import SetupBoard
from game.tavla.lab.study_jobs import RolloutJob, SageRolloutJob
from tests.tavla.lab.workers import gone
from tests.views.driver import click, draw_frame, press_key, screenshot
from tests.views.tavla.table import centre
from tests.views.tavla.test_setup_view import open_setup, point


@pytest.fixture(autouse=True)
def workers_beside_the_tests(monkeypatch):
    """The lab's workers at the tests' own priority: at nice 19 they would wait for every other busy test
    process (the default is tested in
    tests/tavla/lab/test_study_jobs.py)."""
    monkeypatch.setattr(study_jobs, "WORKER_NICENESS", 0)


def until(view, condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the study card did not get there"
        view.on_update(1 / 60)
        time.sleep(0.02)


def with_dice(dice: tuple[int, int] | None) -> SetupBoard:
    board = SetupBoard.opening(Rules.STANDARD)
    board.dice = dice
    return board


@pytest.mark.slow
def test_hint_with_dice_ranks_the_plays_and_closes_with_esc(window, tmp_path):
    view = open_setup(window, with_dice((3, 1)))
    click(view, *centre(view.hint_button))
    assert view.study.shown and view.buttons == [view.study.copy_button, view.study.close_button]
    until(view, lambda: view.study.job.finished)
    assert view.study.body.text.startswith("1. 8/5 6/5"), view.study.body.text
    assert "2-ply" in view.study.status.text and view.study.title.text.startswith("Best plays")
    draw_frame(window)
    screenshot(window).save(tmp_path / "hint.png")
    copied = []
    window.set_clipboard_text = copied.append
    click(view, *centre(view.study.copy_button))
    assert copied and copied[0].startswith("Best plays") and "1. 8/5 6/5" in copied[0]
    before = view.board.count(0, 4)
    click(view, *point(4))
    assert view.board.count(0, 4) == before, "the board under the card is not edited"
    press_key(view, key.ESCAPE)
    assert not view.study.shown and not view.backs and view.hint_button in view.buttons


@pytest.mark.slow
def test_hint_before_the_roll_maps_every_roll(window, tmp_path):
    view = open_setup(window, with_dice(None))
    click(view, *centre(view.hint_button))
    until(view, lambda: view.study.job.finished)
    assert len(view.study.cells) == 36
    texts = [" ".join(label.text for label in labels) for _rect, _colour, labels in view.study.cells]
    assert texts[2 * 6 + 0].startswith("31") and "8/5 6/5" in texts[2 * 6 + 0], texts[12]
    assert texts[0 * 6 + 2] == texts[2 * 6 + 0], "the two cells of 3-1 are one roll"
    draw_frame(window)
    screenshot(window).save(tmp_path / "map.png")


@pytest.mark.slow
def test_roll_out_fills_in_and_stop_keeps_the_games(window, tmp_path):
    view = open_setup(window, SetupBoard.from_state(OPENING, Rules.STANDARD))
    click(view, *centre(view.rollout_button))
    job = view.study.job
    assert isinstance(job, RolloutJob | SageRolloutJob) and view.study.stop_button in view.buttons
    until(view, lambda: job.games_done >= 36)
    assert "games · " in view.study.status.text and "equity" in view.study.body.text
    draw_frame(window)
    screenshot(window).save(tmp_path / "rollout.png")
    click(view, *centre(view.study.stop_button))
    assert job.finished and job.pool is None and 0 < job.games_done < 1296
    assert view.study.body.text.startswith("Rollout: stopped after"), view.study.body.text
    assert view.buttons == [view.study.copy_button, view.study.close_button]


def test_leaving_the_screen_ends_the_workers(window):
    view = open_setup(window, SetupBoard.from_state(OPENING, Rules.STANDARD))
    click(view, *centre(view.rollout_button))
    job = view.study.job
    processes = list(job.pool._processes.values())
    view.leave()
    assert job.pool is None and not view.study.shown
    gone(processes)  # ended without the window waiting for them


def test_a_board_that_is_no_position_is_not_studied(window):
    view = open_setup(window, with_dice((3, 1)))
    view.board.add(0, 4)  # 16 white checkers
    view.refresh()
    click(view, *centre(view.rollout_button))
    click(view, *centre(view.hint_button))
    assert not view.study.shown and view.toast.message.startswith("Not a position yet")
