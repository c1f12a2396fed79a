"""Where the game keeps its files outside the repository: one application name, one data root, one
cache root."""

import os
from pathlib import Path

import platformdirs

APP_NAME = "fifteen-tavla"
DATA_DIR_ENV = "FIFTEEN_TAVLA_DATA_DIR"
CACHE_DIR_ENV = "FIFTEEN_TAVLA_CACHE_DIR"


def data_dir() -> Path:
    """The folder for the user's data (records, pictures, kept matches): ``$FIFTEEN_TAVLA_DATA_DIR`` if
    set (tests), else the platform's."""
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_root() -> Path:
    """Built tables (pattern databases, the bear-off database): ``$FIFTEEN_TAVLA_CACHE_DIR`` if set."""
    override = os.environ.get(CACHE_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
