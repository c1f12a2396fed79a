"""The evaluator's inputs: TD-Gammon's raw board encoding plus the features a small network learns slowly.

Each row of a batch is a position *after* a move, seen by the player who has just moved (the opponent
is on roll). Everything is vectorised over the batch, because a bot encodes all legal results of a
roll at once and numpy's per-call overhead, not the arithmetic, sets the speed.

Beyond the raw encoding (TD-Gammon's four units per point and side, bars, borne-off) come Berliner-style
features: pip counts, blots, the longest prime of each side, home-board points, bear-off progress, the
race flag, and, new in version 2, the number of the opponent's 36 rolls that hit one of our blots
(shots), the same count for our rolls against their blots as the board stands, each side's rearmost
checker, and each side's most advanced anchor in the other's home board.
"""

from __future__ import annotations

import numpy as np

from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS

RAW_INPUTS = 24 * 4 * 2 + 4  # per point and side: n>=1, n>=2, n>=3, (n-3)/2; bars and borne-off
FEATURES = 18
INPUTS = RAW_INPUTS + FEATURES
ENCODING_VERSION = 2
RACE_INPUT = RAW_INPUTS + 11  # 1 where the sides have passed each other
PIP_SCALE = 100.0
_PIP_WEIGHTS = np.arange(1, 25, dtype=np.float32)
_BITS = np.int64(1) << np.arange(24, dtype=np.int64)
_POINT_INDEX = np.arange(1, 25)

_ROLL_WEIGHT = ROLL_WEIGHTS.astype(np.float32)
_SINGLES = [i for i, (d1, d2, _) in enumerate(ROLLS) if d1 != d2]
_DOUBLES = [i for i, (d1, d2, _) in enumerate(ROLLS) if d1 == d2]
_A = np.array([ROLLS[i][0] for i in _SINGLES], dtype=np.int32)
_B = np.array([ROLLS[i][1] for i in _SINGLES], dtype=np.int32)
_D = np.array([ROLLS[i][0] for i in _DOUBLES], dtype=np.int32)
_SINGLE_WEIGHT = _ROLL_WEIGHT[_SINGLES]
_DOUBLE_WEIGHT = _ROLL_WEIGHT[_DOUBLES]
_POINT_BITS = np.int32(1) << np.arange(1, 25, dtype=np.int32)  # point p of the travel is bit p; 0 the bar


def shot_chances(
    hitters: np.ndarray, on_bar: np.ndarray, blots: np.ndarray, blocks: np.ndarray
) -> np.ndarray:
    """The share of the 36 rolls with which the hitter can land on at least one blot.

    All arrays are in the hitter's direction of travel: `hitters` (K, 24) marks points holding a hitter's
    checker (index 0 is point 1 of the travel), `on_bar` (K,) counts its checkers on the bar (they start
    from point 0 and must enter first), `blots` (K, 24) the target blots, `blocks` (K, 24) the points the
    hitter cannot touch down on. Combination shots need an open landing point on the way; with a checker
    on the bar only the entering checker hits, except that a single bar checker entering with one die
    frees the other die for any checker. An approximation, as gnubg's own shot counts are.

    Each position's points are one integer's bits, so moving every checker by a die is one shift and
    the rolls are one (K, 15) array of non-doubles and one (K, 6) of doubles. Bits shifted past 24 are
    never targets, so nothing needs masking.
    """
    occupied = (hitters.astype(np.int32) @ _POINT_BITS)[:, None]
    open_ = ((~blocks).astype(np.int32) @ _POINT_BITS)[:, None] | 1
    targets = (blots.astype(np.int32) @ _POINT_BITS)[:, None]
    bar = np.asarray(on_bar, dtype=np.int32)[:, None]
    start = np.where(bar > 0, np.int32(1), occupied)
    first_a = start << _A
    first_b = start << _B
    # Two dice: both orders; from the bar a combination only when one checker is there to enter.
    combined = ((first_a & open_) << _B) | ((first_b & open_) << _A)
    reach = first_a | first_b | np.where(bar <= 1, combined, 0)
    # One checker on the bar: entering with one die lets any other checker hit with the other.
    freed = (((open_ >> _A) & 1) * (occupied << _B)) | (((open_ >> _B) & 1) * (occupied << _A))
    reach |= np.where(bar == 1, freed, 0)
    # Doubles: k checkers on the bar enter first; the entered one goes on with what is left (5 - k
    # steps in all), and once the bar is empty any other checker may walk the last 4 - k steps.
    entered = ((open_ >> _D) & 1).astype(bool)
    doubles = np.zeros_like(reach[:, : len(_D)])
    walking, others = start << _D, occupied << _D
    for steps in range(1, 5):
        doubles |= np.where(steps <= 5 - bar, walking, 0)
        doubles |= np.where((bar > 0) & (steps <= 4 - bar) & entered, others, 0)
        walking = (walking & open_) << _D
        others = (others & open_) << _D
    single_hits = ((reach & targets) != 0) @ _SINGLE_WEIGHT
    double_hits = ((doubles & targets) != 0) @ _DOUBLE_WEIGHT
    return (single_hits + double_hits) / 36.0


