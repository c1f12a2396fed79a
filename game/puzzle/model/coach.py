"""The coach: the human method (method_steps.py) followed along a player's solve, said one sentence a step.

Pure Python (no Arcade): the Fifteen screen asks it, after every move, for the sentence, the squares
to outline (which tile goes where) and the next few moves as arrows; tests ask the same. When the
player plays the move the coach showed, its plan simply moves on; any other move and the coach starts
again from the board as it is (``strayed``), and if that move broke a finished line it says so and the
plan goes back to that line (``stepped_back``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.text.i18n import _, ngettext
from game.puzzle.model import method_steps
from game.puzzle.model.board import Board, Cell
from game.puzzle.model.method_steps import Kind, Step

ARROWS = 3
"""How many of the next moves the board shows as arrows."""


@dataclass(frozen=True)
class Arrow:
    """One move to make: the tile slides from ``source`` into the empty square at ``target``."""

    tile: int
    source: Cell
    target: Cell


@dataclass(frozen=True)
class Goal:
    """A square to outline: where ``tile`` goes (0: where the empty square goes)."""

    tile: int
    cell: Cell


class Coach:
    """The method's current step for the board the player has, and what the screen says about it."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.step: Step | None = method_steps.step(board)
        self.strayed = False
        self.stepped_back = False
        self._done = method_steps.lines_done(board)
        self._arrows: list[Arrow] | None = None

    def follow(self, board: Board) -> None:
        """The player's board now (after a move, an undo, a restart): the plan follows it."""
        if board == self.board:
            return
        step = self.step
        played = _played(self.board, board, step.moves if step is not None else ())
        played_next = played > 0
        done = method_steps.lines_done(board)
        self.stepped_back = done < self._done
        self._done = done
        self.board = board
        self._arrows = None
        if step is not None and 0 < played < len(step.moves):
            self.step = Step(step.kind, step.line, step.tiles, step.targets, step.placed, step.moves[played:])
        else:
            self.step = method_steps.step(board)
        if played_next:
            self.strayed = False
        elif not board.is_solved():
            self.strayed = True

    @property
    def arrows(self) -> list[Arrow]:
        """The next moves of the step (at most ``ARROWS``), each from its tile's square into the gap
        (worked out once a board: the screen asks every frame)."""
        if self._arrows is None:
            board = self.board
            self._arrows = []
            for tile in self.step.moves[:ARROWS] if self.step is not None else ():
                self._arrows.append(Arrow(tile, board.cell_of(tile), board.empty_cell))
                board = board.slide_tile(tile).board
        return self._arrows

    @property
    def goals(self) -> list[Goal]:
        """The squares the step is about: where its tile goes, or the two of the corner trick."""
        step = self.step
        if step is None:
            return []
        board = self.board
        if step.kind is Kind.EMPTY:
            return [Goal(0, board.cell(step.targets[0]))]
        if step.kind is Kind.SLIDE or step.kind is Kind.LAST:
            return [Goal(tile, board.cell(cell)) for tile, cell in zip(step.tiles, step.targets, strict=True)]
        tile = step.tiles[1] if step.kind in (Kind.AWAY, Kind.BESIDE) else step.tiles[0]
        return [Goal(tile, board.cell(step.targets[0]))]

    def sentence(self) -> str:
        """One sentence for the step (with a word first when the player went another way)."""
        step = self.step
        if step is None:
            return _("Solved! Every row and column is in place.")
        said = _say(step)
        if self.stepped_back:
            # Translators: the coach, when the player's move broke a row or column that was done.
            return _("That broke a finished line: back to it. {step}").format(step=said)
        if self.strayed:
            # Translators: the coach, when the player made another move than the one it showed.
            return _("You went another way: fine, from here: {step}").format(step=said)
        return said


