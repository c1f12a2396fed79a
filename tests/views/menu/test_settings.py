"""The Settings screen, headless: the language changes at once, is kept, and a bad file loses nothing."""

import random
from pathlib import Path

import pytest
from arcade import key

from game.core.text import i18n
from game.menu.main_menu import MainMenuView
from game.menu.settings import FULLSCREEN, SETTINGS, SettingsView
from game.settings import load_config
from tests.views.driver import click, press_key
from tests.views.menu.menus import open_settings


def choose(view: SettingsView, language: str) -> SettingsView:
    """Click the right arrow until the selector shows `language`; each click rebuilds the screen."""
    window = view.window
    for _ in range(len(view.language_selector.choices)):
        if view.language_selector.value == language:
            return view
        arrow = view.language_selector.right.rect
        click(view, arrow.x, arrow.y)
        view = window.current_view
    raise AssertionError(f"{language} is not offered")


@pytest.mark.slow
def test_choosing_a_language_speaks_it_at_once_and_keeps_it(window):
    view = choose(open_settings(window), "tr")
    assert i18n.current_language() == "tr" and window.settings.language == "tr"
    assert view.texts[0].text == i18n._("Settings") != "Settings"
    assert load_config(window.config_file).language == "tr", "kept for the next start"
    back = view.back_button.rect
    click(view, back.x, back.y)
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    assert menu.play_puzzle.label == i18n._("Play Fifteen") != "Play Fifteen"
    view = choose(open_settings(window), "ko")
    assert i18n.current_language() == "ko" and view.texts[0].text == i18n._("Settings")
    view = choose(view, "en")
    assert view.texts[0].text == "Settings"


def test_the_arrow_keys_change_the_language_too(window):
    view = choose(open_settings(window), "en")
    press_key(view, key.RIGHT)
    assert window.settings.language == "tr"
    press_key(window.current_view, key.LEFT)
    assert window.settings.language == "en"


@pytest.mark.slow
def test_a_config_file_that_cannot_be_saved_is_reported_and_the_language_still_changes(window, tmp_path):
    broken = tmp_path / "config.yaml"
    broken.write_text("window: [unclosed\n", encoding="utf-8")
    window.config_file = broken
    view = choose(open_settings(window), "uk")
    assert i18n.current_language() == "uk"
    assert str(broken) in view.toast.message
    assert broken.read_text(encoding="utf-8") == "window: [unclosed\n", "the player's file is untouched"


@pytest.mark.slow
def test_a_switch_is_applied_and_kept_and_the_keys_walk_the_grid(window):
    view = open_settings(window)
    assert not window.settings.tavla.auto_bear_off
    bear_off = _index(("tavla", "auto_bear_off"))
    for _ in range(bear_off):
        press_key(view, key.DOWN)
    assert view.focus == bear_off
    press_key(view, key.RIGHT)
    view = window.current_view
    assert window.settings.tavla.auto_bear_off, "on at once"
    assert view.focus == bear_off, "the rebuilt screen keeps the lit setting"
    assert load_config(window.config_file).tavla.auto_bear_off, "and kept for the next start"
    assert "auto_bear_off: true" in window.config_file.read_text(encoding="utf-8")
    board = view.selectors[_index(("tavla", "point_numbers"))].right.rect
    click(view, board.x, board.y)
    assert not window.settings.tavla.point_numbers
    assert load_config(window.config_file).tavla.auto_bear_off, "the earlier choice stays"


@pytest.fixture
def yaml_read_once_per_text(monkeypatch) -> None:
    """The config reader parses each text once: a save loads the config twice (the file as it was, the
    edited one) and the next save loads that edited text again, so the fuzz below spent most of its
    time parsing the same few kilobytes of YAML. The reader is a function of the bytes it reads (its
    result names no path, and nobody changes it), so the file and screen checks see exactly what they
    would; a text it refuses is not kept, so it is refused again."""
    from game import settings

    read = settings.read_yaml
    parsed: dict[bytes, object] = {}

    def read_once(path: Path):
        try:
            raw = path.read_bytes() if path.is_file() else None
        except OSError:
            raw = None
        if raw is None:
            return read(path)
        if raw not in parsed:
            parsed[raw] = read(path)
        return parsed[raw]

    monkeypatch.setattr(settings, "read_yaml", read_once)


@pytest.mark.slow
def test_fuzz_random_clicks_and_keys_keep_the_file_and_the_screen_in_step(
    window, yaml_read_once_per_text, monkeypatch
):
    """Whatever is clicked or pressed, the file on disk always loads and says what the game uses."""
    rng = random.Random(9)
    keys = [key.UP, key.DOWN, key.LEFT, key.RIGHT, key.A, key.D, key.W, key.S, key.SPACE, key.RETURN]
    # A headless window has no screen to fill: the toggle's call is what the screen owes, not pyglet's mode.
    monkeypatch.setattr(window, "set_fullscreen", lambda fullscreen=True: None)
    open_settings(window)
    for _ in range(160):
        view = window.current_view
        if not isinstance(view, SettingsView):
            press_key(view, key.S)
            continue
        if rng.random() < 0.6:
            target = rng.choice(view.buttons).rect if rng.random() < 0.7 else None
            x, y = (target.x, target.y) if target else (rng.uniform(0, 1280), rng.uniform(0, 800))
            click(view, x, y)
        else:
            press_key(view, rng.choice(keys))
    if window.config_file.exists():
        saved = load_config(window.config_file)
        for setting in SETTINGS:
            if setting.key_path != FULLSCREEN:
                assert setting.shown(window) == _shown_in(saved, setting), setting.key_path
    assert i18n.current_language() == i18n.resolve(window.settings.language)
    assert window.get_size() == (1280, 800), "the window the other tests expect"


def _index(key_path: tuple[str, ...]) -> int:
    return next(index for index, setting in enumerate(SETTINGS) if setting.key_path == key_path)


def _shown_in(config, setting) -> str:
    value = config
    for part in setting.key_path:
        value = getattr(value, part)
    return ("on" if value else "off") if setting.is_switch else str(value)
