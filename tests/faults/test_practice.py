"""Item 10: a board given by game ID is practice: solving it never sets a best result."""

import pytest
from arcade import key

from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.screens.view import PuzzleView
from tests.views.driver import click, press_key, step

ONE_FROM_GOAL = "4x4:" + ",".join(map(str, [*range(1, 15), 0, 15]))


def open_puzzle(window, **kwargs) -> PuzzleView:
    window.show_view(PuzzleView(**kwargs))
    view = window.current_view
    assert isinstance(view, PuzzleView)
    return view


@pytest.mark.slow
def test_the_probe_a_board_one_move_from_the_goal_sets_no_best(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image="numbers")
    assert view.practice
    press_key(view, key.LEFT)
    if not view.game.solved:
        click(view, *view.cell_centre((3, 3)))
    step(view, 1.0)
    assert view.game.solved and view.panel_visible
    assert view.panel_texts[2].text == "Practice (game ID): not a record"
    assert "A new best" not in view.panel_texts[2].text
    assert SolveRecords().best(BoardSize(4, 4), "numbers") is None
    later = open_puzzle(window, size=BoardSize(4, 4), image="numbers", seed=3)
    assert later.best is None and "not solved yet" in later.texts["best"].text


def test_a_seeded_game_id_is_practice_too_and_restart_keeps_it(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_puzzle(window, game_id="3x3#5", image="numbers")
    assert view.practice
    view.restart()
    assert view.practice


@pytest.mark.slow
def test_new_game_leaves_practice(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image="numbers")
    view.new_game()
    assert not view.practice
    plain = open_puzzle(window, size=BoardSize(4, 4), image="numbers", seed=1)
    assert not plain.practice
