"""The Fifteen screen's words: the HUD, the solved panel and the game ID line, pure text to test alone."""

from game.config import picture_title
from game.i18n import _, ngettext
from game.records import Best

ID_CHARS = 28


def title(size_text: str) -> str:
    # Translators: the heading of the puzzle screen; {size} is the board size, e.g. 4x4.
    return _("Fifteen {size}").format(size=size_text)


def picture(name: str) -> str:
    # Translators: {name} is the picture's name, or "Numbers" for number tiles
    return _("Picture: {name}").format(name=picture_title(name))


def keys_help() -> str:
    # Translators: the keys are fixed (U, R, H, N, Esc, arrows, WASD): keep their letters.
    return _("Click a tile or use arrows / WASD to slide.\nU undo · R redo · H hint · N new · Esc menu")


def game_id(text: str) -> str:
    # Translators: {id} is the game ID, maybe shortened with "…"; C is the key that copies it.
    return _("Game {id} · C copies").format(id=shorten(text, ID_CHARS))


def move_counter(count: int) -> str:
    # Translators: the move counter in the HUD; {count} is a number.
    return _("Moves {count}").format(count=count)


def goal() -> str:
    # Translators: the caption above the picture of the solved board.
    return _("Goal")


def timer(seconds: float) -> str:
    # Translators: the clock in the HUD; {clock} is minutes:seconds, e.g. 3:07.
    return _("Time {clock}").format(clock=clock(seconds))


def best(result: Best | None) -> str:
    if result:
        # Translators: the best result for this board; {moves} is e.g. "12 moves", {clock} e.g. 3:07.
        return _("Best: {moves} · {clock}").format(moves=moves(result.moves), clock=clock(result.seconds))
    return _("Best: not solved yet")


def preparing(progress: float) -> str:
    """While the solver builds its tables; nothing once it is ready."""
    if progress >= 1:
        return ""
    # Translators: the solver's tables are being built; {percent} is a whole number from 0 to 99.
    return _("Preparing the solver… {percent}%").format(percent=round(progress * 100))


def well_done() -> str:
    # Translators: the heading of the panel shown when the puzzle is solved.
    return _("Well done!")


def summary(count: int, seconds: float) -> str:
    # Translators: the solved game; {moves} is e.g. "12 moves", {clock} the time taken, e.g. 3:07.
    return _("{moves} in {clock}").format(moves=moves(count), clock=clock(seconds))


def verdict(practice: bool, assisted: bool, new_best: bool) -> str:
    """Why a solved game is or is not a record."""
    if practice:
        # Translators: the board was opened from a game ID, so the result is not kept as a best.
        return _("Practice (game ID): not a record")
    if assisted:
        # Translators: a hint or the auto-solve was used, so the result is not kept as a best.
        return _("Solved with help: not a record")
    return _("A new best!") if new_best else ""


def moves(count: int) -> str:
    """A number of moves, e.g. "12 moves", in the player's language."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
