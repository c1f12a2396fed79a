"""The config: defaults load, user files overlay key by key, and every bad file is refused whole."""

import gettext
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.core.errors import UserError
from game.core.text import i18n
from game.settings import Config, load_config
from game.tavla.engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str, name: str = "user.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(UserError) as caught:
        load_config(path)
    return str(caught.value)


def test_defaults_load_into_typed_objects():
    config = load_config()
    assert config.window.width >= 640
    assert {"4x4", "6x5", "5x5"} <= set(map(str, config.puzzle.sizes))
    assert config.puzzle.animation.easing == "ease_out"
    assert 0.05 <= config.puzzle.animation.duration <= 0.2
    assert str(config.tavla.rules) in ("tavla", "standard")
    assert all(image.path.is_file() for image in config.puzzle.images)
    assert len(config.puzzle.images) >= 3


def test_user_file_overrides_key_by_key(tmp_path):
    config = load_config(
        write(tmp_path, "puzzle:\n  animation:\n    duration: 0.3\ntavla:\n  rules: standard\n")
    )
    defaults = load_config()
    assert config.puzzle.animation.duration == 0.3
    assert config.puzzle.animation.easing == defaults.puzzle.animation.easing
    assert config.tavla.rules.rotation == (Rules.STANDARD,)
    assert config.tavla.match_length == defaults.tavla.match_length
    assert config.window == defaults.window


def test_relative_image_paths_are_relative_to_the_file(tmp_path):
    shipped = load_config().puzzle.images[0].path
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "mine.img").write_bytes(shipped.read_bytes())
    config = load_config(write(tmp_path, "puzzle:\n  images:\n    - name: mine\n      path: pics/mine.img\n"))
    assert config.puzzle.image_path("mine") == tmp_path / "pics" / "mine.img"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("window:\n\twidth: 800\n", ["line 2", "column 1", "YAML syntax error"]),
        (
            "puzzle:\n  animaton:\n    duration: 1\n",
            ["line 2", "puzzle.animaton", "unknown key", "did you mean 'animation'"],
        ),
        ("windw:\n  width: 800\n", ["line 1", "windw", "did you mean 'window'"]),
        ("window:\n  width: wide\n", ["line 2", "window.width", "'wide'", "integer"]),
        ("window:\n  fullscreen: maybe\n", ["window.fullscreen", "'maybe'", "boolean"]),
        ("puzzle:\n  sizes: ['4x4', '0x4']\n", ["puzzle.sizes", "'0x4'", "2"]),
        ("puzzle:\n  sizes: ['4x']\n", ["puzzle.sizes", "'4x'"]),
        ("puzzle:\n  sizes: ['100x100']\n", ["puzzle.sizes", "'100x100'", "10"]),
        ("puzzle:\n  sizes: ['4x4x4']\n", ["puzzle.sizes", "'4x4x4'", "WxH"]),
        ("puzzle:\n  default_size: '4x'\n", ["line 2", "puzzle.default_size"]),
        ("puzzle:\n  images:\n    - name: cat\n", ["line 3", "puzzle.images[0].path", "required"]),
        (
            "puzzle:\n  images:\n    - name: cat\n      path: nowhere.png\n",
            ["line 4", "puzzle.images[0].path", "no such file", "nowhere.png"],
        ),
        (
            "puzzle:\n  animation:\n    easing: wobbly\n",
            ["line 3", "puzzle.animation.easing", "'wobbly'", "ease_out"],
        ),
        ("tavla:\n  rules: chess\n", ["line 2", "tavla.rules", "'chess'", "'tavla', 'standard'", "'tavli'"]),
        ("tavla:\n  match_length: 0\n", ["tavla.match_length", "1 to 25 points", "money"]),
        ("tavla:\n  colours:\n    board: brown\n", ["tavla.colours.board", "#rrggbb"]),
        ("puzzle:\n  default_image: kitten\n", ["puzzle", "kitten", "numbers"]),
        ("- just\n- a list\n", ["must be a mapping"]),
        ("", ["is empty"]),
        ("language: klingon\n", ["line 1", "language", "'klingon'", "'en'"]),
    ],
    ids=[
        "yaml-syntax",
        "misspelled-nested-key",
        "misspelled-top-key",
        "wrong-type",
        "wrong-bool",
        "size-0x4",
        "size-4x",
        "size-100x100",
        "size-4x4x4",
        "default-size",
        "image-without-path",
        "missing-image",
        "unknown-easing",
        "bad-rules",
        "match-length-0",
        "bad-colour",
        "unknown-default-image",
        "not-a-mapping",
        "empty-file",
        "unknown-language",
    ],
)
def test_bad_file_is_refused_with_a_message_naming_the_problem(tmp_path, text, expected):
    path = write(tmp_path, text)
    message = refusal(path)
    assert str(path) in message
    for fragment in expected:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def test_directory_instead_of_an_image(tmp_path):
    (tmp_path / "folder.png").mkdir()
    message = refusal(write(tmp_path, "puzzle:\n  images:\n    - name: x\n      path: folder.png\n"))
    assert "not a file" in message and "folder.png" in message and "puzzle.images[0].path" in message


