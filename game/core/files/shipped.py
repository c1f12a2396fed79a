"""Where the shipped assets and config live, both in a checkout and in an installed wheel.

A wheel carries them inside the package (`game/assets`, `game/config`); a checkout or an editable
install keeps them at the repository's top level.
"""

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parents[2]  # game/


def _shipped_dir(name: str) -> Path:
    inside = _PACKAGE_DIR / name
    return inside if inside.is_dir() else _PACKAGE_DIR.parent / name


def asset_path(relative: str) -> Path:
    """The path of a shipped asset, e.g. `asset_path("fonts/OFL.txt")`."""
    return _shipped_dir("assets") / relative


def config_path(relative: str = "game.yaml") -> Path:
    """The path of a shipped config file."""
    return _shipped_dir("config") / relative
