"""The player's own config file, where choices made on the Settings screen are kept.

It is read at start when no `--config` file is given, so what the player chose survives a restart.
Choices are written as a one-line edit of the file, so the player's comments and layout survive too,
and only after the edited file has been checked to load.
"""

import os
import re
from pathlib import Path

import platformdirs

from game.config import Config, load_config
from game.errors import UserError
from game.files import write_atomically
from game.i18n import _

CONFIG_DIR_ENV = "FIFTEEN_TAVLA_CONFIG_DIR"
APP_NAME = "fifteen-tavla"
FILE_NAME = "config.yaml"
HEADER = (
    "# Fifteen & Tavla: your settings. Keys here override the defaults (see config/game.yaml in the\n"
    "# game's folder); the Settings screen edits this file.\n"
)
_LANGUAGE_LINE = re.compile(r"^language:[ \t]*[^#\n]*?(?P<comment>[ \t]+#[^\n]*)?$", re.MULTILINE)


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


def save_language(path: Path, language: str) -> Config:
    """Set `language` in the config file at `path` (made if missing); returns the config it now gives.

    Raises UserError, leaving the file as it was, if it cannot be read, written, or would not load.
    """
    try:
        text = path.read_text(encoding="utf-8") if path.exists() else HEADER
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(
            _("config file {path} cannot be read: {error}").format(path=path, error=error)
        ) from None
    line = f"language: {language}"
    if _LANGUAGE_LINE.search(text):
        text = _LANGUAGE_LINE.sub(lambda match: line + (match["comment"] or ""), text, count=1)
    else:
        text = text + ("" if text.endswith("\n") or not text else "\n") + line + "\n"
    probe = path.with_name(f".{path.name}.check")
    try:
        write_atomically(probe, text)
        config = load_config(probe)
        write_atomically(path, text)
    except OSError as error:
        raise UserError(
            _("the language could not be saved in {path}: {error}").format(path=path, error=error)
        ) from None
    except UserError as error:
        raise UserError(
            _("the language was not saved: your config file {path} has an error: {error}").format(
                path=path, error=str(error).replace(str(probe), str(path))
            )
        ) from None
    finally:
        probe.unlink(missing_ok=True)
    return config
