"""Rollouts: exact where the answer is known (a last roll, a home-board race against the bear-off
database, a rollout cut after one roll against the 1-ply evaluation), the same figures whatever the
number of workers, intervals that shrink with the games, the luck correction, and the command."""

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from game import cli
from game.tavla.engine.position import OPENING, format_state
from game.tavla.engine.rules import Rules
from game.tavla.eval.doubling import pre_roll_chances
from game.tavla.eval.judge import NO_SAGE_VARIABLE, sage_available
from game.tavla.eval.neural import shipped_evaluator
from game.tavla.lab.rollout import GameDice, RolloutPlan, play_games
from game.tavla.lab.rollout_report import exact_chances, figures
from game.tavla.lab.rollout_runner import run_rollout
from tests.tavla.bots import gone
from tests.tavla.builders import position

ROOT = Path(__file__).resolve().parents[3]
needs_sage = pytest.mark.skipif(not sage_available(), reason="Open Sage is not installed here")
RULES = Rules.STANDARD
# Two checkers on the 6 point against one the opponent bears off next: only 33, 44, 55 and 66 win.
LAST_ROLL = position({6: 2}, {24: 1})
HOME_RACE = position({1: 2, 2: 2, 3: 1, 5: 1}, {24: 2, 23: 1, 22: 2, 19: 1})


def rolled_out(start, games, **options):
    plan = RolloutPlan((start,), options.pop("rules", RULES), games, options.pop("seed", 1), **options)
    return figures(play_games(plan, 0, games)[0], plan.rules)


def test_stratified_first_rolls_make_a_last_roll_exact():
    for games in (36, 72):
        assert rolled_out(LAST_ROLL, games).chances[0] == pytest.approx(4 / 36, abs=1e-12)


def test_the_luck_correction_takes_the_dice_out_where_the_evaluator_is_exact():
    shown = rolled_out(LAST_ROLL, 20, luck=True)  # 20 games: not every first roll, yet exact
    assert shown.chances[0] == pytest.approx(4 / 36, abs=1e-9)
    assert shown.chances_se[0] < 1e-9


def test_a_rollout_cut_after_one_roll_is_the_one_ply_evaluation():
    start = position({6: 5, 8: 3, 13: 5, 24: 2}, {1: 2, 12: 4, 17: 3, 19: 5, 20: 1})
    shown = rolled_out(start, 36, truncate=1)
    expected = pre_roll_chances(shipped_evaluator(RULES), start, RULES, plies=1)
    np.testing.assert_allclose(shown.chances, expected, atol=1e-12)


@pytest.mark.parametrize("rules", [Rules.STANDARD, Rules.TAVLA])
def test_a_home_board_race_agrees_with_the_bear_off_database(rules):
    exact = exact_chances(HOME_RACE)
    shown = rolled_out(HOME_RACE, 648, rules=rules)
    assert abs(shown.chances[0] - exact[0]) < 3 * shown.chances_se[0] < 0.05
    corrected = rolled_out(HOME_RACE, 72, rules=rules, luck=True)  # the database judges every roll
    assert corrected.chances[0] == pytest.approx(exact[0], abs=1e-7)  # the database is kept in float32


def test_the_interval_shrinks_as_the_games_grow():
    few, many = rolled_out(OPENING, 36, truncate=2), rolled_out(OPENING, 324, truncate=2)
    assert many.equity_se < 0.5 * few.equity_se


def test_a_games_dice_depend_on_the_seed_and_its_number_only():
    plan = RolloutPlan((OPENING,), RULES, 1296, seed=7)
    firsts = {(GameDice(plan, game).roll(0), GameDice(plan, game).roll(1)) for game in range(1296)}
    assert len(firsts) == 1296, "1,296 games play every sequence of two rolls once"

    def rolls(plan: RolloutPlan) -> list[tuple[int, int]]:
        return [GameDice(plan, 5).roll(ply) for ply in range(40)]

    assert rolls(plan) == rolls(RolloutPlan((OPENING, LAST_ROLL), RULES, 1296, seed=7))
    assert rolls(plan) != rolls(RolloutPlan((OPENING,), RULES, 1296, seed=8))


