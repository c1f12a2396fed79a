"""The sliding-puzzle board: tiles, legal slides, solvability, a fair shuffle and shareable game IDs.

Pure Python (no Arcade) so the view, the solver, the command line and the tests share one model.
A cell is ``(column, row)`` counted from the top-left, like the row-major tile list.
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass
from typing import NamedTuple

from game.errors import UserError

MIN_SIDE = 2
MAX_SIDE = 10
MAX_SEED = 2**63 - 1
EMPTY = 0

SIZE_HELP = f"WxH = columns x rows, each a whole number from {MIN_SIDE} to {MAX_SIDE}, e.g. 4x4 or 6x5"
ID_HELP = "a game ID is WxH:t0,t1,... (every tile from 0 to W*H-1 once, 0 = empty) or WxH#seed"
TILES_HELP = "tiles 0 to {} once each, 0 = empty"
SEED_HELP = f"a seed is a whole number from 0 to {MAX_SEED}"

_SIZE_RE = re.compile(r"\s*([0-9]{1,9})\s*[xX×]\s*([0-9]{1,9})\s*")
_TILE_SPLIT_RE = re.compile(r"[\s,]+")
_DIGITS_RE = re.compile(r"[0-9]{1,9}")
_SEED_RE = re.compile(r"[0-9]{1,19}")
_SHOWN_CHARS = 60

Cell = tuple[int, int]


class Direction(enum.Enum):
    """The direction a tile moves in, into the empty square (the keyboard's meaning)."""

    UP = (0, -1)
    DOWN = (0, 1)
    LEFT = (-1, 0)
    RIGHT = (1, 0)

    @property
    def delta(self) -> Cell:
        """Column and row step of a tile moving this way (rows grow downwards)."""
        return self.value


@dataclass(frozen=True)
class TileMove:
    """One tile moved from one cell to another (a neighbour, except after restart): what the view animates."""

    tile: int
    src: Cell
    dst: Cell

    def reversed(self) -> TileMove:
        """The same tile sliding back, for undo."""
        return TileMove(self.tile, self.dst, self.src)


class Slide(NamedTuple):
    """The outcome of a slide: the new board and the tiles that moved (empty when nothing could)."""

    board: Board
    moves: tuple[TileMove, ...]


def _shown(text: object) -> str:
    """Quote user input in a message, shortened so a pasted novel does not become the message."""
    shown = repr(text)
    return shown if len(shown) <= _SHOWN_CHARS else f"{shown[: _SHOWN_CHARS - 4]}...{shown[-1]}"


def parse_size(text: str) -> tuple[int, int]:
    """Read a board size ``WxH`` (columns x rows); shared by the config, the command line and game IDs."""
    match = _SIZE_RE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise UserError(f"board size {_shown(text)} is not valid: {SIZE_HELP}")
    width, height = int(match.group(1)), int(match.group(2))
    check_size(width, height, text)
    return width, height


def format_size(width: int, height: int) -> str:
    """The ``WxH`` text of a board size, the inverse of :func:`parse_size`."""
    return f"{width}x{height}"


def check_size(width: int, height: int, shown: str | None = None) -> None:
    """Refuse a board size outside 2..10 on either side, saying which side is wrong."""
    label = _shown(shown if shown is not None else format_size(width, height))
    for name, value in (("width (columns)", width), ("height (rows)", height)):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
            raise UserError(f"board size {label}: {name} {_shown(value)} is out of range: {SIZE_HELP}")


def check_seed(seed: int) -> int:
    """Refuse seeds that a ``WxH#seed`` game ID could not carry, so every shuffle can be shared."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UserError(f"seed {_shown(seed)} is not valid: {SEED_HELP}")
    return seed


def count_inversions(tiles: tuple[int, ...] | list[int]) -> int:
    """Pairs of non-empty tiles in the wrong order; the parity half of the solvability rule."""
    numbers = [t for t in tiles if t != EMPTY]
    return sum(1 for i, a in enumerate(numbers) for b in numbers[i + 1 :] if a > b)


def tiles_solvable(width: int, height: int, tiles: tuple[int, ...] | list[int]) -> bool:
    """SPEC §2's rule for any W x H, on a plain tile list (fast enough for exhaustive tests).

    W odd: inversions even. W even: inversions + row of the empty square from the bottom (1-based) odd.
    """
    inversions = count_inversions(tiles)
    if width % 2 == 1:
        return inversions % 2 == 0
    row_from_bottom = height - list(tiles).index(EMPTY) // width
    return (inversions + row_from_bottom) % 2 == 1


def goal_tiles(width: int, height: int) -> tuple[int, ...]:
    """The solved arrangement ``1 2 ... N-1 0``."""
    return (*range(1, width * height), EMPTY)


@dataclass(frozen=True)
class Board:
    """An immutable W x H arrangement; every move returns a new board, which makes undo trivial."""

    width: int
    height: int
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        check_size(self.width, self.height)
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        count = self.width * self.height
        label = format_size(self.width, self.height)
        allowed = TILES_HELP.format(count - 1)
        if len(tiles) != count:
            raise UserError(f"a {label} board has {count} tiles, not {len(tiles)} ({allowed})")
        seen: set[int] = set()
        for tile in tiles:
            if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < count:
                raise UserError(f"tile {_shown(tile)} is out of range on a {label} board ({allowed})")
            if tile in seen:
                raise UserError(f"tile {tile} appears twice ({allowed})")
            seen.add(tile)

    @classmethod
    def goal(cls, width: int, height: int) -> Board:
        """The solved board of this size."""
        check_size(width, height)
        return cls(width, height, goal_tiles(width, height))

    @classmethod
    def shuffled(cls, width: int, height: int, seed: int) -> Board:
        """A uniformly random solvable board other than the goal, the same for the same seed.

        A uniform permutation is solvable or not with equal odds; swapping the first two non-empty
        tiles flips the parity and is its own inverse, so it maps the unsolvable half one-to-one onto the
        solvable half and keeps the draw uniform. The goal is redrawn (rejection keeps uniformity).
        """
        check_size(width, height)
        rng = random.Random(check_seed(seed))
        goal = goal_tiles(width, height)
        while True:
            tiles = list(goal)
            rng.shuffle(tiles)
            if not tiles_solvable(width, height, tiles):
                first, second = [i for i, t in enumerate(tiles) if t != EMPTY][:2]
                tiles[first], tiles[second] = tiles[second], tiles[first]
            if tuple(tiles) != goal:
                return cls(width, height, tuple(tiles))

    @property
    def size(self) -> tuple[int, int]:
        """``(columns, rows)``."""
        return self.width, self.height

    @property
    def empty_cell(self) -> Cell:
        """Where the empty square is."""
        return self.cell_of(EMPTY)

    def index(self, cell: Cell) -> int:
        """Row-major position of a cell."""
        col, row = cell
        return row * self.width + col

    def cell(self, index: int) -> Cell:
        """Cell of a row-major position."""
        return index % self.width, index // self.width

    def contains(self, cell: Cell) -> bool:
        """Whether a cell lies on the board (clicks outside are ignored, not errors)."""
        col, row = cell
        return 0 <= col < self.width and 0 <= row < self.height

    def tile_at(self, cell: Cell) -> int:
        """Tile number at a cell (0 for the empty square)."""
        if not self.contains(cell):
            raise IndexError(f"cell {cell} is not on a {format_size(*self.size)} board")
        return self.tiles[self.index(cell)]

    def cell_of(self, tile: int) -> Cell:
        """Cell where a tile currently is."""
        return self.cell(self.tiles.index(tile))

    def is_solvable(self) -> bool:
        """Whether the goal can be reached by sliding (SPEC §2's rule)."""
        return tiles_solvable(self.width, self.height, self.tiles)

    def is_solved(self) -> bool:
        """Exactly the goal: the tutorial's inversion-based test also accepted unsolved boards."""
        return self.tiles == goal_tiles(self.width, self.height)

    def can_slide_from(self, cell: Cell) -> bool:
        """Whether clicking this cell moves anything: it is in line with the empty square."""
        if not self.contains(cell):
            return False
        empty_col, empty_row = self.empty_cell
        col, row = cell
        return (col == empty_col) != (row == empty_row)

    def movable_cells(self) -> list[Cell]:
        """Every cell a click would slide from, in row-major order."""
        return [self.cell(i) for i in range(len(self.tiles)) if self.can_slide_from(self.cell(i))]

    def slide_from(self, cell: Cell) -> Slide:
        """Slide the clicked tile and every tile between it and the empty square, one move per tile.

        Moves are listed nearest the empty square first, the order a person pushing the line would see.
        A cell not in line with the empty square (or off the board) gives no moves and the same board.
        """
        if not self.can_slide_from(cell):
            return Slide(self, ())
        empty_col, empty_row = self.empty_cell
        col, row = cell
        step_col = (col > empty_col) - (col < empty_col)
        step_row = (row > empty_row) - (row < empty_row)
        tiles = list(self.tiles)
        moves: list[TileMove] = []
        hole = (empty_col, empty_row)
        while hole != cell:
            source = (hole[0] + step_col, hole[1] + step_row)
            tile = tiles[self.index(source)]
            tiles[self.index(hole)] = tile
            tiles[self.index(source)] = EMPTY
            moves.append(TileMove(tile, source, hole))
            hole = source
        return Slide(Board(self.width, self.height, tuple(tiles)), tuple(moves))

    def move_in_direction(self, direction: Direction) -> Slide:
        """Keyboard move: the tile that can move ``direction`` into the empty square does so."""
        empty_col, empty_row = self.empty_cell
        step_col, step_row = direction.delta
        return self.slide_from((empty_col - step_col, empty_row - step_row))

    def slide_tile(self, tile: int) -> Slide:
        """Slide a tile by number (the solver's notation), with the tiles between it and the gap."""
        if isinstance(tile, bool) or not isinstance(tile, int) or not 0 < tile < len(self.tiles):
            return Slide(self, ())
        return self.slide_from(self.cell_of(tile))

    def game_id(self) -> str:
        """The exact-board game ID ``WxH:t0,t1,...``."""
        return f"{format_size(*self.size)}:{','.join(map(str, self.tiles))}"

    def __str__(self) -> str:
        width = len(str(len(self.tiles) - 1))
        rows = (self.tiles[r * self.width : (r + 1) * self.width] for r in range(self.height))
        return "\n".join(" ".join(str(t or ".").rjust(width) for t in row) for row in rows)


def seed_game_id(width: int, height: int, seed: int) -> str:
    """The seeded game ID ``WxH#seed``, shorter to share than the exact board."""
    check_size(width, height)
    return f"{format_size(width, height)}#{check_seed(seed)}"


def parse_tiles(width: int, height: int, text: str) -> Board:
    """Read a board from tile numbers separated by commas or spaces; it must be solvable.

    Shared by game IDs and the ``solve`` command so both refuse bad boards with the same words.
    """
    label = format_size(width, height)
    parts = [p for p in _TILE_SPLIT_RE.split(text.strip()) if p]
    bad = next((p for p in parts if not _DIGITS_RE.fullmatch(p)), None)
    if bad is not None:
        last = width * height - 1
        raise UserError(f"tile {_shown(bad)} is not valid: tiles are whole numbers 0 to {last}, 0 = empty")
    board = Board(width, height, tuple(int(p) for p in parts))
    if not board.is_solvable():
        shown = _shown(text.strip())
        raise UserError(f"the {label} board {shown} cannot be solved (half of all arrangements cannot)")
    return board


def parse_game_id(text: str) -> tuple[Board, int | None]:
    """Read a game ID into its board and, for ``WxH#seed``, the seed (else None).

    Refused with a UserError saying what is allowed: malformed text, a size out of range, a wrong tile
    list, an unsolvable board, a board that is already solved (nothing to play) or a bad seed.
    """
    if not isinstance(text, str) or not text.strip():
        raise UserError(f"empty game ID: {ID_HELP}")
    text = text.strip()
    for separator in (":", "#"):
        size_text, found, rest = text.partition(separator)
        if found and (":" not in size_text and "#" not in size_text):
            break
    else:
        raise UserError(f"game ID {_shown(text)} has neither ':' nor '#': {ID_HELP}")
    try:
        width, height = parse_size(size_text)
    except UserError as error:
        raise UserError(f"game ID {_shown(text)}: {error}") from None
    if separator == "#":
        if not _SEED_RE.fullmatch(rest) or int(rest) > MAX_SEED:
            raise UserError(f"game ID {_shown(text)}: seed {_shown(rest)} is not valid: {SEED_HELP}")
        seed = int(rest)
        return Board.shuffled(width, height, seed), seed
    try:
        board = parse_tiles(width, height, rest)
    except UserError as error:
        raise UserError(f"game ID {_shown(text)}: {error}; {ID_HELP}") from None
    if board.is_solved():
        raise UserError(f"game ID {_shown(text)} is the solved board: there is nothing to play")
    return board, None
