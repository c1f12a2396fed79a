"""The player's own config file: found at start, edited by one line, never left broken or half-written."""

import pytest

from game.config import load_config
from game.errors import UserError
from game.user_config import HEADER, config_to_load, save_language, user_config_file

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
    save_language(user_config_file(), "ko")
    assert config_to_load(None) == user_config_file()
    assert load_config(config_to_load(None)).language == "ko"


def test_saving_into_a_missing_file_makes_one_with_a_header(tmp_path):
    path = tmp_path / "new" / "config.yaml"
    config = save_language(path, "tr")
    assert config.language == "tr"
    assert path.read_text(encoding="utf-8") == HEADER + "language: tr\n"


def test_saving_changes_one_line_and_keeps_comments_and_other_keys(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(MINE, encoding="utf-8")
    config = save_language(path, "uk")
    assert path.read_text(encoding="utf-8") == MINE.replace("language: en    #", "language: uk    #")
    assert config.language == "uk" and config.window.width == 1000 and config.tavla.rules == "standard"


def test_a_file_without_the_key_gets_it_appended(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("window:\n  fps: 30", encoding="utf-8")
    save_language(path, "auto")
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
        save_language(path, language)
    assert str(path) in str(caught.value) and ".check" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == text
    assert [entry.name for entry in tmp_path.iterdir()] == ["config.yaml"], "no temporary file is left"