def _played(before: Board, after: Board, moves: tuple[int, ...]) -> int:
    """How many of ``moves`` lead from ``before`` to ``after`` (a click can slide several tiles); 0 if
    ``after`` is not on the way."""
    board = before
    for count, tile in enumerate(moves, 1):
        board = board.slide_tile(tile).board
        if board == after:
            return count
    return 0


def tiles_text(tiles: tuple[int, ...]) -> str:
    """Tile numbers as the coach says them: a run of three or more that follow each other as "12–18",
    the rest one by one ("1–4, 9, 12"), so a long row stays short to read."""
    parts: list[str] = []
    index = 0
    while index < len(tiles):
        end = index
        while end + 1 < len(tiles) and tiles[end + 1] == tiles[end] + 1:
            end += 1
        if end - index >= 2:
            parts.append(f"{tiles[index]}–{tiles[end]}")
            index = end + 1
        else:
            parts.append(str(tiles[index]))
            index += 1
    return ", ".join(parts)


def _say(step: Step) -> str:
    """The sentence of one step of the method."""
    placed = tiles_text(step.placed)
    row = step.line is not None and step.line.is_row
    if step.kind is Kind.PLACE:
        if not placed:
            # Translators: the coach; {tile} is a tile number, its square is outlined on the board.
            return _("Move {tile} to its square (outlined).").format(tile=step.tiles[0])
        # Translators: the coach; {tile} is a tile number, {placed} the tiles already in place, e.g. "1, 2".
        return _("Move {tile} to its square without disturbing {placed}.").format(
            tile=step.tiles[0], placed=placed
        )
    a, b = step.tiles[0], step.tiles[-1]
    if step.kind is Kind.CORNER:
        # Translators: the coach; {a} and {b} are the last two tiles of a row or column.
        return _("The corner trick for {a} and {b}: first put {a} in the corner, on {b}'s square.").format(
            a=a, b=b
        )
    if step.kind is Kind.AWAY:
        # Translators: the coach; {b} would be locked in next to {a} in the corner.
        return _(
            "{b} would be stuck beside {a} there: first move {b} two squares away from the line."
        ).format(a=a, b=b)
    if step.kind is Kind.BESIDE:
        if row:
            # Translators: the coach, the corner trick for a row.
            return _("Now bring {b} just below {a}, without moving {a}.").format(a=a, b=b)
        # Translators: the coach, the corner trick for a column.
        return _("Now bring {b} just right of {a}, without moving {a}.").format(a=a, b=b)
    if step.kind is Kind.EMPTY:
        # Translators: the coach; the corner trick's third step.
        return _("Bring the empty square to {a}'s square, without moving {a} or {b}.").format(a=a, b=b)
    if step.kind is Kind.SLIDE:
        if row:
            # Translators: the coach; the corner trick's last step for a row.
            return _("Slide {a} left and {b} up: the row is done.").format(a=a, b=b)
        # Translators: the coach; the corner trick's last step for a column.
        return _("Slide {a} up and {b} left: the column is done.").format(a=a, b=b)
    # Translators: the coach; {tiles} are the last three tiles, e.g. "11, 12, 15".
    return _("The last 2x2: turn {tiles} round the square until they are in order.").format(
        tiles=", ".join(map(str, step.tiles))
    )


def verdict(moves: int, best: int | None, proven: bool) -> str:
    """The coach's last word: the player's moves against the fewest (or the solver's best)."""
    # Translators: the coach at the end; {count} is how many moves the player made.
    yours = ngettext("You solved it in {count} move.", "You solved it in {count} moves.", moves).format(
        count=moves
    )
    if best is None:
        return yours
    if proven:
        # Translators: the coach at the end, after "You solved it in N moves."; {best} the fewest possible.
        more = ngettext("The fewest possible is {best} move.", "The fewest possible is {best} moves.", best)
    else:
        # Translators: the coach at the end on a big board; {best} the shortest solution the solver found.
        more = ngettext("The solver's best is {best} move.", "The solver's best is {best} moves.", best)
    return f"{yours} {more.format(best=best)}"
