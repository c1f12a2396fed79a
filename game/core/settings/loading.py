"""Reading a settings file: YAML whole or refused, overlaid key by key on the shipped defaults, validated
whole against the settings' model.

A bad file is refused whole with one message naming the file, the key path, the line, the bad value
and what is allowed, so the game never runs half-configured; whatever the file holds, the answer is the
model or one UserError, never another exception. game/settings.py says which model and which files.
"""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from game.core.errors import UserError
from game.core.settings.refusals import explain, yaml_problem
from game.core.text.i18n import _
from game.core.text.quoting import PATH_CHARS, quoted

MAX_CONFIG_BYTES = 1_000_000  # the shipped file is a few kilobytes; a 50 MB file would slow every command
MAX_DEPTH = 20  # mappings and lists nested deeper than this are refused before they are built

Model = TypeVar("Model", bound=BaseModel)


def validated(
    model: type[Model],
    merged: dict[str, Any],
    default: tuple[Path, yaml.Node | None],
    user: tuple[Path | None, yaml.Node | None],
    fallback: Callable[[], Model | None] | None = None,
) -> Model:
    """`merged` (the defaults overlaid by the user's file) as a `model`; raises UserError naming what is
    wrong, in `default` (the defaults' file and YAML tree) or `user` (the user's, if any).

    `fallback`: asked when the settings are refused, for settings to use instead (None: none).
    Whatever `merged` holds (a number of 5,000 digits, a picture bomb), the result is a `model` or a
    UserError with one line naming the file: never another exception.
    """
    (default_file, default_node), (user_file, user_node) = default, user
    shown_file = user_file if user_file is not None else default_file
    try:
        return model.model_validate(merged)
    except ValidationError as error:
        instead = fallback() if fallback is not None else None
        if instead is not None:
            return instead
        raise UserError(explain(error, model, default_file, default_node, user_file, user_node)) from None
    except (RecursionError, MemoryError):
        raise UserError(_too_deep(shown_file)) from None
    except Exception as error:  # noqa: BLE001 - a validator met something no rule foresaw: still one line
        # Translators: {file} is the config file's path; {error} the reason, in English.
        message = _("config file {file} cannot be read: {error}")
        reason = quoted(f"{type(error).__name__}: {error}", PATH_CHARS)
        raise UserError(message.format(file=shown_file, error=reason)) from None


def _too_deep(path: Path) -> str:
    # Translators: {file} is the config file's path; {depth} the deepest nesting allowed (a number).
    message = _("config file {file}: sections and lists are nested more than {depth} levels deep")
    return message.format(file=path, depth=MAX_DEPTH)


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML's wheel has it (ten times faster: every command reads the config),
else the pure-Python one; both refuse the same documents."""


def read_yaml(path: Path) -> tuple[dict[str, Any], yaml.Node | None]:
    """The mapping a settings file holds, and its YAML tree (for the line of a refusal); a UserError
    naming the file for anything else (missing, too big, nested too deep, not YAML, not a mapping)."""
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


def overlay(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Key by key: mappings merge, everything else (lists included) is replaced."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = overlay(merged[key], value)
        else:
            merged[key] = value
    return merged
