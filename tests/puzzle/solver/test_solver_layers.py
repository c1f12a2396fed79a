"""The breadth-first iterations (layers.py): the same optimal lengths as the depth-first search, valid
solutions however the depths are chunked, and the caller's cancel and deadline still obeyed."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from game.puzzle.model.board import Board, goal_tiles
from game.puzzle.solver import Cancelled, distance_tables, layers, prepare, search, solve
from game.puzzle.solver.search import OverBudget, ida_star

DATA = Path(__file__).resolve().parents[3] / "benchmarks" / "data"
KORF_EASY = (79, 81, 2)  # three of Korf's 100, quick with the quick tables too


def korf(ident: int) -> tuple[int, list[int]]:
    """(published optimal length, tiles) of one of Korf's 100 boards."""
    for line in (DATA / "fifteen_4x4_korf100.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, length, *tiles = map(int, line.split())
            if number == ident:
                return length, tiles
    raise LookupError(ident)


def replays(tiles: list[int], width: int, moves: list[int]) -> bool:
    board = list(tiles)
    for tile in moves:
        blank, cell = board.index(0), board.index(tile)
        if abs(blank - cell) not in (1, width) or (
            abs(blank - cell) == 1 and blank // width != cell // width
        ):
            return False
        board[blank], board[cell] = tile, 0
    return tuple(board) == goal_tiles(width, len(board) // width)


@pytest.fixture(scope="module")
def quick_4x4() -> search.Heuristic:
    """The quick 4x4 tables (built in seconds, or read) as the search's heuristic."""
    prepare(4, 4)
    return distance_tables.heuristic(4, 4)


@pytest.mark.parametrize("ident", KORF_EASY)
def test_breadth_first_and_depth_first_find_the_published_optimum(
    ident: int, quick_4x4: search.Heuristic, monkeypatch: pytest.MonkeyPatch
) -> None:
    length, tiles = korf(ident)
    monkeypatch.setattr(search, "LAYERED_FROM", 0)
    layered = ida_star(tiles, 4, 4, quick_4x4)
    monkeypatch.setattr(search, "LAYERED_FROM", 10**12)
    plain = ida_star(tiles, 4, 4, quick_4x4)
    assert len(layered.moves) == len(plain.moves) == length
    assert replays(tiles, 4, layered.moves) and replays(tiles, 4, plain.moves)


def test_tiny_chunks_still_give_an_optimal_solution(
    quick_4x4: search.Heuristic, monkeypatch: pytest.MonkeyPatch
) -> None:
    length, tiles = korf(79)
    monkeypatch.setattr(search, "LAYERED_FROM", 0)
    monkeypatch.setattr(layers, "CHUNK", 5)
    moves = ida_star(tiles, 4, 4, quick_4x4).moves
    assert len(moves) == length and replays(tiles, 4, moves)


def test_the_optimal_solve_of_a_korf_board_goes_through_the_public_call(quick_4x4: search.Heuristic) -> None:
    length, tiles = korf(81)
    board = Board(4, 4, tuple(tiles))
    assert len(solve(board, optimal=True)) == length


def test_a_breadth_first_iteration_obeys_cancel_and_deadline(
    quick_4x4: search.Heuristic, monkeypatch: pytest.MonkeyPatch
) -> None:
    _length, tiles = korf(2)
    monkeypatch.setattr(search, "LAYERED_FROM", 0)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        layers.iteration(
            tiles,
            4,
            4,
            quick_4x4.indices(tiles),
            quick_4x4.view_values(tiles),
            60,
            quick_4x4.layered(),
            layers.checker(stop, None, None, 0),
        )
    with pytest.raises(OverBudget):
        ida_star(tiles, 4, 4, quick_4x4, deadline=time.perf_counter() - 1)


def test_searches_under_a_node_limit_stay_depth_first(
    quick_4x4: search.Heuristic, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A node limit counts depth-first nodes (``best`` depends on it): the layers are never used."""
    _length, tiles = korf(79)
    monkeypatch.setattr(search, "LAYERED_FROM", 0)

    def refused(*_args: object) -> None:
        raise AssertionError("a node-limited search went breadth-first")

    monkeypatch.setattr(layers, "iteration", refused)
    assert replays(tiles, 4, ida_star(tiles, 4, 4, quick_4x4, node_limit=10**9).moves)
