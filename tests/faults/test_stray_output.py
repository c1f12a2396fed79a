"""Item 6: one request, one answer line. Stray output from a `cmd:` bot is a fault with one fixed reason,
at the decision that caused it, whatever the timing: never the answer to a later decision."""

import os
from pathlib import Path

import pytest

from game.tavla.engine.game import BotFault
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import OPENING
from game.tavla.players import get_bot
from game.tavla.players.protocol import ExternalBot, close_all, running_bots
from game.tavla.tournament import run_tournament
from tests.faults.helpers import PYTHON, protocol_script

REASON = "wrote output nobody asked for (one request, one answer line)"
CAN_SEE_SLEEP = Path("/proc/self/wchan").exists()


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    close_all()
    assert running_bots() == 0


def command(tmp_path, name, code, prelude=""):
    return f"{PYTHON} {protocol_script(tmp_path, name, code, prelude)}"


STRAYS = {
    "after": "print(play, flush=True)\nprint('debug: done', flush=True)",
    "before": "print('thinking...', flush=True)\nprint(play, flush=True)",
    "twice": "print(play, flush=True)\nprint(play, flush=True)",
    "one-write": "sys.stdout.write(play + '\\n' + play + '\\n'); sys.stdout.flush()",
    "busy-then": "print(play, flush=True)\nend = time.monotonic() + 0.02\n"
    "while time.monotonic() < end: pass\nprint('late', flush=True)",
    "sleep-then": "print(play, flush=True)\ntime.sleep(0.02)\nprint('late', flush=True)",
}


@pytest.mark.parametrize("kind", list(STRAYS))
def test_stray_output_is_a_fault_of_that_very_decision(tmp_path, kind):
    if kind == "sleep-then" and not CAN_SEE_SLEEP:
        pytest.skip("this system does not show what a process waits for")
    bot = ExternalBot(command(tmp_path, f"{kind}.py", STRAYS[kind]))
    with pytest.raises(BotFault) as fault:
        bot.play(OPENING, 3, 1)
    assert (fault.value.kind, str(fault.value)) == ("garbage", REASON)
    assert bot.pid is None, "the bot is out of step: it is stopped"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["after", "twice", "busy-then"])
def test_the_same_seed_gives_the_same_results_every_time_and_with_any_jobs(tmp_path, kind):
    name = "cmd:" + command(
        tmp_path,
        f"{kind}.py",
        "if decision % 7 == 3:\n" + _indent(STRAYS[kind]) + "\nelse:\n    print(play, flush=True)",
    )
    runs = [run_tournament([name, "random"], 8, seed=5, jobs=jobs) for jobs in (1, 2, 1)]
    figures = [report.to_json(None) for report in runs]
    for data in figures:
        for key in ("seconds", "jobs"):
            data.pop(key)
        for entry in data["disqualifications"]:
            entry.pop("stderr")
    assert figures[0] == figures[1] == figures[2]
    reasons = {entry["reason"] for entry in figures[0]["disqualifications"] if entry["fault"] != "abandoned"}
    assert reasons == {REASON}


def test_a_stray_line_never_becomes_the_next_answer(tmp_path):
    """The probe: the bot's next line after a stray one is a play for another position. Read as an
    answer it would be illegal (or worse, legal); it is never read."""
    code = "print(play, flush=True)\nif decision == 0:\n    print('24/18 24/18', flush=True)"
    with ExternalBot(command(tmp_path, "repeat.py", code)) as bot:
        result, _record = play_bots(bot.play, get_bot("random", seed=1).play, seed=2)
    assert result.disqualified == 0 and result.reason == REASON and result.fault == "garbage"
    assert result.answer == "24/18 24/18"


def test_a_quiet_bot_is_not_slowed_much_nor_faulted(tmp_path):
    with ExternalBot(f"{PYTHON} {Path(__file__).resolve().parents[2] / 'examples' / 'my_bot.py'}") as bot:
        for seed in range(3):
            result, _record = play_bots(bot.play, get_bot("random", seed=seed).play, seed=seed)
            assert result.disqualified is None, result.reason
        assert bot.starts == 1


def test_a_bot_with_a_child_that_sleeps_is_not_made_to_wait(tmp_path):
    prelude = "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])"
    with ExternalBot(command(tmp_path, "parent.py", "print(play, flush=True)", prelude)) as bot:
        import time

        start = time.monotonic()
        for _ in range(20):
            bot.play(OPENING, 3, 1)
        assert time.monotonic() - start < 1.5


def _indent(code: str) -> str:
    return "\n".join("    " + line for line in code.splitlines())


def test_the_environment_marks_the_bot(tmp_path):
    code = "print(play if os.environ.get('TAVLA_BOT') else 'unmarked', flush=True)"
    with ExternalBot(command(tmp_path, "marked.py", code)) as bot:
        assert bot.play(OPENING, 3, 1) != "unmarked"
    assert os.environ.get("TAVLA_BOT") is None, "only the bot's environment is marked"
