"""The game's settings: the shell's sections (window, language, sound) and each game's own (puzzle,
tavla), composed into one `Config`, read from the shipped defaults overlaid by the user's file, and a
choice kept in the player's file. Like game/app.py, this module knows both games; a game's code reads
its own section (game/puzzle/model/settings.py, game/tavla/settings.py), typed by its own protocol.
The machinery (reading YAML, explaining a refusal, editing the file) is game/core/settings/. No Arcade
import: every command reads the settings.
"""

from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from game.core.files.shipped import config_path
from game.core.settings.fields import Section
from game.core.settings.loading import overlay, read_yaml, validated
from game.core.settings.user_file import Setting, edit_setting
from game.puzzle.model.settings import PuzzleConfig, with_image_paths
from game.tavla.settings import TavlaConfig
from game.ui.shell_settings import SoundConfig, WindowConfig


class Config(Section):
    window: WindowConfig
    language: Literal["en", "tr", "uk", "ko", "auto"]
    sound: SoundConfig
    puzzle: PuzzleConfig
    tavla: TavlaConfig


def load_config(user_file: str | Path | None = None, remembered: bool = False) -> Config:
    """The defaults, overlaid by `user_file` if given; raises UserError naming what is wrong.

    `remembered`: `user_file` is the player's own file, where the menu keeps its choices. A picture
    chosen there from the pictures folder may since have been deleted; that choice alone is then
    forgotten (the shipped default picture is used, the file is left as it is) instead of refusing the
    whole file, so the game still starts.

    Whatever the file holds (too big, nested too deep, a number of 5,000 digits, a picture bomb), the
    result is a Config or a UserError with one line naming the file: never another exception.
    """
    default_file = config_path()
    default_data, default_node = read_yaml(default_file)
    merged = _with_image_paths(default_data, default_file)
    user_node = None
    if user_file is not None:
        user_file = Path(user_file)
        user_data, user_node = read_yaml(user_file)
        merged = overlay(merged, _with_image_paths(user_data, user_file))
    fallback = (lambda: _forgetting_picture(merged, default_data)) if remembered else None
    return validated(Config, merged, (default_file, default_node), (user_file, user_node), fallback)


def save_setting(path: Path, key_path: tuple[str, ...], value: Setting) -> Config:
    """Set the key at `key_path` (e.g. ``("tavla", "auto_bear_off")``) in the player's config file at
    `path`, made if missing; returns the config it now gives. Raises UserError, leaving the file as it
    was, if it cannot be read, edited, written, or would not load (game/core/settings/user_file.py)."""
    return edit_setting(path, key_path, value, lambda file: load_config(file, remembered=True))


def _with_image_paths(data: dict[str, Any], source: Path) -> dict[str, Any]:
    """The file's data with its puzzle section's image paths made whole (relative to `source`)."""
    puzzle = data.get("puzzle")
    return {**data, "puzzle": with_image_paths(puzzle, source)} if isinstance(puzzle, dict) else data


def _forgetting_picture(merged: dict[str, Any], default_data: dict[str, Any]) -> Config | None:
    """The settings with the shipped default picture in place of the player's remembered one, if that
    choice differs and was all that was wrong; else None."""
    puzzle = merged.get("puzzle")
    shipped = default_data["puzzle"]["default_image"]
    if not isinstance(puzzle, dict) or puzzle.get("default_image") == shipped:
        return None
    try:
        return Config.model_validate({**merged, "puzzle": {**puzzle, "default_image": shipped}})
    except ValidationError:
        return None
