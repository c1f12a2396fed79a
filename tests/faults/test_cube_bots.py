"""Python bots' cube answers under the same time limits and faults as their plays: in a process of
their own (the table, the `bot` command) and in the tournament's workers."""

import pytest

from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.game import BotFault
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players.isolated import IsolatedBot, close_all
from game.tavla.tournament import run_tournament

LEGAL = (
    "from game.tavla.engine.moves import legal_plays\n"
    "from game.tavla.engine.notation import format_play\n"
    "from game.tavla.engine.rules import Rules\n"
    "def play(state, die1, die2):\n"
    "    plays = legal_plays(tuple(state), die1, die2, Rules.STANDARD)\n"
    "    return format_play(plays[0]) if plays else ''\n"
)


def cube_bot(folder, name: str, double: str, take: str = "return True"):
    path = folder / name
    path.write_text(
        f"import os, sys, time\n{LEGAL}def double(state, cube):\n    {double}\n"
        f"def take(state, cube):\n    {take}\n",
        encoding="utf-8",
    )
    return str(path)


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    close_all()


@pytest.mark.parametrize(
    ("double", "kind", "words"),
    [
        ("time.sleep(30)", "timeout", "no answer within 0.5 s"),
        ("os._exit(4)", "crash", "exited with status 4"),
        ("raise ValueError('no idea')", "crash", "ValueError: no idea"),
        ("return 'sure'", "garbage", r"double\(\) must return True or False, not .sure."),
    ],
)
def test_an_isolated_bots_cube_answer_fails_as_a_play_would(tmp_path, double, kind, words):
    bot = IsolatedBot(cube_bot(tmp_path, "bot.py", double), timeout=0.5)
    with bot:
        assert bot.take(list(OPENING), Cube()) is True
        with pytest.raises(BotFault, match=words) as fault:
            bot.double(list(OPENING), Cube())
        assert fault.value.kind == kind


def test_an_isolated_bot_answers_the_cube_from_its_file_or_by_default(tmp_path):
    with IsolatedBot(cube_bot(tmp_path, "bot.py", "return cube.owner == 'centre'", "return False")) as bot:
        assert bot.double(list(OPENING), Cube()) is True
        assert bot.double(list(OPENING), Cube(2, CubeOwner.ME)) is False
        assert bot.take(list(OPENING), Cube()) is False
    plain = tmp_path / "plain.py"
    plain.write_text(LEGAL, encoding="utf-8")
    with IsolatedBot(str(plain)) as bot:
        assert (bot.double(list(OPENING), Cube()), bot.take(list(OPENING), Cube())) == (False, True)


def test_a_python_bot_that_fails_a_cube_question_in_a_tournament_is_disqualified(tmp_path):
    slow = cube_bot(tmp_path, "slow.py", "time.sleep(30)")
    terms = MatchRules(Rules.STANDARD, cube=True)
    report = run_tournament([slow, "greedy"], 2, seed=3, terms=terms, timeout=0.5)
    bot = report.to_json(None)["bots"][slow]
    assert bot["disqualifications"] == 2 and bot["faults"] == {"timeout": 2}
    assert all("no answer within 0.5 s" in entry["reason"] for entry in report.disqualifications())
