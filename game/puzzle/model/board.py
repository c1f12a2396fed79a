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

from game.core.errors import UserError
from game.core.limits import MAX_SEED
from game.core.text.i18n import N_, _, ngettext
from game.core.text.quoting import in_quotes
from game.puzzle.model.size import BoardSize, check_size

EMPTY = 0

# Translators: the two forms of a game ID, typed as they are ("WxH:t0,t1,..." and "WxH#seed"); keep them.
ID_HELP = N_("a game ID is WxH:t0,t1,... (every tile from 0 to W*H-1 once, 0 = empty) or WxH#seed")
# Translators: {last} is the highest tile number; tile 0 stands for the empty square.
TILES_HELP = N_("tiles 0 to {last} once each, 0 = empty")
# Translators: {max} is the largest seed, a 19-digit number.
SEED_HELP = N_("a seed is a whole number from 0 to {max}")

_TILE_SPLIT_RE = re.compile(r"[\s,]+")
_DIGITS_RE = re.compile(r"[0-9]{1,9}")
_SEED_RE = re.compile(r"[0-9]{1,19}")

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


def id_help() -> str:
    """What a game ID may be, in the player's language."""
    return _(ID_HELP)


def seed_help() -> str:
    """What a seed may be, in the player's language."""
    return _(SEED_HELP).format(max=MAX_SEED)


def tiles_help(last: int) -> str:
    """Which tiles a board of ``last + 1`` cells holds, in the player's language."""
    return _(TILES_HELP).format(last=last)


