"""Look-ahead: n-ply values against a plain loop over the engine's rolls and replies."""

import numpy as np
import pytest

from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, equities, other_side
from game.tavla.eval.search import probabilities, values
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


def test_master_plays_legally_and_at_zero_plies_plays_as_the_expert(net):
    expert = NeuralBot(net=net)
    shallow = MasterBot(net=net, plies=0)
    deep = MasterBot(net=net)
    for state, d1, d2 in random_game_positions(25, seed=9):
        assert shallow.play(list(state), d1, d2) == expert.play(list(state), d1, d2)
        answer = deep.play(list(state), d1, d2)
        legal = {format_play(play) for play, _ in legal_results(state, d1, d2)}
        assert answer in legal or (answer == "" and not legal)
