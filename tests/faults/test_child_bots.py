"""One base for the bots in a child process (game/tavla/players/child.py): a Python bot and a `cmd:`
program are in one live set, which `close_all` empties; each transport's `close_all` ends its own."""

import shlex
import sys

from game.tavla.engine.position import OPENING
from game.tavla.players import child
from game.tavla.players.isolated import IsolatedBot
from game.tavla.players.protocol import ExternalBot, running_bots
from tests.faults.helpers import python_bot

PYTHON = shlex.quote(sys.executable)


def test_one_live_set_for_both_transports(tmp_path):
    script = tmp_path / "echo.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    print('', flush=True)\n")
    program = ExternalBot(f"{PYTHON} {script}")
    python = IsolatedBot(str(python_bot(tmp_path, "mine.py", "return ''")))
    try:
        assert program.play(OPENING, 3, 1) == ""
        assert python.play(OPENING, 3, 1) == ""
        assert (child.ChildBot.running(), IsolatedBot.running(), running_bots()) == (2, 1, 1)
        ExternalBot.close_all()
        assert (program.pid, child.ChildBot.running()) == (None, 1)
        assert python.pid is not None
        child.close_all()
        assert (python.pid, child.ChildBot.running()) == (None, 0)
        assert (program.starts, python.starts) == (1, 1)
    finally:
        child.close_all()
