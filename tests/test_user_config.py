"""The player's own config file: found at start, edited in place, never left broken or half-written."""

import pytest

from game.core.errors import UserError
from game.core.settings.user_file import HEADER, config_to_load, user_config_file
from game.settings import load_config, save_setting

MINE = """# my settings
window:
  width: 1000   # a small screen
language: en    # I read English
tavla:
  rules: standard
"""


def test_the_file_lives_in_the_config_folder_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_CONFIG_DIR", str(tmp_path))
    assert user_config_file() == tmp_path / "config.yaml"


def test_an_explicit_file_wins_and_the_own_file_is_read_only_when_it_exists(tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_CONFIG_DIR", str(tmp_path))
    assert config_to_load(None) is None
    assert config_to_load("other.yaml").name == "other.yaml"
    save_setting(user_config_file(), ("language",), "ko")
    assert config_to_load(None) == user_config_file()
    assert load_config(config_to_load(None)).language == "ko"


def test_saving_into_a_missing_file_makes_one_with_a_header(tmp_path):
    path = tmp_path / "new" / "config.yaml"
    config = save_setting(path, ("language",), "tr")
    assert config.language == "tr"
    assert path.read_text(encoding="utf-8") == HEADER + "language: tr\n"


def test_saving_changes_one_line_and_keeps_comments_and_other_keys(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(MINE, encoding="utf-8")
    config = save_setting(path, ("language",), "uk")
    assert path.read_text(encoding="utf-8") == MINE.replace("language: en    #", "language: uk    #")
    assert config.language == "uk" and config.window.width == 1000 and str(config.tavla.rules) == "standard"


def test_a_file_without_the_key_gets_it_appended(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("window:\n  fps: 30", encoding="utf-8")
    save_setting(path, ("language",), "auto")
    assert path.read_text(encoding="utf-8") == "window:\n  fps: 30\nlanguage: auto\n"
    assert load_config(path).window.fps == 30


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("window: [unclosed\n", "tr", "YAML syntax error"),
        ("window:\n  fps: 1000\n", "tr", "window.fps"),
        ("language: en\n", "klingon", "klingon"),
    ],
)
def test_a_file_that_would_not_load_is_left_as_it_was(tmp_path, text, language, expected):
    path = tmp_path / "config.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=expected) as caught:
        save_setting(path, ("language",), language)
    assert str(path) in str(caught.value) and ".check" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == text
    assert [entry.name for entry in tmp_path.iterdir()] == ["config.yaml"], "no temporary file is left"


NESTED = """# mine
window:
  width: 1000   # a small screen
# the puzzle
puzzle:
  sizes: ["3x3", "4x4"]
  default_size: "3x3"
  animation:
    duration: 0.2
# the table follows

tavla:
  rules: standard  # I like the cube
"""


@pytest.mark.parametrize(
    ("key_path", "value", "expected"),
    [
        (("tavla", "rules"), "tavla", NESTED.replace("rules: standard  #", "rules: tavla  #")),
        (
            ("window", "fullscreen"),
            True,
            NESTED.replace("a small screen\n", "a small screen\n  fullscreen: true\n"),
        ),
        (
            ("puzzle", "animation", "easing"),
            "linear",
            NESTED.replace("duration: 0.2\n", "duration: 0.2\n    easing: linear\n"),
        ),
        (("tavla", "auto_bear_off"), True, NESTED + "  auto_bear_off: true\n"),
        (("language",), "ko", NESTED + "language: ko\n"),
    ],
)
def test_a_nested_setting_is_edited_in_place_or_added_to_its_section(tmp_path, key_path, value, expected):
    path = tmp_path / "config.yaml"
    path.write_text(NESTED, encoding="utf-8")
    config = save_setting(path, key_path, value)
    assert path.read_text(encoding="utf-8") == expected
    section = config
    for key in key_path:
        section = getattr(section, key)
    assert (str(section) if key_path == ("tavla", "rules") else section) == value


def test_a_missing_section_is_added_whole(tmp_path):
    path = tmp_path / "config.yaml"
    config = save_setting(path, ("tavla", "point_numbers"), False)
    assert path.read_text(encoding="utf-8") == HEADER + "tavla:\n  point_numbers: false\n"
    assert config.tavla.point_numbers is False and config.tavla.rules == load_config().tavla.rules


def test_a_section_written_on_one_line_is_refused_by_name(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("window: {fps: 30}\n", encoding="utf-8")
    with pytest.raises(UserError, match="window is not a section written one key per line"):
        save_setting(path, ("window", "fullscreen"), True)
    assert path.read_text(encoding="utf-8") == "window: {fps: 30}\n"
