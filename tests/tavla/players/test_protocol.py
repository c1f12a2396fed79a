"""External bots through the line protocol: framing, every way to fail, clean-up, and the examples."""

import importlib.util
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.game import BotFault, CubeTerms
from game.tavla.engine.moves import apply_play, check_play, legal_plays
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import Rules
from game.tavla.players import get_bot
from game.tavla.players.protocol import (
    MAX_ANSWER_BYTES,
    STDERR_TAIL_BYTES,
    ExternalBot,
    close_all,
    running_bots,
)
from tests.tavla.bots import bot_command, cube_bot_command, gone
from tests.tavla.builders import random_game_positions

ROOT = Path(__file__).resolve().parents[3]
STANDARD = Rules.STANDARD
PYTHON = shlex.quote(sys.executable)
EXAMPLES = ROOT / "examples"
JAVA = shutil.which("java")
NODE = shutil.which("node")


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    close_all()
    assert running_bots() == 0


def test_cmd_names_come_from_the_one_registry_in_a_fresh_interpreter():
    code = (
        "from game.tavla.players import get_bot; "
        f"print(type(get_bot({'cmd:' + bot_command('legal')!r})).__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ExternalBot"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("cmd:", "needs a command line"),
        ("cmd:   ", "needs a command line"),
        ("cmd:no-such-program-anywhere --fast", "not found"),
        ("cmd:python3 'unbalanced", "cannot read the command line"),
    ],
)
def test_bad_command_lines_are_user_errors_before_anything_starts(name, words):
    with pytest.raises(UserError, match=words):
        get_bot(name)


def test_a_bot_is_started_once_and_answers_many_decisions_with_the_rules_in_its_environment():
    positions = random_game_positions(150, seed=3, rules=Rules.STANDARD)
    with ExternalBot(bot_command("legal"), rules=Rules.STANDARD) as bot:
        for state, die1, die2 in positions:
            answer = bot.play(state, die1, die2)
            plays = legal_plays(state, die1, die2, STANDARD)
            assert check_play(state, die1, die2, answer, STANDARD) in plays or (not plays and not answer)
        assert bot.starts == 1
        pid = bot.pid
    assert pid is not None and gone(pid)


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("hang", "timeout", "no answer within 0.4 s"),
        ("crash", "crash", "exited with status 3 (stderr: crashing on purpose)"),
        ("megabytes", "oversized", f"longer than {MAX_ANSWER_BYTES} bytes"),
        ("quit", "crash", "exited with status 0"),
    ],
)
def test_a_failing_bot_is_a_bot_fault_its_program_is_killed_and_restarted_next_time(mode, kind, words):
    bot = ExternalBot(bot_command(mode, "--after", "1"), timeout=0.4)
    check_play(OPENING, 3, 1, bot.play(OPENING, 3, 1))
    pid = bot.pid
    start = time.monotonic()
    with pytest.raises(BotFault, match=re.escape(words)) as fault:
        bot.play(OPENING, 6, 5)
        bot.play(OPENING, 6, 5)
    assert fault.value.kind == kind
    assert time.monotonic() - start < 3
    assert bot.pid is None and gone(pid)
    assert len(bot.stderr_tail().encode()) <= STDERR_TAIL_BYTES
    bot.play(OPENING, 3, 1)
    assert bot.starts == 2
    bot.close()


def test_the_first_answer_after_a_start_gets_the_startup_allowance():
    with ExternalBot(bot_command("legal", "--delay", "0.3"), timeout=0.1, startup=5) as bot:
        bot.play(OPENING, 3, 1)
        with pytest.raises(BotFault, match=r"no answer within 0\.1 s"):
            bot.play(OPENING, 3, 1)


def test_output_nobody_asked_for_disqualifies():
    with ExternalBot(bot_command("chatter")) as bot:
        result, _ = play_bots(bot.play, get_bot("random", seed=1).play, seed=2)
        assert result.disqualified == 0 and result.fault == "garbage"


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("illegal", "illegal", "illegal play '24/13'"),
        ("garbage", "garbage", "unreadable answer 'hello there'"),
    ],
)
def test_illegal_and_garbage_answers_lose_the_game_with_the_position_dice_and_answer(mode, kind, words):
    with ExternalBot(bot_command(mode, "--after", "2")) as bot:
        result, _ = play_bots(bot.play, get_bot("random", seed=1).play, seed=5)
        assert (result.disqualified, result.winner, result.fault) == (0, 1, kind)
        assert words in result.reason
        assert result.answer in ("24/13", "hello there")
        assert result.state is not None and result.dice is not None
        assert bot.pid is not None, "a bot that answered a line stays in step and keeps running"


