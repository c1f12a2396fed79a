"""The solver: optimal on small boards (checked against breadth-first distances), valid everywhere."""

from __future__ import annotations

import atexit
import functools
import itertools
import os
import random
import shutil
import tempfile
import threading
import time
from collections import deque
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.core.files.folders import CACHE_DIR_ENV
from game.puzzle.commands.solve import solver_line
from game.puzzle.model.board import Board, goal_tiles
from game.puzzle.solver import (
    Cancelled,
    SolverTimeout,
    _walk_down,
    best,
    distance_tables,
    hint,
    pdb,
    prepare,
    solve,
)
from game.puzzle.solver.pattern import Pattern, table_size
from game.puzzle.solver.search import Component, Heuristic, ida_star

# Tables are built once into a folder of this run (removed at exit), never into the user's cache.
if CACHE_DIR_ENV not in os.environ:
    os.environ[CACHE_DIR_ENV] = tempfile.mkdtemp(prefix="fifteen-tavla-cache-")
    atexit.register(shutil.rmtree, os.environ[CACHE_DIR_ENV], ignore_errors=True)

DATA = Path(__file__).resolve().parents[3] / "benchmarks" / "data"
FAST_4X4 = (2, 5, 6, 9)


def instances(name: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """(id, optimal length, tiles) from a published-instances file."""
    rows = []
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, length, *tiles = map(int, line.split())
            rows.append((ident, length, tuple(tiles)))
    return rows


@functools.cache
def distances(width: int, height: int) -> dict[tuple[int, ...], int]:
    """Every reachable board's distance to the goal, by a plain breadth-first search over tuples (once a
    size for the module: the tests only read it)."""
    goal = goal_tiles(width, height)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        col, row = blank % width, blank // width
        for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            if 0 <= col + dc < width and 0 <= row + dr < height:
                cell = blank + dr * width + dc
                after = list(board)
                after[blank], after[cell] = after[cell], 0
                key = tuple(after)
                if key not in dist:
                    dist[key] = dist[board] + 1
                    queue.append(key)
    return dist


def replay(board: Board, moves: list[int]) -> Board:
    """Slide the tiles through the board model; each must move exactly one tile."""
    for tile in moves:
        slide = board.slide_tile(tile)
        assert len(slide.moves) == 1, f"tile {tile} is not next to the empty square"
        board = slide.board
    return board


def fast_replay(tiles: tuple[int, ...], width: int, moves: list[int]) -> tuple[int, ...]:
    """The moves slid on a plain tile list, each a tile beside the empty square."""
    board = list(tiles)
    blank = board.index(0)
    for tile in moves:
        cell = board.index(tile)
        assert abs(blank - cell) == width or (abs(blank - cell) == 1 and blank // width == cell // width)
        board[blank], board[cell] = tile, 0
        blank = cell
    return tuple(board)


def scramble(board: Board, steps: int, rng: random.Random) -> Board:
    """A random walk of the empty square (boards whose optimum a plain search finds quickly)."""
    for _ in range(steps):
        col, row = board.empty_cell
        near = [(col + dc, row + dr) for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0))]
        board = board.slide_from(rng.choice([cell for cell in near if board.contains(cell)])).board
    return board


@pytest.fixture(scope="module")
def tables_4x4() -> None:
    """The 4x4 pattern databases, built (about 8 s) or read once for this module."""
    prepare(4, 4)