def check_seed(seed: int) -> int:
    """Refuse seeds that a ``WxH#seed`` game ID could not carry, so every shuffle can be shared."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        # Translators: {seed} is the seed given, quoted; {allowed} says what a seed may be.
        message = _("seed {seed} is not valid: {allowed}")
        raise UserError(message.format(seed=in_quotes(seed), allowed=seed_help()))
    return seed


def count_inversions(tiles: tuple[int, ...] | list[int]) -> int:
    """Pairs of non-empty tiles in the wrong order; the parity half of the solvability rule."""
    numbers = [t for t in tiles if t != EMPTY]
    return sum(1 for i, a in enumerate(numbers) for b in numbers[i + 1 :] if a > b)


def tiles_solvable(width: int, height: int, tiles: tuple[int, ...] | list[int]) -> bool:
    """The solvability rule (docs/commands.md#which-boards-can-be-solved) for any W x H, on a plain tile
    list (fast enough for exhaustive tests).

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
        label = str(self.size)  # BoardSize refuses a size out of range
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        count = self.width * self.height
        if len(tiles) != count:
            raise UserError(
                # Translators: {size} is a board size like 4x4; {given} how many tiles were listed;
                # {allowed} says which tiles the board holds.
                ngettext(
                    "a {size} board has {count} tile, not {given} ({allowed})",
                    "a {size} board has {count} tiles, not {given} ({allowed})",
                    count,
                ).format(size=label, count=count, given=len(tiles), allowed=tiles_help(count - 1))
            )
        seen: set[int] = set()
        for tile in tiles:
            if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < count:
                # Translators: {tile} is the tile number given; {size} a board size like 4x4.
                message = _("tile {tile} is out of range on a {size} board ({allowed})")
                raise UserError(
                    message.format(tile=in_quotes(tile), size=label, allowed=tiles_help(count - 1))
                )
            if tile in seen:
                # Translators: {allowed} says which tiles the board holds.
                message = _("tile {tile} appears twice ({allowed})")
                raise UserError(message.format(tile=tile, allowed=tiles_help(count - 1)))
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
    def size(self) -> BoardSize:
        """Its columns and rows."""
        return BoardSize(self.width, self.height)

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
            raise IndexError(f"cell {cell} is not on a {self.size} board")
        return self.tiles[self.index(cell)]

    def cell_of(self, tile: int) -> Cell:
        """Cell where a tile currently is."""
        return self.cell(self.tiles.index(tile))

    def is_solvable(self) -> bool:
        """Whether the goal can be reached by sliding (docs/commands.md#which-boards-can-be-solved)."""
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
        return f"{self.size}:{','.join(map(str, self.tiles))}"

    def __str__(self) -> str:
        width = len(str(len(self.tiles) - 1))
        rows = (self.tiles[r * self.width : (r + 1) * self.width] for r in range(self.height))
        return "\n".join(" ".join(str(t or ".").rjust(width) for t in row) for row in rows)


def seed_game_id(width: int, height: int, seed: int) -> str:
    """The seeded game ID ``WxH#seed``, shorter to share than the exact board."""
    return f"{BoardSize(width, height)}#{check_seed(seed)}"


def parse_tiles(size: BoardSize, text: str) -> Board:
    """Read a board of this size from tile numbers separated by commas or spaces; it must be solvable.

    Shared by game IDs and the ``solve`` command so both refuse bad boards with the same words.
    """
    parts = [p for p in _TILE_SPLIT_RE.split(text.strip()) if p]
    bad = next((p for p in parts if not _DIGITS_RE.fullmatch(p)), None)
    if bad is not None:
        last = size.columns * size.rows - 1
        # Translators: {tile} is what was typed for a tile, quoted; {last} the highest tile number.
        message = _("tile {tile} is not valid: tiles are whole numbers 0 to {last}, 0 = empty")
        raise UserError(message.format(tile=in_quotes(bad), last=last))
    board = Board(size.columns, size.rows, tuple(int(p) for p in parts))
    if not board.is_solvable():
        # Translators: {size} is a board size like 4x4; {board} the tiles as typed, quoted.
        message = _("the {size} board {board} cannot be solved (half of all arrangements cannot)")
        raise UserError(message.format(size=size, board=in_quotes(text.strip())))
    return board


def parse_game_id(text: str) -> tuple[Board, int | None]:
    """Read a game ID into its board and, for ``WxH#seed``, the seed (else None).

    Refused with a UserError saying what is allowed: malformed text, a size out of range, a wrong tile
    list, an unsolvable board, a board that is already solved (nothing to play) or a bad seed.
    """
    if not isinstance(text, str) or not text.strip():
        # Translators: {allowed} says what a game ID may be.
        raise UserError(_("empty game ID: {allowed}").format(allowed=id_help()))
    text = text.strip()
    for separator in (":", "#"):
        size_text, found, rest = text.partition(separator)
        if found and (":" not in size_text and "#" not in size_text):
            break
    else:
        # Translators: {id} is the game ID as typed, quoted; ':' and '#' are the characters of a game ID.
        message = _("game ID {id} has neither ':' nor '#': {allowed}")
        raise UserError(message.format(id=in_quotes(text), allowed=id_help()))
    try:
        size = BoardSize.parse(size_text)
    except UserError as error:
        # Translators: {id} is the game ID as typed, quoted; {error} says what is wrong with it.
        raise UserError(_("game ID {id}: {error}").format(id=in_quotes(text), error=error)) from None
    if separator == "#":
        if not _SEED_RE.fullmatch(rest) or int(rest) > MAX_SEED:
            # Translators: {id} is the game ID as typed, {seed} its seed part; {allowed} what a seed may be.
            message = _("game ID {id}: seed {seed} is not valid: {allowed}")
            raise UserError(message.format(id=in_quotes(text), seed=in_quotes(rest), allowed=seed_help()))
        seed = int(rest)
        return Board.shuffled(size.columns, size.rows, seed), seed
    try:
        board = parse_tiles(size, rest)
    except UserError as error:
        # Translators: {id} is the game ID as typed; {error} what is wrong; {allowed} what a game ID may be.
        message = _("game ID {id}: {error}; {allowed}")
        raise UserError(message.format(id=in_quotes(text), error=error, allowed=id_help())) from None
    if board.is_solved():
        # Translators: {id} is the game ID as typed, quoted.
        message = _("game ID {id} is the solved board: there is nothing to play")
        raise UserError(message.format(id=in_quotes(text)))
    return board, None
