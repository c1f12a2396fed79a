"""The solvability rule (docs/commands.md#which-boards-can-be-solved) against brute force: every
arrangement of small boards, both ways."""

import itertools
from collections import deque

import pytest

from game.puzzle.model.board import Board, goal_tiles, tiles_solvable

SIZES = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (2, 4)]


def neighbours_table(width: int, height: int) -> list[tuple[int, ...]]:
    """For each position of the empty square, the positions a tile can slide in from."""
    table = []
    for index in range(width * height):
        col, row = index % width, index // width
        steps = ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1))
        table.append(tuple(r * width + c for c, r in steps if 0 <= c < width and 0 <= r < height))
    return table


def reachable_from_goal(width: int, height: int) -> set[bytes]:
    """Breadth-first search over single slides; states are bytes (9 bytes each for 3x3), compact and fast."""
    table = neighbours_table(width, height)
    start = bytes(goal_tiles(width, height))
    seen = {start}
    queue = deque([(start, width * height - 1)])
    while queue:
        state, hole = queue.popleft()
        for source in table[hole]:
            tiles = bytearray(state)
            tiles[hole], tiles[source] = tiles[source], 0
            key = bytes(tiles)
            if key not in seen:
                seen.add(key)
                queue.append((key, source))
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_rule_agrees_with_breadth_first_search_on_every_board(width, height):
    reachable = reachable_from_goal(width, height)
    count = width * height
    total = 0
    for perm in itertools.permutations(range(count)):
        total += 1
        assert tiles_solvable(width, height, perm) == (bytes(perm) in reachable), perm
    assert len(reachable) * 2 == total  # exactly half of all arrangements can be solved


def test_board_method_uses_the_rule():
    assert Board(4, 4, (*range(1, 14), 15, 14, 0)).is_solvable() is False
    assert Board(4, 4, (*range(1, 15), 0, 15)).is_solvable() is True
    assert Board(3, 3, (1, 2, 3, 4, 5, 6, 8, 7, 0)).is_solvable() is False
    assert Board(6, 5, goal_tiles(6, 5)).is_solvable() is True
