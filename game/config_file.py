"""Reading the settings: shipped defaults overlaid key by key by the user's YAML file, validated whole.

A bad file is refused whole with one message naming the file, the key path, the line, the bad value
and what is allowed, so the game never runs half-configured; whatever the file holds, the answer is a
Config or one UserError, never another exception.
"""

import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from game.config import Config
from game.config_errors import explain, yaml_problem
from game.core.errors import UserError
from game.core.files.shipped import asset_path, config_path
from game.core.text.i18n import _
from game.core.text.quoting import PATH_CHARS, quoted

MAX_CONFIG_BYTES = 1_000_000  # the shipped file is a few kilobytes; a 50 MB file would slow every command
ASSET_PREFIX = "asset:"  # an image path that starts so is one of the game's own assets
MAX_DEPTH = 20  # mappings and lists nested deeper than this are refused before they are built


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
    default_data, default_node = _read_yaml(default_file)
    merged = _resolve_image_paths(default_data, default_file)
    user_node = None
    if user_file is not None:
        user_file = Path(user_file)
        user_data, user_node = _read_yaml(user_file)
        merged = _overlay(merged, _resolve_image_paths(user_data, user_file))
    shown_file = user_file if user_file is not None else default_file
    try:
        return Config.model_validate(merged)
    except ValidationError as error:
        forgetting = _forgetting_picture(merged, default_data) if remembered else None
        if forgetting is not None:
            return forgetting
        raise UserError(explain(error, default_file, default_node, user_file, user_node)) from None
    except (RecursionError, MemoryError):
        raise UserError(_too_deep(shown_file)) from None
    except Exception as error:  # noqa: BLE001 - a validator met something no rule foresaw: still one line
        # Translators: {file} is the config file's path; {error} the reason, in English.
        message = _("config file {file} cannot be read: {error}")
        reason = quoted(f"{type(error).__name__}: {error}", PATH_CHARS)
        raise UserError(message.format(file=shown_file, error=reason)) from None


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


def _too_deep(path: Path) -> str:
    # Translators: {file} is the config file's path; {depth} the deepest nesting allowed (a number).
    message = _("config file {file}: sections and lists are nested more than {depth} levels deep")
    return message.format(file=path, depth=MAX_DEPTH)


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML's wheel has it (ten times faster: every command reads the config),
else the pure-Python one; both refuse the same documents."""


def _read_yaml(path: Path) -> tuple[dict[str, Any], yaml.Node | None]:
    if not path.exists():
        # Translators: {file} is the path of the config file given with --config.
        raise UserError(_("config file {file} does not exist").format(file=path))
    if not path.is_file():
        # Translators: {file} is the path given with --config; it names a folder or another non-file.
        raise UserError(_("config file {file} is not a file").format(file=path))
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            # Translators: {file} is the config file's path; {limit} a number of bytes.
            message = _("config file {file} is too big: a config file has at most {limit} bytes")
            raise UserError(message.format(file=path, limit=f"{MAX_CONFIG_BYTES:,}"))
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        # Translators: {file} is the config file's path; {error} the system's reason, in English.
        message = _("config file {file} cannot be read: {error}")
        raise UserError(message.format(file=path, error=quoted(str(error), PATH_CHARS))) from None
    try:
        _check_depth(text, path)
        node = yaml.compose(text, Loader=LOADER)
        data = yaml.load(text, Loader=LOADER)
    except yaml.MarkedYAMLError as error:
        raise UserError(yaml_problem(path, error)) from None
    except yaml.YAMLError as error:
        # Translators: {file} is the config file's path; {error} the YAML reader's reason, in English.
        message = _("config file {file}: YAML error: {error}")
        raise UserError(message.format(file=path, error=quoted(str(error), PATH_CHARS))) from None
    except (RecursionError, MemoryError):
        raise UserError(_too_deep(path)) from None
    except ValueError as error:  # a value YAML recognises but Python cannot build: 5,000 digits, a bad date
        if "integer string conversion" in str(error):
            # Translators: {file} is the config file's path; {digits} the most digits a number may have.
            message = _("config file {file}: a number has more than {digits} digits")
            raise UserError(message.format(file=path, digits=sys.get_int_max_str_digits())) from None
        # Translators: {file} is the config file's path; {error} the reason, in English.
        message = _("config file {file}: a value cannot be read: {error}")
        raise UserError(message.format(file=path, error=quoted(str(error), PATH_CHARS))) from None
    if data is None:
        # Translators: {file} is the config file's path; 'language: en' is a line of the file, keep it.
        message = _("config file {file} is empty; write the keys to change, for example 'language: en'")
        raise UserError(message.format(file=path))
    if not isinstance(data, dict):
        # Translators: {file} is the config file's path; window, language, puzzle and tavla are its keys.
        message = _("config file {file} must be a mapping of keys (window, language, puzzle, tavla)")
        raise UserError(message.format(file=path))
    return data, node


def _check_depth(text: str, path: Path) -> None:
    """Refuse nesting deeper than MAX_DEPTH from YAML's event stream, before a tree is built (building
    one nested a thousand deep exhausts Python's stack)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=LOADER):
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise UserError(_too_deep(path))
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as error:
        if "nesting depth" in str(error.problem):  # libyaml's own limit, met before ours is counted
            raise UserError(_too_deep(path)) from None
        raise


def _resolve_image_paths(data: dict[str, Any], source: Path) -> dict[str, Any]:
    """Relative image paths are relative to the file that names them, not to the working directory;
    ``asset:images/sunset.jpg`` names a picture shipped with the game, so a copy of the file works
    anywhere."""
    images = data.get("puzzle", {}).get("images") if isinstance(data.get("puzzle"), dict) else None
    if not isinstance(images, list):
        return data
    resolved = []
    for image in images:
        if isinstance(image, dict) and isinstance(image.get("path"), str) and image["path"]:
            image = {**image, "path": str(_image_path(image["path"], source))}
        resolved.append(image)
    return {**data, "puzzle": {**data["puzzle"], "images": resolved}}


def _image_path(written: str, source: Path) -> Path:
    if written.startswith(ASSET_PREFIX):
        return asset_path(written[len(ASSET_PREFIX) :])
    path = Path(written).expanduser()
    return path if path.is_absolute() else source.parent / path


def _overlay(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Key by key: mappings merge, everything else (lists included) is replaced."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _overlay(merged[key], value)
        else:
            merged[key] = value
    return merged
