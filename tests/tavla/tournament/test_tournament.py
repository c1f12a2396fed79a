"""The tournament: schedule, determinism across --jobs, disqualifications, reports, Ctrl+C."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.tavla.commands.tournament import LOG_NAME, tournament_command
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players.protocol import close_all, running_bots
from game.tavla.tournament import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    MAX_CONSECUTIVE_FAULTS,
    run_tournament,
    schedule,
)
from tests.tavla.bots import bot_command, gone

ROOT = Path(__file__).resolve().parents[3]
BUILT_INS = ["random", "greedy", "pubeval"]
# the keys docs/commands.md#the-json-report promises at least
DOCUMENTED_BOT_KEYS = {
    "games",
    "wins",
    "points_for",
    "points_against",
    "ppg",
    "ppg_ci95",
    "gammons",
    "disqualifications",
}
DOCUMENTED_PAIR_KEYS = {"a", "b", "games", "a_wins", "a_points", "b_points"}
RUN_KEYS_THAT_VARY = ("seconds", "jobs")


def cmd(mode: str, *options: str) -> str:
    return "cmd:" + bot_command(mode, *options)


def figures(report) -> dict:
    """The report's JSON without what depends on the machine (time taken, --jobs)."""
    data = report.to_json(None)
    for key in RUN_KEYS_THAT_VARY:
        data.pop(key)
    return data


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    close_all()
    assert running_bots() == 0


def test_each_pair_plays_both_sides_on_the_same_dice_and_other_entries_change_nothing():
    three = schedule(["a", "b", "c"], 4, seed=1)
    assert len(three) == 12 and [spec.index for spec in three] == list(range(12))
    for pair in range(3):
        games = [spec for spec in three if spec.pair == pair]
        assert games[0].seats == games[1].seats[::-1] == games[2].seats == games[3].seats[::-1]
        assert games[0].dice_seed == games[1].dice_seed != games[2].dice_seed == games[3].dice_seed
    two = schedule(["a", "b"], 4, seed=1)
    assert [spec.dice_seed for spec in two] == [spec.dice_seed for spec in three if spec.pair == 0]
    assert [spec.dice_seed for spec in schedule(["a", "b"], 4, seed=2)] != [spec.dice_seed for spec in two]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"bots": ["random", "nobody"]}, "unknown bot 'nobody'"),
        ({"bots": ["random"]}, "at least two bots"),
        ({"bots": ["random", "greedy", "random"]}, "more than once: random"),
        ({"bots": ["random", " "]}, "empty"),
        ({"games": 0}, "--games: 0 is out of range"),
        ({"games": 3}, "--games must be even"),
        ({"jobs": 0}, "--jobs: 0 is out of range"),
        ({"seed": -1}, "--seed: -1 is out of range"),
        ({"timeout": 0}, "positive number of seconds"),
        ({"timeout": float("nan")}, "positive number of seconds"),
        ({"json_path": "/no/such/folder/report.json"}, "does not exist"),
        ({"bots": ["random", "cmd:no-such-program"]}, "not found"),
    ],
)
def test_bad_input_is_refused_before_any_game_is_played(arguments, words):
    given = {
        "bots": ["random", "greedy"],
        "games": 2,
        "seed": 1,
        "jobs": 1,
        "rules": Rules.TAVLA,
        "json_path": None,
        "timeout": 1.0,
        **arguments,
    }
    with pytest.raises(UserError, match=words):
        tournament_command(**given)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_figures_with_one_or_two_jobs():
    one = run_tournament(BUILT_INS, 6, seed=11, jobs=1)
    two = run_tournament(BUILT_INS, 6, seed=11, jobs=2)
    assert one.complete and two.complete
    assert figures(one) == figures(two)
    assert figures(run_tournament(BUILT_INS, 6, seed=12)) != figures(one)