_OWN_UNITS = np.zeros((31, 4), dtype=np.float32)  # row n + 15: the four units of a point holding n
for _n in range(1, 16):
    _OWN_UNITS[_n + 15] = (_n >= 1, _n >= 2, _n >= 3, max(_n - 3, 0) / 2.0)
_OPP_UNITS = _OWN_UNITS[::-1].copy()


def encode(states: np.ndarray) -> np.ndarray:
    """The network inputs for a batch of positions, shape (K, 28) ints -> (K, INPUTS) float32."""
    s = states.astype(np.float32)
    points = s[:, 1:25]
    own = np.maximum(points, 0.0)
    opp = np.maximum(-points, 0.0)
    k = len(s)
    out = np.empty((k, INPUTS), dtype=np.float32)
    counts = np.asarray(states)[:, 1:25].astype(np.int64) + 15
    out[:, :96] = _OWN_UNITS[counts].reshape(k, 96)
    out[:, 96:192] = _OPP_UNITS[counts].reshape(k, 96)
    out[:, 192] = s[:, BAR] / 2.0
    out[:, 193] = s[:, OPP_BAR] / 2.0
    out[:, 194] = s[:, OFF] / 15.0
    out[:, 195] = s[:, OPP_OFF] / 15.0
    own_pips = own @ _PIP_WEIGHTS + 25.0 * s[:, BAR]
    opp_pips = opp @ _PIP_WEIGHTS[::-1] + 25.0 * s[:, OPP_BAR]
    f = RAW_INPUTS
    out[:, f] = own_pips / PIP_SCALE
    out[:, f + 1] = opp_pips / PIP_SCALE
    out[:, f + 2] = (opp_pips - own_pips) / 50.0
    out[:, f + 3] = (own == 1).sum(axis=1) / 5.0
    out[:, f + 4] = (opp == 1).sum(axis=1) / 5.0
    out[:, f + 5] = _longest_run(own >= 2) / 6.0
    out[:, f + 6] = _longest_run((opp >= 2)[:, ::-1]) / 6.0
    out[:, f + 7] = (own[:, :6] >= 2).sum(axis=1) / 6.0
    out[:, f + 8] = (opp[:, 18:] >= 2).sum(axis=1) / 6.0
    out[:, f + 9] = (own[:, :6].sum(axis=1) + s[:, OFF]) / 15.0
    out[:, f + 10] = (opp[:, 18:].sum(axis=1) + s[:, OPP_OFF]) / 15.0
    race = races(states)
    out[:, f + 11] = race
    # The opponent (on roll) travels from our point 1 to our 24, entering at our points 1..6.
    out[:, f + 12] = shot_chances(opp > 0, s[:, OPP_BAR], own == 1, own >= 2)
    # We would travel from our 24 down to 1: reverse the points to put them in our direction.
    out[:, f + 13] = shot_chances((own > 0)[:, ::-1], s[:, BAR], (opp == 1)[:, ::-1], (opp >= 2)[:, ::-1])
    own_back = np.where(s[:, BAR] > 0, 25, np.where(own > 0, _POINT_INDEX, 0).max(axis=1))
    opp_back = np.where(s[:, OPP_BAR] > 0, 0, np.where(opp > 0, _POINT_INDEX, 25).min(axis=1))
    out[:, f + 14] = own_back / 25.0
    out[:, f + 15] = (25 - opp_back) / 25.0
    # The most advanced anchor in the other side's home board (its 6-point counts 6/6, its 1-point 1/6).
    out[:, f + 16] = np.where(own[:, 18:] >= 2, 25 - _POINT_INDEX[18:], 0).max(axis=1) / 6.0
    out[:, f + 17] = np.where(opp[:, :6] >= 2, _POINT_INDEX[:6], 0).max(axis=1) / 6.0
    return out


def _longest_run(made: np.ndarray) -> np.ndarray:
    """Length of the longest row of made points, per position: primes trap checkers.

    The points become a bit mask; each `m &= m >> 1` shortens every run by one, so the number of
    rounds until the mask is empty is the longest run (rarely more than 6 rounds).
    """
    mask = made.astype(np.int64) @ _BITS
    best = np.zeros(len(made), dtype=np.float32)
    while mask.any():
        best += mask != 0
        mask &= mask >> 1
    return best


def races(states: np.ndarray) -> np.ndarray:
    """1 where the sides have passed each other (no contact), as position.is_race says for one state."""
    s = np.asarray(states)
    points = s[:, 1:25]
    own_back = np.where(points > 0, _POINT_INDEX, 0).max(axis=1)
    opp_front = np.where(points < 0, _POINT_INDEX, 25).min(axis=1)
    no_bar = (s[:, BAR] == 0) & (s[:, OPP_BAR] == 0)
    return ((own_back < opp_front) & no_bar).astype(np.float32)
