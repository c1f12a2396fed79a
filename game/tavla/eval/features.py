"""The evaluator's inputs: TD-Gammon's raw board encoding plus the features a small network learns slowly.

Each row of a batch is a position *after* a move, seen by the player who has just moved (the opponent
is on roll). Everything is vectorised over the batch, because a bot encodes all legal results of a
roll at once and numpy's per-call overhead, not the arithmetic, sets the speed.

Beyond the raw encoding (TD-Gammon's four units per point and side, bars, borne-off) come Berliner-style
features: pip counts, blots, the longest prime of each side, home-board points, bear-off progress, the
race flag, and, new in version 2, the number of the opponent's 36 rolls that hit one of our blots
(shots), the same count for our rolls against their blots as the board stands, each side's rearmost
checker, and each side's most advanced anchor in the other's home board.

The 2-ply search encodes tens of thousands of positions a decision, so the features are computed from
one integer per position and kind of point (its occupied points, blots, made points as bits): counting,
the longest run, the rearmost checker and the shots are then a few operations on (K,) or (K, 21)
arrays instead of many on (K, 24) ones. The inputs are the same numbers as before that rewrite, to the
bit; tests/tavla/eval/test_features.py checks them against a plain one-position encoder.
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
_POINT_INDEX = np.arange(1, 25)

_ROLL_WEIGHT = ROLL_WEIGHTS.astype(np.float32)
_SINGLES = [i for i, (d1, d2, _) in enumerate(ROLLS) if d1 != d2]
_DOUBLES = [i for i, (d1, d2, _) in enumerate(ROLLS) if d1 == d2]
_A = np.array([ROLLS[i][0] for i in _SINGLES], dtype=np.int32)
_B = np.array([ROLLS[i][1] for i in _SINGLES], dtype=np.int32)
_D = np.array([ROLLS[i][0] for i in _DOUBLES], dtype=np.int32)
_SINGLE_WEIGHT = _ROLL_WEIGHT[_SINGLES]
_DOUBLE_WEIGHT = _ROLL_WEIGHT[_DOUBLES]
# Our point p is bit p of a mask (bit 0 is the bar, for the hitter's travel); reversed, bit 25 - p,
# which puts the points in our own direction of travel (from our 24 down to our 1).
_POINT_BITS = np.int32(1) << np.arange(1, 25, dtype=np.int32)
_REVERSED_BITS = _POINT_BITS[::-1].copy()
_HOME = int(_POINT_BITS[:6].sum())  # our points 1-6
_FAR_HOME = int(_POINT_BITS[18:].sum())  # our points 19-24, the opponent's home board
_BOARD = int(_POINT_BITS.sum()) | 1  # every point and the bar


def shot_chances(
    occupied: np.ndarray, on_bar: np.ndarray, targets: np.ndarray, open_: np.ndarray
) -> np.ndarray:
    """The share of the 36 rolls with which the hitter can land on at least one blot.

    All masks (K,) int32 are in the hitter's direction of travel, point p of the travel as bit p:
    `occupied` its checkers' points, `targets` the blots it aims at, `open_` the points it may touch
    down on (bit 0, the bar, always set); `on_bar` (K,) counts its checkers on the bar (they start from
    point 0 and must enter first). Combination shots need an open landing point on the way; with a
    checker on the bar only the entering checker hits, except that a single bar checker entering with
    one die frees the other die for any checker. An approximation, as gnubg's own shot counts are.

    Moving every checker by a die is one shift, and the rolls are one (K, 15) array of non-doubles and
    one (K, 6) of doubles. Bits shifted past 24 are never targets, so nothing needs masking. Rows
    without a target have no shot; rows without a checker on the bar take the short way.
    """
    out = np.zeros(len(occupied), dtype=np.float32)
    bar = np.asarray(on_bar).astype(np.int32)
    free = (targets != 0) & (bar == 0)
    rows = np.flatnonzero(free)
    if len(rows):
        out[rows] = _free_shots(occupied[rows, None], targets[rows, None], open_[rows, None])
    rows = np.flatnonzero((targets != 0) & ~free)
    if len(rows):
        out[rows] = _bar_shots(occupied[rows, None], bar[rows, None], targets[rows, None], open_[rows, None])
    return out


def _free_shots(occupied: np.ndarray, targets: np.ndarray, open_: np.ndarray) -> np.ndarray:
    """shot_chances for rows with no hitter's checker on the bar, as (K, 1) masks."""
    first_a = occupied << _A
    first_b = occupied << _B
    reach = first_a | first_b | ((first_a & open_) << _B) | ((first_b & open_) << _A)
    doubles = walking = occupied << _D
    for _ in range(3):
        walking = (walking & open_) << _D
        doubles |= walking
    return _hits(reach, doubles, targets)


