"""The folders the menu and Settings name to a player: written as people write them (``~/...``), and the
pictures folder made when it is shown, so the folder a note points to is there to be found.
"""

from pathlib import Path

from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.puzzle.pictures.folder import pictures_dir


def shown_path(path: Path) -> str:
    """`~/...` for a file in the player's home, as people write it."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def pictures_folder() -> tuple[Path, str]:
    """The pictures folder, made if it is missing, and why it could not be made ("" when it is there):
    the game starts all the same, and a dropped picture says so again."""
    folder = pictures_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        # Translators: {folder} is the pictures folder (a path); {reason} the system's error text.
        message = _("The pictures folder {folder} could not be made: {reason}")
        return folder, message.format(folder=quoted(shown_path(folder)), reason=error.strerror or error)
    return folder, ""
