"""Issue 27, item 10: every number a user types on the command line has a range, checked where it comes
in, with a message that says the range; nothing out of range reaches the games (a `--timeout 1e308`
was an OverflowError reported as the bot's crash)."""

import json

import pytest

from game import cli
from game.core.errors import UserError
from game.tavla.commands.tournament import tournament_command
from game.tavla.engine.rules import Rules
from game.tavla.tournament import run_tournament
from tests.faults.helpers import OPENING, PYTHON, ROOT, game

MY_BOT = f"cmd:{PYTHON} {ROOT / 'examples' / 'my_bot.py'}"
HUGE = "9" * 5000


def outcome(argv: list[str], capsys) -> tuple[int, str]:
    """The exit status of `main(argv)` (argparse's exit included) and what it wrote on stderr."""
    try:
        code = cli.main(argv)
    except SystemExit as exit_:
        code = exit_.code
    return code, capsys.readouterr().err


def test_a_huge_timeout_is_refused_not_the_bots_crash(capsys):
    code, err = outcome(
        ["bot", "--bot", MY_BOT, "--state", OPENING, "--dice", "3", "1", "--timeout", "1e308"], capsys
    )
    assert code == 2, err
    assert err.count("\n") == 1 and "at most 3600" in err and "OverflowError" not in err


@pytest.mark.parametrize(
    "value", ["1e308", "inf", "nan", "0", "-1", "3601", "abc", pytest.param(HUGE, id="huge")]
)
def test_the_tournaments_timeout_has_a_range(capsys, value):
    code, err = outcome(["tournament", "--bots", "random,greedy", "--games", "2", "--timeout", value], capsys)
    assert code == 2 and "--timeout" in err and "at most 3600" in err and len(err) < 400, err


TOURNAMENT = ["tournament", "--bots", "random,greedy", "--games", "2"]
CUBE = ["cube", "--state", OPENING, "--rules", "standard"]


@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        pytest.param([*TOURNAMENT, "--seed", HUGE], "from 0 to 9223372036854775807", id="tournament-seed"),
        pytest.param([*TOURNAMENT, "--seed", str(2**63)], "from 0 to", id="tournament-seed-2**63"),
        pytest.param(["puzzle", "--seed", HUGE], "from 0 to 9223372036854775807", id="puzzle-seed"),
        pytest.param(["tavla", "--seed", str(10**30)], "from 0 to 9223372036854775807", id="tavla-seed"),
        pytest.param([*TOURNAMENT, "--games", HUGE], "from 1 to 1000000000", id="games-huge"),
        pytest.param([*TOURNAMENT, "--games", str(2 * 10**9)], "from 1 to 1000000000", id="games-2e9"),
        pytest.param([*TOURNAMENT, "--jobs", HUGE], "from 1 to 256", id="jobs-huge"),
        pytest.param([*TOURNAMENT, "--jobs", "0"], "from 1 to 256", id="jobs-0"),
        pytest.param([*TOURNAMENT, "--rules", "standard", "--match", "26"], "from 1 to 25", id="match-26"),
        pytest.param([*CUBE, "--cube", HUGE], "from 1 to 64", id="cube-value"),
        pytest.param([*CUBE, "--match", HUGE], "from 1 to 25", id="cube-match"),
        pytest.param([*CUBE, "--match", "5", "--score", HUGE, "0"], "from 0 to 25", id="cube-score"),
    ],
)
def test_every_number_has_a_range_said_in_one_short_line(capsys, argv, allowed):
    code, err = outcome(argv, capsys)
    assert code == 2, err
    assert err.count("\n") == 1 and allowed in err and len(err) < 300, err


def test_the_functions_behind_the_commands_hold_the_same_ranges():
    with pytest.raises(UserError, match="at most 3600"):
        run_tournament(["random", "greedy"], 2, seed=1, timeout=1e308)
    with pytest.raises(UserError, match=r"--seed: .* is out of range"):
        run_tournament(["random", "greedy"], 2, seed=2**63)
    with pytest.raises(UserError, match=r"--games: .* is out of range"):
        run_tournament(["random", "greedy"], 2 * 10**9, seed=1)
    with pytest.raises(UserError, match="--match: 26 is out of range"):
        tournament_command(["random", "greedy"], 2, seed=1, rules=Rules.STANDARD, match=26)


def test_numbers_in_range_still_work(capsys, tmp_path):
    code, err = outcome(
        ["bot", "--bot", "random", "--state", OPENING, "--dice", "3", "1", "--timeout", "3600"], capsys
    )
    assert code == 0, err
    code, err = outcome(
        [
            "tournament",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--seed",
            str(2**63 - 1),
            "--timeout",
            "0.5",
            "--log",
            str(tmp_path / "dq.log"),
        ],
        capsys,
    )
    assert code == 0, err


# Item 9: --jobs is bounded by the CPUs and the games, with a note when the CPUs bound it.


@pytest.mark.slow
def test_jobs_beyond_the_cpus_are_played_on_the_cpus_with_a_note(tmp_path):
    from game.tavla.tournament.round_robin import cpu_count

    report = tmp_path / "report.json"
    result = game(
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "8",
        "--jobs",
        "100",
        "--seed",
        "1",
        "--json",
        str(report),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    used = json.loads(report.read_text())["jobs"]
    assert used == min(cpu_count(), 8)
    assert f"--jobs 100: this machine has {cpu_count()} CPU" in result.stderr
    assert f"--jobs {used})" in result.stdout


def test_never_more_workers_than_cpus_or_games(monkeypatch):
    from game.tavla.tournament import round_robin

    monkeypatch.setattr(round_robin, "cpu_count", lambda: 64)
    assert round_robin.workers_for(100, 2) == 2 and round_robin.workers_for(8, 1000) == 8
    monkeypatch.setattr(round_robin, "cpu_count", lambda: 1)
    assert round_robin.workers_for(256, 1000) == 1
    report = run_tournament(["random", "greedy"], 4, seed=1, jobs=100)
    assert report.complete and report.jobs == 1