def test_the_report_holds_the_documented_keys_and_its_figures_add_up(tmp_path, capsys):
    path = tmp_path / "report.json"
    assert (
        tournament_command(
            BUILT_INS, 4, 5, 1, Rules.STANDARD, str(path), 1.0, log_path=str(tmp_path / "dq.log")
        )
        == EXIT_OK
    )
    data = json.loads(path.read_text())
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"], "written atomically, no log without a DQ"
    assert (data["rules"], data["games_per_pair"], data["seed"], data["complete"]) == ("standard", 4, 5, True)
    assert all(set(bot) >= DOCUMENTED_BOT_KEYS for bot in data["bots"].values())
    assert all(set(pair) >= DOCUMENTED_PAIR_KEYS for pair in data["pairs"])
    bots, pairs = data["bots"], data["pairs"]
    assert list(bots) == BUILT_INS and data["games_finished"] == data["games_scheduled"] == 12
    assert sum(bot["wins"] for bot in bots.values()) == 12
    points = [(bot["points_for"], bot["points_against"]) for bot in bots.values()]
    assert sum(won for won, _ in points) == sum(lost for _, lost in points)
    for bot in bots.values():
        assert bot["games"] == 8 and bot["wins"] + bot["losses"] == 8
        assert bot["ppg"] == pytest.approx((bot["points_for"] - bot["points_against"]) / 8)
        low, high = bot["ppg_ci95"]
        assert low <= bot["ppg"] <= high
    for pair in pairs:
        assert pair["games"] == 4 and pair["a_wins"] + pair["b_wins"] == 4
        for side in "ab":
            other = "b" if side == "a" else "a"
            won = sum(p[f"{side}_points"] for p in pairs if p[side] == pair[side]) + sum(
                p[f"{other}_points"] for p in pairs if p[other] == pair[side]
            )
            assert won == bots[pair[side]]["points_for"]
    out = capsys.readouterr().out
    assert "Pairs, from A's side" in out and all(name in out for name in BUILT_INS)
    assert "Replay this tournament with --seed 5" in out


