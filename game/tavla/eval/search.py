"""Look-ahead on the evaluator: positions judged n rolls deep, in gnubg's sense of "n-ply".

Every function takes positions *after* a move, seen by the player who has just moved, and answers for
that player. 0-ply is the evaluator itself. n-ply averages, over the opponent's 21 rolls, the outcome
of the opponent's best reply searched one ply less deep, seen from our side; the reply is chosen by
its 0-ply expected points, as gnubg does at inner plies. A roll with no legal reply leaves the
position as it is. All positions of one depth go through the evaluator in one batch.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import State, all_borne_off, flip
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, equities, other_side


def replies(after: Sequence[int], rules: Rules) -> tuple[list[State], list[int]]:
    """The opponent's legal results for each of its 21 rolls, flattened, with the start of each roll."""
    theirs = flip(after)
    found: list[State] = []
    starts = []
    for d1, d2, _ in ROLLS:
        starts.append(len(found))
        found.extend(result for _, result in legal_results(theirs, d1, d2, rules) or [((), theirs)])
    return found, starts


def probabilities(net: Evaluator, afters: Sequence[Sequence[int]], rules: Rules, plies: int) -> np.ndarray:
    """The five outcome probabilities of each position for the player who has just moved, `plies` deep."""
    afters = [tuple(after) for after in afters]
    out = net.probabilities(afters)
    open_rows = [i for i, after in enumerate(afters) if not all_borne_off(after)]
    if plies == 0 or not open_rows:
        return out
    flat: list[State] = []
    bounds: list[int] = []
    for i in open_rows:
        found, starts = replies(afters[i], rules)
        bounds.extend(len(flat) + start for start in starts)
        flat.extend(found)
    reply_p = net.probabilities(flat)
    reply_value = equities(reply_p, rules)
    edges = itertools.pairwise([*bounds, len(flat)])
    best = [start + int(np.argmax(reply_value[start:end])) for start, end in edges]
    # Deeper, the reply found at 0-ply is judged one ply less deep.
    chosen = reply_p[best] if plies == 1 else probabilities(net, [flat[i] for i in best], rules, plies - 1)
    per_roll = other_side(chosen).reshape(len(open_rows), len(ROLLS), 5)
    out[open_rows] = np.einsum("krc,r->kc", per_roll, ROLL_WEIGHTS) / 36.0
    return out


def values(net: Evaluator, afters: Sequence[Sequence[int]], rules: Rules, plies: int) -> np.ndarray:
    """Expected points of each position for the player who has just moved, searched `plies` deep."""
    return equities(probabilities(net, afters, rules, plies), rules)
