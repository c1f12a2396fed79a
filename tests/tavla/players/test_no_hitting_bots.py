"""The bots of the games without hitting: the greedy one's rules of thumb on positions with one clear
answer, the master's look one roll deeper, and the network's inputs, outputs and weights file."""

import numpy as np
import pytest

from game.core.errors import UserError
from game.tavla.engine.notation import parse_play
from game.tavla.engine.rules import Rules
from game.tavla.eval.no_hitting_net import INPUTS, NoHittingEvaluator, encode
from game.tavla.players.no_hitting_greedy import NoHittingGreedyBot
from game.tavla.players.no_hitting_neural import MASTER_CANDIDATES, NoHittingMasterBot, NoHittingNeuralBot
from tests.tavla.engine.test_tavla_games import plakoto, random_positions

PLAKOTO = Rules.PLAKOTO.variant
NAMES = sorted(rules.value for rules in Rules.without_hitting())


def test_greedy_pins_the_mother_when_it_can():
    state = plakoto({3: 1, 8: 14}, {1: 1, 20: 14})
    play = parse_play(NoHittingGreedyBot(Rules.PLAKOTO).play(state, 2, 1))
    assert play in (((3, 1), (8, 7)), ((8, 7), (3, 1)))


def test_greedy_does_not_leave_its_mother_alone_in_reach():
    # two checkers left on our start (24); an opposing checker on our 20 reaches 24 with a 4
    state = plakoto({24: 2, 13: 13}, {20: 1, 1: 14})
    play = parse_play(NoHittingGreedyBot(Rules.PLAKOTO).play(state, 6, 5))
    assert sum(1 for start, _end in play if start == 24) != 1


def one_roll_deeper(bot: NoHittingNeuralBot, after) -> float:
    """The master's rating of a play, written out over the 36 rolls: our points after the opponent's
    best reply to each (a finished game is what it is; no reply leaves the position standing)."""
    game, net = bot.game, bot.net
    if game.is_over(after) or game.is_drawn(after):
        return float(net.equities([after])[0])
    theirs = game.flip(after)
    total = 0.0
    for die1 in range(1, 7):
        for die2 in range(1, 7):
            replies = [game.apply_play(theirs, play) for play in game.legal_plays(theirs, die1, die2)]
            total += -float(net.equities(replies).max()) if replies else float(net.equities([after])[0])
    return total / 36


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_master_plays_the_best_of_the_experts_few_one_roll_deeper(name):
    game = Rules(name).variant
    master = NoHittingMasterBot(Rules(name))
    checked = 0
    for state, die1, die2 in list(random_positions(game, 11, 60))[5::9]:
        plays = game.legal_plays(state, die1, die2)
        if len(plays) < 2:
            continue
        afters = [game.apply_play(state, play) for play in plays]
        shallow = master.net.equities(afters)
        few = np.argsort(-shallow)[:MASTER_CANDIDATES]
        deep = {int(index): one_roll_deeper(master, afters[index]) for index in few}
        rated = master._one_roll_deeper([afters[index] for index in few], shallow[few])
        assert rated == pytest.approx([deep[int(index)] for index in few], abs=1e-5), "its ratings"
        chosen = plays.index(master.choose(state, plays))
        assert chosen in deep and deep[chosen] == pytest.approx(max(deep.values()), abs=1e-5)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", NAMES)
def test_the_inputs_see_each_side_in_its_own_numbering(name):
    game = Rules(name).variant
    for state, _d1, _d2 in random_positions(game, 5, 40):
        x = encode(game, [state])[0]
        flipped = encode(game, [game.flip(state)])[0]
        assert x.shape == (INPUTS,)
        half = INPUTS // 2
        assert np.array_equal(x[:half], flipped[half:]) and np.array_equal(x[half:], flipped[:half])


@pytest.mark.parametrize("name", NAMES)
def test_a_network_bot_plays_legal_plays_and_its_weights_round_trip(name, tmp_path):
    game = Rules(name).variant
    net = NoHittingEvaluator.fresh(game, seed=2)
    bot = NoHittingNeuralBot(Rules(name), net=net)
    for state, die1, die2 in random_positions(game, 7, 30):
        game.check_play(state, die1, die2, bot.play(state, die1, die2))
    path = tmp_path / f"{name}.npz"
    net.save(path)
    again = NoHittingEvaluator.load(game, path)
    states = [state for state, _d1, _d2 in random_positions(game, 9, 20)]
    assert np.allclose(again.equities(states), net.equities(states))
    other = Rules(sorted(set(NAMES) - {name})[0]).variant
    with pytest.raises(UserError, match="not"):
        NoHittingEvaluator.load(other, path)


def test_a_won_position_is_rated_exactly():
    state = plakoto({1: 1}, {20: 15})
    won = PLAKOTO.apply_play(state, ((1, 0),))
    assert NoHittingEvaluator.fresh(PLAKOTO).equities([won])[0] == pytest.approx(2.0)
