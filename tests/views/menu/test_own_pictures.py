"""The player's own pictures and sizes from the menu, headless: the pictures folder in the picture
selector, a picture dropped on the window, and columns and rows set directly."""

from pathlib import Path

import pytest
from PIL import Image

from game.menu.main_menu import MainMenuView
from game.menu.size_picker import SIDES
from game.puzzle.screens.view import PuzzleView
from game.settings import load_config
from tests.views.driver import click
from tests.views.menu.menus import choose, rect_centre


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """This test's own data folder; its pictures folder is made by whoever needs it."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "pictures"


def photo(path: Path, colour=(30, 140, 90)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (160, 100), colour).save(path)
    return path


def test_a_picture_in_the_folder_is_offered_chosen_and_played(window, folder):
    photo(folder / "garden.png")
    window.show_menu()
    menu = window.current_view
    assert "garden" in menu.image_selector.choices
    choose(menu, menu.image_selector, "garden")
    assert load_config(window.config_file).puzzle.default_image == "garden", "remembered"
    click(menu, *rect_centre(menu.play_puzzle))
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView)
    assert (puzzle.picture_name, puzzle.picture_path) == ("garden", folder / "garden.png")


def test_unreadable_files_are_named_once_and_skipped(window, folder):
    photo(folder / "fine.png")
    folder.joinpath("broken-once.jpg").write_bytes(b"not a jpeg")
    window.show_menu()
    menu = window.current_view
    assert "broken-once.jpg" in menu.toast.message
    assert "fine" in menu.image_selector.choices and "broken-once" not in menu.image_selector.choices
    window.show_menu()
    assert "broken-once.jpg" not in window.current_view.toast.message, "said once"


def test_a_dropped_picture_is_copied_chosen_and_played(window, folder, tmp_path):
    original = photo(tmp_path / "downloads" / "holiday.png")
    before = original.read_bytes()
    window.on_file_drop(10, 10, [str(original)])
    puzzle = window.current_view
    assert isinstance(puzzle, PuzzleView)
    assert (puzzle.picture_name, puzzle.picture_path) == ("holiday", folder / "holiday.png")
    assert "holiday" in puzzle.toast.message
    assert original.read_bytes() == before and (folder / "holiday.png").read_bytes() == before
    assert load_config(window.config_file).puzzle.default_image == "holiday"
    window.show_menu()
    other = photo(tmp_path / "camera" / "holiday.png", (200, 10, 10))
    window.on_file_drop(10, 10, [str(other)])
    assert window.current_view.picture_path == folder / "holiday (2).png"
    assert (folder / "holiday.png").read_bytes() == before, "never overwritten"


def test_a_dropped_file_that_is_not_a_picture_gets_a_clear_toast(window, folder, tmp_path):
    text = tmp_path / "letter.txt"
    text.write_text("Dear player")
    window.on_file_drop(10, 10, [str(text)])
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    assert "letter.txt is not a picture" in menu.toast.message
    assert not folder.exists() or not any(folder.iterdir())


def test_columns_and_rows_set_any_size_and_it_is_remembered(window):
    menu = window.current_view
    picker = menu.size_picker
    choose(menu, picker.columns, "7")
    choose(menu, picker.rows, "5")
    assert str(picker.value) == "7x5"
    assert str(load_config(window.config_file).puzzle.default_size) == "7x5"
    window.settings = load_config(window.config_file)
    window.show_menu()
    again = window.current_view
    assert (str(again.size_picker.value), again.size_picker.columns.value, again.size_picker.rows.value) == (
        "7x5",
        "7",
        "5",
    )
    click(again, *rect_centre(again.play_puzzle))
    assert str(window.current_view.game.board.size) == "7x5"


def test_a_preset_sets_columns_and_rows_and_a_hand_set_size_lights_none(window):
    menu = window.current_view
    picker = menu.size_picker
    six_by_five = next(button for button in picker.presets if button.label == "6 × 5")
    click(menu, *rect_centre(six_by_five))
    assert (picker.columns.value, picker.rows.value) == ("6", "5") and six_by_five.primary
    choose(menu, picker.rows, "9")
    assert str(picker.value) == "6x9" and not any(button.primary for button in picker.presets)
    click(menu, *rect_centre(picker.presets[0]))
    assert str(picker.value) == "3x3" and picker.columns.value == "3"


def test_columns_and_rows_are_2_to_10():
    assert SIDES[0] == "2" and SIDES[-1] == "10" and len(SIDES) == 9