@pytest.mark.slow
def test_any_number_of_workers_gives_the_same_figures():
    plan = RolloutPlan((OPENING, LAST_ROLL), RULES, 72, seed=3, truncate=3, luck=True)
    alone, shared = run_rollout(plan, 1), run_rollout(plan, 2)
    assert shared.workers == 2
    # The same games on the same dice; a worker's batches of positions differ in size, and float32
    # products over another batch shape can differ in the last bit, so the figures agree to float32's
    # precision, not bit for bit.
    np.testing.assert_allclose(alone.results, shared.results, rtol=1e-6, atol=1e-7)


def test_master_plays_the_games_too():
    assert rolled_out(LAST_ROLL, 36, level="master").chances[0] == pytest.approx(4 / 36, abs=1e-12)


@pytest.fixture
def our_networks(monkeypatch):
    """Our own rollouts, where Open Sage would roll out the backgammon rule sets."""
    monkeypatch.setenv(NO_SAGE_VARIABLE, "1")


def test_rollout_with_dice_ranks_the_plays_and_writes_the_json(tmp_path, capsys, our_networks):
    path = tmp_path / "rollout.json"
    argv = [
        "rollout",
        "--state",
        format_state(OPENING),
        "--dice",
        "3",
        "1",
        "--rules",
        "standard",
        "--games",
        "36",
        "--truncate",
        "2",
        "--plays",
        "3",
        "--seed",
        "5",
        "--json",
        str(path),
    ]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    assert flat.startswith("Rollout, dice 31: 36 games, expert, standard, cubeless, seed 5")
    assert "; ± is a 95% interval" in flat
    rows = table_rows(out)
    heading = next(index for index, row in enumerate(rows) if row[:2] == ["#", "Move"])
    assert rows[heading + 2][:3] == ["1", "8/5", "6/5"]
    data = json.loads(path.read_text())
    assert data["complete"] and data["games"] == 36 and data["dice"] == [3, 1]
    equities = [play["equity"] for play in data["plays"]]
    assert len(equities) == 3 and equities == sorted(equities, reverse=True)
    assert data["equity"] == equities[0] and data["plays"][0]["difference"] == 0.0
    for name in ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon", "equity"):
        assert f"{name}_se" in data


def test_rollout_before_the_roll_prints_the_chances_and_the_exact_answer(capsys, our_networks):
    argv = ["rollout", "--state", format_state(HOME_RACE), "--games", "36", "--seed", "2"]
    assert cli.main(argv) == 0
    rows = table_rows(capsys.readouterr().out)
    measured = next(index for index, row in enumerate(rows) if row[0] == "rollout")
    assert len(rows[measured]) == 8 and rows[measured + 1][0].startswith("±")  # equity, 6 chances; intervals
    assert rows[measured + 2][:2] == ["bear-off", "database"] and len(rows[measured + 2]) == 9


def table_rows(out: str) -> list[list[str]]:
    """The words of each line of a printed table, its box characters left out."""
    return [row for line in out.splitlines() if (row := [w for w in re.split(r"[\s│┃]+", line) if w])]


