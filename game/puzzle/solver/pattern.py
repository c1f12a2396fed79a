"""A pattern database's pattern and what every part of the solver's tables shares about it: the board,
the pattern tiles' home cells and the walls (`Pattern`), the open cells next to each cell, the byte of a
placement never reached, and how a build is stopped (`Cancelled`) or reports its progress.

Apart from pdb.py so that the builds (regions.py, ranked.py) and the table's file (table_file.py,
mapping.py) stand on it without importing the module that chooses between them (no import circle).
"""

from __future__ import annotations

import mmap
import threading
from collections.abc import Callable
from dataclasses import dataclass

UNREACHED = 255

Progress = Callable[[int, int], None]
Table = bytes | mmap.mmap
"""A table as the search reads it: bytes, or a big raw table mapped from its cache file (mapping.py)."""


class Cancelled(Exception):
    """The caller asked the solver to stop (a cancel event was set or the time budget ran out)."""


@dataclass(frozen=True)
class Pattern:
    """Which tiles, on which board, with which cells closed off (tiles already placed and kept fixed).

    ``goals`` are the pattern tiles' home cells in index order; the key names the cache file.
    """

    width: int
    height: int
    goals: tuple[int, ...]
    walls: frozenset[int] = frozenset()

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def bits(self) -> int:
        """Bits per cell number in a packed index."""
        return max(1, (self.cells - 1).bit_length())

    @property
    def key(self) -> str:
        walls = ",".join(map(str, sorted(self.walls)))
        return f"{self.width}x{self.height}-g{','.join(map(str, self.goals))}-w{walls}"

    @property
    def states(self) -> int:
        """Placements of the pattern tiles and the empty square: the size of the search."""
        free = self.cells - len(self.walls)
        count = 1
        for used in range(len(self.goals) + 1):
            count *= free - used
        return count


def neighbours(width: int, height: int, walls: frozenset[int] = frozenset()) -> list[list[int]]:
    """Open cells next to each cell (up, down, left, right), walls left out."""
    table: list[list[int]] = []
    for cell in range(width * height):
        col, row = cell % width, cell // width
        near = []
        for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            c, r = col + dc, row + dr
            if 0 <= c < width and 0 <= r < height and r * width + c not in walls:
                near.append(r * width + c)
        table.append([] if cell in walls else near)
    return table


def check_cancel(cancel: threading.Event | None) -> None:
    """Cancelled if the caller asked the build to stop."""
    if cancel is not None and cancel.is_set():
        raise Cancelled


def table_size(pattern: Pattern) -> int:
    """The bytes of a pattern's table: one for every placement code of the pattern tiles."""
    return 1 << (pattern.bits * len(pattern.goals))
