"""Where the game keeps its files outside the repository: one application name, one cache root."""

import os
from pathlib import Path

import platformdirs

APP_NAME = "fifteen-tavla"
CACHE_DIR_ENV = "FIFTEEN_TAVLA_CACHE_DIR"


def cache_root() -> Path:
    """Built tables (pattern databases, the bear-off database): ``$FIFTEEN_TAVLA_CACHE_DIR`` if set."""
    override = os.environ.get(CACHE_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