@pytest.mark.parametrize("size", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
def test_every_small_board_is_solved_in_its_breadth_first_distance(size: tuple[int, int]) -> None:
    """Every board through the public API, its moves slid on plain tiles; the Board model slides them on
    a sample (on each of the 20,160 boards of 2x4 and 4x2 it took nine tenths of the test's time)."""
    width, height = size
    goal = goal_tiles(width, height)
    every = distances(width, height)
    sample = set(random.Random(width * 10 + height).sample(sorted(every), min(len(every), 300)))
    for tiles, distance in every.items():
        board = Board(width, height, tiles)
        moves = solve(board, optimal=True)
        assert len(moves) == distance
        assert fast_replay(tiles, width, moves) == goal
        if tiles in sample:
            assert replay(board, moves).is_solved()


@pytest.mark.slow
def test_every_3x3_board_is_solved_in_its_breadth_first_distance() -> None:
    """All 181,440 boards: the exact-table walk (the public API on a sample, the Board model on it)."""
    goal = goal_tiles(3, 3)
    every = distances(3, 3)
    assert len(every) == 181_440
    for tiles, distance in every.items():
        moves = _walk_down(tiles, 3, 3)
        assert len(moves) == distance
        assert fast_replay(tiles, 3, moves) == goal
    for tiles in random.Random(3).sample(sorted(every), 200):
        board = Board(3, 3, tiles)
        assert replay(board, solve(board, optimal=True)).is_solved()


@pytest.mark.slow
def test_pattern_database_search_is_optimal_on_3x3() -> None:
    """IDA* with two additive patterns and the reflected view (the 4x4 method) against true distances."""
    left, right = (0, 1, 3, 4), (2, 5, 6, 7)
    view = [
        Component(pdb.build(Pattern(3, 3, cells)), tuple(c + 1 for c in cells), 4) for cells in (left, right)
    ]
    transpose = [(c % 3) * 3 + c // 3 for c in range(9)]
    reflected = [
        Component(c.table, tuple(transpose[t - 1] + 1 for t in c.tiles), 4, tuple(transpose)) for c in view
    ]
    heuristic = Heuristic(3, 3, [view, reflected])
    every = distances(3, 3)
    for tiles, distance in every.items():
        assert heuristic.value(tiles) <= distance
    goal = goal_tiles(3, 3)
    for tiles in random.Random(7).sample(sorted(every), 1500):
        result = ida_star(tiles, 3, 3, heuristic)
        assert len(result.moves) == every[tiles]
        assert fast_replay(tiles, 3, result.moves) == goal


@pytest.mark.slow
@pytest.mark.parametrize("size", [(3, 4), (4, 3)])
def test_3x4_and_4x3_solutions_are_optimal(size: tuple[int, int]) -> None:
    """Against a Manhattan-distance IDA* (admissible, independent tables) on boards a few moves deep."""
    width, height = size
    prepare(width, height)
    manhattan = []
    for tile in range(1, width * height):
        goal = tile - 1
        table = bytes(abs(c % width - goal % width) + abs(c // width - goal // width) for c in range(16))
        manhattan.append(Component(table, (tile,), 4))
    plain = Heuristic(width, height, [manhattan])
    rng = random.Random(width)
    for _ in range(6):
        board = scramble(Board.goal(width, height), 40, rng)
        moves = solve(board, optimal=True)
        assert replay(board, moves).is_solved()
        assert len(moves) == len(ida_star(board.tiles, width, height, plain).moves)


@pytest.mark.usefixtures("tables_4x4")
@pytest.mark.parametrize("ident", FAST_4X4)
def test_published_4x4_instances_are_reproduced(ident: int) -> None:
    _, length, tiles = next(row for row in instances("fifteen_4x4_instances.txt") if row[0] == ident)
    board = Board(4, 4, tiles)
    moves = solve(board, optimal=True)
    assert len(moves) == length
    assert replay(board, moves).is_solved()


@pytest.mark.slow
@pytest.mark.usefixtures("tables_4x4")
def test_5x5_instances_get_valid_near_optimal_solutions() -> None:
    ratios = []
    for _, length, tiles in instances("fifteen_5x5_instances.txt"):
        board = Board(5, 5, tiles)
        moves = best(board)  # by the node limits, never the clock: the same on a busy machine
        assert replay(board, moves).is_solved()
        ratios.append(len(moves) / length)
    assert sum(ratios) / len(ratios) < 1.5


@pytest.mark.usefixtures("tables_4x4")
@pytest.mark.parametrize("size", [(6, 5), (5, 6), (10, 10), (7, 4), (10, 2), (2, 10), (3, 10), (5, 4)])
def test_larger_boards_get_valid_solutions(size: tuple[int, int]) -> None:
    board = Board.shuffled(*size, seed=11)
    moves = solve(board)
    assert replay(board, moves).is_solved()


@pytest.mark.parametrize("size", [(4, 4), (6, 5)])
def test_quick_method_is_valid_without_any_pattern_database(size: tuple[int, int]) -> None:
    from game.puzzle.solver import _fast

    board = Board.shuffled(*size, seed=5)
    assert replay(board, _fast(list(board.tiles), *size, None)).is_solved()


def test_solved_and_unsolvable_boards() -> None:
    assert solve(Board.goal(4, 4)) == []
    assert solve(Board.goal(10, 10), optimal=False) == []
    assert hint(Board.goal(5, 5)) == 0
    unsolvable = Board(2, 2, (2, 1, 3, 0))
    with pytest.raises(UserError, match="cannot be solved"):
        solve(unsolvable)


def test_optimal_is_refused_above_4x4() -> None:
    with pytest.raises(UserError, match="up to 4x4"):
        solve(Board.shuffled(5, 5, seed=1), optimal=True)


@pytest.mark.usefixtures("tables_4x4")
@pytest.mark.parametrize("size", [(4, 4), (5, 5), (3, 3), (6, 5)])
def test_following_hints_solves_the_board(size: tuple[int, int]) -> None:
    board = Board.shuffled(*size, seed=21)
    for _ in range(2000):
        if board.is_solved():
            break
        tile = hint(board)
        slide = board.slide_tile(tile)
        assert len(slide.moves) == 1
        board = slide.board
    assert board.is_solved()


@pytest.mark.usefixtures("tables_4x4")
def test_a_4x4_hint_is_one_slide_of_a_tile_beside_the_gap() -> None:
    # how quick a hint is, is measured in benchmarks/puzzle_solver.py, not here
    for seed in range(20):
        board = Board.shuffled(4, 4, seed=500 + seed)
        tile = hint(board)
        assert len(board.slide_tile(tile).moves) == 1


@pytest.mark.usefixtures("tables_4x4")
def test_a_search_in_a_thread_stops_when_cancelled() -> None:
    _, _, tiles = next(row for row in instances("fifteen_4x4_instances.txt") if row[0] == 3)
    stop = threading.Event()
    outcome: list[object] = []

    def work() -> None:
        try:
            outcome.append(solve(Board(4, 4, tiles), optimal=True, cancel=stop))
        except Cancelled as error:
            outcome.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.2)
    stop.set()
    thread.join(timeout=2)
    assert not thread.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], (Cancelled, list))


@pytest.mark.usefixtures("tables_4x4")
def test_optimal_budget_runs_out() -> None:
    _, _, tiles = next(row for row in instances("fifteen_4x4_instances.txt") if row[0] == 3)
    with pytest.raises(SolverTimeout):
        solve(Board(4, 4, tiles), optimal=True, budget=0.01)
    board = Board(4, 4, tiles)
    assert replay(board, solve(board, budget=0.05)).is_solved()


@pytest.mark.slow
@pytest.mark.usefixtures("tables_4x4")
def test_solve_command_prints_the_tiles() -> None:
    _, length, tiles = next(row for row in instances("fifteen_4x4_instances.txt") if row[0] == 9)
    line = solver_line("4x4", " ".join(map(str, tiles)), optimal=True)
    moves = [int(t) for t in line.split(" ")]
    assert len(moves) == length
    assert replay(Board(4, 4, tiles), moves).is_solved()
    assert solver_line("3x3", "1,2,3,4,5,6,7,8,0", optimal=False) == ""
    assert solver_line("2x2", "1 2 0 3", optimal=True) == "3"
    big = Board.shuffled(6, 5, seed=2)
    line = solver_line("6x5", " ".join(map(str, big.tiles)), optimal=False)
    assert replay(big, [int(t) for t in line.split()]).is_solved()


@pytest.mark.parametrize(
    ("size", "text", "message"),
    [
        ("4x4", "1 2 3", "has 16 tiles, not 3"),
        ("3x3", "1 2 3 4 5 6 7 8 9", "out of range"),
        ("3x3", "1 2 3 4 5 6 8 7 0", "cannot be solved"),
        ("3x3", "1 2 3 4 5 6 7 8 x", "not valid"),
        ("2x2", "1 1 2 0", "appears twice"),
        ("11x3", "1", "out of range"),
        ("four", "1", "not valid"),
        ("5x5", " ".join(map(str, Board.shuffled(5, 5, seed=4).tiles)), "up to 4x4"),
    ],
)
def test_solve_command_refuses_bad_input(size: str, text: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        solver_line(size, text, optimal=size == "5x5")


def test_exact_tables_hold_every_reachable_board() -> None:
    for width, height in itertools.product((2, 3), repeat=2):
        table = distance_tables.exact_table(width, height)
        assert len(table) == len(distances(width, height))


@pytest.mark.slow
@pytest.mark.usefixtures("tables_4x4")
def test_the_solvers_best_is_one_figure_for_the_panel_and_the_command() -> None:
    from game.puzzle.solver.background_solver import Shortest, shortest

    board = Board.shuffled(5, 5, seed=7)
    line = solver_line("5x5", " ".join(map(str, board.tiles)), optimal=False)
    moves = [int(t) for t in line.split()]
    assert replay(board, moves).is_solved()
    assert best(board) == moves
    assert shortest(board) == Shortest(len(moves), False)


def test_the_strong_4x4_tables_are_used_once_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong heuristic's plumbing (the mirrored block, the reflected view) on an easy board, with
    a stand-in for the 7-tile table (no build in a test): 0 with the seven tiles home, else 1, which is
    admissible and, as a real table, 0 only at home."""
    import game.puzzle.solver as solver

    monkeypatch.delenv(distance_tables.QUICK_ENV, raising=False)
    monkeypatch.setattr(solver, "_HEURISTICS", {})
    right, alone = distance_tables.strong_patterns(4, 4)
    stand_in = bytearray(b"\1") * table_size(right)
    stand_in[pdb.pack(right.goals, right.bits)] = 0
    stand_in = bytes(stand_in)
    monkeypatch.setitem(pdb._LOADED, right.key, stand_in)
    monkeypatch.setitem(pdb._LOADED, alone.key, pdb.build(alone))
    assert distance_tables.strong_ready(4, 4)
    heuristic = solver._heuristic(4, 4, build=False)
    assert heuristic is not None and any(table is stand_in for table in heuristic.tables)
    board = scramble(Board.goal(4, 4), 14, random.Random(4))
    moves = solve(board, optimal=True)
    assert replay(board, moves).is_solved()
    manhattan = []
    for tile in range(1, 16):
        goal = tile - 1
        table = bytes(abs(c % 4 - goal % 4) + abs(c // 4 - goal // 4) for c in range(16))
        manhattan.append(Component(table, (tile,), 4))
    assert len(moves) == len(ida_star(board.tiles, 4, 4, Heuristic(4, 4, [manhattan])).moves)