def _bar_shots(occupied: np.ndarray, bar: np.ndarray, targets: np.ndarray, open_: np.ndarray) -> np.ndarray:
    """shot_chances for rows with checkers on the bar: they start from point 0 and enter first."""
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
    return _hits(reach, doubles, targets)


def _hits(reach: np.ndarray, doubles: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The share of the 36 rolls whose reach (non-doubles, doubles) lands on a target."""
    return (((reach & targets) != 0) @ _SINGLE_WEIGHT + ((doubles & targets) != 0) @ _DOUBLE_WEIGHT) / 36.0


_OWN_UNITS = np.zeros((31, 4), dtype=np.float32)  # row n + 15: the four units of a point holding n
for _n in range(1, 16):
    _OWN_UNITS[_n + 15] = (_n >= 1, _n >= 2, _n >= 3, max(_n - 3, 0) / 2.0)
_OPP_UNITS = _OWN_UNITS[::-1].copy()


def _mask_weights() -> np.ndarray:
    """(192, 7) weights that turn the units of the points into masks: our occupied points (a point's
    n >= 1 unit) and made points (n >= 2), the same of theirs, and in our direction of travel our
    occupied points and their occupied and made points. Every mask is a sum of distinct powers of two
    from 2 to 2**24, which float32 holds exactly, and so does every partial sum."""
    weights = np.zeros((2, 24, 4, 7), dtype=np.float32)
    ahead = _REVERSED_BITS.astype(np.float32)
    weights[0, :, 0, 0] = weights[1, :, 0, 2] = weights[0, :, 1, 1] = weights[1, :, 1, 3] = _POINT_BITS
    weights[0, :, 0, 4], weights[1, :, 0, 5], weights[1, :, 1, 6] = ahead, ahead, ahead
    return weights.reshape(192, 7)


_MASKS = _mask_weights()


def encode(states: np.ndarray) -> np.ndarray:
    """The network inputs for a batch of positions, shape (K, 28) ints -> (K, INPUTS) float32."""
    s = np.asarray(states)
    if s.dtype != np.int8:
        s = s.astype(np.int8)
    k = len(s)
    points = s[:, 1:25]
    out = np.empty((k, INPUTS), dtype=np.float32)
    units = out[:, :192].reshape(k, 2, 24, 4)
    counts = points.astype(np.intp) + 15
    units[:, 0] = np.take(_OWN_UNITS, counts, axis=0)
    units[:, 1] = np.take(_OPP_UNITS, counts, axis=0)
    edges = s[:, [BAR, OPP_BAR, OFF, OPP_OFF]].astype(np.float32)
    bar, opp_bar, off, opp_off = edges.T
    out[:, 192:194] = edges[:, :2] / 2.0
    out[:, 194:196] = edges[:, 2:] / 15.0
    # The point masks, read off the units just written (one small product, exact in float32).
    masks = (out[:, :192] @ _MASKS).astype(np.int32)
    own_at, own_made, opp_at, opp_made, own_ahead, opp_at_ahead, opp_made_ahead = masks.T
    own_blots, opp_blots = own_at & ~own_made, opp_at & ~opp_made
    opp_blots_ahead = opp_at_ahead & ~opp_made_ahead
    own = np.maximum(points, 0).astype(np.float32)
    opp = np.maximum(-points, 0).astype(np.float32)
    own_pips = own @ _PIP_WEIGHTS + 25.0 * bar
    opp_pips = opp @ _PIP_WEIGHTS[::-1] + 25.0 * opp_bar
    f = RAW_INPUTS
    out[:, f] = own_pips / PIP_SCALE
    out[:, f + 1] = opp_pips / PIP_SCALE
    out[:, f + 2] = (opp_pips - own_pips) / 50.0
    out[:, f + 3] = np.bitwise_count(own_blots) / 5.0
    out[:, f + 4] = np.bitwise_count(opp_blots) / 5.0
    out[:, f + 5] = _longest_run(own_made) / 6.0
    out[:, f + 6] = _longest_run(opp_made) / 6.0
    out[:, f + 7] = np.bitwise_count(own_made & _HOME) / 6.0
    out[:, f + 8] = np.bitwise_count(opp_made & _FAR_HOME) / 6.0
    out[:, f + 9] = (own[:, :6].sum(axis=1) + off) / 15.0
    out[:, f + 10] = (opp[:, 18:].sum(axis=1) + opp_off) / 15.0
    # Our rearmost checker (0 for none) and their foremost, in our numbering.
    own_last, opp_first = _highest_bit(own_at), _lowest_bit(opp_at, 25)
    no_bar = (bar == 0) & (opp_bar == 0)
    out[:, f + 11] = (own_last < opp_first) & no_bar
    # The opponent (on roll) travels from our point 1 to our 24, entering at our points 1..6.
    out[:, f + 12] = shot_chances(opp_at, opp_bar, own_blots, ~own_made & _BOARD)
    # We would travel from our 24 down to 1: the reversed masks put the points in our direction.
    out[:, f + 13] = shot_chances(own_ahead, bar, opp_blots_ahead, ~opp_made_ahead & _BOARD)
    own_back = np.where(bar > 0, 25, own_last)
    opp_back = np.where(opp_bar > 0, 0, opp_first)
    out[:, f + 14] = own_back / 25.0
    out[:, f + 15] = (25 - opp_back) / 25.0
    # The most advanced anchor in the other side's home board (its 6-point counts 6/6, its 1-point 1/6).
    out[:, f + 16] = np.where(own_made & _FAR_HOME, 25 - _lowest_bit(own_made & _FAR_HOME, 25), 0) / 6.0
    out[:, f + 17] = _highest_bit(opp_made & _HOME) / 6.0
    return out


def _longest_run(mask: np.ndarray) -> np.ndarray:
    """Length of the longest row of made points (set bits), per position: primes trap checkers.

    Each `m &= m >> 1` shortens every run by one, so the number of rounds until the mask is empty is
    the longest run (rarely more than 6 rounds).
    """
    mask = mask.copy()
    best = np.zeros(len(mask), dtype=np.float32)
    while mask.any():
        best += mask != 0
        mask &= mask >> 1
    return best


def _highest_bit(mask: np.ndarray) -> np.ndarray:
    """The index of each mask's highest set bit, 0 for an empty mask (bit 0 is never a point)."""
    return np.maximum(np.frexp(mask.astype(np.float64))[1] - 1, 0)


def _lowest_bit(mask: np.ndarray, empty: int) -> np.ndarray:
    """The index of each mask's lowest set bit, `empty` for an empty mask."""
    return np.where(mask != 0, np.frexp((mask & -mask).astype(np.float64))[1] - 1, empty)


def races(states: np.ndarray) -> np.ndarray:
    """1 where the sides have passed each other (no contact), as position.is_race says for one state."""
    s = np.asarray(states)
    points = s[:, 1:25]
    own_back = np.where(points > 0, _POINT_INDEX, 0).max(axis=1)
    opp_front = np.where(points < 0, _POINT_INDEX, 25).min(axis=1)
    no_bar = (s[:, BAR] == 0) & (s[:, OPP_BAR] == 0)
    return ((own_back < opp_front) & no_bar).astype(np.float32)
