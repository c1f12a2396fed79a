"""The bot registry and the built-in bots: legal answers, the seed's quality examples, pubeval's maths."""

import random

import pytest
from hypothesis import given, settings

from game.core.errors import UserError
from game.tavla.engine.moves import check_play, legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import Rules
from game.tavla.players import Bot, bot_description, bot_names, get_bot
from game.tavla.players.gnubg_adapter import available
from game.tavla.players.greedy import shots
from game.tavla.players.pubeval import evaluate, load_weights, point_table
from tests.tavla.builders import dice, position, states


def test_registry_lists_the_built_ins_with_descriptions():
    assert bot_names() == [
        "random",
        "greedy",
        "pubeval",
        "beginner",
        "intermediate",
        "expert",
        "master",
        "grandmaster",
        "gnubg",
    ]
    for name in playable_names():
        assert isinstance(get_bot(name), Bot)
    for name in bot_names():
        assert bot_description(name)


def playable_names() -> list[str]:
    """The built-ins that can be built here: gnubg needs its optional package."""
    return [name for name in bot_names() if name != "gnubg" or available()]


@pytest.mark.parametrize("name", ["", "gnu", "Random", ".hidden"])
def test_unknown_bots_are_a_user_error_listing_the_choices(name):
    with pytest.raises(UserError, match="unknown bot"):
        get_bot(name)


def test_a_python_file_with_play_is_a_bot(tmp_path):
    path = tmp_path / "mybot.py"
    path.write_text("def play(state, die1, die2):\n    return '8/5 6/5' if (die1, die2) == (3, 1) else ''\n")
    bot = get_bot(str(path))
    assert bot.play([0] * 28, 3, 1) == "8/5 6/5"


def test_broken_bot_files_are_user_errors(tmp_path):
    missing = tmp_path / "nope.py"
    with pytest.raises(UserError, match="not found"):
        get_bot(str(missing))
    no_play = tmp_path / "noplay.py"
    no_play.write_text("x = 1\n")
    with pytest.raises(UserError, match="does not define a function play"):
        get_bot(str(no_play))
    crashing = tmp_path / "crash.py"
    crashing.write_text("raise ValueError('bad import')\n")
    with pytest.raises(UserError, match="ValueError: bad import"):
        get_bot(str(crashing))
    with pytest.raises(UserError, match="importing it failed"):
        get_bot("no_such_package.bot")


def test_a_module_with_play_is_a_bot(tmp_path, monkeypatch):
    package = tmp_path / "authors_bots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("def play(state, die1, die2):\n    return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert get_bot("authors_bots.first").play([0] * 28, 1, 2) is None
    with pytest.raises(UserError, match="does not define a function play"):
        get_bot("game.tavla.engine.notation")


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(states(), dice)
def test_every_built_in_bot_answers_a_legal_play(state, roll):
    for rules in Rules.backgammon():
        legal = legal_plays(state, *roll, rules)
        for name in playable_names():
            if name in ("master", "grandmaster"):  # slow for 150 examples; test_levels.py and test_judge.py
                continue
            answer = get_bot(name, seed=1, rules=rules).play(list(state), *roll)
            assert check_play(state, *roll, answer, rules) in legal or (answer == "" and not legal)


def test_random_bot_is_reproducible_with_a_seed_and_varies_its_choices():
    state, roll = OPENING, (3, 1)
    first = [get_bot("random", seed=9).play(list(state), *roll) for _ in range(3)]
    again = [get_bot("random", seed=9).play(list(state), *roll) for _ in range(3)]
    assert first == again
    bot = get_bot("random", seed=9)
    assert len({bot.play(list(state), *roll) for _ in range(60)}) > 5


# The seed's "safe move": 4-1 while bearing off against a checker on the bar. 4/0 2/1 leaves two
# blots; 4/3 3/0 bears off as many and leaves none.
SAFE_MOVE = position({4: 1, 2: 2}, {20: 14}, opp_bar=1)
# The seed's "sensible move": 5-4; 6/2 3/0 makes the 2 point where 6/1 3/0 leaves two blots.
SENSIBLE_MOVE = position({6: 1, 3: 1, 2: 1}, {20: 14}, opp_bar=1)


def test_seed_safe_move_both_plays_are_legal_and_greedy_picks_4_3_3_0():
    assert {format_play(p) for p in legal_plays(SAFE_MOVE, 4, 1)} == {"4/0 2/1", "4/3 3/0"}
    assert get_bot("greedy").play(list(SAFE_MOVE), 4, 1) == "4/3 3/0"
    assert get_bot("greedy").play(list(SAFE_MOVE), 1, 4) == "4/3 3/0"


def test_seed_sensible_move_both_plays_are_legal_and_greedy_picks_6_2_3_0():
    assert {format_play(p) for p in legal_plays(SENSIBLE_MOVE, 5, 4)} == {"6/2 3/0", "6/1 3/0"}
    assert get_bot("greedy").play(list(SENSIBLE_MOVE), 5, 4) == "6/2 3/0"


