"""The temperature map: the 21 rolls weighted as the 36 fall, the average their weighted mean, answers
checked by hand (a bear-off every roll wins, a last roll only doubles of 3 or more win, a bar only 6s
enter), each best play the analysis's, the same depth for every roll, the grid, the JSON, bad input."""

import io
import json

import numpy as np
import pytest
from rich.console import Console

from game import cli
from game.core.errors import UserError
from game.tavla.analysis.decisions import ranked_plays
from game.tavla.engine.position import OPENING, format_state
from game.tavla.engine.rules import Rules
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL
from game.tavla.eval.stakes import Stakes
from game.tavla.lab.tempmap import ORDERED_ROLLS, temperature_map
from game.tavla.lab.tempmap_report import grid_cells, grid_layout, print_tempmap, shortened_play
from tests.tavla.builders import position
from tests.terminal_checks import assert_fits, on_terminal, plain

RULES = Rules.STANDARD
# Two checkers on the 1 point: every roll bears both off and wins (the opponent has borne off 12).
BOTH_OFF = position({1: 2}, {24: 3})
# Two checkers on the 6 point against one the opponent bears off next: only 33, 44, 55 and 66 win.
LAST_ROLL = position({6: 2}, {24: 1})
# On the bar against five closed points: only a 6 enters (the 19 point is open).
ONLY_SIXES = position({6: 5, 8: 4, 13: 5}, {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 1: 2, 7: 3}, own_bar=1)
MID_GAME = position({6: 5, 8: 3, 13: 5, 24: 2}, {1: 2, 12: 4, 17: 3, 19: 5, 20: 1})


@pytest.fixture(scope="module")
def opening():
    return temperature_map(OPENING, RULES)


def test_the_21_rolls_are_the_36_each_once(opening):
    assert len(opening.rolls) == 21
    assert len({roll.dice for roll in opening.rolls}) == 21
    assert all(roll.dice[0] >= roll.dice[1] for roll in opening.rolls)
    assert sum(roll.weight for roll in opening.rolls) == ORDERED_ROLLS
    assert sum(roll.chance for roll in opening.rolls) == pytest.approx(1.0)
    assert {roll.weight for roll in opening.rolls if roll.dice[0] == roll.dice[1]} == {1}


def test_the_average_is_the_weighted_mean_and_the_differences_sum_to_nothing(opening):
    mean = sum(roll.equity * roll.chance for roll in opening.rolls)
    assert opening.average == pytest.approx(mean, abs=1e-12)
    assert sum(roll.versus_average * roll.chance for roll in opening.rolls) == pytest.approx(0.0, abs=1e-12)
    for roll in opening.rolls:
        assert roll.versus_average == pytest.approx(roll.equity - opening.average, abs=1e-12)


def test_each_roll_has_the_analysis_best_play_and_equity(opening):
    judge = judge_for(RULES, DEFAULT_LEVEL)
    for roll in opening.rolls:
        best = ranked_plays(OPENING, roll.dice, judge, n=1)[0]
        assert roll.play == best.play and roll.equity == pytest.approx(best.equity, abs=1e-12)
    assert opening.roll(6, 5).shown == "24/13" and opening.roll(3, 1).shown == "8/5 6/5"
    assert opening.ranked()[0].dice == (6, 6) and not opening.exact


def test_when_every_roll_wins_every_difference_is_nothing():
    mapped = temperature_map(BOTH_OFF, RULES)
    assert mapped.exact
    assert {roll.equity for roll in mapped.rolls} == {1.0} and mapped.average == pytest.approx(1.0)
    assert all(roll.versus_average == pytest.approx(0.0, abs=1e-12) for roll in mapped.rolls)
    assert {roll.shown for roll in mapped.rolls} == {"1/off(2)"}


@pytest.mark.parametrize("level", ["expert", "master"])
def test_a_last_roll_is_worth_what_the_dice_say(level):
    mapped = temperature_map(LAST_ROLL, RULES, level)
    assert mapped.exact, "the bear-off database answers at any level"
    winners = {roll.dice for roll in mapped.rolls if roll.equity == pytest.approx(1.0)}
    assert winners == {(3, 3), (4, 4), (5, 5), (6, 6)}
    assert all(roll.equity == pytest.approx(-1.0) for roll in mapped.rolls if roll.dice not in winners)
    assert mapped.average == pytest.approx((4 - 32) / 36)
    assert mapped.roll(4, 4).versus_average == pytest.approx(64 / 36)
    assert mapped.roll(2, 1).versus_average == pytest.approx(-8 / 36)


def test_a_roll_that_cannot_enter_is_the_position_unchanged_from_the_other_side():
    mapped = temperature_map(ONLY_SIXES, RULES)
    dances = [roll for roll in mapped.rolls if 6 not in roll.dice]
    assert len(dances) == 15 and all(roll.play == () and roll.shown == "" for roll in dances)
    unchanged = Stakes(RULES).equities(judge_for(RULES, DEFAULT_LEVEL).chances_after([ONLY_SIXES]))[0]
    assert all(roll.equity == pytest.approx(float(unchanged), abs=1e-12) for roll in dances)
    assert all(roll.after == ONLY_SIXES for roll in dances)
    sixes = [roll for roll in mapped.rolls if 6 in roll.dice]
    assert all(roll.shown.startswith("bar/") for roll in sixes)
    assert min(roll.equity for roll in sixes) > max(roll.equity for roll in dances)


