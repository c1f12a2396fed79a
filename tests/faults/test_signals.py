"""Item 2 (and 9's KeyboardInterrupt): SIGTERM and SIGHUP do what Ctrl+C does, and no process a bot
started outlives the tournament, not even one that left its session (setsid) and its parent."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.helpers import (
    LIMIT,
    all_gone,
    cmd,
    kill_quietly,
    pids_in,
    protocol_script,
    python_bot,
    start_game,
    wait_for,
)

ESCAPE = """
pids = sys.argv[1]
open(f"{pids}/bot-{os.getpid()}", "w").write(str(os.getpid()))
if os.fork() == 0:  # a daemon: a new session, its parent gone, its stdio closed
    os.setsid()
    if os.fork() == 0:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        open(f"{pids}/daemon-{os.getpid()}", "w").write(str(os.getpid()))
        time.sleep(300)
    os._exit(0)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
open(f"{pids}/child-{child.pid}", "w").write(str(child.pid))
"""


@pytest.fixture
def pids(tmp_path):
    folder = tmp_path / "pids"
    folder.mkdir()
    yield folder
    kill_quietly(pids_in(folder))


def escaping_bot(tmp_path: Path, pids: Path) -> str:
    script = protocol_script(tmp_path, "escaper.py", "print(play, flush=True)", prelude=ESCAPE)
    return cmd(script, str(pids))


def started(pids: Path, count: int) -> bool:
    return len([path for path in pids.iterdir() if path.read_text().strip()]) >= count


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_the_run_and_ends_every_bot_process(tmp_path, pids, signum, jobs):
    report = tmp_path / "report.json"
    tournament = start_game(
        "tournament",
        "--bots",
        f"{escaping_bot(tmp_path, pids)},random",
        "--games",
        "100000",
        "--seed",
        "3",
        "--jobs",
        jobs,
        "--json",
        str(report),
        cwd=tmp_path,
    )
    try:
        assert wait_for(lambda: started(pids, 3 * int(jobs))), "the bot and its processes started"
        assert wait_for(lambda: False, 1.0) is False  # let some games finish
        tournament.send_signal(signum)  # to the tournament alone, as kill, timeout or a CI cancel do
        out, err = tournament.communicate(timeout=LIMIT)
    finally:
        tournament.kill()
    assert tournament.returncode == 128 + signum, err
    data = json.loads(report.read_text())
    assert data["interrupted"] and not data["complete"] and data["stopped_by"] == signal.Signals(signum).name
    assert 0 < data["games_finished"] < data["games_scheduled"]
    assert f"Interrupted: {data['games_finished']} of 100000 games finished" in out
    assert all_gone(pids_in(pids)), "the bot, its child and its escaped daemon are all gone"


def test_ctrl_c_to_the_terminal_group_also_ends_an_escaped_daemon(tmp_path, pids):
    tournament = start_game(
        "tournament",
        "--bots",
        f"{escaping_bot(tmp_path, pids)},random",
        "--games",
        "100000",
        "--seed",
        "3",
        cwd=tmp_path,
    )
    try:
        assert wait_for(lambda: started(pids, 3))
        os.killpg(tournament.pid, signal.SIGINT)
        _out, err = tournament.communicate(timeout=LIMIT)
    finally:
        tournament.kill()
    assert tournament.returncode == 130, err
    assert all_gone(pids_in(pids))


def test_a_finished_tournament_leaves_no_escaped_daemon(tmp_path, pids):
    tournament = start_game(
        "tournament",
        "--bots",
        f"{escaping_bot(tmp_path, pids)},random",
        "--games",
        "4",
        "--seed",
        "3",
        cwd=tmp_path,
    )
    _out, err = tournament.communicate(timeout=LIMIT)
    assert tournament.returncode == 0, err
    assert started(pids, 3) and all_gone(pids_in(pids))


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_a_python_bot_starts_is_ended_too(tmp_path, pids, jobs):
    body = (
        "global started\n"
        "if not started:\n"
        "    started = True\n"
        "    child = subprocess.Popen(['setsid', 'sleep', '300'])\n"
        f"    open({str(pids)!r} + f'/child-{{child.pid}}', 'w').write(str(child.pid))\n"
        "from game.tavla.engine.moves import legal_plays\n"
        "plays = legal_plays(tuple(state), die1, die2)\n"
        "return ' '.join(f'{a}/{b}' for a, b in plays[0]) if plays else ''"
    )
    bot = python_bot(tmp_path, "spawner.py", body, top="import subprocess\nstarted = False")
    tournament = start_game(
        "tournament",
        "--bots",
        f"{bot},random",
        "--games",
        "100000",
        "--seed",
        "3",
        "--jobs",
        jobs,
        cwd=tmp_path,
    )
    try:
        assert wait_for(lambda: started(pids, int(jobs)))
        tournament.send_signal(signal.SIGTERM)
        _out, err = tournament.communicate(timeout=LIMIT)
    finally:
        tournament.kill()
    assert tournament.returncode == 143, err
    assert all_gone(pids_in(pids))


def test_nohup_keeps_sighup_ignored(tmp_path):
    code = (
        "import signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "from game.tavla.tournament import stopping\n"
        "with stopping.stop_signals():\n"
        "    print(signal.getsignal(signal.SIGHUP) is signal.SIG_IGN)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.stdout.strip() == "True", result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_python_bot_raising_keyboard_interrupt_is_its_crash_not_the_end_of_the_tournament(tmp_path, jobs):
    from game.tavla.tournament import run_tournament

    bot = python_bot(tmp_path, "quitter.py", "raise KeyboardInterrupt")
    report = run_tournament([str(bot), "random"], 4, seed=1, jobs=jobs)
    assert report.complete and not report.interrupted
    tally = report.per_bot[str(bot)]
    assert tally.disqualifications == 4 and tally.faults == {"crash": 4}
    assert all(entry["reason"] == "KeyboardInterrupt" for entry in report.disqualifications())


def test_other_base_exceptions_of_a_bot_are_crashes_too(tmp_path):
    from game.tavla.tournament import run_tournament

    bot = python_bot(tmp_path, "odd.py", "raise Odd('strange')", top="class Odd(BaseException):\n    pass")
    report = run_tournament([str(bot), "random"], 2, seed=1)
    assert report.complete and report.per_bot[str(bot)].faults == {"crash": 2}
    assert report.disqualifications()[0]["reason"] == "Odd: strange"