def test_greedy_hits_a_blot_when_it_can():
    state = position({13: 5, 8: 3, 6: 5, 24: 2}, {9: 1, 1: 14})
    assert "13/9" in get_bot("greedy").play(list(state), 4, 1)


def test_shots_count_rolls_that_hit():
    assert shots(position({8: 1}, {2: 1, 20: 14}), 8) == 17
    assert shots(position({3: 1}, {20: 15}), 3) == 0
    assert shots(position({3: 1}, {20: 14}, opp_bar=1), 3) == 14


def _pubeval_by_the_book(position, weights):
    """Tesauro's setx() + dot product, input by input as the data README describes them."""
    if position[0] == 15:
        return float("inf")
    x = [0.0] * 122
    for j in range(1, 25):
        n = position[25 - j]
        base = 5 * (j - 1)
        x[base] = float(n == -1)
        x[base + 1] = float(n == 1)
        x[base + 2] = float(n >= 2)
        x[base + 3] = float(n == 3)
        x[base + 4] = (n - 3) / 2 if n >= 4 else 0.0
    x[120] = position[26] / 2
    x[121] = position[0] / 15
    return sum(w * v for w, v in zip(weights, x, strict=True))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(states())
def test_pubeval_tables_equal_the_122_input_dot_product(state):
    for weights in load_weights():
        fast = evaluate(state, point_table(weights), weights[120], weights[121])
        assert fast == pytest.approx(_pubeval_by_the_book(state, weights), abs=1e-9)


def test_pubeval_weights_file_is_validated(tmp_path):
    bad = tmp_path / "w.txt"
    bad.write_text("1 2 3\n")
    with pytest.raises(UserError, match="two lines of 122"):
        load_weights(bad)
    with pytest.raises(UserError, match="cannot read"):
        load_weights(tmp_path / "missing.txt")


def test_pubeval_and_greedy_beat_random():
    rng = random.Random(5)
    for name in ("pubeval", "greedy"):
        wins = 0
        for game in range(40):
            strong, weak = get_bot(name), get_bot("random", seed=game)
            if game % 2:
                result, _ = play_bots(strong.play, weak.play, rng=rng)
                wins += result.winner == 0
            else:
                result, _ = play_bots(weak.play, strong.play, rng=rng)
                wins += result.winner == 1
        assert wins >= 34, f"{name} won only {wins} of 40 against random"


def test_a_registered_prefix_serves_its_names(monkeypatch):
    from game.tavla import players as bots

    monkeypatch.setattr(bots, "_PREFIXES", {})
    with pytest.raises(UserError, match="external bots"):
        get_bot("cmd:./engine --fast")
    made = []

    def factory(rest, rules):
        made.append((rest, rules))
        return get_bot("random", seed=1, rules=rules)

    bots.register_prefix("cmd:", factory)
    assert isinstance(get_bot("cmd:./engine --fast", rules=Rules.STANDARD), Bot)
    assert made == [("./engine --fast", "standard")]


RACE_AHEAD = (11, 2, 2, *([0] * 16), -10, *([0] * 5), 0, 0, 5)  # 6 pips against 60, no gammon left


def test_every_built_in_bot_answers_the_cube_questions():
    from game.tavla.engine.cube import Cube

    ahead, behind = list(RACE_AHEAD), list(flip(RACE_AHEAD))
    for name in playable_names():
        bot = get_bot(name, seed=1, rules=Rules.STANDARD)
        assert bot.double(list(OPENING), Cube()) is False, name
        assert bot.take(list(OPENING), Cube()) is True, name
        assert bot.double(ahead, Cube()) is True, name  # a race won for sure: double, and pass
        assert bot.take(behind, Cube()) is False, name


def test_a_python_file_may_answer_the_cube_and_must_answer_true_or_false(tmp_path):
    from game.tavla.engine.cube import Cube, CubeOwner
    from game.tavla.engine.game import BotFault

    plain = tmp_path / "plain.py"
    plain.write_text("def play(state, die1, die2):\n    return ''\n")
    bot = get_bot(str(plain))
    assert (bot.double(list(OPENING), Cube()), bot.take(list(OPENING), Cube())) == (False, True)
    cubed = tmp_path / "cubed.py"
    cubed.write_text(
        "def play(state, die1, die2):\n    return ''\n"
        "def double(state, cube):\n    return cube.owner == 'centre'\n"
        "def take(state, cube):\n    return 'yes' if cube.value > 1 else False\n"
    )
    bot = get_bot(str(cubed))
    assert bot.double(list(OPENING), Cube()) is True
    assert bot.double(list(OPENING), Cube(2, CubeOwner.ME)) is False
    assert bot.take(list(OPENING), Cube()) is False
    with pytest.raises(BotFault, match=r"take\(\) must return True or False, not 'yes'") as fault:
        bot.take(list(OPENING), Cube(2, CubeOwner.OPPONENT))
    assert fault.value.kind == "garbage"
