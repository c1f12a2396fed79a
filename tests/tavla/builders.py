"""Readable ways to build positions and random positions for the tavla tests."""

import random

from hypothesis import assume
from hypothesis import strategies as st

from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.position import OPENING, State, flip, validate_state
from game.tavla.engine.rules import Rules


def position(own: dict[int, int], opp: dict[int, int], own_bar: int = 0, opp_bar: int = 0) -> State:
    """A state from the mover's point of view; counts are positive and points use the mover's numbers.

    Checkers not placed are borne off, so every position has 15 a side.
    """
    state = [0] * 28
    for point, count in own.items():
        state[point] += count
    for point, count in opp.items():
        assert state[point] == 0, f"point {point} has both colours"
        state[point] -= count
    state[25], state[26] = own_bar, opp_bar
    state[0] = 15 - own_bar - sum(own.values())
    state[27] = 15 - opp_bar - sum(opp.values())
    return validate_state(state)


def random_game_positions(count: int, seed: int, rules: Rules = Rules.TAVLA) -> list[tuple[State, int, int]]:
    """(state, die1, die2) met in random-vs-random games: openings, hits, the bar, the bear-off."""
    rng = random.Random(seed)
    found: list[tuple[State, int, int]] = []
    state = OPENING
    while len(found) < count:
        die1, die2 = rng.randint(1, 6), rng.randint(1, 6)
        found.append((state, die1, die2))
        plays = legal_plays(state, die1, die2, rules)
        if plays:
            state = apply_play(state, rng.choice(plays))
            if state[0] == 15:
                state = OPENING
                continue
        state = flip(state)
    return found


@st.composite
def states(draw: st.DrawFn) -> State:
    """Any legal position: sometimes spread out, sometimes all home (bear-off), sometimes on the bar."""
    own_range = draw(st.sampled_from([(0, 25), (0, 6), (0, 12), (1, 25)]))
    own_spots = draw(st.lists(st.integers(*own_range), min_size=15, max_size=15))
    state = [0] * 28
    for spot in own_spots:
        state[spot] += 1
    free = [p for p in range(1, 25) if state[p] == 0]
    opp_spots = draw(st.lists(st.sampled_from([0, 25, *free]), min_size=15, max_size=15))
    for spot in opp_spots:
        if spot == 0:
            state[27] += 1
        elif spot == 25:
            state[26] += 1
        else:
            state[spot] -= 1
    assume(state[27] < 15)  # the opponent has not already won (then both sides could end all off)
    return validate_state(state)


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
