"""Issue 27: the stray-output rule holds on a loaded machine. After its answer a `cmd:` bot is given
SETTLE_SECONDS to go back to reading its input, counted in the CPU time it gets while it could run: a
bot that is busy for a moment and then writes a second line is caught at that decision even when it
waits for a CPU meanwhile (counted on the clock, the late line landed on the next decision)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.tavla.engine.game import BotFault
from game.tavla.engine.position import OPENING
from game.tavla.players.protocol import ExternalBot, close_all, running_bots
from tests.faults.helpers import PYTHON, protocol_script

AUTOGROUP = Path("/proc/self/autogroup")
BUSY_THEN = (
    "print(play, flush=True)\nend = time.process_time() + 0.02\n"
    "while time.process_time() < end: pass\nprint('late', flush=True)"
)
# The bot's scheduling group yields to the others: beside a few busy processes it waits for a CPU.
YIELD = "open('/proc/self/autogroup', 'w').write('10')"


@pytest.fixture
def loaded_machine():
    """More busy processes than CPUs, for the test's length."""
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range((os.cpu_count() or 1) + 1)
    ]
    yield
    for hog in hogs:
        hog.kill()
        hog.wait()


@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and AUTOGROUP.exists()),
    reason="needs Linux's scheduling groups to starve the bot",
)
def test_a_busy_then_stray_line_is_caught_at_its_decision_on_a_loaded_machine(tmp_path, loaded_machine):
    script = protocol_script(tmp_path, "busy_then.py", BUSY_THEN, prelude=YIELD)
    bot = ExternalBot(f"{PYTHON} {script}")
    try:
        for _attempt in range(3):
            with pytest.raises(BotFault) as fault:
                bot.play(OPENING, 3, 1)
            assert fault.value.kind == "garbage" and fault.value.answer == "late"
    finally:
        close_all()
    assert running_bots() == 0
