"""Benchmark: does a two-sided bear-off database pay? The one-sided database against the exact race.

    python benchmarks/tavla_bearoff.py [--checkers 6]

The evaluator scores a race with every checker home from the one-sided database (game/tavla/eval/
bearoff.py): each side's distribution of rolls to bear off, each side playing to minimise its expected
rolls, combined as if independent. GNU Backgammon also keeps a two-sided database (up to 6 checkers on
the 6 home points a side) where each side plays to win. This builds that exact table here (dynamic
programming over the two pip counts; with at most 6 checkers a side has borne off 9, so there are no
gammons and the win chance is the whole equity) and measures, over every pair of such home boards and
every roll, what the one-sided judgement costs:

- the win chance's error for the side on roll (mean and largest), which every cube decision reads;
- the checker plays: how often the play the one-sided evaluation prefers is not an exact best one, and
  the win chance it gives up (per decision, in millipoints of equity: 2 x the win chance).

The plays are counted over every pair of boards and every roll with more than one distinct play,
weighted by the roll's chance, and again over the pairs where both sides keep 3 or more checkers.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from game.tavla.engine.rolls import ROLLS
from game.tavla.eval.bearoff import POINTS, home_boards, table


def successors(boards: np.ndarray, row_of: dict[tuple[int, ...], int]) -> list[list[list[int]]]:
    """succ[a][r]: the rows of the boards a roll r (index in ROLLS) can leave from board a, every die
    played (in a home bear-off each die can always be played until the board is empty)."""

    def step(board: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
        if not any(board):
            return {board}
        highest = max(p for p in range(POINTS) if board[p])
        out = set()
        for p in range(POINTS):  # p: point p+1
            if not board[p] or (
                p + 1 < die and p != highest
            ):  # a smaller point bears off only as the highest
                continue
            after = list(board)
            after[p] -= 1
            if p + 1 - die >= 1:
                after[p - die] += 1
            out.add(tuple(after))
        return out

    result = []
    for board in boards:
        start = tuple(int(c) for c in board)
        per_roll = []
        for d1, d2, _ in ROLLS:
            orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
            finals: set[tuple[int, ...]] = set()
            for dice in orders:
                frontier = {start}
                for die in dice:
                    frontier = set(itertools.chain.from_iterable(step(b, die) for b in frontier))
                finals |= frontier
            per_roll.append(sorted(row_of[f] for f in finals))
        result.append(per_roll)
    return result


def exact_wins(boards: np.ndarray, succ: list[list[list[int]]]) -> np.ndarray:
    """P[a, b]: the chance that the side on roll with board a beats board b, both playing to win
    (P[:, 0] = 0: the empty board has already won)."""
    n = len(boards)
    width = max(len(moves) for per_roll in succ for moves in per_roll)
    padded = np.zeros((n, len(ROLLS), width), dtype=np.int64)
    valid = np.zeros((n, len(ROLLS), width), dtype=bool)
    for a, per_roll in enumerate(succ):
        for r, moves in enumerate(per_roll):
            padded[a, r, : len(moves)] = moves
            valid[a, r, : len(moves)] = True
    weights = np.array([w for _, _, w in ROLLS]) / 36.0
    pips = boards @ np.arange(1, POINTS + 1)
    wins = np.zeros((n, n))
    a_all, b_all = np.meshgrid(np.arange(1, n), np.arange(1, n), indexing="ij")
    a_all, b_all = a_all.ravel(), b_all.ravel()
    total = pips[a_all] + pips[b_all]
    order = np.argsort(total, kind="stable")
    a_all, b_all, total = a_all[order], b_all[order], total[order]
    for level in np.split(np.arange(len(total)), np.flatnonzero(np.diff(total)) + 1):
        a, b = a_all[level], b_all[level]
        after = padded[a]  # (L, rolls, width)
        value = np.where(valid[a], 1.0 - wins[b[:, None, None], after], -np.inf)
        wins[a, b] = value.max(axis=2) @ weights
    return wins


def one_sided_wins(boards: np.ndarray) -> np.ndarray:
    """The same chances as the evaluator's one-sided database combines them."""
    db = table()
    rows = db.index(boards)
    dist = db.all_off[rows]  # (n, MAX_ROLLS)
    at_least = 1.0 - np.cumsum(dist, axis=1) + dist  # P(needs at least k rolls)
    # On roll with a, finishing in k rolls, wins when b needs k or more.
    return dist @ at_least.T


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkers", type=int, default=6, help="most checkers a side (default 6)")
    args = parser.parse_args(argv)
    if not 1 <= args.checkers <= 8:
        parser.error("--checkers must be between 1 and 8")
    started = time.perf_counter()
    boards = home_boards()
    boards = boards[boards.sum(axis=1) <= args.checkers]
    row_of = {tuple(int(c) for c in board): i for i, board in enumerate(boards)}
    succ = successors(boards, row_of)
    exact = exact_wins(boards, succ)
    built = time.perf_counter() - started
    approx = one_sided_wins(boards)
    approx[:, 0] = 0.0
    n = len(boards)
    counts = boards.sum(axis=1)
    live = np.zeros((n, n), dtype=bool)
    live[1:, :] = True
    live[:, 0] = False
    error = np.abs(exact - approx)[live]
    print(
        f"{n - 1} home boards of 1 to {args.checkers} checkers a side: {live.sum():,} pairs, "
        f"built in {built:.1f} s"
    )
    print(
        f"win chance of the side on roll, one-sided minus exact: mean |error| {error.mean() * 100:.3f}%, "
        f"largest {error.max() * 100:.2f}%"
    )
    for choice_min in (1, 3):
        losses, wrong, decisions = [], 0, 0
        for a in range(1, n):
            if counts[a] < choice_min:
                continue
            for r, moves in enumerate(succ[a]):
                if len(moves) < 2:
                    continue
                bs = np.flatnonzero(counts >= choice_min)  # the empty board (row 0) has won
                exact_values = 1.0 - exact[np.ix_(bs, moves)]  # (B, moves)
                approx_values = 1.0 - approx[np.ix_(bs, moves)]
                chosen = approx_values.argmax(axis=1)
                best = exact_values.max(axis=1)
                got = exact_values[np.arange(len(bs)), chosen]
                loss = best - got
                losses.append(loss * ROLLS[r][2])
                wrong += int((loss > 1e-9).sum() * ROLLS[r][2])
                decisions += len(bs) * ROLLS[r][2]
        total_loss = np.concatenate(losses).sum() / decisions
        print(
            f"checker plays with a choice, both sides {choice_min}+ checkers: {decisions:,.0f} decisions "
            f"(by the rolls' chances); one-sided play not exact-best {wrong / decisions * 100:.2f}%, "
            f"loss {total_loss * 2000:.3f} mp a decision"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