@pytest.mark.slow
def test_misbehaving_bots_lose_with_the_right_reason_and_the_rest_is_unaffected(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = {
        "illegal": cmd("illegal", "--after", "3"),
        "timeout": cmd("hang", "--after", "3"),
        "crash": cmd("crash", "--after", "3"),
        "oversized": cmd("megabytes", "--after", "3"),
        "garbage": cmd("garbage"),
    }
    report = run_tournament(["random", "greedy", *bad.values()], 2, seed=7, jobs=2, timeout=0.5)
    data = figures(report)
    for kind, name in bad.items():
        bot = data["bots"][name]
        assert bot["games"] == 12 and bot["disqualifications"] >= 4
        assert set(bot["faults"]) <= {kind, "abandoned"}, bot["faults"]
    alone = figures(run_tournament(["random", "greedy"], 2, seed=7))
    assert data["pairs"][0] == alone["pairs"][0]
    assert data["bots"]["random"]["disqualifications"] == data["bots"]["greedy"]["disqualifications"] == 0

    entries = {entry["fault"]: entry for entry in data["disqualifications"]}
    assert entries["timeout"]["reason"] == "no answer within 0.5 s"
    assert entries["crash"]["reason"] == "exited with status 3 (stderr: crashing on purpose)"
    assert "crashing on purpose" in entries["crash"]["stderr"]
    assert entries["oversized"]["answer"].startswith("8/5 8/5")
    assert entries["illegal"]["answer"] == "24/13" and entries["garbage"]["answer"] == "hello there"
    for entry in entries.values():
        if entry["fault"] != "abandoned":
            assert len(entry["state"].split()) == 28 and len(entry["dice"]) == 2


@pytest.mark.slow
def test_a_bot_that_keeps_failing_forfeits_the_rest_unplayed_whatever_the_jobs(tmp_path):
    pids = tmp_path / "pids"
    pids.mkdir()
    crasher = cmd("crash", "--pids", str(pids))
    one = run_tournament(["random", crasher], 12, seed=3, jobs=1)
    faults = one.to_json(None)["bots"][crasher]["faults"]
    assert faults == {"crash": MAX_CONSECUTIVE_FAULTS, "abandoned": 12 - MAX_CONSECUTIVE_FAULTS}
    assert len(list(pids.iterdir())) == MAX_CONSECUTIVE_FAULTS, "not started again once abandoned"
    assert figures(run_tournament(["random", crasher], 12, seed=3, jobs=2)) == figures(one)


def test_python_file_bots_that_hang_crash_or_exit_are_disqualified(tmp_path):
    bodies = {
        "spin": "    while True:\n        pass\n",
        "raise": "    raise ValueError('no idea')\n",
        "leave": "    raise SystemExit(4)\n",
    }
    names = []
    for stem, body in bodies.items():
        path = tmp_path / f"{stem}.py"
        path.write_text(f"def play(state, die1, die2):\n{body}")
        names.append(str(path))
    data = figures(run_tournament(["random", *names], 2, seed=1, timeout=0.3))
    reasons = {
        name: {entry["reason"] for entry in data["disqualifications"] if entry["bot"] == name}
        for name in names
    }
    assert reasons[names[0]] == {"no answer within 0.3 s"}
    assert reasons[names[1]] == {"ValueError: no idea"}
    assert reasons[names[2]] == {"called sys.exit(4)"}


def test_a_worker_killed_by_a_bot_stops_the_run_with_a_message(tmp_path, capsys):
    path = tmp_path / "killer.py"
    path.write_text("import os\n\ndef play(state, die1, die2):\n    os._exit(9)\n")
    assert tournament_command(["random", str(path)], 2, 1, 2, Rules.TAVLA, None, 1.0) == EXIT_FAILED
    assert "a worker process died" in capsys.readouterr().out


def test_the_disqualification_log_shows_position_dice_answer_and_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bots = ["greedy", cmd("illegal", "--after", "2")]
    assert tournament_command(bots, 2, 1, 1, Rules.TAVLA, None, 1.0) == 0
    log = (tmp_path / LOG_NAME).read_text()
    assert "fault:  illegal: illegal play '24/13'" in log
    assert "answer: '24/13'" in log and "state:  " in log and "dice:   " in log


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_reports_the_finished_games_and_leaves_no_bot_running(tmp_path, jobs):
    pids = tmp_path / "pids"
    pids.mkdir()
    report = tmp_path / "report.json"
    slow = cmd("legal", "--delay", "0.005", "--child", "--pids", str(pids))
    code = (
        "import sys; from game.tavla.commands.tournament import tournament_command; "
        "from game.tavla.engine.rules import Rules; "
        f"sys.exit(tournament_command(['random', {slow!r}, 'greedy'], 100, 1, {jobs}, Rules.TAVLA, "
        f"{str(report)!r}, 2.0))"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    while len(list(pids.iterdir())) < 2 * jobs and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.5)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl+C in a terminal: the whole foreground group
    out, err = process.communicate(timeout=20)
    assert process.returncode == EXIT_INTERRUPTED, err
    data = json.loads(report.read_text())
    assert data["interrupted"] and not data["complete"]
    assert 0 < data["games_finished"] < data["games_scheduled"]
    assert f"Interrupted: {data['games_finished']} of 300 games finished" in out
    started = [int(path.name) for path in pids.iterdir()]
    time.sleep(0.2)
    assert started and all(gone(pid) for pid in started)


# ---- the doubling cube ------------------------------------------------------------------------------

CUBE_BOTS = ["expert", "greedy", cmd("legal")]  # the program does not speak the cube: it must still work


@pytest.mark.slow
def test_money_games_with_the_cube_count_its_value_and_every_bots_doubles_takes_and_passes():
    report = run_tournament(CUBE_BOTS, 4, seed=21, terms=MatchRules(Rules.STANDARD, cube=True))
    data = figures(report)
    assert (data["cube"], data["jacoby"], data["match"], data["complete"]) == (True, False, None, True)
    bots = data["bots"]
    assert all(bot["disqualifications"] == 0 for bot in bots.values())
    answered = sum(bot["takes"] + bot["passes"] for bot in bots.values())
    assert sum(bot["doubles"] for bot in bots.values()) == answered
    assert bots[cmd("legal")]["doubles"] == bots[cmd("legal")]["passes"] == 0
    assert bots["expert"]["doubles"] > 0
    assert sum(bot["points_for"] for bot in bots.values()) > sum(bot["wins"] for bot in bots.values())
    for pair in data["pairs"]:
        assert {"a_doubles", "a_takes", "a_passes", "b_doubles", "b_takes", "b_passes"} <= set(pair)
    terms = MatchRules(Rules.STANDARD, cube=True)
    assert figures(run_tournament(CUBE_BOTS, 4, seed=21, terms=terms, jobs=2)) == data


def test_a_tournament_of_matches_counts_matches_and_the_points_scored_in_them(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # wide enough for the full headings (a file's default is 80)
    path = tmp_path / "report.json"
    assert (
        tournament_command(
            ["greedy", "random", "pubeval"],
            2,
            4,
            1,
            Rules.STANDARD,
            str(path),
            1.0,
            log_path=str(tmp_path / "dq.log"),
            cube=True,
            match=3,
        )
        == EXIT_OK
    )
    data = json.loads(path.read_text())
    assert (data["match"], data["games_finished"]) == (3, 6)
    for bot in data["bots"].values():
        assert bot["points_for"] == bot["wins"] and bot["points_against"] == bot["losses"]
        assert bot["match_points_for"] >= 3 * bot["wins"]
        assert -1 <= bot["ppg"] <= 1
    out = capsys.readouterr().out
    assert "2 matches to 3 points per pair" in out and "Matches to 3 points:" in out
    assert "Doubles/takes/passes" in out and "Match points" in out


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"rules": Rules.TAVLA, "cube": True}, "the tavla rule set has no doubling cube"),
        ({"jacoby": True}, "the Jacoby rule is for money play with the cube"),
        ({"cube": True, "jacoby": True, "match": 5}, "the Jacoby rule is for money play"),
        ({"cube": True, "match": 30}, "1 to 25 points"),
        ({"match": 0}, "a match is played to a positive number of points"),
    ],
)
def test_bad_cube_arguments_are_refused_before_any_game(arguments, words):
    given = {"bots": ["random", "greedy"], "games": 2, "rules": Rules.STANDARD, **arguments}
    with pytest.raises(UserError, match=words):
        tournament_command(**given)


@pytest.mark.slow
def test_the_cube_under_tavla_is_one_line_and_exit_2():
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "tournament",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--rules",
            "tavla",
            "--cube",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "fifteen-tavla: the tavla rule set has no doubling cube; use --rules standard"
    ]


def test_matches_count_the_gammons_of_their_games(capsys):
    """Issue 47: a match's own result is one point, so its gammons showed 0/0 whatever its games had;
    now the gammons and backgammons won and lost in the matches' games are counted, each side's won
    the other's lost, per bot and per pair."""
    report = run_tournament(BUILT_INS, 2, seed=3, terms=MatchRules(Rules.STANDARD, 5, cube=True))
    tallies = report.per_bot.values()
    won, lost = sum(t.gammons for t in tallies), sum(t.gammons_lost for t in tallies)
    assert won == lost > 0
    assert sum(t.backgammons for t in tallies) <= won
    for a, b in report.standings.per_pair.values():
        assert (a.gammons, a.gammons_lost) == (b.gammons_lost, b.gammons)
    assert sum(a.gammons + b.gammons for a, b in report.standings.per_pair.values()) == won
