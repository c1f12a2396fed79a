"""The sliding-puzzle solver: optimal on 4x4 and smaller, near-optimal and fast up to 10x10.

Pure Python plus numpy (no Arcade), safe to run in a background thread: every search checks a cancel
event and a deadline every few thousand nodes, and table building works in bounded numpy chunks.

- ``solve(board, optimal=False, budget=None)``: the tiles to slide, in order ([] when solved). Every
  answer is replayed on the board before it is returned.
  - ``optimal=True`` (boards up to 4x4): fewest moves, building the tables first if needed; raises
    ``SolverTimeout`` if ``budget`` seconds run out. Refused with a UserError on larger boards.
  - ``optimal=False``: the best solution found within ``budget`` (default ``DEFAULT_BUDGET``): an optimal
    search first when the tables are at hand, then weighted searches; never fails, never builds the big
    tables (it uses them if they are in memory or in the cache folder; ``prepare`` builds them).
- ``hint(board)``: the next tile to slide, within ``HINT_BUDGET``; consistent with earlier answers
  because the boards along every solution found are remembered.
- ``best(board)``: the shortest solution found by node limits alone (no clock): the figure of the solved
  panel and of ``python main.py solve`` (game/puzzle/commands/solve.py) for boards larger than 4x4.
- ``prepare(width, height, progress, cancel)``: load or build (and cache) the tables of a size.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence

from game.core.errors import UserError
from game.core.text.i18n import _
from game.puzzle.model.board import Board, goal_tiles
from game.puzzle.solver import distance_tables, pdb, reduce
from game.puzzle.solver.build_checkpoint import Note
from game.puzzle.solver.pattern import Cancelled, Progress, neighbours
from game.puzzle.solver.search import Heuristic, OverBudget, ida_star

__all__ = [
    "DEFAULT_BUDGET",
    "HINT_BUDGET",
    "Cancelled",
    "SolverTimeout",
    "best",
    "hint",
    "prepare",
    "solve",
    "tables_cached",
    "tables_ready",
]

DEFAULT_BUDGET = 1.5
HINT_BUDGET = 0.12
OPTIMAL_SHARE = 0.5
WEIGHTED_SHARE = 0.85
NEAR_WEIGHT = 1.3
ROUGH_WEIGHT = 2.0
LINE_WEIGHT = 2.0
LINE_NODES = 20_000
FAST_WEIGHT = 4.0
FAST_GROUP = 3
FAST_NODES = 5_000
PATH_MEMORY = 50_000
FALLBACK_SIDE = 3
LARGE_SHARE = 0.7
FINISH_SHARE = 0.9
FINISH_NODES = 600_000
BIG_WEIGHT = 3.0


class SolverTimeout(TimeoutError):
    """An optimal search ran out of its time budget."""


def tables_cached(width: int, height: int) -> bool:
    """Whether the quick tables a size needs are in memory or in a verified cache file (read if so)."""
    if not distance_tables.optimal_supported(width, height):
        width, height = 4, 4
    return all(pdb.peek(p) is not None for p in distance_tables.patterns(width, height))


def tables_ready(width: int, height: int) -> bool:
    """Whether an optimal solve of this size can start without building or reading tables."""
    return distance_tables.tables_ready(width, height)


def prepare(
    width: int,
    height: int,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    strong: bool = False,
    note: Note | None = None,
) -> None:
    """Load or build (and cache) what the solver needs for a size: its own tables up to 4x4, the 4x4
    tables for larger boards (they finish the last 4x4 of every big board); with ``strong`` the strong
    4x4 tables too (a minute or two, once; a build stopped part-way goes on from where it was, and
    ``note`` is told so). Raises Cancelled."""
    if distance_tables.optimal_supported(width, height):
        distance_tables.prepare(width, height, progress, cancel, strong, note)
    else:
        distance_tables.prepare(4, 4, progress, cancel, strong, note)


_HEURISTICS: dict[tuple[int, int, bool], Heuristic] = {}
_HEURISTIC_LOCK = threading.Lock()


def _heuristic(
    width: int, height: int, build: bool, cancel: threading.Event | None = None
) -> Heuristic | None:
    """The size's heuristic if its tables are in memory or on disk (or ``build``), else None: the strong
    one as soon as its tables are on disk (a build in the background puts them there), else the quick."""
    strong = distance_tables.strong_ready(width, height)
    with _HEURISTIC_LOCK:
        found = _HEURISTICS.get((width, height, strong))
    if found is not None:
        return found
    patterns = distance_tables.patterns(width, height)
    if not strong and not build and not all(pdb.peek(p) is not None for p in patterns):
        return None
    if build and not strong:
        distance_tables.prepare(width, height, cancel=cancel)
    found = distance_tables.heuristic(width, height, strong)
    with _HEURISTIC_LOCK:
        _HEURISTICS[width, height, strong] = found
    return found


def _walk_down(tiles: Sequence[int], width: int, height: int) -> list[int]:
    """An optimal solution from an exact distance table: always step to a neighbour one move closer."""
    table = distance_tables.exact_table(width, height)
    near = neighbours(width, height)
    code = distance_tables.pack_board(tiles)
    board = list(tiles)
    blank = board.index(0)
    distance = table[code]
    nibble, distance_of = distance_tables.NIBBLE, table.get
    moves = []
    while distance:
        for cell in near[blank]:
            tile = board[cell]
            after = code + (tile << (nibble * blank)) - (tile << (nibble * cell))
            if distance_of(after) == distance - 1:
                break
        else:
            raise ValueError("the distance table is inconsistent")
        moves.append(tile)
        board[blank], board[cell] = tile, 0
        code, blank, distance = after, cell, distance - 1
    return moves


def _optimal_small(
    tiles: Sequence[int], width: int, height: int, deadline: float | None, cancel: threading.Event | None
) -> list[int]:
    if distance_tables.uses_exact_table(width, height):
        return _walk_down(tiles, width, height)
    heuristic = _heuristic(width, height, build=True, cancel=cancel)
    assert heuristic is not None
    return ida_star(tiles, width, height, heuristic, deadline=deadline, cancel=cancel).moves


def _near_small(
    tiles: Sequence[int],
    width: int,
    height: int,
    start: float,
    budget: float,
    cancel: threading.Event | None,
    node_limit: int | None = None,
) -> list[int]:
    """Optimal if it comes quickly, else weighted (twice), else the line-by-line method (always fast).

    ``node_limit`` (per search) keeps the choice independent of the machine's load where that matters.
    """
    if distance_tables.uses_exact_table(width, height):
        return _walk_down(tiles, width, height)
    heuristic = _heuristic(width, height, build=False)
    if heuristic is not None:
        for weight, share in ((1.0, OPTIMAL_SHARE), (NEAR_WEIGHT, WEIGHTED_SHARE), (ROUGH_WEIGHT, 1.0)):
            try:
                return ida_star(
                    tiles,
                    width,
                    height,
                    heuristic,
                    weight=weight,
                    deadline=start + budget * share,
                    node_limit=node_limit,
                    cancel=cancel,
                ).moves
            except OverBudget:
                continue
    return _fast(tiles, width, height, cancel)


def _fast(tiles: Sequence[int], width: int, height: int, cancel: threading.Event | None) -> list[int]:
    """Lines placed greedily down to a 3x3 or smaller, which the exact tables finish: no deadline needed."""
    if distance_tables.uses_exact_table(width, height):
        return _walk_down(tiles, width, height)
    return reduce.solve_large(
        tiles,
        width,
        height,
        _walk_down,
        group_size=FAST_GROUP,
        weight=FAST_WEIGHT,
        node_limit=FAST_NODES,
        cancel=cancel,
        final_side=FALLBACK_SIDE,
    )


def _near_large(
    tiles: Sequence[int],
    width: int,
    height: int,
    start: float,
    budget: float,
    cancel: threading.Event | None,
    timed: bool = True,
) -> list[int]:
    """Both line orders tried (the second is dropped if it runs out of time); the 4x4 left at the end
    solved as well as time allows.

    The line passes get ``LARGE_SHARE`` of the budget, so the quick method still fits if they fail; the
    last 4x4 may use up to ``FINISH_SHARE`` since its own fallback takes milliseconds. Not ``timed``: no
    clock at all, only the node limits, so the answer is the same however busy the machine is.
    """
    deadline = start + budget * LARGE_SHARE if timed else None
    finish_deadline = start + budget * FINISH_SHARE if timed else math.inf
    best: list[int] | None = None
    for rows_first in (True, False):

        def finish(sub: list[int], sub_w: int, sub_h: int) -> list[int]:
            now = time.perf_counter()
            return _near_small(sub, sub_w, sub_h, now, max(0.0, finish_deadline - now), cancel, FINISH_NODES)

        try:
            moves = reduce.solve_large(
                tiles,
                width,
                height,
                finish,
                group_size=FAST_GROUP,
                weight=LINE_WEIGHT,
                big_weight=BIG_WEIGHT,
                node_limit=LINE_NODES,
                deadline=deadline,
                cancel=cancel,
                rows_first=rows_first,
            )
        except OverBudget:
            break
        if best is None or len(moves) < len(best):
            best = moves
    return best if best is not None else _fast(tiles, width, height, cancel)


def _replay(tiles: Sequence[int], width: int, moves: Sequence[int]) -> bool:
    """Whether sliding ``moves`` one by one (each next to the empty square) reaches the goal."""
    board = list(tiles)
    blank = board.index(0)
    where = {tile: cell for cell, tile in enumerate(board)}
    for tile in moves:
        cell = where.get(tile)
        if (
            cell is None
            or tile == 0
            or abs(cell - blank) not in (1, width)
            or (abs(cell - blank) == 1 and cell // width != blank // width)
        ):
            return False
        board[blank], board[cell] = tile, 0
        where[tile], blank = blank, cell
    return tuple(board) == goal_tiles(width, len(board) // width)


def solve(
    board: Board,
    optimal: bool = False,
    budget: float | None = None,
    *,
    cancel: threading.Event | None = None,
) -> list[int]:
    """The tiles to slide, in order, to reach the goal ([] when solved); see the module notes."""
    width, height = board.width, board.height
    if not board.is_solvable():
        # Translators: {size} is a board size like 4x4.
        raise UserError(_("the {size} board cannot be solved").format(size=board.size))
    if board.is_solved():
        return []
    if optimal and not distance_tables.optimal_supported(width, height):
        # Translators: {size} is a board size like 6x6; --optimal is a command-line option, keep it as it is.
        message = _(
            "optimal solutions are available up to 4x4, not {size}: "
            "drop --optimal for a fast near-optimal solution"
        )
        raise UserError(message.format(size=board.size))
    start = time.perf_counter()
    tiles = list(board.tiles)
    if optimal:
        deadline = None if budget is None else start + budget
        try:
            moves = _optimal_small(tiles, width, height, deadline, cancel)
        except OverBudget:
            raise SolverTimeout(f"no optimal solution within {budget} s") from None
    else:
        limit = DEFAULT_BUDGET if budget is None else budget
        if distance_tables.optimal_supported(width, height):
            moves = _near_small(tiles, width, height, start, limit, cancel)
        else:
            moves = _near_large(tiles, width, height, start, limit, cancel)
    return _checked(board, moves)


def _checked(board: Board, moves: list[int]) -> list[int]:
    """``moves`` once replayed on the board (and remembered for the hints that follow them)."""
    tiles = list(board.tiles)
    if not _replay(tiles, board.width, moves):
        raise RuntimeError(f"internal error: the solution found for {board.game_id()} does not solve it")
    _remember(tiles, board.width, moves)
    return moves


def best(board: Board, cancel: threading.Event | None = None) -> list[int]:
    """The shortest solution the solver finds for ``board`` by its node limits, never by the clock: so
    the solved panel's "Solver's best" and ``python main.py solve`` say the same number for the same
    board, however busy the machine. Up to 4x4 it is the optimum (building the tables if needed); beyond,
    the better of both line orders with the last 4x4 searched as far as the node limits go. The strong
    4x4 tables are used when they are on disk. Raises Cancelled."""
    width, height = board.width, board.height
    if distance_tables.optimal_supported(width, height) or board.is_solved() or not board.is_solvable():
        return solve(board, optimal=distance_tables.optimal_supported(width, height), cancel=cancel)
    moves = _near_large(list(board.tiles), width, height, time.perf_counter(), 0.0, cancel, timed=False)
    return _checked(board, moves)


_PATHS: OrderedDict[bytes, int] = OrderedDict()
_PATHS_LOCK = threading.Lock()


def _remember(tiles: Sequence[int], width: int, moves: Sequence[int]) -> None:
    """Keep the next tile of every board along a solution, so hints that follow it agree and are instant."""
    board = list(tiles)
    blank = board.index(0)
    with _PATHS_LOCK:
        for tile in moves:
            key = bytes([width, *board])
            _PATHS[key] = tile
            _PATHS.move_to_end(key)
            cell = board.index(tile)
            board[blank], board[cell] = tile, 0
            blank = cell
        while len(_PATHS) > PATH_MEMORY:
            _PATHS.popitem(last=False)


def hint(board: Board, budget: float = HINT_BUDGET) -> int:
    """The tile to slide next (0 when the board is already solved), found within ``budget`` seconds."""
    if board.is_solved():
        return 0
    with _PATHS_LOCK:
        known = _PATHS.get(bytes([board.width, *board.tiles]))
    if known is not None:
        return known
    return solve(board, budget=budget)[0]
