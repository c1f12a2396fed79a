"""Puzzle board sizes (WxH, each side 2-10): the bounds, and `BoardSize`, the value a "4x4" becomes.

A size is text only at the edges: the config file, the command line, a game ID and the records keep it
as ``WxH``; it is read once there (`BoardSize.parse`, with the words a player sees when it is wrong)
and passed on as the value, which writes itself back as ``WxH`` (`str`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import in_quotes

MIN_SIDE = 2
MAX_SIDE = 10

# Translators: what a board size may be; "WxH", "4x4" and "6x5" are typed as they are, keep them.
SIZE_HELP = N_("WxH = columns x rows, each a whole number from {min} to {max}, e.g. 4x4 or 6x5")

_SIZE_RE = re.compile(r"\s*([0-9]{1,9})\s*[xX×]\s*([0-9]{1,9})\s*")


def size_help() -> str:
    """What a board size may be, in the player's language."""
    return _(SIZE_HELP).format(min=MIN_SIDE, max=MAX_SIDE)


@dataclass(frozen=True)
class BoardSize:
    """A board's columns and rows, each 2 to 10 (refused with a UserError otherwise)."""

    columns: int
    rows: int

    def __post_init__(self) -> None:
        check_size(self.columns, self.rows)

    @classmethod
    def parse(cls, text: str) -> BoardSize:
        """Read ``WxH`` (columns x rows) as typed in the config, on the command line or in a game ID."""
        match = _SIZE_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            # Translators: {size} is what the player typed, quoted; {allowed} says what a board size may be.
            message = _("board size {size} is not valid: {allowed}")
            raise UserError(message.format(size=in_quotes(text), allowed=size_help()))
        columns, rows = int(match.group(1)), int(match.group(2))
        check_size(columns, rows, text)
        return cls(columns, rows)

    def __str__(self) -> str:
        """``WxH``, as the config, game IDs and the records write it."""
        return f"{self.columns}x{self.rows}"


def check_size(width: int, height: int, shown: str | None = None) -> None:
    """Refuse a board size outside 2..10 on either side, saying which side is wrong."""
    label = in_quotes(shown if shown is not None else f"{width}x{height}")
    for value, message in (
        # Translators: {size} is the board size as typed, {value} the width; {allowed} says what is allowed.
        (width, N_("board size {size}: width (columns) {value} is out of range: {allowed}")),
        # Translators: {size} is the board size as typed, {value} the height; {allowed} says what is allowed.
        (height, N_("board size {size}: height (rows) {value} is out of range: {allowed}")),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
            raise UserError(_(message).format(size=label, value=in_quotes(value), allowed=size_help()))
