"""Look-ahead on the evaluator: positions judged n rolls deep, in gnubg's sense of "n-ply".

Every function takes positions *after* a move, seen by the player who has just moved, and answers for
that player. 0-ply is the evaluator itself. n-ply averages, over the opponent's 21 rolls, the outcome
of the opponent's best reply searched one ply less deep, seen from our side; the reply is chosen by
its 0-ply expected points, as gnubg does at inner plies. A roll with no legal reply leaves the
position as it is. All positions of one depth go through the evaluator in one batch.

Speed: a 2-ply search meets some 20,000 positions a decision, so they never exist as Python tuples.
The engine lists each roll's legal plays; `results` applies all plays of a depth at once in numpy,
one move of every play per step, and the evaluator reads that array as it is. A position met twice is
searched once: repeated starts (the opponent's replies on the rolls it cannot enter) and repeated
results (one checker running 8 pips with 6-2 and with 5-3) go through once, about a third of them at
2-ply. A caller that deepens the same positions (the master's filter) keeps their best replies in a
memo. The values are those of the plain search, which tests/tavla/eval/test_search.py spells out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF, STATE_SIZE, State, all_borne_off, flip
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, equities, other_side


def results(starts: Sequence[State], rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The legal results of every start position for each of the 21 rolls, seen by the player who
    moved, as one (N, 28) int8 array; and the bounds of each (start, roll) group, (21 * len(starts) + 1,).

    Groups come start by start, roll by roll in ROLLS' order, each play in the engine's order; a roll
    with no legal play keeps the start as it is. The plays are applied as `apply_play` applies them.
    """
    # Every legal play of one roll moves the same number of checkers: plays are batched by that count.
    plays: dict[int, list] = {}
    groups: dict[int, list[tuple[int, int, int]]] = {}
    sizes = []
    row = 0
    for index, start in enumerate(starts):
        for die1, die2, _ in ROLLS:
            found = legal_plays(start, die1, die2, rules)
            count = len(found) or 1
            length = len(found[0]) if found else 0
            if length not in plays:
                plays[length], groups[length] = [], []
            plays[length].extend(found)
            groups[length].append((row, count, index))
            sizes.append(count)
            row += count
    board = np.asarray(starts, dtype=np.int8).reshape(-1, STATE_SIZE)
    out = np.empty((row, STATE_SIZE), dtype=np.int8)
    for length, found in plays.items():
        first, count, parent = np.array(groups[length]).T
        total = int(count.sum())
        rows = np.repeat(first - np.cumsum(count) + count, count) + np.arange(total)
        after = board[np.repeat(parent, count)]
        if length:
            moves = np.fromiter(
                itertools.chain.from_iterable(itertools.chain.from_iterable(found)),
                dtype=np.intp,
                count=2 * length * total,
            ).reshape(total, length, 2)
            _apply(after, moves)
        out[rows] = after
    return out, np.concatenate([[0], np.cumsum(sizes)])


def _apply(boards: np.ndarray, moves: np.ndarray) -> None:
    """Play `moves` (K, L, 2) of (from, to) on `boards` (K, 28) in place, move by move: a checker
    landing on a lone opposing checker sends it to the bar; `to` 0 is borne off (index 0 counts them)."""
    rows = np.arange(len(boards))
    for step in range(moves.shape[1]):
        start, end = moves[:, step, 0], moves[:, step, 1]
        boards[rows, start] -= 1
        landing = boards[rows, end]
        hit = landing == -1  # never on index 0, the count of our borne-off checkers
        boards[rows, end] = landing + 1 + hit
        boards[:, OPP_BAR] += hit


_FIVE_BITS = np.int64(1) << (5 * np.arange(12, dtype=np.int64))
_BYTES = np.int64(1) << (8 * np.arange(4, dtype=np.int64))


