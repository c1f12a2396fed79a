"""Item 8: the `bot` command reports a failing bot as the bot's failure (its message, exit status 3),
under the tournament's time limit; a looping bot cannot hang it and `os._exit` is reported."""

import time

import pytest

from tests.faults.helpers import OPENING, PYTHON, game, protocol_script, python_bot

EXIT_BOT_FAILED = 3


def ask(bot, *extra, timeout=30):
    return game("bot", "--bot", str(bot), "--state", OPENING, "--dice", "3", "1", *extra, timeout=timeout)


@pytest.mark.parametrize(
    ("body", "top", "words"),
    [
        ("raise ValueError('my bug')", "", "failed: ValueError: my bug"),
        ("import os\nos._exit(0)", "", "its process ended (exited with status 0) without answering"),
        ("import os\nos._exit(7)", "", "exited with status 7"),
        ("import sys\nsys.exit(4)", "", "called sys.exit(4)"),
        ("raise KeyboardInterrupt", "", "failed: KeyboardInterrupt"),
        ("while True:\n    pass", "", "no answer within 1 s"),
        ("import time\ntime.sleep(3600)", "", "no answer within 1 s"),
        ("while True:\n    try:\n        pass\n    except BaseException:\n        pass", "", "within 1 s"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)", "", "killed by signal SIGKILL"),
        ("return '24/13'", "", "answered an illegal play '24/13'"),
        ("return 'x' * 10_000_000", "", "answered an illegal play"),
        ("return None", "import os\nos._exit(3)", "while the bot was loading"),
    ],
)
def test_a_failing_bot_is_reported_as_the_bots_failure(tmp_path, body, top, words):
    bot = python_bot(tmp_path, "bad.py", body, top)
    start = time.monotonic()
    result = ask(bot)
    assert result.returncode == EXIT_BOT_FAILED, result.stderr
    assert words in result.stderr and result.stderr.count("\n") == 1
    assert "unexpected error" not in result.stderr and result.stdout == ""
    assert time.monotonic() - start < 20
    assert not (tmp_path / "crash.log").exists()


@pytest.mark.slow
def test_the_time_limit_can_be_given_and_a_slow_bot_passes_with_more(tmp_path):
    bot = python_bot(tmp_path, "slow.py", "import time\ntime.sleep(1.5)\nreturn '8/5 6/5'")
    assert ask(bot).returncode == EXIT_BOT_FAILED
    result = ask(bot, "--timeout", "5")
    assert (result.returncode, result.stdout) == (0, "8/5 6/5\n"), result.stderr


@pytest.mark.slow
def test_a_bot_that_ignores_sigterm_and_loops_does_not_keep_the_command_alive(tmp_path):
    top = "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)"
    bot = python_bot(tmp_path, "stubborn.py", "while True:\n    pass", top)
    start = time.monotonic()
    assert ask(bot, "--timeout", "0.5").returncode == EXIT_BOT_FAILED
    assert time.monotonic() - start < 10


def test_an_external_bot_failure_is_the_bots_too(tmp_path):
    script = protocol_script(tmp_path, "crash.py", "sys.exit(5)")
    result = ask(f"cmd:{PYTHON} {script}")
    assert result.returncode == EXIT_BOT_FAILED and "exited with status 5" in result.stderr


@pytest.mark.slow
def test_bad_input_is_still_exit_2_and_a_good_bot_exit_0(tmp_path):
    assert ask(tmp_path / "missing.py").returncode == 2
    assert game("bot", "--bot", "random", "--state", "1 2", "--dice", "3", "1").returncode == 2
    good = python_bot(tmp_path, "good.py", "return '8/5 6/5'")
    result = ask(good)
    assert (result.returncode, result.stdout) == (0, "8/5 6/5\n")
    assert ask("greedy").returncode == 0
