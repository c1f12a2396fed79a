"""The window-free `moves`, `bot` and `cube` commands: output lines and error messages (docs/commands.md)."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import UserError
from game.tavla.commands.bot import bot_command
from game.tavla.commands.moves import moves_command
from game.tavla.commands.options import parse_dice
from game.tavla.engine.cube import CubeAction
from game.tavla.engine.moves import check_play, legal_plays
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import OPENING, format_state
from game.tavla.engine.rules import Rules

OPENING_TEXT = format_state(OPENING)
ROOT = Path(__file__).resolve().parents[2]


def test_moves_prints_one_line_per_distinct_position_in_seed_notation():
    lines = moves_command(OPENING_TEXT, ["3", "1"], Rules.TAVLA)
    assert len(lines) == len(set(lines)) == 16
    assert "8/5 6/5" in lines
    assert lines == sorted(lines, key=parse_play, reverse=True)
    for line in lines:
        check_play(OPENING, 3, 1, line)


def test_moves_prints_nothing_when_there_is_no_legal_play():
    closed = "0 0 0 0 0 0 14 0 0 0 0 0 -3 0 0 0 0 0 -2 -2 -2 -2 -2 -2 0 1 0 0"
    assert moves_command(closed, ["6", "6"], Rules.STANDARD) == []


def test_moves_follows_the_rule_set():
    one_die = [0] * 28
    one_die[24], one_die[1] = 1, 14
    one_die[20], one_die[14], one_die[16] = -1, -2, -12
    text = " ".join(map(str, one_die))
    assert moves_command(text, ["6", "4"], Rules.TAVLA) == ["24/20", "24/18"]
    assert moves_command(text, ["6", "4"], Rules.STANDARD) == ["24/18"]


@pytest.mark.parametrize(
    ("state", "dice", "message"),
    [
        ("1 2 3", ["3", "1"], "must have 28 integers, got 3"),
        (OPENING_TEXT.replace("5", "five", 1), ["3", "1"], "is not an integer: 'five'"),
        (OPENING_TEXT.replace("-2", "-3", 1), ["3", "1"], "opponent must have 15 checkers"),
        (OPENING_TEXT, ["3"], "expected 2 dice, got 1"),
        (OPENING_TEXT, ["3", "1", "2"], "expected 2 dice, got 3"),
        (OPENING_TEXT, ["0", "1"], "first die must be from 1 to 6, got 0"),
        (OPENING_TEXT, ["3", "7"], "second die must be from 1 to 6, got 7"),
        (OPENING_TEXT, ["3", "x"], "second die is not an integer: 'x'"),
        (OPENING_TEXT, ["2.5", "1"], "first die is not an integer: '2.5'"),
    ],
)
def test_moves_refuses_malformed_input_naming_the_problem(state, dice, message):
    with pytest.raises(UserError, match=message.replace("(", r"\(")):
        moves_command(state, dice, Rules.TAVLA)


def test_unknown_rules_are_named():
    with pytest.raises(UserError, match="unknown rule set 'backgammon'"):
        Rules.parse("backgammon")  # where --rules is read, once


def test_parse_dice_accepts_one_string_too():
    assert parse_dice("6 4") == (6, 4)
    assert parse_dice([" 6", "4 "]) == (6, 4)


@pytest.mark.parametrize("name", ["random", "greedy", "pubeval"])
def test_bot_prints_a_legal_play_of_the_named_bot(name):
    for dice in (["3", "1"], ["6", "6"], ["5", "2"]):
        line = bot_command(name, OPENING_TEXT, dice)
        assert check_play(OPENING, int(dice[0]), int(dice[1]), line) in legal_plays(OPENING, *map(int, dice))


def test_bot_with_a_user_file_that_answers_illegally_is_a_user_error(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text("def play(state, die1, die2):\n    return '24/13'\n")
    with pytest.raises(UserError, match=r"answered an illegal play '24/13': 24/13: moves are not combined"):
        bot_command(str(path), OPENING_TEXT, ["6", "5"])


def test_bot_command_errors():
    with pytest.raises(UserError, match="unknown bot 'nobody'"):
        bot_command("nobody", OPENING_TEXT, ["3", "1"])
    with pytest.raises(UserError, match="first die must be from 1 to 6"):
        bot_command("random", OPENING_TEXT, ["9", "1"])
    with pytest.raises(UserError, match="must have 28 integers"):
        bot_command("random", "0 0", ["3", "1"])


def test_the_command_prints_the_three_equities_and_refuses_tavla(capsys):
    opening = format_state(OPENING)
    assert main(["cube", "--state", opening, "--rules", "standard", "--bot", "expert"]) == 0
    action, equities, chances = capsys.readouterr().out.splitlines()
    assert action in {a.value for a in CubeAction}
    assert "double/take" in equities and "double/pass +1.000" in equities
    assert chances.startswith("win ")
    assert main(["cube", "--state", opening, "--rules", "tavla"]) == 2
    assert "no doubling cube" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--cube", "3"], "1, 2, 4"),
        (["--score", "1", "2"], "--match"),
        (["--match", "5", "--score", "7", "0"], "from 0 to 4"),
        (["--cube", "2"], "centre"),
        (["--bot", "pubeval"], "no cube equities"),
        (["--match", "5", "--jacoby"], "Jacoby"),
    ],
)
def test_bad_cube_arguments_are_one_line_and_exit_2(capsys, arguments, message):
    opening = format_state(OPENING)
    assert main(["cube", "--state", opening, "--rules", "standard", *arguments]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_the_engine_commands_and_bots_import_no_arcade():
    modules = (
        "game.tavla.commands.moves, game.tavla.commands.bot, game.tavla.commands.cube, "
        "game.tavla.engine.game, game.tavla.players.pubeval, game.tavla.players.greedy"
    )
    code = f"import sys, {modules}; sys.exit('arcade' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0
