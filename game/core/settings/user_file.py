"""The player's own config file, where choices made on the Settings screen are kept.

It is read at start when no `--config` file is given, so what the player chose survives a restart.
A choice is written as a small edit of the file's text at the place YAML says the key is (or a new line
under its section), so the player's comments and layout survive too, and only after the edited file has
been checked to load.
"""

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import platformdirs
import yaml

from game.core.errors import UserError
from game.core.files.folders import APP_NAME
from game.core.files.writing import write_atomically
from game.core.text.i18n import _

CONFIG_DIR_ENV = "FIFTEEN_TAVLA_CONFIG_DIR"
FILE_NAME = "config.yaml"
HEADER = (
    "# Fifteen & Tavla: your settings. Keys here override the defaults (see config/game.yaml in the\n"
    "# game's folder); the Settings screen edits this file.\n"
)
INDENT = 2

Setting = str | bool | int
Loaded = TypeVar("Loaded")


def user_config_file() -> Path:
    """``$FIFTEEN_TAVLA_CONFIG_DIR/config.yaml`` if set (tests), else in the platform's config folder."""
    override = os.environ.get(CONFIG_DIR_ENV)
    folder = Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return folder / FILE_NAME


def config_to_load(given: str | Path | None) -> Path | None:
    """The file `--config` names, else the player's own file if there is one."""
    if given is not None:
        return Path(given)
    own = user_config_file()
    return own if own.is_file() else None


def edit_setting(
    path: Path, key_path: tuple[str, ...], value: Setting, load: Callable[[Path], Loaded]
) -> Loaded:
    """Set the key at `key_path` (e.g. ``("tavla", "auto_bear_off")``) in the config file at `path`, made
    if missing; returns the settings it now gives, as `load` reads them from a file (a UserError when
    they do not load).

    Raises UserError, leaving the file as it was, if it cannot be read, edited, written, or would not load.
    """
    try:
        text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    except (OSError, UnicodeDecodeError) as error:
        message = _("config file {path} cannot be read: {error}")
        raise UserError(message.format(path=path, error=error)) from None
    probe = path.with_name(f".{path.name}.check")
    try:
        if path.exists():
            load(path)
        text = _with_setting(text, key_path, _scalar(value))
        write_atomically(probe, text)
        config = load(probe)
        write_atomically(path, text)
    except OSError as error:
        message = _("the setting could not be saved in {path}: {error}")
        raise UserError(message.format(path=path, error=error)) from None
    except UserError as error:
        message = _("the setting was not saved in {path}: {error}")
        raise UserError(message.format(path=path, error=str(error).replace(str(probe), str(path)))) from None
    finally:
        probe.unlink(missing_ok=True)
    return config


def _scalar(value: Setting) -> str:
    """`value` as one YAML scalar on one line, however long and whatever it holds (a picture's name is
    its file's name, which may hold anything): as PyYAML writes it when that is one line that reads back
    the same, else double-quoted with every character YAML may not hold as it is (a newline, a control
    character) escaped."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    lines = yaml.safe_dump(value, width=float("inf"), allow_unicode=True).splitlines()
    plain = lines[0] if lines[1:] in ([], ["..."]) else None
    if plain is not None and yaml.safe_load(f"key: {plain}\n") == {"key": value}:
        return plain  # as a player writes it: `language: tr`, `default_image: 'yes'`
    return '"' + "".join(_escaped(character) for character in value) + '"'


def _escaped(character: str) -> str:
    if character in '"\\':
        return "\\" + character
    code = ord(character)
    printable = 0x20 <= code < 0x7F or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
    if printable and character not in "\u2028\u2029\ufeff":  # line breaks to YAML, and a byte-order mark
        return character
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _with_setting(text: str, key_path: tuple[str, ...], scalar: str) -> str:
    """`text` with the key at `key_path` set to `scalar`: its value replaced where it stands, or the
    missing keys added at the end of the deepest section that exists."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    depth = 0
    while node is not None and depth < len(key_path):
        if not isinstance(node, yaml.MappingNode) or node.flow_style:
            where = ".".join(key_path[:depth]) or _("(top level)")
            message = _("{key} is not a section written one key per line, so it cannot be edited here")
            raise UserError(message.format(key=where))
        found = next((value for key, value in node.value if key.value == key_path[depth]), None)
        if found is None:
            break
        node, depth = found, depth + 1
    if depth == len(key_path):
        if not isinstance(node, yaml.ScalarNode):
            raise UserError(_("{key} holds a section, not a value").format(key=".".join(key_path)))
        return text[: node.start_mark.index] + scalar + text[node.end_mark.index :]
    if node is None or (depth == 0 and not node.value):
        section_end, column = len(text), 0
    else:
        section_end = _end_of_last_line(text, _value_end(node))
        column = node.value[0][0].start_mark.column
    lines = [" " * (column + INDENT * step) + key + ":" for step, key in enumerate(key_path[depth:])]
    lines[-1] += " " + scalar
    before = text[:section_end]
    if before and not before.endswith("\n"):
        before += "\n"
    return before + "\n".join(lines) + "\n" + text[section_end:]


def _value_end(node: yaml.Node) -> int:
    """Where a block section's last value ends; a block's own end mark lies beyond any comment lines
    that follow it, which belong to what comes next."""
    while isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.value and not node.flow_style:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return node.end_mark.index


def _end_of_last_line(text: str, index: int) -> int:
    """Where the line holding `index - 1` ends (after its newline): a section's last value ends there,
    with any comment on its line."""
    newline = text.find("\n", max(index - 1, 0))
    return len(text) if newline == -1 else newline + 1
