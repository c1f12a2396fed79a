"""The main menu and Settings as a new player finds them, headless: one board size control met first by
the keyboard, the pictures folder there when it is named, Settings in groups with the volume of no sound
dimmed and passed by, the gnubg note with the README's command, a title clear of its subtitle."""

import re
from pathlib import Path

import pytest
from arcade import key

from game.menu.layout import CARD_HEIGHT, CARD_Y
from game.menu.main_menu import MainMenuView
from game.menu.settings import GROUPS, SETTINGS, VOLUME, SettingsView
from game.puzzle.pictures.folder import pictures_dir
from game.puzzle.screens.view import PuzzleView
from game.settings import load_config
from tests.views.driver import click, press_key, screenshot
from tests.views.menu.menus import rect_centre

README = Path(__file__).resolve().parents[3] / "README.md"


def test_the_board_size_is_one_control_the_keyboard_meets_first(window):
    """Columns × rows side by side in one control, the first two stops of the keyboard, with the config's
    sizes as buttons under it; any size is reached and kept, and Enter plays it."""
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    picker = menu.size_picker
    assert picker.columns.rect.y == picker.rows.rect.y, "columns and rows on one line"
    assert abs(picker.columns.rect.x - picker.rows.rect.x) < 300, "side by side"
    press_key(menu, key.TAB)
    assert menu.focus_order[menu.focus] is picker.columns
    press_key(menu, key.RIGHT)
    press_key(menu, key.TAB)
    assert menu.focus_order[menu.focus] is picker.rows
    press_key(menu, key.RIGHT)
    press_key(menu, key.RIGHT)
    assert str(picker.value) == "5x6"
    assert str(load_config(window.config_file).puzzle.default_size) == "5x6"
    sizes = window.settings.puzzle.sizes
    assert [button.label for button in picker.presets] == [f"{size.columns} × {size.rows}" for size in sizes]
    assert not any(button.primary for button in picker.presets), "a size set by hand lights no preset"
    click(menu, *rect_centre(picker.presets[-1]))
    assert picker.value == sizes[-1] and picker.presets[-1].primary
    assert (picker.columns.value, picker.rows.value) == (str(sizes[-1].columns), str(sizes[-1].rows))
    press_key(menu, key.TAB, key.MOD_SHIFT)
    press_key(menu, key.ENTER)
    assert isinstance(window.current_view, PuzzleView) and window.current_view.game.board.size == sizes[-1]
    press_key(window.current_view, key.ESCAPE)


def test_the_pictures_folder_is_there_when_the_menu_or_settings_names_it(window, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / ".local" / "share" / "fifteen-tavla"))
    assert not pictures_dir().exists()
    window.show_menu()
    assert pictures_dir().is_dir(), "made when the menu names it"
    assert "~/.local/share/fifteen-tavla/pictures" in window.current_view.pictures_note.text, "and named"
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "other"))
    window.show_view(SettingsView(window.config_file))
    assert pictures_dir().is_dir(), "and when Settings does"


def test_a_pictures_folder_that_cannot_be_made_is_said_and_the_menu_works(window, tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder would be")
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(blocker))
    window.show_menu()
    menu = window.current_view
    assert "could not be made" in menu.toast.message and "pictures" in menu.toast.message
    click(menu, *rect_centre(menu.play_puzzle))
    assert isinstance(window.current_view, PuzzleView)
    window.show_view(SettingsView(window.config_file))
    assert "could not be made" in window.current_view.toast.message


def test_settings_are_grouped_under_headings(window, language):
    view = SettingsView(window.config_file)
    window.show_view(view)
    screenshot(window)
    names = [heading.text for heading in view.headings]
    assert len(names) == len(GROUPS) == 4 and all(names)
    keys = [[setting.key_path[0] for setting in group] for _name, group in GROUPS]
    # The animation speed (the window's: Fifteen's slides too) sits in the Tavla group's free row, whose
    # glides and dice are most of what it changes; a sixth General row would run into the note below.
    assert keys[1] == ["puzzle"] * 2 and keys[2] == ["tavla"] * 5 + ["window"] and keys[3] == ["sound"] * 2
    assert all(not re.match(r"^(Fifteen|Tavla):", setting.caption) for setting in SETTINGS)
    tops = [heading.y for heading in view.headings]
    assert tops == sorted(tops, reverse=True), "the groups top down"
    for heading, (_name, group) in zip(view.headings, GROUPS, strict=True):
        first = view.selectors[SETTINGS.index(group[0])]
        assert heading.y == pytest.approx(first.rect.y), "each name beside its group's first row"
        assert heading.right < first.rect.x - first.rect.width / 2, "left of the selectors"


