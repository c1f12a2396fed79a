"""Item 3: whatever the config file holds, every command (--help and --version too) answers one line
naming the file and the reason, exit 2: never a traceback, never a long wait."""

import time

import pytest
from PIL import Image

from game.core.errors import UserError
from game.core.settings.loading import MAX_CONFIG_BYTES, MAX_DEPTH
from game.settings import load_config
from tests.faults.helpers import OPENING, game

COMMANDS = [
    pytest.param(["--help"], id="help"),
    pytest.param(["--version"], id="version"),
    pytest.param(["moves", "--state", OPENING, "--dice", "3", "1"], id="moves"),
    pytest.param(["solve", "--size", "2x2", "--board", "1 2 3 0"], id="solve"),
]


def nested(depth: int) -> str:
    return "window: " + "[" * depth + "]" * depth + "\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def bomb(tmp_path_factory):
    """Made once for the module (its PNG takes seconds to compress), only read by the commands."""
    folder = tmp_path_factory.mktemp("bomb")
    picture = folder / "bomb.png"
    Image.new("1", (20_000, 20_000)).save(picture)  # 400 million pixels in a few hundred kilobytes
    return write(folder, "bomb.yaml", f"puzzle:\n  images:\n    - name: bomb\n      path: {picture}\n")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("deep.yaml", nested(1000), f"nested more than {MAX_DEPTH} levels deep"),
        ("digits.yaml", "window:\n  width: " + "9" * 5000 + "\n", "a number has more than"),
        ("date.yaml", "language: 2020-99-99\n", "a value cannot be read"),
    ],
)
def test_hostile_values_are_one_line_and_exit_2(tmp_path, command, name, text, words):
    path = write(tmp_path, name, text)
    result = game("--config", str(path), *command, timeout=30)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert str(path) in result.stderr and words in result.stderr
    assert result.stdout == ""


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_a_decompression_bomb_named_in_the_config_is_refused_in_one_line(bomb, command):
    result = game("--config", str(bomb), *command, timeout=30)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert str(bomb) in result.stderr and "too large" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_huge_file_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("w") as stream:
        stream.write("language: en\n")
        for _ in range(50):
            stream.write("# " + "x" * 1_000_000 + "\n")
    start = time.monotonic()
    result = game("--config", str(path), "--version", timeout=30)
    assert result.returncode == 2 and "too big" in result.stderr and str(path) in result.stderr
    assert time.monotonic() - start < 10


def test_the_limits_leave_room_for_real_files(tmp_path):
    assert MAX_CONFIG_BYTES >= 100_000
    path = write(tmp_path, "ok.yaml", "language: en\n" + "# comment\n" * 5000)
    assert load_config(path).language == "en"
    shallow = write(tmp_path, "shallow.yaml", "puzzle:\n  sizes: [4x4, 5x5]\n  default_size: 4x4\n")
    assert list(map(str, load_config(shallow).puzzle.sizes)) == ["4x4", "5x5"]


@pytest.mark.parametrize(
    "text",
    [
        "language: " + "q" * 100_000 + "\n",
        "tavla:\n  opponent: " + "b" * 100_000 + "\n  rules: " + "r" * 100_000 + "\n",
        "window:\n  width: " + "7" * 4000 + "\n",
        "puzzle:\n  images:\n    - name: x\n      path: " + "p" * 3000 + ".png\n",
    ],
)
def test_a_value_echoed_in_a_message_is_cut(tmp_path, text):
    path = write(tmp_path, "long.yaml", text)
    with pytest.raises(UserError) as error:
        load_config(path)
    message = str(error.value)
    assert len(message) < len(str(path)) + 600, message[:300]
    assert "…" in message


def test_a_long_value_is_cut_after_the_shown_length(tmp_path):
    path = write(tmp_path, "lang.yaml", "language: " + "q" * 1000 + "\n")
    with pytest.raises(UserError, match=r"bad value 'q+…\[952 more\]…q+'"):
        load_config(path)


def test_the_default_config_and_a_good_file_still_load(tmp_path):
    path = write(tmp_path, "good.yaml", "language: tr\n")
    assert load_config(path).language == "tr"
    result = game("--config", str(path), "--version")
    assert result.returncode == 0 and result.stdout.startswith("fifteen-tavla ")
