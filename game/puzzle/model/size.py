"""Puzzle board sizes (WxH, each side 2-10): the bounds, reading and checking, shared by config and puzzle."""

import re

from game.errors import UserError
from game.i18n import N_, _
from game.quoting import in_quotes

MIN_SIDE = 2
MAX_SIDE = 10

# Translators: what a board size may be; "WxH", "4x4" and "6x5" are typed as they are, keep them.
SIZE_HELP = N_("WxH = columns x rows, each a whole number from {min} to {max}, e.g. 4x4 or 6x5")

_SIZE_RE = re.compile(r"\s*([0-9]{1,9})\s*[xX×]\s*([0-9]{1,9})\s*")


def size_help() -> str:
    """What a board size may be, in the player's language."""
    return _(SIZE_HELP).format(min=MIN_SIDE, max=MAX_SIDE)


def parse_size(text: str) -> tuple[int, int]:
    """Read a board size ``WxH`` (columns x rows); shared by the config, the command line and game IDs."""
    match = _SIZE_RE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        # Translators: {size} is what the player typed, quoted; {allowed} says what a board size may be.
        message = _("board size {size} is not valid: {allowed}")
        raise UserError(message.format(size=in_quotes(text), allowed=size_help()))
    width, height = int(match.group(1)), int(match.group(2))
    check_size(width, height, text)
    return width, height


def format_size(width: int, height: int) -> str:
    """The ``WxH`` text of a board size, the inverse of :func:`parse_size`."""
    return f"{width}x{height}"


def check_size(width: int, height: int, shown: str | None = None) -> None:
    """Refuse a board size outside 2..10 on either side, saying which side is wrong."""
    label = in_quotes(shown if shown is not None else format_size(width, height))
    for value, message in (
        # Translators: {size} is the board size as typed, {value} the width; {allowed} says what is allowed.
        (width, N_("board size {size}: width (columns) {value} is out of range: {allowed}")),
        # Translators: {size} is the board size as typed, {value} the height; {allowed} says what is allowed.
        (height, N_("board size {size}: height (rows) {value} is out of range: {allowed}")),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
            raise UserError(_(message).format(size=label, value=in_quotes(value), allowed=size_help()))