def test_closing_kills_the_whole_process_group(tmp_path):
    bot = ExternalBot(bot_command("legal", "--child", "--pids", str(tmp_path)))
    bot.play(OPENING, 3, 1)
    pids = [int(path.name) for path in tmp_path.iterdir()]
    assert len(pids) == 2
    bot.close()
    deadline = time.monotonic() + 3
    while not all(gone(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(pid) for pid in pids)


def test_a_program_that_cannot_start_is_a_crash(tmp_path):
    script = tmp_path / "bot.sh"
    script.write_text("#!/no/such/interpreter\n")
    script.chmod(0o755)
    with pytest.raises(BotFault, match="cannot start") as fault:
        ExternalBot(str(script)).play(OPENING, 3, 1)
    assert fault.value.kind == "crash"


# ---- the doubling cube -------------------------------------------------------------------------------

OPENING_LINE = " ".join(map(str, OPENING))


@pytest.mark.parametrize("late", [False, True], ids=["at-start", "with-the-first-answer"])
def test_a_program_that_declares_the_cube_is_asked_double_and_take_lines(tmp_path, late):
    log = tmp_path / "lines"
    options = ("--log", str(log), *(["--late"] if late else []))
    with ExternalBot(cube_bot_command("eager", *options), rules=STANDARD, cube=True) as bot:
        assert bot.double(list(OPENING), Cube()) is False, "no cube question before its first answer"
        assert bot.play(list(OPENING), 3, 1) == "24/23 24/21" and bot.speaks_cube
        assert bot.double(list(OPENING), Cube()) is True
        assert bot.take(list(OPENING), Cube(2, CubeOwner.OPPONENT, MatchScore(5, 1, 3))) is True
        assert bot.take(list(OPENING), Cube(4, CubeOwner.OPPONENT, jacoby=True)) is True
        assert bot.starts == 1
    assert log.read_text().splitlines() == [
        f"{OPENING_LINE} 3 1",
        f"double {OPENING_LINE} 1 centre 0 0 0 0 0",
        f"take {OPENING_LINE} 2 opponent 5 1 3 0 0",
        f"take {OPENING_LINE} 4 opponent 0 0 0 0 1",
    ]


def test_an_old_program_in_cube_games_is_never_sent_a_cube_line_never_doubles_and_always_takes():
    with ExternalBot(bot_command("legal"), rules=STANDARD, cube=True) as bot:  # it would crash on one
        for state, die1, die2 in random_game_positions(20, seed=5, rules=STANDARD):
            check_play(state, die1, die2, bot.play(state, die1, die2), STANDARD)
            assert bot.double(state, Cube()) is False and bot.take(state, Cube()) is True
        assert not bot.speaks_cube and bot.starts == 1


def test_a_program_is_told_of_the_cube_only_in_cube_games():
    with ExternalBot(cube_bot_command("eager"), rules=STANDARD) as bot:
        bot.play(list(OPENING), 3, 1)
        assert not bot.speaks_cube and bot.double(list(OPENING), Cube()) is False


def test_a_bad_answer_to_a_cube_question_is_garbage_and_the_program_is_restarted():
    with ExternalBot(cube_bot_command("garbage"), rules=STANDARD, cube=True) as bot:
        bot.play(list(OPENING), 3, 1)
        words = "the answer to a double question is 'double' or 'no double'"
        with pytest.raises(BotFault, match=words) as fault:
            bot.double(list(OPENING), Cube())
        assert (fault.value.kind, fault.value.answer) == ("garbage", "maybe")
        assert bot.take(list(OPENING), Cube()) is True, "not yet declared since its restart"
        bot.play(list(OPENING), 3, 1)
        with pytest.raises(BotFault, match="the answer to a take question is 'take' or 'pass'"):
            bot.take(list(OPENING), Cube())
        assert bot.starts == 2


@pytest.mark.slow
def test_cube_programs_and_old_ones_play_whole_games_with_the_cube():
    terms = CubeTerms()
    with (
        ExternalBot(cube_bot_command("passer"), rules=STANDARD, cube=True) as passer,
        ExternalBot(bot_command("legal"), rules=STANDARD, cube=True) as old,
    ):
        expert = get_bot("expert", rules=STANDARD)
        passed = 0
        for seed in range(4):
            for first, second in ((passer, expert), (old, expert), (passer, old)):
                result, _ = play_bots(
                    first.play, second.play, STANDARD, seed=seed, cube=terms, deciders=(first, second)
                )
                assert result.disqualified is None, result.reason
                passed += result.kind == "passed"
        assert passed > 0 and passer.starts == old.starts == 1


# ---- the examples for bot authors -------------------------------------------------------------------


def load_example():
    spec = importlib.util.spec_from_file_location("my_bot_example", EXAMPLES / "my_bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_python_template_finds_exactly_the_legal_plays():
    example = load_example()
    for state, die1, die2 in random_game_positions(2000, seed=17, rules=Rules.STANDARD):
        ours = {tuple(board) for _, board in example.legal_plays(list(state), die1, die2)}
        assert ours == {apply_play(state, play) for play in legal_plays(state, die1, die2, Rules.STANDARD)}


EXTERNAL_EXAMPLES = [
    pytest.param(f"{PYTHON} {shlex.quote(str(EXAMPLES / 'my_bot.py'))}", id="python"),
    pytest.param(
        f"node {shlex.quote(str(EXAMPLES / 'js' / 'bot.js'))}",
        id="javascript",
        marks=pytest.mark.skipif(NODE is None, reason="Node.js (node) is not installed"),
    ),
    pytest.param(
        f"java {shlex.quote(str(EXAMPLES / 'java' / 'TavlaOyuncusu.java'))}",
        id="java",
        marks=pytest.mark.skipif(JAVA is None, reason="Java 11+ (java) is not installed"),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("command", EXTERNAL_EXAMPLES)
def test_the_external_examples_play_full_games_and_only_legal_plays(command):
    with get_bot("cmd:" + command, rules=Rules.STANDARD) as bot:
        for seed in range(2):
            result, record = play_bots(
                bot.play, get_bot("pubeval", rules=STANDARD).play, STANDARD, seed=seed, keep_record=True
            )
            assert result.disqualified is None, result.reason
            assert sum(turn.player == 0 for turn in record) > 5
        for state, die1, die2 in random_game_positions(300, seed=23, rules=Rules.STANDARD):
            check_play(state, die1, die2, bot.play(state, die1, die2), Rules.STANDARD)
        assert bot.starts == 1


def test_the_python_template_is_a_file_bot_too():
    bot = get_bot(str(EXAMPLES / "my_bot.py"))
    result, _ = play_bots(bot.play, get_bot("random", seed=1).play, seed=9)
    assert result.disqualified is None


SURE_WIN = [11, 2, 2, *([0] * 16), -10, *([0] * 5), 0, 0, 5]  # a race won for sure, no gammon left


@pytest.mark.slow
@pytest.mark.parametrize("command", EXTERNAL_EXAMPLES)
def test_the_external_examples_play_cube_games_and_the_python_and_js_ones_speak_the_cube(command):
    speaks = "java" not in command
    expert = get_bot("expert", rules=STANDARD)
    with ExternalBot(command, rules=STANDARD, cube=True) as bot:
        for seed in range(2):
            result, _ = play_bots(
                bot.play, expert.play, STANDARD, seed=seed, cube=CubeTerms(), deciders=(bot, expert)
            )
            assert result.disqualified is None, result.reason
        assert bot.speaks_cube is speaks
        if speaks:
            assert bot.double(SURE_WIN, Cube()) is True and bot.take(list(flip(SURE_WIN)), Cube()) is False
        assert bot.starts == 1


def test_the_python_template_answers_the_cube_as_a_file_bot():
    bot = get_bot(str(EXAMPLES / "my_bot.py"))
    assert bot.cube_questions == {"double", "take"}
    assert bot.double(SURE_WIN, Cube()) is True and bot.double(list(OPENING), Cube()) is False
    assert bot.take(list(flip(SURE_WIN)), Cube()) is False and bot.take(list(OPENING), Cube()) is True
