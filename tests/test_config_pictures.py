"""Pictures in the config: shipped ones named by asset, relative paths from the file, and the player's
pictures folder beside them (``--image NAME``, the remembered choice)."""

import shutil
from pathlib import Path

import pytest
from PIL import Image

from game.core.errors import UserError
from game.core.files.shipped import asset_path, config_path
from game.puzzle.model.settings import NUMBERS
from game.settings import load_config


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """An empty pictures folder of this test's own."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "data" / "pictures"
    path.mkdir(parents=True)
    return path


def put(folder: Path, name: str) -> Path:
    path = folder / name
    Image.new("RGB", (40, 30), (10, 120, 200)).save(path)
    return path


def test_the_shipped_config_copied_anywhere_still_finds_the_shipped_pictures(tmp_path, monkeypatch):
    copy = tmp_path / "elsewhere" / "my.yaml"
    copy.parent.mkdir()
    shutil.copyfile(config_path(), copy)
    monkeypatch.chdir(tmp_path)
    config = load_config(copy)
    assert [image.path for image in config.puzzle.images] == [
        asset_path("images/sunset.jpg"),
        asset_path("images/mosaic.png"),
        asset_path("images/night.jpg"),
    ]
    assert all(image.path.is_file() for image in config.puzzle.images)


def test_asset_and_relative_paths_in_a_players_file(tmp_path):
    put(tmp_path, "mine.png")
    user = tmp_path / "user.yaml"
    user.write_text(
        "puzzle:\n  images:\n    - name: mine\n      path: mine.png\n"
        "    - name: shipped\n      path: asset:images/night.jpg\n",
        encoding="utf-8",
    )
    config = load_config(user)
    assert config.puzzle.image_path("mine") == tmp_path / "mine.png"
    assert config.puzzle.image_path("shipped") == asset_path("images/night.jpg")


def test_a_missing_asset_is_refused_naming_it(tmp_path):
    user = tmp_path / "user.yaml"
    text = "puzzle:\n  images:\n    - name: x\n      path: asset:images/none.png\n"
    user.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=r"no such file.*none\.png"):
        load_config(user)


def test_folder_pictures_are_offered_after_the_configured_ones(folder):
    put(folder, "beach.png")
    put(folder, "sunset.png")
    puzzle = load_config().puzzle
    configured = [image.name for image in puzzle.images]
    assert puzzle.picture_names() == [NUMBERS, *configured, "beach", "sunset (2)"]
    assert puzzle.image_path("sunset") == asset_path("images/sunset.jpg"), "the configured one wins"
    assert puzzle.image_path("sunset (2)") == folder / "sunset.png"


def test_image_name_finds_a_folder_picture(folder):
    put(folder, "beach.png")
    puzzle = load_config().puzzle
    assert puzzle.resolve_picture("beach") == ("beach", folder / "beach.png")
    with pytest.raises(UserError, match="beach"):
        puzzle.resolve_picture("kitten")


def test_a_folder_picture_may_be_the_remembered_choice(folder, tmp_path):
    put(folder, "beach.png")
    user = tmp_path / "user.yaml"
    user.write_text("puzzle:\n  default_image: beach\n", encoding="utf-8")
    assert load_config(user).puzzle.default_image == "beach"
    (folder / "beach.png").unlink()
    with pytest.raises(UserError, match="default_image"):
        load_config(user)


def test_a_remembered_folder_picture_since_deleted_is_forgotten_not_fatal(tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    own = tmp_path / "own.yaml"
    own.write_text("puzzle:\n  default_image: holiday\n  default_size: 5x5\n")
    with pytest.raises(UserError, match="holiday"):
        load_config(own)  # a file given with --config is refused as it is
    config = load_config(own, remembered=True)  # the player's own file: the game still starts
    assert config.puzzle.default_image == load_config().puzzle.default_image
    assert str(config.puzzle.default_size) == "5x5"  # the other choices are kept
    assert own.read_text() == "puzzle:\n  default_image: holiday\n  default_size: 5x5\n"
