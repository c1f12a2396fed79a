"""The match equity table: a player's chance to win a match from a score, for the cube in match play.

The shipped table is Neil Kazaross's XG2 table (2011) to 25 points, as GNU Backgammon distributes it
(`assets/met/Kazaross-XG2.xml`, copied verbatim with its notice, which permits that). A table is read from
gnubg's MET format: a `pre-crawford-table` of rows (one per distance of the player, one value per
distance of the opponent) and a `post-crawford-table` with the trailer's chances against a leader who is
one point away after the Crawford game. gnubg's files close `<met>` before the tables, so they are read
as text, not as an XML document.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.text.i18n import _

SHIPPED_TABLE = "met/Kazaross-XG2.xml"

_NAME = re.compile(r"<name>\s*(.*?)\s*</name>", re.S)
_ROW = re.compile(r"<row>(.*?)</row>", re.S)
_VALUE = re.compile(r"<me>\s*([0-9.]+)\s*</me>")


@dataclass(frozen=True)
class MatchEquityTable:
    """Match-winning chances by the points each player still needs ("away")."""

    name: str
    pre_crawford: tuple[tuple[float, ...], ...]  # [i][j]: the player i+1 away against j+1 away
    post_crawford: tuple[float, ...]  # [j]: the trailer j+1 away against a leader 1 away, Crawford played

    @property
    def length(self) -> int:
        """The longest match the table covers."""
        return len(self.pre_crawford)

    def win_chance(self, away: int, their_away: int, post_crawford: bool = False) -> float:
        """The chance that a player `away` points from winning wins the match against `their_away`.

        `post_crawford`: the Crawford game has been played, so a player one point away faces a cube.
        A player at 0 (or less) away has won; the score must lie within the table's length.
        """
        if away <= 0:
            return 1.0
        if their_away <= 0:
            return 0.0
        if post_crawford and their_away == 1:
            return self.post_crawford[away - 1]
        if post_crawford and away == 1:
            return 1.0 - self.post_crawford[their_away - 1]
        return self.pre_crawford[away - 1][their_away - 1]


def _section(text: str, tag: str, path: Path) -> str:
    start, end = text.find(f"<{tag}"), text.find(f"</{tag}>")
    if start < 0 or end < start:
        raise UserError(_("{path}: no {tag} in this match equity table").format(path=path, tag=tag))
    return text[start:end]


def read_table(path: Path) -> MatchEquityTable:
    """A match equity table from a file in gnubg's MET format; UserError naming what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message = _("cannot read the match equity table {path}: {reason}")
        raise UserError(message.format(path=path, reason=error)) from None
    name = _NAME.search(text)
    rows = tuple(
        tuple(float(value) for value in _VALUE.findall(row))
        for row in _ROW.findall(_section(text, "pre-crawford-table", path))
    )
    post = _ROW.findall(_section(text, "post-crawford-table", path))
    length = len(rows)
    if length == 0 or any(len(row) != length for row in rows) or not post:
        message = _("{path}: the table before Crawford must be square, with one row per match length")
        raise UserError(message.format(path=path))
    post_row = tuple(float(value) for value in _VALUE.findall(post[0]))
    if len(post_row) != length:
        message = _("{path}: the table after Crawford must have {length} values")
        raise UserError(message.format(path=path, length=length))
    return MatchEquityTable(name.group(1) if name else path.stem, rows, post_row)


@functools.cache
def shipped_table() -> MatchEquityTable:
    """The shipped table (Kazaross-XG2), read once per process."""
    return read_table(asset_path(SHIPPED_TABLE))
