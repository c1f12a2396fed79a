"""The `position` command: a text board that fits a terminal, both pip counts, the three notations, the
JSON, and a bad ID as one line with exit status 2."""

import json

import pytest

from game import cli
from game.tavla.engine.position import OPENING, format_state
from game.tavla.engine.study_position import Setup
from game.tavla.engine.xgid import read_xgid
from game.tavla.lab.board_text import board_lines
from tests.tavla.builders import position
from tests.terminal_checks import assert_fits, on_terminal, plain

OPENING_TEXT = format_state(OPENING)
XGID = "XGID=aa--BBBB----dE---d-e----B-:1:1:-1:31:2:3:0:7:10"


def test_the_board_of_the_opening_is_gnubgs_picture():
    lines = board_lines(OPENING)
    assert lines[0] == " +13-14-15-16-17-18------19-20-21-22-23-24-+"
    assert lines[1] == " | X           O    |   | O              X |"
    assert lines[6] == " |                  |BAR|                  |"
    assert lines[11] == " | O           X    |   | X              O |"
    assert lines[12] == " +12-11-10--9--8--7-------6--5--4--3--2--1-+"
    assert {len(line) for line in lines} == {44}


def test_a_tall_point_shows_its_count_and_the_bar_its_checkers():
    lines = board_lines(position({6: 9, 1: 6}, {19: 14}, opp_bar=1))
    assert lines[7] == " |                  | O | 9              6 |", "counts in the fifth row, the bar's O"
    assert lines[11] == " |                  |   | X              X |"
    assert lines[5] == " |                  |   |14                |"


def test_position_prints_the_board_pips_and_all_three_notations(capsys):
    assert cli.main(["position", "--xgid", XGID, "--rules", "standard"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(" +13-14") and out[12].startswith(" +12-11")
    assert "dice 31" in out[6]
    assert out[13] == "X is on roll: the top player of the XGID"
    assert out[14] == "pips X 163, O 157; borne off X 0, O 0"
    assert out[15] == "match to 7, X 3 O 2, cube 2 with O; standard rules"
    assert out[16].split() == ["Position", "ID", "2DbwATDg8+ABUA"]
    assert out[17].split() == ["Match", "ID", "EYHlADAAEAAE"]
    assert out[18].split() == ["XGID", XGID]
    assert out[19].split()[0] == "state" and len(out[19].split()) == 29
    assert max(len(line) for line in out) <= 80


def test_the_three_ways_in_give_the_same_position(capsys):
    outputs = []
    opening_xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    for argv in (["--state", OPENING_TEXT], ["--id", "4HPwATDgc/ABMA"], ["--xgid", opening_xgid]):
        assert cli.main(["position", *argv]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert "money play, cube 1 in the centre" in outputs[0] and "to roll" in outputs[0]


def test_the_json_holds_the_state_of_the_player_on_roll_the_ids_and_the_pips(tmp_path, capsys):
    path = tmp_path / "position.json"
    assert cli.main(["position", "--xgid", XGID, "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    setup = read_xgid(XGID)
    assert data["state"] == list(setup.state)
    assert data["id"] == "2DbwATDg8+ABUA:EYHlADAAEAAE"
    assert data["xgid"] == XGID
    assert data["pips"] == [163, 157]
    assert data["dice"] == [3, 1] and data["cube"] == 2 and data["cube_owner"] == "opponent"
    assert data["score"] == [3, 2] and data["match_length"] == 7 and data["on_roll"] == "top"
    assert Setup(tuple(data["state"])).position_id == "2DbwATDg8+ABUA"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--xgid", "XGID=junk"], "has 1 fields"),
        (["--id", "4HPwATDgc/ABMA:cAkAAAAAAAA"], "12 base64 characters"),
        (["--id", "nonsense"], "Position ID"),
        (["--state", "1 2 3"], "28 integers"),
    ],
)
def test_a_bad_position_is_one_line_and_exit_2(argv, words, capsys):
    assert cli.main(["position", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_json_path_that_is_a_folder_is_refused(tmp_path, capsys):
    assert cli.main(["position", "--state", OPENING_TEXT, "--json", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_one_way_in_only(capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(["position", "--state", OPENING_TEXT, "--id", "4HPwATDgc/ABMA"])
    assert caught.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_on_an_80_column_terminal_nothing_is_wrapped(monkeypatch, capsys):
    argv = ["position", "--xgid", XGID]
    assert cli.main(argv) == 0
    piped = capsys.readouterr().out
    on_terminal(monkeypatch, 80)
    assert cli.main(argv) == 0
    shown = plain(capsys.readouterr().out)
    assert_fits(shown, 80)
    assert shown == piped
