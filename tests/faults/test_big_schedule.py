"""Item 7: `--games 100000000` is scheduled lazily: no memory or time before the first game, memory
flat while it runs, progress at once, and a stop still reports what was played."""

import json
import signal
import time
import tracemalloc
from pathlib import Path

import pytest

from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.tournament import Schedule, Scoreboard, play_schedule, schedule
from tests.faults.helpers import LIMIT, start_game, wait_for

HUGE = 100_000_000


def test_a_huge_schedule_costs_nothing_until_a_game_is_asked_for():
    start = time.perf_counter()
    games = schedule(["a", "b", "c"], HUGE, seed=1)
    assert isinstance(games, Schedule) and len(games) == 3 * HUGE
    assert games[-1].index == 3 * HUGE - 1 and games[-1].round == HUGE - 1
    assert time.perf_counter() - start < 0.1


def test_the_lazy_schedule_is_the_same_games_as_before():
    games = schedule(["a", "b", "c"], 4, seed=1)
    listed = list(games)
    assert [spec.index for spec in listed] == list(range(12))
    assert listed[5] == games[5] and games[2:4] == listed[2:4]
    assert games[0].seats == ("a", "b") and games[3].seats == ("b", "a")
    assert games[0].dice_seed == games[3].dice_seed != games[6].dice_seed


TRACED_GAMES = 300
"""Games played while allocations are traced: a game's result kept costs about 250 bytes (78 kB over
these), while what stays of the run's own bookkeeping is about 2.5 kB however many games are played."""


@pytest.mark.slow
def test_memory_does_not_grow_with_the_games_played(monkeypatch):
    """What the tournament keeps (its own allocations) after 300 more games: next to nothing (under 33
    bytes a game). One frame of traceback is all the filter and the grouping by file read, and tracing
    deeper made the games three times slower."""
    from game.tavla.tournament import referee

    real = referee._player
    monkeypatch.setattr(referee, "_player", lambda name, *rest: real("random", *rest))
    specs = schedule(["random", "other"], HUGE, seed=1)
    board = Scoreboard(specs, MatchRules(), lambda: None)
    games = iter(specs)
    for _ in range(100):
        board.record(referee.play_game(next(games), MatchRules(Rules.TAVLA), 1.0))
    tracemalloc.start(1)
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(TRACED_GAMES):
            board.record(referee.play_game(next(games), MatchRules(Rules.TAVLA), 1.0))
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    mine = [tracemalloc.Filter(True, str(Path(referee.__file__).parent / "*"))]
    stats = after.filter_traces(mine).compare_to(before.filter_traces(mine), "filename")
    growth = sum(stat.size_diff for stat in stats)
    assert growth < 33 * TRACED_GAMES, growth
    assert board.standings.finished == 100 + TRACED_GAMES and not board.pending
    assert all(len(tally.open_blocks) <= 1 for tally in board.standings.per_bot.values())


def test_play_schedule_still_accepts_a_list_of_games():
    games = list(schedule(["random", "greedy"], 4, 1))
    board, interrupted, aborted = play_schedule(games, 1, MatchRules(Rules.TAVLA), 1.0)
    assert (board.finished, interrupted, aborted) == (4, False, "")


@pytest.mark.slow
def test_a_huge_run_shows_progress_at_once_and_a_stop_reports_it(tmp_path):
    report = tmp_path / "report.json"
    tournament = start_game(
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        str(HUGE),
        "--seed",
        "1",
        "--json",
        str(report),
        cwd=tmp_path,
    )
    try:
        assert wait_for(lambda: False, 3.0) is False
        rss = _rss(tournament.pid)
        assert wait_for(lambda: False, 3.0) is False
        assert _rss(tournament.pid) < rss + 20_000, "memory stays flat (kB)"
        tournament.send_signal(signal.SIGTERM)
        out, err = tournament.communicate(timeout=LIMIT)
    finally:
        tournament.kill()
    assert tournament.returncode == 143, err
    data = json.loads(report.read_text())
    assert data["games_scheduled"] == HUGE and 100 < data["games_finished"] < HUGE
    assert f"of {HUGE} games finished" in out


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def test_the_progress_bar_is_drawn_at_once_on_a_terminal(tmp_path):
    import os
    import pty
    import select
    import subprocess

    from tests.faults.helpers import MAIN, PYTHON

    leader, follower = pty.openpty()
    log = str(tmp_path / "log")
    arguments = ["tournament", "--bots", "random,greedy", "--games", str(HUGE), "--log", log]
    process = subprocess.Popen(
        [PYTHON, str(MAIN), *arguments],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        cwd=tmp_path,
        start_new_session=True,
    )
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 10
        while b"/" + str(HUGE).encode() not in seen and time.monotonic() < deadline:
            ready, _w, _x = select.select([leader], [], [], 0.2)
            if ready:
                seen += os.read(leader, 65536)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(LIMIT)
        os.close(leader)
    assert b"/" + str(HUGE).encode() in seen, seen[-300:]
