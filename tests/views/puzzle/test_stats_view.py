"""Issue 19 on screen, headless: the solved panel's pace, optimal length and call-out, the statistics
screen, replays with a fake clock, copy and paste, hover mode, configured keys and instant slides."""

import pytest
from arcade import key

from game.core.settings.fields import with_value
from game.menu.main_menu import MainMenuView
from game.puzzle.model.board import Board, parse_game_id
from game.puzzle.model.game import PuzzleGame
from game.puzzle.model.replay import parse_replay
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import SolveRecords
from game.puzzle.screens import stats_captions as words
from game.puzzle.screens.replay_view import ReplayView
from game.puzzle.screens.stats_view import LIST_ROW, LIST_TOP, RIGHT_X, StatsView
from game.puzzle.screens.view import PuzzleView
from game.puzzle.solver.background_solver import Shortest
from tests.views.driver import click, press_key, screenshot, step, to_screen
from tests.views.puzzle.screen import assert_sprites_on_cells, keep_solves, open_puzzle, wait_for
from tests.views.text import assert_text_fits

ONE_FROM_GOAL_3X3 = "3x3:1,2,3,4,5,6,7,0,8"


@pytest.fixture
def book(tmp_path, monkeypatch) -> SolveRecords:
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    return SolveRecords()


def test_the_solved_panel_shows_pace_optimal_length_and_the_new_best(window, book):
    view = open_puzzle(window, size="3x3", image="numbers", seed=1)
    view.game = PuzzleGame(parse_game_id(ONE_FROM_GOAL_3X3)[0])
    view.restart()
    step(view, 0.5)
    press_key(view, key.LEFT)
    wait_for(view, lambda: view.panel_visible and view.shortest is not None, 60.0)
    summary, verdict, records, optimal = (label.text for label in view.panel_texts[1:])
    assert summary == "1 move in 0.000 s"
    assert verdict == "A new best!" and "single" in records and "fewest moves" in records
    assert optimal == "Optimal 1 move · yours ×1.00"
    kept = book.solves(BoardSize(3, 3), "numbers")
    assert [(s.moves, s.solution, s.optimal_moves, s.optimal_proven) for s in kept] == [(1, "L", 1, True)]
    screenshot(window)
    click(view, view.stats_button.rect.x, view.stats_button.rect.y)
    stats = window.current_view
    assert isinstance(stats, StatsView) and stats.board == (BoardSize(3, 3), "numbers")
    assert stats.list_labels[1][5].text == "1", "the optimal length is listed with the solve"


def test_a_practice_solve_is_kept_listed_and_never_a_best(window, book):
    view = open_puzzle(window, game_id=ONE_FROM_GOAL_3X3, image="numbers")
    press_key(view, key.LEFT)
    step(view, 1.0)
    assert view.panel_texts[2].text == "Practice (game ID): not a record"
    assert [solve.practice for solve in book.solves()] == [True]
    assert book.best(BoardSize(3, 3), "numbers") is None


@pytest.mark.usefixtures("at_the_menu")
def test_the_statistics_screen_from_the_menu(window, book):
    keep_solves(book, 16)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    menu.size_picker.choose(BoardSize(3, 3))
    click(menu, menu.stats_button.rect.x, menu.stats_button.rect.y)
    view = window.current_view
    assert isinstance(view, StatsView) and view.board == (BoardSize(3, 3), "numbers")
    counted = [s for s in book.solves() if s.counted]
    assert view.counted.text == "12 solves counted · 4 more listed, not counted (practice or help)"
    rows = {labels[0].text: (labels[1].text, labels[2].text) for labels in view.table}
    assert rows["Single"][1] == f"{min(s.seconds for s in counted):.3f}"
    assert rows["ao12"][0] != "–" and rows["ao100"] == ("–", "–")
    assert len(view.plot_points) == 12 and len(view.plot_average) == 1
    assert view.list_labels[1][0].text == "16" and view.list_labels[1][6].text == "help", "latest first"
    assert view.list_labels[2][6].text == ""
    for labels in view.list_labels:  # the date and the time read apart
        when, time_ = labels[1], labels[2]
        assert time_.x - (when.x + when.content_width) >= 16, (when.text, time_.text)
    press_key(view, key.DOWN)
    assert view.selected == 1
    click(view, RIGHT_X, LIST_TOP - 5 * LIST_ROW)
    assert view.selected == 4
    screenshot(window)
    press_key(view, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)


def test_no_solves_yet_and_a_records_file_that_is_not_there(window, book):
    window.show_view(StatsView())
    view = window.current_view
    assert view.board is None and view.counted.text.startswith("No solves yet")
    assert not view.watch_button.enabled
    press_key(view, key.RETURN)
    screenshot(window)
    assert window.current_view is view


def test_boards_switch_with_the_arrows(window, book):
    keep_solves(book, 3)
    keep_solves(book, 2, size=(2, 2))
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    view = window.current_view
    press_key(view, key.LEFT)
    assert view.board == (BoardSize(2, 2), "numbers") and view.stats.solves == 2


