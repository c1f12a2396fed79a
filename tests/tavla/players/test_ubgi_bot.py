"""`ubgi:<command line>`: other programs' UBGI engines at our table and in our tournaments. Our own
`python main.py ubgi` entered so plays the built-in bot's games on the same dice; a faulty engine is
disqualified as a faulty `cmd:` bot is, with the same kinds and reasons in the log."""

import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.tavla.commands.tournament import LOG_NAME, tournament_command
from game.tavla.engine.cube import Cube
from game.tavla.engine.game import BotFault
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players import get_bot, is_program
from game.tavla.players.isolated import guarded_bot
from game.tavla.players.protocol import close_all, running_bots
from game.tavla.players.ubgi_bot import UbgiBot
from game.tavla.tournament import run_tournament, schedule
from game.tavla.tournament.referee import play_game, release_bots
from game.tavla.tournament.schedule import GameSpec, derive_seed
from tests.tavla.bots import bot_command, ubgi_engine_command

ROOT = Path(__file__).resolve().parents[3]
OURS = f"ubgi:{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'main.py'))} ubgi"
OPENING_TEXT = " ".join(map(str, OPENING))
STANDARD_GAMES = MatchRules(Rules.STANDARD)  # single games of standard backgammon, no cube
CUBE = MatchRules(Rules.STANDARD, cube=True)  # money games with the cube


def ubgi(mode: str, *options: str) -> str:
    return "ubgi:" + ubgi_engine_command(mode, *options)


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    release_bots()
    close_all()
    assert running_bots() == 0


def test_ubgi_names_are_programs_of_the_one_registry():
    assert is_program(OURS) and is_program("cmd:x") and not is_program("expert")
    bot = get_bot(OURS)
    assert isinstance(bot, UbgiBot) and bot.name == OURS
    assert isinstance(guarded_bot(OURS, timeout=0.5), UbgiBot)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ubgi:", "needs a command line"),
        ("ubgi:no-such-engine-anywhere", "not found"),
        ("ubgi:python3 'unbalanced", "cannot read the command line"),
    ],
)
def test_bad_engine_command_lines_are_user_errors(name, words):
    with pytest.raises(UserError, match=words):
        get_bot(name)


def test_engines_play_backgammon_only():
    with pytest.raises(UserError, match="backgammon only"):
        get_bot(OURS, rules=Rules.PLAKOTO)