@pytest.mark.slow
def test_the_volume_of_no_sound_is_dim_and_the_keys_pass_it_by(window):
    volume = next(index for index, setting in enumerate(SETTINGS) if setting.key_path == VOLUME)
    sound = volume - 1
    view = SettingsView(window.config_file, focus=sound)
    window.show_view(view)
    assert view.selectors[volume].enabled
    press_key(view, key.DOWN)
    assert view.focus == volume, "with the sound on, the volume is next"
    press_key(view, key.UP)
    press_key(view, key.LEFT)
    view = window.current_view
    assert not window.settings.sound.enabled and view.focus == sound
    selector = view.selectors[volume]
    assert not selector.enabled
    before = window.settings.sound.volume
    click(view, *rect_centre(selector.right))
    press_key(view, key.DOWN)
    assert view.focus != volume, "the keys pass the volume by"
    assert window.settings.sound.volume == before, "a click on its arrow changes nothing"
    image = screenshot(window)
    lit = view.selectors[sound].rect
    on = image.getpixel((round(lit.x), round(800 - lit.y - lit.height / 2 + 3)))
    dim = image.getpixel(
        (round(selector.rect.x), round(800 - selector.rect.y - selector.rect.height / 2 + 3))
    )
    assert on != dim, "the volume's box is drawn dim"


def test_the_gnubg_note_gives_the_readme_command(window, monkeypatch):
    from game.tavla.players import gnubg_adapter

    readme = README.read_text(encoding="utf-8")
    command = re.search(r"`([^`]*pip install[^`]*\[gnubg\][^`]*)`", readme).group(1)
    monkeypatch.setattr(gnubg_adapter, "available", lambda: False)
    window.show_menu()
    menu = window.current_view
    while menu.opponent_selector.value != "gnubg":
        click(menu, *rect_centre(menu.opponent_selector.right))
    assert command in menu.opponent_note.text
    assert "pip install gnubg" not in menu.opponent_note.text


def _ink_bands(image, box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The runs of image rows in `box` (left, top, right, bottom) that hold any drawn glyph."""
    left, top, right, bottom = box
    rows = []
    for y in range(top, bottom):
        rows.append(any(sum(image.getpixel((x, y))) > 250 for x in range(left, right)))
    bands: list[tuple[int, int]] = []
    start = None
    for offset, inked in enumerate([*rows, False]):
        if inked and start is None:
            start = offset
        elif not inked and start is not None:
            if bands and top + start - bands[-1][1] <= 2:  # one thin row between: the same line's glyphs
                bands[-1] = (bands[-1][0], top + offset - 1)
            else:
                bands.append((top + start, top + offset - 1))
            start = None
    return bands


@pytest.mark.slow
def test_the_title_leaves_its_subtitle_room_in_every_language(window, language):
    """The title's glyphs and the subtitle's are two bands of rows with a clear gap, on a full window and
    a small one (Hangul and a cedilla reach below the line further than Latin letters)."""
    from tests.views.text import small_window

    window.show_menu()
    view = window.current_view
    above_the_cards = 800 - round(CARD_Y + CARD_HEIGHT / 2) - 2
    bands = _ink_bands(screenshot(window), (200, 0, 1080, above_the_cards))
    assert len(bands) == 2, f"title and subtitle apart: {bands}"
    assert bands[1][0] - bands[0][1] > 6, bands
    with small_window(view):
        image = screenshot(window)
        small = _ink_bands(image, (100, 400, 540, 400 + above_the_cards // 2))
        assert len(small) == 2 and small[1][0] - small[0][1] > 3, small
