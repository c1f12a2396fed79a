"""Look-ahead: n-ply values against a plain loop over the engine's rolls and replies, and the batched parts
of the search (results, repeated positions, the best of each group) against plain ones."""

import itertools

import numpy as np
import pytest

from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, equities, other_side
from game.tavla.eval.search import best_in_groups, probabilities, results, unique_rows, values
from game.tavla.players.levels import MasterBot, NeuralBot
from tests.tavla.builders import position, random_game_positions


@pytest.fixture(scope="module")
def net() -> Evaluator:
    return Evaluator.fresh(seed=5)


def one_ply_by_hand(net: Evaluator, after: tuple[int, ...], rules: str) -> np.ndarray:
    theirs = flip(after)
    total = np.zeros(5)
    for d1, d2, weight in ROLLS:
        replies = [result for _, result in legal_results(theirs, d1, d2, rules)] or [theirs]
        p = net.probabilities(replies)
        total += weight * other_side(p[int(np.argmax(equities(p, rules)))])
    return total / 36.0


@pytest.mark.slow
def test_one_ply_is_the_average_of_the_opponents_best_replies(net):
    afters = [result for _, result in legal_results(OPENING, 6, 4)]
    afters.append(position({1: 1, 2: 1}, {24: 1}))  # a home race: exact leaves, still searched
    afters.append(position({5: 2, 7: 1}, {3: 1, 20: 2}, opp_bar=1))  # they must enter first
    for rules in Rules.backgammon():
        found = probabilities(net, afters, rules, 1)
        for row, after in zip(found, afters, strict=True):
            assert row == pytest.approx(one_ply_by_hand(net, after, rules), abs=1e-6)


def test_two_ply_searches_the_reply_chosen_at_zero_ply(net):
    after = next(result for _, result in legal_results(OPENING, 3, 1))
    theirs = flip(after)
    total = 0.0
    for d1, d2, weight in ROLLS:
        replies = [result for _, result in legal_results(theirs, d1, d2)] or [theirs]
        best = replies[int(np.argmax(values(net, replies, Rules.TAVLA, 0)))]
        total += weight * values(net, [best], Rules.TAVLA, 1)[0]
    assert values(net, [after], Rules.TAVLA, 2)[0] == pytest.approx(-total / 36.0, abs=1e-6)


@pytest.mark.slow
def test_master_plays_legally_and_at_zero_plies_plays_as_the_expert(net):
    expert = NeuralBot(net=net)
    shallow = MasterBot(net=net, plies=0)
    deep = MasterBot(net=net)
    for state, d1, d2 in random_game_positions(25, seed=9):
        assert shallow.play(list(state), d1, d2) == expert.play(list(state), d1, d2)
        answer = deep.play(list(state), d1, d2)
        legal = {format_play(play) for play, _ in legal_results(state, d1, d2)}
        assert answer in legal or (answer == "" and not legal)


@pytest.mark.slow
def test_results_are_the_engines_legal_results_for_every_roll():
    """The batched application of plays against apply_play, roll by roll: hits, entering, bearing off,
    the rolls that cannot be played, under both rule sets."""
    for rules in (Rules.TAVLA, Rules.STANDARD):
        starts = [state for state, _, _ in random_game_positions(120, seed=31, rules=rules) if state[0] < 15]
        starts.append(position({1: 2, 2: 3}, {24: 2, 23: 1}))  # bearing off
        starts.append(position({7: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, own_bar=2))  # closed out
        flat, bounds = results(starts, rules)
        expected, sizes = [], []
        for start in starts:
            for d1, d2, _ in ROLLS:
                found = [after for _, after in legal_results(start, d1, d2, rules)] or [start]
                expected += found
                sizes.append(len(found))
        assert flat.dtype == np.int8 and [tuple(row) for row in flat.tolist()] == expected
        assert bounds.tolist() == [0, *np.cumsum(sizes).tolist()]


def test_unique_rows_finds_each_position_once():
    """Rows that differ in a single place, anywhere (a point, a bar, the borne-off), are told apart."""
    rng = np.random.default_rng(3)
    base = list(OPENING)
    pool = [tuple(base)]
    for column in range(28):
        for value in (0, 1, 2, 15) if column in (0, 25, 26, 27) else (-15, -1, 1, 15):
            if value != base[column]:
                pool.append((*base[:column], value, *base[column + 1 :]))
    pool += [state for state, _, _ in random_game_positions(60, seed=32)]
    boards = np.array([pool[i] for i in rng.integers(0, len(pool), 3000)], dtype=np.int8)
    first, inverse = unique_rows(boards)
    assert np.array_equal(boards[first][inverse], boards)
    distinct = {row.tobytes() for row in boards[first]}
    assert len(distinct) == len(first) == len(set(map(tuple, boards.tolist())))


def test_best_in_groups_is_each_groups_first_argmax():
    rng = np.random.default_rng(4)
    sizes = rng.integers(1, 7, 300)
    value = rng.integers(0, 4, sizes.sum()).astype(float)  # many ties
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    expected = [start + int(np.argmax(value[start:end])) for start, end in itertools.pairwise(bounds)]
    assert best_in_groups(value, bounds).tolist() == expected


@pytest.mark.slow
def test_a_memo_and_repeated_positions_change_no_value(net):
    """The master's filter keeps the opponent's best replies between its 1-ply and 2-ply passes, and the
    search judges a repeated position once: neither may change what a position is worth."""
    afters = [result for _, result in legal_results(OPENING, 6, 2)][:6]
    memo: dict = {}
    first = probabilities(net, afters[:4], Rules.STANDARD, 1, memo)
    assert set(memo) == set(afters[:4])
    assert np.array_equal(first, probabilities(net, afters[:4], Rules.STANDARD, 1))
    deep = probabilities(net, afters[2:], Rules.STANDARD, 2, memo)
    assert deep == pytest.approx(probabilities(net, afters[2:], Rules.STANDARD, 2), abs=1e-12)
    repeated = [afters[0], afters[1], afters[0], afters[1], afters[0]]
    one_each = probabilities(net, afters[:2], Rules.STANDARD, 1)
    found = probabilities(net, repeated, Rules.STANDARD, 1)
    assert found == pytest.approx(one_each[[0, 1, 0, 1, 0]], abs=1e-12)
