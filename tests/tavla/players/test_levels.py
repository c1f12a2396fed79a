"""The levels built on the network evaluator (beginner, intermediate, expert, master) and the optional
gnubg bot: legal answers, the master's search budget, a seeded beginner, the registry, gnubg missing."""

import re
import sys

import pytest
from hypothesis import given, settings

from game.core.errors import UserError
from game.tavla.engine.moves import check_play, legal_plays
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, shipped_evaluator
from game.tavla.players import bot_description, bot_names, get_bot
from game.tavla.players.gnubg_adapter import INSTALL_HINT, available
from game.tavla.players.levels import BeginnerBot, MasterBot, NeuralBot
from tests.tavla.builders import dice, position, random_game_positions, states

# The master's cost is the positions it sends through the network; its time is measured in
# benchmarks/tavla_levels.py, never here. 2-ply on the few plays that pass its filters stays under
# this (about 70,000 at worst on these).
MASTER_POSITION_BUDGET = 100_000
LEVELS = ("beginner", "intermediate", "expert", "master", "gnubg")


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(states(), dice)
def test_network_bots_always_answer_a_legal_play(state, roll):
    net = Evaluator.fresh(seed=1)
    for rules in Rules.backgammon():
        legal = legal_plays(state, *roll, rules)
        for bot in (
            NeuralBot(rules, net=net),
            BeginnerBot(rules, seed=2, net=net),
            MasterBot(rules, net=net, plies=1),
        ):  # 2-ply: tests/tavla/eval/test_search.py
            answer = bot.play(list(state), *roll)
            assert check_play(state, *roll, answer, rules) in legal or (answer == "" and not legal)


class _Counting:
    """An evaluator that counts the positions it judges."""

    def __init__(self, net: Evaluator) -> None:
        self.net, self.judged = net, 0

    def probabilities(self, states):
        self.judged += len(states)
        return self.net.probabilities(states)


@pytest.mark.slow
def test_expert_takes_a_win_and_master_searches_within_budget(net):
    bearing_off = position({1: 1, 2: 1}, {24: 15})
    assert NeuralBot(net=net).play(list(bearing_off), 2, 1) == "2/0 1/0"
    counting = _Counting(net)
    master = MasterBot(net=counting)
    worst = 0
    for state, die1, die2 in random_game_positions(15, seed=8):
        counting.judged = 0
        master.play(list(state), die1, die2)
        worst = max(worst, counting.judged)
    assert 0 < worst < MASTER_POSITION_BUDGET


def test_beginner_is_reproducible_with_a_seed(net):
    first = [BeginnerBot(seed=4, net=net).play(list(OPENING), 6, 2) for _ in range(3)]
    assert first == [BeginnerBot(seed=4, net=net).play(list(OPENING), 6, 2) for _ in range(3)]


def test_levels_are_registered():
    assert set(LEVELS) <= set(bot_names())
    for name in LEVELS:
        assert bot_description(name)


def test_gnubg_bot_plays_legally_or_explains_how_to_install():
    if not available():  # gnubg loaded as the game loads it, with a settings folder of its own
        with pytest.raises(UserError, match=re.escape(INSTALL_HINT)):
            get_bot("gnubg")
        return
    bot = get_bot("gnubg")
    for state, die1, die2 in random_game_positions(40, seed=6):
        answer = bot.play(list(state), die1, die2)
        legal = legal_plays(state, die1, die2)
        assert check_play(state, die1, die2, answer) in legal or (answer == "" and not legal)
    racing = position({1: 1, 6: 1}, {24: 15})
    assert bot.play(list(racing), 6, 1) == "6/0 1/0"


def test_gnubg_missing_is_a_user_error(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_gnubg(name, *args, **kwargs):
        if name == "gnubg":
            raise ImportError("No module named 'gnubg'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_gnubg)
    monkeypatch.delitem(sys.modules, "gnubg", raising=False)  # as if never loaded in this process
    assert "gnubg" in bot_names()
    assert INSTALL_HINT in bot_description("gnubg")
    with pytest.raises(UserError, match=r"unavailable.*" + re.escape(INSTALL_HINT)):
        get_bot("gnubg")
    assert get_bot("pubeval").play(list(OPENING), 3, 1) == "8/5 6/5"


def test_each_rule_set_is_played_with_its_own_evaluator():
    for rules in Rules.backgammon():
        for bot in (NeuralBot(rules), MasterBot(rules), BeginnerBot(rules)):
            assert bot.net is shipped_evaluator(rules)
    assert shipped_evaluator(Rules.TAVLA) is not shipped_evaluator(Rules.STANDARD)