def test_file_that_is_not_an_image(tmp_path):
    (tmp_path / "fake.png").write_text("this is not a picture")
    message = refusal(write(tmp_path, "puzzle:\n  images:\n    - name: x\n      path: fake.png\n"))
    assert "not a readable image" in message and "fake.png" in message


def test_config_directory_and_missing_config(tmp_path):
    assert "does not exist" in refusal(tmp_path / "absent.yaml")
    assert "is not a file" in refusal(tmp_path)


def test_unsafe_yaml_tags_are_refused(tmp_path):
    message = refusal(write(tmp_path, "language: !!python/object/apply:os.system ['echo hacked']\n"))
    assert "line 1" in message and "tag not allowed" in message


def test_cli_exits_2_with_one_line_for_a_bad_config(tmp_path, capsys):
    path = write(tmp_path, "tavla:\n  rules: chess\n")
    assert cli.main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tavla.rules" in err and "Traceback" not in err
    assert cli.main(["puzzle", "--config", str(path)]) == 2


def test_bad_config_through_main_py(tmp_path):
    path = write(tmp_path, "puzzle:\n  sizes: ['0x4']\n")
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--config", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "puzzle.sizes" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("text", "line", "key", "problem"),
    [
        (
            "tavla:\n  rules: chess\n",
            2,
            "tavla.rules",
            "bad value 'chess': Input should be 'tavla', 'standard', 'portes', 'plakoto', 'fevga', "
            "'gulbara', 'nardy', 'moultezim' or 'tavli'",
        ),
        (
            "language: klingon\n",
            1,
            "language",
            "bad value 'klingon': Input should be 'en', 'tr', 'uk', 'ko' or 'auto'",
        ),
        (
            "window:\n  width: 99999\n",
            2,
            "window.width",
            "bad value 99999: Input should be less than or equal to 7680",
        ),
        (
            "puzzle:\n  animation:\n    duration: -1\n",
            3,
            "puzzle.animation.duration",
            "bad value -1: Input should be greater than or equal to 0",
        ),
        (
            "window:\n  width: wide\n",
            2,
            "window.width",
            "bad value 'wide': Input should be a valid integer, unable to parse string as an integer",
        ),
        (
            "window:\n  width: 1.5\n",
            2,
            "window.width",
            "bad value 1.5: Input should be a valid integer, got a number with a fractional part",
        ),
        (
            "tavla:\n  colours:\n    board: 5\n",
            3,
            "tavla.colours.board",
            "bad value 5: Input should be a valid string",
        ),
        (
            "puzzle:\n  sizes: []\n",
            2,
            "puzzle.sizes",
            "bad value: List should have at least 1 item after validation, not 0",
        ),
        (
            "tavla:\n  opponent: ''\n",
            2,
            "tavla.opponent",
            "bad value '': String should have at least 1 character",
        ),
        ("foo: 1\n", 1, "foo", "unknown key; allowed keys here: window, language, sound, puzzle, tavla"),
    ],
    ids=[
        "literal",
        "literal-language",
        "range-le",
        "range-ge",
        "int-parsing",
        "int-from-float",
        "string-type",
        "list-too-short",
        "string-too-short",
        "unknown-key-without-suggestion",
    ],
)
def test_pydantic_errors_are_explained_in_whole_english_sentences(tmp_path, text, line, key, problem):
    path = write(tmp_path, text)
    assert refusal(path) == f"config file {path}, line {line}: {key}: {problem}"