def test_the_map_is_judged_at_its_level_and_says_which():
    mapped = temperature_map(ONLY_SIXES, RULES, "master")
    expert = temperature_map(ONLY_SIXES, RULES, "expert")
    assert mapped.judged_by == judge_for(RULES, "master").title() != expert.judged_by
    dance = mapped.roll(1, 1).equity
    assert dance != pytest.approx(expert.roll(1, 1).equity, abs=1e-6), "the dance judged deeper"
    assert {roll.equity for roll in mapped.rolls if 6 not in roll.dice} == {dance}


def test_a_game_that_is_over_and_an_unknown_level_are_refused():
    with pytest.raises(UserError, match="the game is over"):
        temperature_map(position({}, {24: 1}), RULES)
    with pytest.raises(UserError, match="unknown judge level"):
        temperature_map(OPENING, RULES, "godlike")


def test_the_two_cells_of_a_roll_agree_and_a_double_has_one(opening):
    grid = grid_cells(opening, 12)
    for first in range(6):
        for second in range(6):
            assert grid[first][second] == grid[second][first]
            assert grid[first][second][0] == f"{max(first, second) + 1}{min(first, second) + 1}"
    assert grid[5][4] == ("65", "24/13", f"{opening.roll(6, 5).versus_average:+.3f}")


def test_a_long_play_is_shortened_between_its_moves():
    assert shortened_play("24/18(2) 13/7(2)", 16) == "24/18(2) 13/7(2)"
    assert shortened_play("24/18(2) 13/7(2)", 12) == "24/18(2)…"
    assert shortened_play("24/18(2) 13/7(2)", 6) == "24/18…"


@pytest.mark.parametrize("width", [160, 80, 49, 48, 30])
def test_the_map_fits_any_terminal(opening, width):
    stream = io.StringIO()
    print_tempmap(opening, console=Console(file=stream, width=width, force_terminal=True, color_system=None))
    text = plain(stream.getvalue())
    assert_fits(text, width)
    assert "24/13" in text and "Temperature map" in text.replace("\n", " ")
    per_block, _boxed, _cell = grid_layout(opening, width)
    assert per_block == (6 if width >= 49 else 3), "six columns as long as a difference fits a cell"


def test_the_command_prints_the_grid_and_the_ranked_rolls_and_writes_the_json(tmp_path, monkeypatch, capsys):
    path = tmp_path / "map.json"
    on_terminal(monkeypatch, 100)
    assert (
        cli.main(["tempmap", "--state", format_state(ONLY_SIXES), "--rules", "standard", "--json", str(path)])
        == 0
    )
    out = plain(capsys.readouterr().out)
    assert_fits(out, 100)
    assert "no move" in out and judge_for(RULES, DEFAULT_LEVEL).title() in out.replace("\n", " ")
    ranked = [line.split() for line in out.splitlines() if line.startswith("│  1 │")]
    assert ranked == [["│", "1", "│", "66", "│", "bar/13", "8/2(2)", "│", *ranked[0][8:]]]
    data = json.loads(path.read_text())
    assert {"state", "rolls", "average", "exact", "level", "id", "xgid"} <= set(data)
    assert data["state"] == list(ONLY_SIXES) and len(data["rolls"]) == 21
    assert set(data["rolls"][0]) >= {"dice", "play", "equity", "versus_average"}
    assert data["rolls"][0]["dice"] == [6, 6] and data["rolls"][0]["play"] == "bar/13 8/2(2)"
    dance = next(roll for roll in data["rolls"] if roll["dice"] == [1, 1])
    assert dance["play"] == "" and dance["moves"] == ""
    weights = np.array([roll["weight"] for roll in data["rolls"]])
    equity = np.array([roll["equity"] for roll in data["rolls"]])
    assert float(weights @ equity / 36) == pytest.approx(data["average"], abs=1e-12)


def test_the_exact_map_says_so(capsys):
    assert cli.main(["tempmap", "--state", format_state(LAST_ROLL), "--level", "master"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the heading wraps at the width, 80 for a capture
    assert "the bear-off database, exact" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--state", "1 2 3"], "28 integers"),
        (["--id", "nonsense"], "Position ID"),
        (["--xgid", "XGID=junk"], "has 1 fields"),
        (["--state", format_state(position({}, {24: 1}))], "the game is over"),
        (["--state", format_state(OPENING), "--level", "godlike"], "invalid choice"),
        (["--state", format_state(OPENING), "--json", "/"], "is a folder"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    try:
        status = cli.main(["tempmap", *argv])
    except SystemExit as exit_:
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_on_a_colour_terminal_better_is_green_and_worse_red(opening):
    stream = io.StringIO()
    print_tempmap(
        opening,
        console=Console(file=stream, width=120, force_terminal=True, color_system="standard", no_color=False),
    )
    text = stream.getvalue()
    best, worst = opening.ranked()[0], opening.ranked()[-1]
    assert f"\x1b[32m{best.versus_average:+.3f}" in text
    assert f"\x1b[31m{worst.versus_average:+.3f}" in text
