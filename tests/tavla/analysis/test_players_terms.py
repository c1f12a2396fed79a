"""The analysis in a backgammon player's terms (issue 28): units named (mEMG with the MWC they cost, luck
per roll in the same units), moves numbered as the table's move list numbers them, the cube's three
equities and the right action in GNU Backgammon's words, a drop called a pass, plays in gnubg's form."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game import cli
from game.tavla.analysis import figures
from game.tavla.analysis import match as match_module
from game.tavla.analysis.cube import proper_action, shown_action
from game.tavla.analysis.decisions import MILLI, move_number
from game.tavla.analysis.match import analyse_match
from game.tavla.analysis.report import analysis_json, report
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.screens.table.captions import move_rows
from tests.tavla.matches import advance

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def five():
    return analyse_match(read_mat(DATA / "gnubg-5pt-seed11.mat"))


def test_the_figures_are_in_named_units_and_the_luck_in_the_errors_units(five):
    lines = report(five)
    assert "mEMG" in lines[0] and "MWC" in lines[0] and "per decision" in lines[0] and "per roll" in lines[0]
    assert lines[1] == f"Judged at {five.judged_by}", "the judge is named"
    assert five.judged_by == judge_for(five.record.rules, DEFAULT_LEVEL).title()
    first = five.players[0]
    match_line = lines[lines.index("Match to 5 points") + 1]
    assert f"error rate {first.error_rate:.1f} mEMG ({100 * first.mwc_error_rate:.3f}% MWC) per decision" in (
        match_line
    )
    assert f"luck {figures.signed(first.luck_rate)} mEMG" in match_line and match_line.endswith("per roll")
    assert first.rolls == sum(1 for d in five.decisions if d.player == 0 and d.kind == "move") == 109
    assert first.luck_rate == pytest.approx(first.luck / first.rolls)
    for decision in five.decisions[:40]:
        stakes = decision.stakes
        assert decision.mwc_loss == pytest.approx(
            stakes.mwc(decision.best_equity) - stakes.mwc(decision.equity), abs=1e-9
        ), "a loss in MWC is the EMG lost, read back through the match equity table"
    assert first.mwc_loss == pytest.approx(
        sum(d.mwc_loss for d in five.decisions if d.player == 0 and d.counted)
    )


@pytest.mark.slow
def test_money_play_names_millipoints_and_no_mwc():
    record = read_mat(DATA / "gnubg-1pt-seed5.mat")
    money = analyse_match(MatchRecord(record.names, 0, record.rules, record.games))
    lines = report(money)
    assert "EMG" not in "\n".join(lines) and "MWC" not in "\n".join(lines)
    assert "millipoints per decision" in lines[3] and all(d.mwc_loss == 0.0 for d in money.decisions)
    assert "mwc" not in money.series[0].__dict__ or money.series[0].mwc is None


def test_moves_are_numbered_as_the_tables_move_list_numbers_its_lines():
    match = advance(Match(1, Rules.TAVLA, 3), 3)
    # the numbering is the same at any depth: expert's (0-ply) is a third of master's time
    analysis = analyse_match(MatchRecord.from_match(match, ("You", "expert")), level="expert")
    rows = [row for row in move_rows(match.games[0]) if row.text]
    numbers, current = [], ""
    for row in rows:
        current = row.number or current
        numbers.append(int(current))
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert [d.move for d in moves] == numbers[: len(moves)]
    assert [move_number(turn) for turn in range(5)] == [1, 1, 2, 2, 3]
    worst = [line for line in report(analysis) if line.startswith("  game ")][-1]
    assert f"move {analysis.worst(5)[-1].move}," in worst


def test_a_cube_decision_keeps_its_three_equities_and_the_right_action_in_gnubgs_words(five):
    doubles = [d for d in five.decisions if d.kind == "cube" and d.action == "double"]
    answers = [d for d in five.decisions if d.kind == "cube" and d.action in ("take", "drop")]
    assert doubles and answers
    for double in doubles:
        no_double, take, drop = double.cube_equities
        assert double.best_equity == pytest.approx(max(no_double, min(take, drop)))
    for answer in answers:
        no_double, take, drop = answer.cube_equities
        assert answer.best_equity == pytest.approx(max(-take, -drop)), (
            "the doubler's equities, whoever answers"
        )
    # gnubg's own figures for game 1, move 2 of this match: no double -0.015, take -0.410, pass +1.000
    assert proper_action((-0.015, -0.410, 1.0)) == "No double, take"
    assert proper_action((0.5, 0.6, 1.0)) == "Double, take"
    assert proper_action((0.9, 1.2, 1.0)) == "Double, pass"
    assert proper_action((1.1, 1.5, 1.0)) == "Too good to double, pass"
    assert proper_action((0.9, 1.2, 1.0), redouble=True) == "Redouble, pass"


def test_a_drop_is_a_pass_to_the_player_and_stays_drop_in_the_json(five, tmp_path):
    drop = next(d for d in five.decisions if d.action == "drop")
    assert shown_action("drop") == "pass" and figures.play_text(drop) == "pass"
    data = analysis_json(five)
    entry = next(d for d in data["decisions"] if d["play"] == "drop")
    assert entry["shown_play"] == "pass" and set(entry["cube_equities"]) == {
        "no_double",
        "double_take",
        "double_pass",
    }
    assert all("drop" not in line for line in report(five))


def test_plays_and_rolls_read_as_gnubg_writes_them(five, tmp_path, monkeypatch):
    """The command reads the file and writes its JSON; its analysis, the same as the module's (the same
    file at the default level), is the module's rather than made again (eight seconds)."""
    real = match_module.analyse_match

    def analyse(record, rules=None, level=DEFAULT_LEVEL, judge=None, progress=None, cube=None):
        if (record, rules, level, judge, cube) == (five.record, None, DEFAULT_LEVEL, None, None):
            return five
        return real(record, rules, level, judge, progress, cube)

    monkeypatch.setattr(match_module, "analyse_match", analyse)
    out = tmp_path / "a.json"
    assert cli.main(["analyse", str(DATA / "gnubg-5pt-seed11.mat"), "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    entry = next(d for d in data["decisions"] if d["play"] == "25/22 22/18")
    assert entry["shown_play"] == "bar/18" and entry["play"] == "25/22 22/18", "the contract keeps per die"
    move = next(d for d in five.decisions if d.action == "25/22 22/18")
    assert figures.play_text(replace(move, dice=(3, 4))) == "43: bar/18", "the higher die first"
    worst = report(five)
    assert not any(" 25/" in line for line in worst), "the report writes the bar as gnubg does"
    assert data["players"]["gnubg"]["rolls"] == 109 and "mwc" in data["series"][0]
    assert data["decisions"][0]["mwc_loss"] * MILLI >= 0