def test_the_rollout_is_a_table_a_play_a_row_as_gnubg_shows_it(capsys, our_networks, monkeypatch):
    """Issue 47: the rollout printed each play as a wall of text, its figures broken mid-item where the
    line wrapped; now a table: a row of figures per play (equity, difference, win, win gammon, win
    backgammon, lose, lose gammon, lose backgammon), a row of their intervals under it, within 80
    columns and no figure broken."""
    from tests.terminal_checks import assert_fits, assert_unbroken

    monkeypatch.setenv("COLUMNS", "80")
    argv = [
        "rollout",
        "--state",
        format_state(OPENING),
        "--dice",
        "3",
        "1",
        "--rules",
        "standard",
        "--games",
        "36",
        "--truncate",
        "1",
        "--plays",
        "3",
        "--seed",
        "5",
    ]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert_fits(out, 80)
    rows = table_rows(out)
    heading = next(row for row in rows if row[:2] == ["#", "Move"])
    assert heading[2:] == ["Equity", "Diff", "W", "WG", "WBG", "L", "LG", "LBG"]
    first = rows.index(heading) + 2  # the rule under the headings
    plays = [rows[first], rows[first + 2], rows[first + 4]]
    assert [row[0] for row in plays] == ["1", "2", "3"]
    for row, under in zip(plays, (rows[first + 1], rows[first + 3], rows[first + 5]), strict=True):
        figures_ = row[-8:] if row[0] != "1" else row[-7:]
        assert all(re.fullmatch(r"[+-]?\d+\.\d+", cell) for cell in figures_), row
        assert all(cell.startswith("±") for cell in under), under
        win, lose = float(row[-6]), float(row[-3])
        assert win + lose == pytest.approx(100.0, abs=0.11)
    assert_unbroken(out, [" ".join(row) for row in plays])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--xgid", "XGID=junk"], "has 1 fields"),
        (["--state", format_state(OPENING), "--dice", "7", "1"], "the first die must be from 1 to 6"),
        (["--state", format_state(OPENING), "--games", "0"], "out of range"),
        (["--state", format_state(OPENING), "--truncate", "x"], "not a whole number"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(argv, words, capsys):
    try:
        status = cli.main(["rollout", *argv])
    except SystemExit as exit_:
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.slow
def test_ctrl_c_keeps_what_was_rolled_and_ends_the_workers(tmp_path):
    path = tmp_path / "stopped.json"
    command = [
        sys.executable,
        str(ROOT / "main.py"),
        "rollout",
        "--state",
        format_state(OPENING),
        "--games",
        "1000000",
        "--truncate",
        "2",
        "--jobs",
        "2",
        "--seed",
        "1",
        "--json",
        str(path),
    ]
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", NO_SAGE_VARIABLE: "1"},
    )
    try:
        # Ctrl+C once its two workers run (however long a busy machine takes to start them), and a
        # moment later, while they roll
        deadline = time.monotonic() + 30
        while len(workers := _children(child.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, _err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 130
    data = json.loads(path.read_text())
    assert not data["complete"] and data["stopped_by"] == "SIGINT" and data["games"] % 36 == 0
    assert "stopped after" in out.splitlines()[0]
    deadline = time.monotonic() + 5
    while not all(gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) >= 2 and all(gone(pid) for pid in workers), "no worker outlives the command"


@pytest.mark.slow
@needs_sage
def test_open_sage_rolls_out_the_plays_cubeful_and_stops_with_what_it_has(tmp_path, capsys):
    path = tmp_path / "sage.json"
    argv = [
        "rollout",
        "--state",
        format_state(OPENING),
        "--dice",
        "3",
        "1",
        "--rules",
        "standard",
        "--games",
        "72",
        "--truncate",
        "2",
        "--plays",
        "2",
        "--seed",
        "4000000005",
        "--json",
        str(path),
    ]
    assert cli.main(argv) == 0  # a seed past Open Sage's own range (2**31) is taken too
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    assert flat.startswith("Rollout, dice 31: 72 games, Open Sage 1-ply, standard, seed 4000000005")
    rows = table_rows(out)
    heading = next(index for index, row in enumerate(rows) if row[:2] == ["#", "Move"])
    assert "Cubeful" in rows[heading] and rows[heading + 2][:3] == ["1", "8/5", "6/5"]
    data = json.loads(path.read_text())
    assert data["engine"] == "Open Sage" and data["complete"] and data["games"] == 72
    cubeful = [play["cubeful_equity"] for play in data["plays"]]
    assert cubeful == sorted(cubeful, reverse=True) and data["plays"][0]["difference"] == 0.0
    assert all(data[f"{name}_se"] is not None for name in ("win", "equity", "cubeful_equity"))
    stopped = tmp_path / "stopped.json"
    command = [
        sys.executable,
        str(ROOT / "main.py"),
        "rollout",
        "--state",
        format_state(OPENING),
        "--games",
        "1000000",
        "--truncate",
        "2",
        "--seed",
        "1",
        "--json",
        str(stopped),
    ]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Ctrl+C once it rolls (4 s of its CPU: past the imports, however busy the machine); a stop keeps
        # the chunks finished, whenever it comes
        deadline = time.monotonic() + 120
        while _cpu_seconds(child.pid) < 4.0 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        out, _err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130
    data = json.loads(stopped.read_text())
    assert not data["complete"] and data["stopped_by"] == "SIGINT" and data["games"] % 36 == 0
    assert "stopped after" in out.splitlines()[0]


def _cpu_seconds(pid: int) -> float:
    """The CPU time `pid` has used, user and system (Linux's /proc); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes `pid` started that still run (Linux's /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found
