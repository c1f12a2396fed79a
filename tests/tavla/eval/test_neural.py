"""The network evaluator, the levels built on it, the optional gnubg bot and the training command."""


import numpy as np
import pytest
from hypothesis import given, settings

from game.errors import UserError
from game.tavla.engine.moves import check_play, legal_plays
from game.tavla.engine.position import OPENING, flip, is_race
from game.tavla.engine.rules import Rules
from game.tavla.eval.features import INPUTS, RAW_INPUTS, encode
from game.tavla.eval.neural import OUTPUTS, Evaluator, Network, equities, other_side
from game.tavla.eval.search import values
from game.tavla.players import bot_description, bot_names, get_bot
from game.tavla.players.levels import BeginnerBot, MasterBot, NeuralBot
from game.tavla.training.td import main as train_main
from tests.tavla.builders import dice, position, random_game_positions, states

# The master's cost is the positions it sends through the network; its time is measured in
# benchmarks/tavla_levels.py, never here. 2-ply on the few plays that pass its filters stays under
# this (about 70,000 at worst on these).
MASTER_POSITION_BUDGET = 100_000
LEVELS = ("beginner", "intermediate", "expert", "master", "gnubg")


@pytest.fixture(scope="module")
def net() -> Evaluator:
    return Evaluator.fresh(seed=3)


def test_encoding_shape_range_and_hand_features():
    found = random_game_positions(200, seed=4)
    x = encode(np.array([state for state, _, _ in found], dtype=np.int8))
    assert x.shape == (200, INPUTS) and x.dtype == np.float32
    assert np.isfinite(x).all() and np.abs(x).max() < 8.0   # small inputs keep the sigmoids responsive
    race = np.array([is_race(state) for state, _, _ in found], dtype=np.float32)
    assert (x[:, RAW_INPUTS + 11] == race).all()
    opening = encode(np.array([OPENING], dtype=np.int8))[0]
    assert opening[196] == opening[197] == 1.67    # 167 pips each side, scaled by 100
    assert opening[201] == pytest.approx(1 / 6)     # the 6 and 8 points are made but not adjacent


def test_longest_prime_counts_adjacent_made_points():
    primed = position({3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 5}, {24: 15})
    assert encode(np.array([primed], dtype=np.int8))[0][201] == pytest.approx(5 / 6)


def test_outputs_are_probabilities_and_the_other_side_sees_minus_the_equity(net):
    found = random_game_positions(50, seed=5)
    p = net.probabilities([state for state, _, _ in found])
    assert p.shape == (50, OUTPUTS)
    assert ((p >= 0) & (p <= 1)).all()
    for rules in Rules:
        assert equities(other_side(p), rules) == pytest.approx(-equities(p, rules), abs=1e-6)


def test_shipped_weights_load_and_prefer_winning_positions():
    shipped = Evaluator.load()
    ahead = position({1: 2, 2: 2, 7: 1}, {24: 3, 23: 3, 22: 3, 21: 3, 20: 3})
    behind = flip(ahead)
    p_ahead, p_behind = shipped.probabilities([ahead, behind])
    assert p_ahead[0] > 0.9 > 0.1 > p_behind[0]


@settings(max_examples=30, deadline=None)
@given(states(), dice)
def test_network_bots_always_answer_a_legal_play(state, roll):
    net = Evaluator.fresh(seed=1)
    for rules in Rules:
        legal = legal_plays(state, *roll, rules)
        for bot in (NeuralBot(rules, net=net), BeginnerBot(rules, seed=2, net=net),
                    MasterBot(rules, net=net, plies=1)):  # 2-ply: tests/tavla/test_search.py
            answer = bot.play(list(state), *roll)
            assert check_play(state, *roll, answer, rules) in legal or (answer == "" and not legal)


class _Counting:
    """An evaluator that counts the positions it judges."""

    def __init__(self, net: Evaluator) -> None:
        self.net, self.judged = net, 0

    def probabilities(self, states):
        self.judged += len(states)
        return self.net.probabilities(states)


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


def test_search_is_exact_for_a_finished_game_at_every_depth(net):
    won = position({}, {24: 15})
    for plies in (0, 1, 2):
        assert values(net, [won], Rules.TAVLA, plies)[0] == 2.0


