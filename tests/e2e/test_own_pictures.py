"""End to end: a photo put in the pictures folder is chosen in the menu of a real window and played."""

import numpy as np
import pytest
import yaml
from PIL import Image

from tests.e2e.harness import difference

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CHANGED = 8.0
MAGENTA = np.array([230, 20, 200])


def magenta_share(shot: Image.Image) -> float:
    """How much of the window is the photo's colour."""
    pixels = np.asarray(shot, dtype=np.int16)
    return float((np.abs(pixels - MAGENTA).sum(axis=2) < 60).mean())


def test_a_photo_in_the_pictures_folder_is_chosen_from_the_menu_and_played(launch, tmp_path):
    folder = tmp_path / "pictures"
    folder.mkdir()
    photo = Image.new("RGB", (700, 500), tuple(MAGENTA))
    photo.paste((40, 200, 60), (0, 0, 350, 250))
    photo.save(folder / "my photo.jpg", quality=95)
    config = tmp_path / "mine.yaml"
    config.write_text("language: en\n", encoding="utf-8")
    game = launch("--config", str(config))
    menu = game.screenshot()
    assert magenta_share(menu) < 0.001, "number tiles first"
    game.key("Tab", "Tab", "Tab", "Left")  # the board's columns and rows, then the picture
    chosen = game.wait_until(lambda shot: magenta_share(shot) > 0.002)
    assert magenta_share(chosen) > 0.002, "the photo shows in the menu's preview"
    assert yaml.safe_load(config.read_text(encoding="utf-8"))["puzzle"]["default_image"] == "my photo"
    game.key("Tab", "Return")
    puzzle = game.wait_until(lambda shot: difference(chosen, shot) > CHANGED and magenta_share(shot) > 0.1)
    puzzle.save(tmp_path / "puzzle.png")
    assert magenta_share(puzzle) > 0.1, "the board is cut from the photo"
    game.key("n")
    game.settle()
    assert game.running
