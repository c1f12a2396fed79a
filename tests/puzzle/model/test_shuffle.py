"""The shuffle: reproducible, solvable, never the goal, and uniform (chi-square on 2x3)."""

import itertools
import math
import random

import pytest

from game.puzzle.model.board import Board, goal_tiles, tiles_solvable

CHI_SQUARE_SAMPLES_PER_BOARD = 20
NORMAL_QUANTILE_999 = 3.0902  # z such that P(Z <= z) = 0.999


def chi_square_critical(df: int, z: float = NORMAL_QUANTILE_999) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile (error well under 0.1% for df > 100).

    With no scipy, this is the standard closed form: (X/df)^(1/3) is close to normal with mean
    1 - 2/(9 df) and variance 2/(9 df).
    """
    spread = 2 / (9 * df)
    return df * (1 - spread + z * math.sqrt(spread)) ** 3


def chi_square(counts: dict, categories: list) -> float:
    total = sum(counts.values())
    expected = total / len(categories)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in categories)


def solvable_non_goal_boards(width: int, height: int) -> list:
    goal = goal_tiles(width, height)
    return [
        p
        for p in itertools.permutations(range(width * height))
        if tiles_solvable(width, height, p) and p != goal
    ]


def test_same_seed_same_board_and_seeds_differ():
    assert Board.shuffled(6, 5, 7) == Board.shuffled(6, 5, 7)
    assert len({Board.shuffled(4, 4, seed).tiles for seed in range(50)}) == 50


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 3), (4, 4), (5, 5), (6, 5), (10, 10), (2, 10)])
def test_shuffled_boards_are_solvable_and_never_the_goal(width, height):
    for seed in range(40):
        board = Board.shuffled(width, height, seed)
        assert board.is_solvable()
        assert not board.is_solved()


def test_two_by_two_has_only_eleven_choices_and_reaches_them_all():
    # 4!/2 = 12 solvable boards, minus the goal: the goal is never drawn even on the smallest board.
    seen = {Board.shuffled(2, 2, seed).tiles for seed in range(500)}
    assert seen == set(solvable_non_goal_boards(2, 2))


def test_critical_value_matches_known_table_values():
    # Published table values of the chi-square 0.999 quantile: df=100 -> 149.449, df=300 -> 381.425.
    assert chi_square_critical(100) == pytest.approx(149.449, rel=1e-3)
    assert chi_square_critical(300) == pytest.approx(381.425, rel=1e-3)


def test_shuffle_is_uniform_on_two_by_three():
    """359 solvable non-goal boards, 20 expected draws each; seeds 0..n-1 as the game uses them.

    Deterministic (fixed seeds), so alpha = 0.001 cannot make the test flaky; it only sets how large a
    deviation from uniform counts as a failure. A fair shuffle gives chi-square near df = 358.
    """
    boards = solvable_non_goal_boards(2, 3)
    assert len(boards) == 359
    samples = CHI_SQUARE_SAMPLES_PER_BOARD * len(boards)
    counts: dict = {}
    for seed in range(samples):
        tiles = Board.shuffled(2, 3, seed).tiles
        counts[tiles] = counts.get(tiles, 0) + 1
    assert set(counts) == set(boards)
    assert chi_square(counts, boards) < chi_square_critical(len(boards) - 1)


@pytest.mark.slow
def test_the_chi_square_test_catches_a_biased_scramble():
    """The tutorial-style scramble (random slides from the goal) is biased; the same test rejects it."""
    boards = solvable_non_goal_boards(2, 3)
    rng = random.Random(1)
    counts: dict = {}
    for _ in range(CHI_SQUARE_SAMPLES_PER_BOARD * len(boards)):
        board = Board.goal(2, 3)
        while True:
            for _ in range(12):
                board = board.slide_from(rng.choice(board.movable_cells())).board
            if not board.is_solved():
                break
        counts[board.tiles] = counts.get(board.tiles, 0) + 1
    assert chi_square(counts, boards) > chi_square_critical(len(boards) - 1)