def unique_rows(boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first, inverse): the index of one copy of each distinct row of `boards` (K, 28), and for each
    row the place of its copy in `first`, so that boards[first][inverse] == boards.

    A 2-ply search meets the same position many times (a checker running 8 pips with 6-2 and with 5-3;
    the rolls on which the opponent cannot enter); the evaluator needs to see each once. Each row
    becomes three integers, sorted together: five bits a point (-15..15) for each half of the board,
    a byte each for the bars and the borne-off.
    """
    counts = boards[:, 1:25].astype(np.int64) + 15
    low = counts[:, :12] @ _FIVE_BITS
    high = counts[:, 12:] @ _FIVE_BITS
    rest = (boards[:, [BAR, OPP_BAR, OFF, OPP_OFF]].astype(np.int64) & 255) @ _BYTES
    order = np.lexsort((rest, low, high))
    low, high, rest = low[order], high[order], rest[order]
    new = np.ones(len(boards), dtype=bool)
    new[1:] = (low[1:] != low[:-1]) | (high[1:] != high[:-1]) | (rest[1:] != rest[:-1])
    inverse = np.empty(len(boards), dtype=np.intp)
    inverse[order] = np.cumsum(new) - 1
    return order[new], inverse


def judge_unique(net: Evaluator, boards: np.ndarray) -> np.ndarray:
    """net.probabilities of each row, each distinct position judged once."""
    if len(boards) < 2:
        return net.probabilities(boards)
    first, inverse = unique_rows(boards)
    return net.probabilities(boards[first])[inverse]


def best_in_groups(value: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """The index of the highest value of each group (the first on a tie, as np.argmax), groups given
    by their bounds, none empty."""
    starts = bounds[:-1]
    sizes = np.diff(bounds)
    top = np.repeat(np.maximum.reduceat(value, starts), sizes)
    places = np.where(value == top, np.arange(len(value)), len(value))
    return np.minimum.reduceat(places, starts)


Memo = dict[State, tuple[list[State], np.ndarray]]


def probabilities(
    net: Evaluator, afters: Sequence[Sequence[int]], rules: Rules, plies: int, memo: Memo | None = None
) -> np.ndarray:
    """The five outcome probabilities of each position for the player who has just moved, `plies` deep.

    `memo`, kept by a caller that searches the same positions again one ply deeper (the master's
    filter), holds each position's best replies so that they are found once.
    """
    afters = [tuple(after) for after in (afters.tolist() if isinstance(afters, np.ndarray) else afters)]
    if plies == 0:
        return net.probabilities(afters)
    distinct = list(dict.fromkeys(afters))
    if len(distinct) < len(afters):  # e.g. the opponent's replies on the rolls that cannot enter
        place = {after: i for i, after in enumerate(distinct)}
        return probabilities(net, distinct, rules, plies, memo)[[place[after] for after in afters]]
    out = np.empty((len(afters), 5))
    open_rows = [i for i, after in enumerate(afters) if not all_borne_off(after)]
    finished = sorted(set(range(len(afters))) - set(open_rows))
    if finished:
        out[finished] = net.probabilities([afters[i] for i in finished])
    if not open_rows:
        return out
    best, chosen = best_replies(net, [afters[i] for i in open_rows], rules, memo, plies > 1)
    # Deeper, the reply found at 0-ply is judged one ply less deep.
    if plies > 1:
        chosen = probabilities(net, best, rules, plies - 1)
    per_roll = other_side(chosen).reshape(len(open_rows), len(ROLLS), 5)
    out[open_rows] = np.einsum("krc,r->kc", per_roll, ROLL_WEIGHTS) / 36.0
    return out


def best_replies(
    net: Evaluator, afters: list[State], rules: Rules, memo: Memo | None = None, keep: bool = True
) -> tuple[list[State], np.ndarray]:
    """The opponent's best reply to each position for each of the 21 rolls, chosen by its 0-ply
    expected points, and its 0-ply probabilities (seen by the opponent), position by position.

    The replies come back as states when `keep` is true or a `memo` is kept ([] otherwise): the
    deepest ply needs their probabilities alone, and making tens of thousands of tuples costs.
    """
    if memo is None:
        return _best_replies(net, afters, rules, keep)
    todo = [after for after in afters if after not in memo]
    if todo:
        states, chosen = _best_replies(net, todo, rules, True)
        rolls = len(ROLLS)
        for k, after in enumerate(todo):
            memo[after] = (states[k * rolls : (k + 1) * rolls], chosen[k * rolls : (k + 1) * rolls])
    states = [state for after in afters for state in memo[after][0]]
    return states, np.concatenate([memo[after][1] for after in afters])


def _best_replies(
    net: Evaluator, afters: list[State], rules: Rules, keep: bool
) -> tuple[list[State], np.ndarray]:
    flat, bounds = results([flip(after) for after in afters], rules)
    reply_p = judge_unique(net, flat)
    best = best_in_groups(equities(reply_p, rules), bounds)
    return [tuple(row) for row in flat[best].tolist()] if keep else [], reply_p[best]


def values(
    net: Evaluator, afters: Sequence[Sequence[int]], rules: Rules, plies: int, memo: Memo | None = None
) -> np.ndarray:
    """Expected points of each position for the player who has just moved, searched `plies` deep."""
    return equities(probabilities(net, afters, rules, plies, memo), rules)
