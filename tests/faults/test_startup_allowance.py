"""Item 9: the start-up allowance of a `cmd:` bot is granted once to a program that hangs at its start,
not again at every restart; a program that started well keeps it."""

import time

import pytest

from game.tavla.engine.game import BotFault
from game.tavla.engine.position import OPENING
from game.tavla.players.protocol import ExternalBot, close_all, running_bots
from tests.faults.helpers import PYTHON, protocol_script


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    close_all()
    assert running_bots() == 0


def timed_play(bot):
    start = time.monotonic()
    with pytest.raises(BotFault) as fault:
        bot.play(OPENING, 3, 1)
    return time.monotonic() - start, fault.value


def test_a_bot_that_hangs_at_its_start_gets_the_allowance_once(tmp_path):
    script = protocol_script(tmp_path, "hang.py", "time.sleep(3600)")
    bot = ExternalBot(f"{PYTHON} {script}", timeout=0.2, startup=1.5)
    first, fault = timed_play(bot)
    assert 1.5 < first < 4 and "no answer within 1.7 s" in str(fault)
    for _ in range(3):
        again, fault = timed_play(bot)
        assert again < 1.2, "no second allowance after the restart"
        assert "no answer within 0.2 s" in str(fault)
    assert bot.starts == 4


def test_a_bot_that_started_well_keeps_its_allowance_after_a_crash(tmp_path):
    script = protocol_script(
        tmp_path,
        "slow_start.py",
        "if decision == 1:\n    sys.exit(1)\nprint(play, flush=True)",
        prelude="time.sleep(0.6)",
    )
    bot = ExternalBot(f"{PYTHON} {script}", timeout=0.3, startup=3)
    first = bot.play(OPENING, 3, 1)
    with pytest.raises(BotFault, match="exited with status 1"):
        bot.play(OPENING, 3, 1)
    assert bot.play(OPENING, 3, 1) == first, "the restart's slow start is allowed again"
    bot.close()
