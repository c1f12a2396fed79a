"""The evaluator's hand-made inputs against the rules engine (shots, escapes of the count, anchors) and the
batched encoder against a one-position one."""

import random

import numpy as np
import pytest
from hypothesis import given, settings

from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.features import RAW_INPUTS, encode
from tests.tavla.builders import position, random_game_positions, states
from tests.tavla.eval.encoding_reference import encode_one

SHOTS = RAW_INPUTS + 12  # the opponent's rolls that hit us, of 36
RETURN_SHOTS = RAW_INPUTS + 13  # ours against their blots, as the board stands


def engine_shots(after: tuple[int, ...]) -> float:
    """Rolls (of 36) for which some legal play of the opponent, who is on roll, hits one of our blots."""
    theirs = flip(after)
    return sum(
        weight
        for d1, d2, weight in ROLLS
        if any(result[26] > theirs[26] for _, result in legal_results(theirs, d1, d2))
    )


def shots(state: tuple[int, ...]) -> float:
    return float(encode(np.array([state], dtype=np.int8))[0, SHOTS] * 36)


@pytest.mark.parametrize(
    ("own", "opp", "opp_bar", "expected"),
    [
        ({7: 1, 6: 14}, {1: 15}, 0, 17),  # 6 away, the 6-point blocks 5-1 one way: 11 + 5-1, 4-2, 3-3, 2-2
        ({3: 1, 6: 14}, {1: 15}, 0, 12),  # 2 away: any 2 and 1-1
        ({3: 1, 13: 14}, {}, 1, 14),  # from the bar onto our 3-point: any 3 (11), 2-1 (2), 1-1
        ({3: 1, 2: 2, 13: 12}, {}, 1, 13),  # our 2-point blocks 1-1 and one order of 2-1
        ({20: 1, 13: 14}, {1: 2}, 2, 0),  # two on the bar use both dice to enter: nothing reaches 20
    ],
)
def test_shot_counts_by_hand(own, opp, opp_bar, expected):
    state = position(own, opp, opp_bar=opp_bar)
    assert engine_shots(state) == expected
    assert shots(state) == expected


@pytest.mark.slow
def test_shot_counts_match_the_engine_on_random_positions():
    """Exact almost always; where not, it only over-counts (a hit the both-dice rule forbids)."""
    exact = total = 0
    for state, _, _ in random_game_positions(1500, seed=11):
        if state[0] == 15:
            continue
        counted, true = shots(state), engine_shots(state)
        assert counted >= true, state
        exact += counted == true
        total += 1
    assert exact / total > 0.98


def test_return_shots_are_the_shots_of_the_flipped_position():
    for state, _, _ in random_game_positions(300, seed=12):
        if state[0] == 15 or state[27] == 15:
            continue
        ours = encode(np.array([state], dtype=np.int8))[0, RETURN_SHOTS]
        theirs = encode(np.array([flip(state)], dtype=np.int8))[0, SHOTS]
        assert ours == pytest.approx(theirs)


def test_back_checkers_and_anchors():
    state = position({24: 1, 20: 2, 6: 12}, {1: 2, 5: 2, 19: 11})
    x = encode(np.array([state], dtype=np.int8))[0]
    assert x[RAW_INPUTS + 14] == pytest.approx(24 / 25)  # our rearmost checker is on our 24-point
    assert x[RAW_INPUTS + 15] == pytest.approx(24 / 25)  # theirs on their 24 (our 1)
    assert x[RAW_INPUTS + 16] == pytest.approx(5 / 6)  # our anchor on their 5-point (our 20)
    assert x[RAW_INPUTS + 17] == pytest.approx(5 / 6)  # theirs on our 5-point


def _bar_heavy_positions(count: int, seed: int) -> list[tuple[int, ...]]:
    """Positions with checkers of both sides on the bar and scattered anywhere: the encoder's rarer paths."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = [0] * 28
        for _ in range(15):
            spot = rng.choice([0, 25, 25, *range(1, 25)])
            if spot in (0, 25) or state[spot] >= 0:
                state[spot] += 1
            else:
                state[0] += 1
        for _ in range(15):
            spot = rng.choice([0, 25, *range(1, 25)])
            if spot == 0:
                state[27] += 1
            elif spot == 25:
                state[26] += 1
            elif state[spot] <= 0:
                state[spot] -= 1
            else:
                state[27] += 1
        found.append(tuple(state))
    return found


@pytest.mark.slow
def test_the_batched_encoding_equals_the_one_position_encoding():
    """Every input of every row, against a plain loop over points and rolls (encoding_reference.py):
    openings, hits, the bar, bear-offs, both rule sets' games, and both sides on the bar at once."""
    games = [random_game_positions(400, seed=21, rules=rules) for rules in (Rules.TAVLA, Rules.STANDARD)]
    positions = [state for game in games for state, _, _ in game]
    positions += _bar_heavy_positions(300, seed=22)
    batch = encode(np.array(positions, dtype=np.int8))
    for row, state in zip(batch, positions, strict=True):
        assert row == pytest.approx(encode_one(state), abs=1e-6), state


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(states())
def test_any_position_encodes_as_it_does_alone_and_in_a_batch(state):
    alone = encode(np.array([state], dtype=np.int8))[0]
    assert alone == pytest.approx(encode_one(state), abs=1e-6)
    batch = encode(np.array([OPENING, state, flip(state)], dtype=np.int8))
    assert np.array_equal(batch[1], alone), "a row's inputs do not depend on the others in its batch"