def test_beginner_is_reproducible_with_a_seed(net):
    first = [BeginnerBot(seed=4, net=net).play(list(OPENING), 6, 2) for _ in range(3)]
    assert first == [BeginnerBot(seed=4, net=net).play(list(OPENING), 6, 2) for _ in range(3)]


def test_levels_are_registered():
    assert set(LEVELS) <= set(bot_names())
    for name in LEVELS:
        assert bot_description(name)


@pytest.mark.parametrize("content", [None, b"not a zip file", b""])
def test_missing_or_corrupt_weights_name_the_file(tmp_path, content):
    path = tmp_path / "tavla_net.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(UserError, match=str(path).replace("\\", "\\\\")):
        Evaluator.load(path)


def test_weights_of_the_wrong_shape_are_refused(tmp_path, net):
    path = tmp_path / "small.npz"
    c = net.contact
    Evaluator(Network(w1=c.w1[:10], b1=c.b1, w2=c.w2, b2=c.b2), net.race, {"games": 0.0}).save(path)
    with pytest.raises(UserError, match="do not fit"):
        Evaluator.load(path)


def test_a_version_1_weights_file_is_refused_with_a_message(tmp_path, net):
    path = tmp_path / "old.npz"
    c = net.contact
    np.savez(path, w1=c.w1[:208, :80], b1=c.b1[:80], w2=c.w2[:80], b2=c.b2, version=np.array(1),
             meta_keys=np.array(["games"]), meta_values=np.array([1.0]))
    with pytest.raises(UserError, match="do not fit"):
        Evaluator.load(path)


def test_a_saved_evaluator_loads_back_identical(tmp_path, net):
    path = tmp_path / "net.npz"
    net.save(path)
    again = Evaluator.load(path)
    for phase in ("contact", "race"):
        assert all(np.array_equal(getattr(net.network(phase), key), getattr(again.network(phase), key))
                   for key in ("w1", "b1", "w2", "b2"))
    assert not list(tmp_path.glob("*.tmp"))


def test_gnubg_bot_plays_legally_or_explains_how_to_install():
    try:
        import gnubg  # noqa: F401
    except ImportError:
        with pytest.raises(UserError, match="pip install gnubg"):
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
    assert "gnubg" in bot_names()
    assert "pip install gnubg" in bot_description("gnubg")
    with pytest.raises(UserError, match=r"unavailable.*pip install gnubg"):
        get_bot("gnubg")
    assert get_bot("pubeval").play(list(OPENING), 3, 1) == "8/5 6/5"


def test_training_writes_a_checkpoint_and_resumes(tmp_path, capsys):
    checkpoint = tmp_path / "run" / "checkpoint.npz"
    common = ["--checkpoint", str(checkpoint), "--eval-every", "2", "--eval-games", "2"]
    assert train_main(["--games", "2", *common]) == 0
    assert Evaluator.load(checkpoint).meta["games"] == 2
    assert train_main(["--games", "2", *common]) == 2
    assert "--resume" in capsys.readouterr().out
    assert train_main(["--games", "2", "--resume", *common]) == 0
    assert Evaluator.load(checkpoint).meta["games"] == 4
    curve = (checkpoint.parent / "curve.csv").read_text().splitlines()
    assert curve[0].startswith("games,") and len(curve) == 3



@settings(max_examples=60, deadline=None)
@given(states())
def test_the_chances_are_coherent_for_any_position(state):
    with np.errstate(all="raise"):
        both = [Evaluator.load(rules=rules).probabilities([state, flip(state)]) for rules in Rules]
    p = np.concatenate(both)
    assert ((p >= 0) & (p <= 1)).all()
    assert (p[:, 2] <= p[:, 1]).all() and (p[:, 1] <= p[:, 0]).all()
    assert (p[:, 4] <= p[:, 3]).all() and (p[:, 3] <= 1 - p[:, 0] + 1e-12).all()


def test_thirteen_checkers_on_the_bar_against_a_closed_board_give_no_warning_and_coherent_chances():
    closed = position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3}, {24: 2}, opp_bar=13)
    for rules in Rules:
        with np.errstate(all="raise"):
            win, gammon, backgammon, _, _ = Evaluator.load(rules=rules).probabilities([closed])[0]
        assert backgammon <= gammon <= win