def test_unmapped_pydantic_error_keeps_pydantic_text():
    from game.core.settings.refusals import _pydantic_reason

    reason = _pydantic_reason("some_future_type", {}, "Pydantic says no", ("window",), Config)
    assert reason == "Pydantic says no"


class _Wrapping(gettext.NullTranslations):
    """A catalogue that marks every message it translates, to show which text went through it."""

    def gettext(self, message):
        return "«" + message + "»"

    def ngettext(self, singular, plural, n):
        return "«" + (singular if n == 1 else plural) + "»"


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        (
            "tavla:\n  rules: chess\n",
            ["«Input should be «'tavla', 'standard', ", "'moultezim' or 'tavli'»»", "«bad value 'chess': "],
        ),
        ("window:\n  width: 99999\n", ["«Input should be less than or equal to 7680»"]),
        ("window:\n  fullscreen: maybe\n", ["«Input should be a valid boolean, unable to interpret input»"]),
        ("puzzle:\n  sizes: []\n", ["«List should have at least 1 item after validation, not 0»"]),
        ("tavla:\n  colours:\n    board: brown\n", ["«a colour is written #rrggbb, for example #1f4d3a»"]),
        ("puzzle:\n  animation:\n    easing: wobbly\n", ["«unknown easing; allowed: linear, "]),
        ("puzzle:\n  images:\n    - name: cat\n", ["«this key is required»"]),
        ("windw: 1\n", ["«unknown key; did you mean 'window'? allowed keys here: "]),
        (
            "puzzle:\n  default_image: kitten\n",
            ["«default_image: 'kitten' is not 'numbers' or an image name "],
        ),
    ],
    ids=[
        "literal",
        "range",
        "type",
        "too-short",
        "colour",
        "easing",
        "required",
        "unknown-key",
        "default-image",
    ],
)
def test_explanations_go_through_the_catalogue(tmp_path, monkeypatch, text, fragments):
    path = write(tmp_path, text)
    english = refusal(path)
    with monkeypatch.context() as patch:
        patch.setattr(i18n, "_translation", _Wrapping())
        wrapped = refusal(path)
    assert wrapped.startswith("««config file ") and wrapped.endswith("»")
    assert wrapped != english and str(path) in wrapped
    for fragment in fragments:
        assert fragment in wrapped, f"{fragment!r} not in {wrapped!r}"
    assert refusal(path) == english  # the English catalogue is back


def test_file_and_picture_errors_go_through_the_catalogue(tmp_path, monkeypatch):
    config = load_config()
    with monkeypatch.context() as patch:
        patch.setattr(i18n, "_translation", _Wrapping())
        assert refusal(tmp_path / "absent.yaml").startswith("«config file ")
        assert refusal(write(tmp_path, "")).endswith("for example 'language: en'»")
        assert refusal(write(tmp_path, "window:\n\twidth: 800\n", "tab.yaml")).startswith("«config file ")
        with pytest.raises(UserError) as caught:
            config.puzzle.resolve_picture("no-such-picture")
        names = ", ".join(["numbers", *(image.name for image in config.puzzle.images)])
        assert str(caught.value) == f"«picture 'no-such-picture' is not one of {names}, nor an image file»"
