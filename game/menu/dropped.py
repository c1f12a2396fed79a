"""A picture dropped on the window: copied into the pictures folder, chosen, and played at once."""

from pathlib import Path

from game.core.errors import UserError
from game.core.settings.fields import with_value
from game.core.text.i18n import _
from game.menu.choices import IMAGE
from game.puzzle.pictures.folder import NotAPicture, copy_in, pictures_dir
from game.puzzle.pictures.limits import ALLOWED_FORMATS
from game.settings import save_setting
from game.ui.shell import Shell
from game.ui.widgets import Toast


def take_dropped(window: Shell, paths: list[str]) -> None:
    """Copy every picture among `paths` into the pictures folder (the files stay where they were), then
    play the first at the menu's board size; what could not be copied is said in a toast."""
    copied: list[Path] = []
    problems: list[str] = []
    folder = pictures_dir()
    for given in paths:
        source = Path(given)
        try:
            copied.append(copy_in(source, folder))
        except NotAPicture:
            # Translators: {file} is a file dropped on the window; {formats} lists PNG, JPEG, WEBP...
            message = _("{file} is not a picture the game can read ({formats})")
            problems.append(message.format(file=source.name, formats=", ".join(ALLOWED_FORMATS)))
        except OSError as error:
            # Translators: {file} is a file dropped on the window; {folder} the pictures folder;
            # {reason} the system's error text.
            message = _("{file} could not be copied into {folder}: {reason}")
            problems.append(message.format(file=source.name, folder=folder, reason=error.strerror or error))
    if not copied:
        _tell(window, "\n".join(problems))
        return
    name = next(
        (picture.name for picture in window.settings.puzzle.folder().pictures if picture.path == copied[0]),
        None,
    )
    if name is None:  # removed again before the scan: nothing to play
        return
    try:
        save_setting(window.config_file, IMAGE, name)
    except UserError as error:
        problems.append(str(error))
    window.settings = with_value(window.settings, IMAGE, name)
    from game.puzzle.screens.view import PuzzleView  # the screen it opens, loaded when it is opened

    window.show_view(PuzzleView(size=window.settings.puzzle.default_size, image=name))
    # Translators: {name} is a picture's name; the player dropped its file on the window
    _tell(window, "\n".join([_("{name} is in your pictures folder now").format(name=name), *problems]))


def _tell(window: Shell, message: str) -> None:
    """The message in the current screen's toast, or on the menu when the screen has none."""
    toast = getattr(window.current_view, "toast", None)
    if not isinstance(toast, Toast):
        window.show_menu()
        toast = getattr(window.current_view, "toast", None)
    if isinstance(toast, Toast):
        toast.show(message)
