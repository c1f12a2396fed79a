"""Issue 27, item 8: SIGTERM and SIGHUP end the `bot` command as Ctrl+C does: the program or the Python
bot's process it started is ended, the exit status is 128 + the signal, and no traceback is printed
(left to their default they ended Python at once, and a `cmd:` program kept running)."""

import signal

import pytest

from tests.faults.helpers import (
    LIMIT,
    OPENING,
    all_gone,
    cmd,
    kill_quietly,
    pids_in,
    protocol_script,
    python_bot,
    start_game,
    wait_for,
)

WRITE_PID = "open(f'{PIDS}/bot-{os.getpid()}', 'w').write(str(os.getpid()))"


@pytest.fixture
def pids(tmp_path):
    folder = tmp_path / "pids"
    folder.mkdir()
    yield folder
    kill_quietly(pids_in(folder))


def sleeping_bot(tmp_path, pids, kind: str) -> str:
    """A bot that, asked for a play, writes its process id and sleeps (it does not read its input)."""
    if kind == "cmd":
        script = protocol_script(
            tmp_path, "sleeper.py", f"{WRITE_PID}\ntime.sleep(300)", prelude=f"PIDS = {str(pids)!r}"
        )
        return cmd(script)
    body = f"import os, time\nPIDS = {str(pids)!r}\n{WRITE_PID}\ntime.sleep(300)"
    return str(python_bot(tmp_path, "sleeper_bot.py", body))


@pytest.mark.parametrize("kind", ["cmd", "python"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_bot_command_and_the_bot_it_started(tmp_path, pids, signum, kind):
    bot = start_game(
        "bot",
        "--bot",
        sleeping_bot(tmp_path, pids, kind),
        "--state",
        OPENING,
        "--dice",
        "3",
        "1",
        "--timeout",
        "120",
        cwd=tmp_path,
    )
    try:
        assert wait_for(lambda: len(pids_in(pids)) == 1), "the bot was asked"
        bot.send_signal(signum)  # to the command alone, as kill, timeout or a closed terminal do
        out, err = bot.communicate(timeout=LIMIT)
    finally:
        bot.kill()
    assert bot.returncode == 128 + signum, err
    assert out == "" and "Traceback" not in err, err
    assert all_gone(pids_in(pids)), "the bot's process is gone with the command"