@pytest.mark.parametrize(
    ("terms", "games"),
    [
        (MatchRules(Rules.TAVLA), 2),
        (MatchRules(Rules.STANDARD, cube=True), 2),
        (MatchRules(Rules.STANDARD, length=3, cube=True), 1),
    ],
)
def test_our_engine_through_ubgi_plays_the_built_in_experts_games(terms, games):
    """The tournament's own game player, the same dice and bot seeds: the same results, plays and cube."""
    for round_ in range(games):
        played = []
        for name in ("expert", OURS):
            seats = (name, "greedy") if round_ % 2 == 0 else ("greedy", name)
            spec = GameSpec(
                index=round_,
                pair=0,
                round=round_,
                seats=seats,
                dice_seed=derive_seed(7, round_ // 2),
                bot_seed=derive_seed(7, round_),
            )
            outcome = play_game(spec, terms, 5.0)
            played.append((outcome.result, outcome.cube, outcome.scores))
        assert played[0] == played[1]
        assert played[1][0].disqualified is None


@pytest.mark.slow
def test_a_tournament_through_ubgi_is_the_built_in_experts_on_the_same_seed():
    """The tournament's dice seeds follow from the entries' names, so the built-in expert is played on
    the ubgi tournament's own schedule (the same seeds, its name in the seats): the same standings."""
    terms = MatchRules(Rules.STANDARD, cube=True)
    report = run_tournament([OURS, "greedy"], 2, seed=3, terms=CUBE, timeout=5.0)
    figures = report.to_json(None)["bots"][OURS]
    expected = {"games": 0, "wins": 0, "points_for": 0, "points_against": 0, "disqualifications": 0}
    for spec in schedule([OURS, "greedy"], 2, seed=3):
        seats = tuple("expert" if name == OURS else name for name in spec.seats)
        result = play_game(replace(spec, seats=seats), terms, 5.0).result
        ours = seats.index("expert")
        expected["games"] += 1
        expected["wins"] += result.winner == ours
        expected["points_for" if result.winner == ours else "points_against"] += result.points
    assert {key: figures[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("silent", "timeout", "no answer within 0.5 s"),
        ("crash", "crash", "exited with status 3 (stderr: crashing on purpose)"),
        ("garbage", "garbage", "unreadable answer 'hello'"),
        ("illegal", "illegal", "illegal play '24/13'"),
        ("chatter", "garbage", "wrote output nobody asked for (one request, one answer line)"),
        ("error", "garbage", "answered with an error"),
    ],
)
def test_a_faulty_engine_is_disqualified_as_a_faulty_cmd_bot_is(tmp_path, monkeypatch, mode, kind, words):
    monkeypatch.chdir(tmp_path)
    engine = ubgi(mode, "--after", "1")
    assert tournament_command(["greedy", engine], 2, 1, 1, Rules.STANDARD, None, 0.5) == 0
    report = run_tournament(["greedy", engine], 2, seed=1, terms=STANDARD_GAMES, timeout=0.5).to_json(None)
    assert report["bots"][engine]["disqualifications"] == 2
    assert {entry["fault"] for entry in report["disqualifications"]} == {kind}
    assert all(words in entry["reason"] for entry in report["disqualifications"])
    log = (tmp_path / LOG_NAME).read_text()
    assert engine in log and words in log


def test_the_same_faults_as_a_cmd_bot_with_the_same_reasons(tmp_path):
    for mode in ("crash", "chatter"):
        faults = []
        for name in (ubgi(mode, "--after", "1"), "cmd:" + bot_command(mode, "--after", "1")):
            played = run_tournament(["greedy", name], 2, seed=1, terms=STANDARD_GAMES, timeout=0.5)
            report = played.to_json(None)
            faults.append({(entry["fault"], entry["reason"]) for entry in report["disqualifications"]})
        assert faults[0] == faults[1], mode


def test_an_engine_that_never_says_ubgiok_times_out_with_its_startup_allowance():
    bot = UbgiBot(ubgi_engine_command("mute"), rules=Rules.STANDARD, timeout=0.2, startup=0.3)
    with pytest.raises(BotFault, match=r"no answer within 0\.5 s"):
        bot.play(list(OPENING), 3, 1)
    assert bot.pid is None


def test_an_engine_without_go_cube_never_doubles_and_always_takes():
    bot = UbgiBot(ubgi_engine_command("nocube"), rules=Rules.STANDARD, cube=True)
    with bot:
        assert bot.double(list(OPENING), Cube()) is False
        assert bot.take(list(OPENING), Cube()) is True
        assert bot.play(list(OPENING), 3, 1)
        assert bot.starts == 1
    report = run_tournament(["greedy", ubgi("nocube")], 2, seed=2, terms=CUBE).to_json(None)
    assert report["bots"][ubgi("nocube")]["disqualifications"] == 0


@pytest.mark.slow
def test_the_bot_command_asks_a_ubgi_engine_and_says_when_it_fails():
    def run(name):
        return subprocess.run(
            [sys.executable, "main.py", "bot", "--bot", name, "--state", OPENING_TEXT, "--dice", "3", "1"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    ours = run(OURS)
    assert (ours.returncode, ours.stdout) == (0, "8/5 6/5\n")
    crash = run(ubgi("crash"))
    assert crash.returncode == 3 and "crashing on purpose" in crash.stderr and "Traceback" not in crash.stderr
