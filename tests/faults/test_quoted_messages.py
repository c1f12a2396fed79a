"""Issue 27, item 19: a message quotes what a user or a bot gave cut to a readable length, on one line
(argparse's own messages included), and a bot's long failure fits the row that shows it."""

import time

import pytest

from game import cli
from game.tavla.engine.game import BotFault
from game.tavla.engine.position import OPENING
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules
from game.tavla.screens.table.opponent import OpponentDriver
from game.tavla.tournament import run_tournament
from game.tavla.tournament.report import print_report
from tests.faults.helpers import OPENING as OPENING_TEXT
from tests.faults.helpers import python_bot

HUGE = "9" * 5000
SHORT = 500  # no message line the command line prints for these may be longer


def outcome(argv: list[str], capsys) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exit_:
        code = exit_.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        pytest.param([HUGE], "invalid choice", id="command"),
        pytest.param(["tavla", "--rules", HUGE], "invalid choice", id="choice"),
        pytest.param(
            ["moves", "--state", OPENING_TEXT, "--dice", "3", "1", "--rules", "tavla", HUGE],
            "unrecognized",
            id="extra",
        ),
        pytest.param(["tavla", "--rules", "a\nb\x1b[31m"], "invalid choice", id="control-characters"),
        pytest.param(
            ["bot", "--bot", HUGE, "--state", OPENING_TEXT, "--dice", "3", "1"], "unknown bot", id="bot"
        ),
        pytest.param(
            ["bot", "--bot", "cmd:" + HUGE, "--state", OPENING_TEXT, "--dice", "3", "1"],
            "not found",
            id="program",
        ),
        pytest.param(["moves", "--state", OPENING_TEXT, "--dice", "3", HUGE], "second die", id="die"),
        pytest.param(
            ["tournament", "--bots", f"{HUGE},{HUGE}", "--games", "2"], "more than once", id="twice"
        ),
        pytest.param(
            ["tournament", "--bots", "random,greedy", "--games", "2", "--log", f"/{HUGE}/dq.log"],
            "cannot write",
            id="log-path",
        ),
        pytest.param(
            ["tournament", "--bots", "random,greedy", "--games", "2", "--log", f"/{'9' * 250}/dq.log"],
            "does not exist",
            id="log-folder",
        ),
    ],
)
def test_a_quoted_value_is_cut_and_the_message_is_one_short_line(capsys, argv, words):
    code, err = outcome(argv, capsys)
    assert code == 2
    assert err.count("\n") == 1 and words in err and len(err) < SHORT, err[:SHORT]
    assert "\x1b" not in err


def test_a_python_bots_huge_exception_is_cut_in_the_tournaments_figures(tmp_path):
    bot = python_bot(tmp_path, "loud.py", "raise ValueError('line one\\n' + 'x' * 5_000_000)")
    report = run_tournament([str(bot), "random"], 2, seed=1)
    reasons = [entry["reason"] for entry in report.disqualifications()]
    assert reasons and all(len(reason) < 400 and "\n" not in reason for reason in reasons), reasons[0][:400]
    assert reasons[0].startswith("ValueError: line one")


def test_a_bot_name_is_shown_as_it_is_not_read_as_terminal_markup(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "[bold]" / "[").mkdir(parents=True)
    python_bot(tmp_path / "[bold]" / "[", "b].py", "return ''")
    name = "[bold]/[/b].py"  # markup to a terminal: a bold tag, and a closing tag that was never opened
    report = run_tournament([name, "random"], 2, seed=1)
    print_report(report, None)
    assert name in capsys.readouterr().out


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param(BotFault(Fault.CRASH, "exited: " + "x" * 5_000_000), id="fault"),
        pytest.param(ValueError("y" * 5_000_000), id="exception"),
    ],
)
def test_the_tables_opponent_fails_with_a_reason_that_fits_its_row(failure):
    class Failing:
        def play(self, state, die1, die2):
            raise failure

    driver = OpponentDriver(Failing(), Rules.TAVLA)
    driver.ask(OPENING, (3, 1))
    deadline = time.monotonic() + 10
    while (future := driver.answer()) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert future is not None
    error = future.exception()
    assert isinstance(error, BotFault) and len(str(error)) <= 130