def test_a_replay_plays_with_its_real_timing(window, book):
    keep_solves(book, 1)
    kept = book.solves()[0]
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    press_key(window.current_view, key.RETURN)
    view = window.current_view
    assert isinstance(view, ReplayView) and view.timeline.playing
    times = kept.times_ms
    assert times[0] == 0 and len(set(times)) == len(times) > 6
    view.on_update((times[5] - 1) / 1000)
    assert view.timeline.played == 5, "each move comes when it came in the solve"
    view.on_update(0.002)
    assert view.timeline.played == 6
    step(view, (times[-1] - times[5]) / 1000 + 0.5)
    assert view.timeline.finished and view.timeline.board.is_solved()
    step(view, 1.0)
    assert_sprites_on_cells_of(view, view.timeline.board)
    assert view.texts["state"].text == "Finished"
    press_key(view, key.LEFT)
    assert view.timeline.played == len(times) - 1
    press_key(view, key.HOME)
    press_key(view, key.UP)
    assert view.timeline.speed == 2.0 and view.texts["speed"].text == "Speed ×2"
    press_key(view, key.DOWN)
    press_key(view, key.DOWN)
    assert view.texts["speed"].text == "Speed ×1/2"
    press_key(view, key.RIGHT)
    step(view, 1.0)
    assert view.timeline.played == 1 and not view.timeline.playing
    assert_sprites_on_cells_of(view, view.timeline.board)
    screenshot(window)
    press_key(view, key.ESCAPE)
    back = window.current_view
    assert isinstance(back, StatsView) and back.board == (BoardSize(3, 3), "numbers")


def assert_sprites_on_cells_of(view: ReplayView, board: Board) -> None:
    for index, tile in enumerate(board.tiles):
        if tile:
            assert view.sprite_of[tile].position == pytest.approx(
                view.geometry.cell_centre(board.cell(index))
            )


def test_a_solve_is_copied_as_text_and_pasted_back_to_watch(window, book, clipboard):
    keep_solves(book, 2)
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    view = window.current_view
    press_key(view, key.C)
    latest = book.solves()[-1]
    assert clipboard["text"] == f"{latest.scramble} {latest.solution}"
    assert "Replay copied" in view.toast.message
    assert parse_replay(clipboard["text"]).solves
    click(view, view.paste_button.rect.x, view.paste_button.rect.y)
    replay = window.current_view
    assert isinstance(replay, ReplayView) and replay.timeline.replay.game_id == latest.scramble
    step(replay, 60.0, dt=0.1)
    assert replay.timeline.board.is_solved()
    click(replay, replay.buttons[-1].rect.x, replay.buttons[-1].rect.y)
    assert isinstance(window.current_view, StatsView)


def test_pasting_what_is_not_a_replay_says_why(window, book, clipboard):
    window.show_view(StatsView())
    view = window.current_view
    clipboard["text"] = "hello world"
    press_key(view, key.V)
    assert window.current_view is view
    assert view.toast.message.startswith("could not paste a replay")


def test_hover_mode_slides_a_tile_when_the_pointer_enters_it(window):
    window.settings = with_value(window.settings, ("puzzle", "hover"), True)
    view = open_puzzle(window, size="3x3", image="numbers", seed=5)
    cell = view.game.board.movable_cells()[0]
    x, y = to_screen(view, *view.cell_centre(cell))
    view.on_mouse_motion(int(x), int(y), 0, 0)
    assert view.game.moves == 1
    view.on_mouse_motion(int(x) + 1, int(y), 0, 0)
    assert view.game.moves == 1, "moving within the cell does nothing more"


def test_keys_from_the_config_and_slides_in_no_time(window):
    settings = with_value(window.settings, ("puzzle", "keys", "left"), ["J"])
    window.settings = with_value(settings, ("puzzle", "animation", "duration"), 0.0)
    view = open_puzzle(window, size="3x3", image="numbers", seed=5)
    assert isinstance(view, PuzzleView)
    empty_column = view.game.board.empty_cell[0]
    press_key(view, key.RIGHT if empty_column == 2 else key.J)
    assert view.game.moves == 1
    press_key(view, key.A)
    assert view.game.moves == 1, "A is not a key of the puzzle any more"
    view.on_update(1 / 60)
    assert not view.animating, "an animation time of 0 lands at the next frame"
    assert_sprites_on_cells(view)


@pytest.mark.slow
@pytest.mark.usefixtures("language")
def test_the_statistics_and_replay_screens_fit_in_every_language(window, book):
    keep_solves(book, 13)
    book.set_optimal(book.solves()[-1].id, 20, False)
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    view = window.current_view
    view.toast.show(words.not_pasted("a replay starts with the game ID of its board, e.g. 4x4#123 R3 D2 L U"))
    assert_text_fits(window, "statistics")
    window.show_view(StatsView())
    assert_text_fits(window, "statistics with no solves")
    window.show_view(StatsView(BoardSize(3, 3), "numbers"))
    window.current_view.watch()
    replay = window.current_view
    step(replay, 1.0)
    assert_text_fits(window, "replay")
    replay.toggle()
    for _ in range(4):
        replay.slower()
    assert_text_fits(window, "replay paused, slow")
    view = open_puzzle(window, size="3x3", image="numbers", seed=1)
    view.game = PuzzleGame(parse_game_id(ONE_FROM_GOAL_3X3)[0])
    view.restart()
    press_key(view, key.LEFT)
    step(view, 0.5)
    view.shortest = Shortest(123, False)
    view.new_bests = ("time", "moves", "tps", "mo3", "ao5")
    view.on_update(1 / 60)
    assert_text_fits(window, "puzzle solved, every new best")
