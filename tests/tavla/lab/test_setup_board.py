"""The position lab's set-up board: every refusal said in words, and the round trip to the table's
session and to the IDs."""

import pytest

from game.core.errors import UserError
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.engine.table_session import HUMAN, Phase
from game.tavla.engine.xgid import read_xgid, write_xgid
from game.tavla.lab.setup_board import BAR_PLACE, OFF_PLACE, SetupBoard, check_rules

# A bear-off: seat 0 has 2 checkers on its 1 point and 1 on its 2, 12 off; seat 1 two on its 1 (24),
# 13 off.
BEAR_OFF = (12, 2, 1, *[0] * 21, -2, 0, 0, 13)


def standard_with_cube() -> SetupBoard:
    board = SetupBoard.opening(Rules.STANDARD)
    board.cube = True
    board.set_length(7)
    return board


def test_the_opening_is_a_position_and_its_ids_are_gnubgs():
    board = SetupBoard.opening()
    assert board.problems() == []
    assert board.state() == OPENING
    assert board.to_setup().position_id == "4HPwATDgc/ABMA"


def test_add_remove_and_move_count_each_side_apart():
    board = SetupBoard.opening()
    assert board.add(1, 6) and board.count(1, 6) == 1 and board.count(0, 6) == 5
    assert board.remove(1, 6) and not board.remove(1, 6), "nothing to remove: refused"
    assert board.move(0, 6, BAR_PLACE) and board.count(0, BAR_PLACE) == 1 and board.count(0, 6) == 4
    assert not board.move(0, 5, 4), "no checker on the 5 point"
    assert board.move(0, BAR_PLACE, OFF_PLACE) and board.count(0, OFF_PLACE) == 1
    assert board.problems() == []


def test_counts_not_fifteen_are_said_with_the_borne_off_counted():
    board = SetupBoard.opening()
    board.add(0, OFF_PLACE)
    board.remove(1, 12)
    assert board.problems() == [
        "White has 16 checkers: a side has 15, those borne off counted",
        "Black has 14 checkers: a side has 15, those borne off counted",
    ]
    board.clear()
    assert "White has 0 checkers: a side has 15, those borne off counted" in board.problems()
    board.add(1, 3)
    assert "Black has 1 checker: a side has 15, those borne off counted" in board.problems()


def test_two_colours_on_a_point_are_refused():
    board = SetupBoard.opening()
    board.move(1, 12, 6)
    assert board.problems() == ["point 6 holds checkers of both sides"]
    with pytest.raises(UserError, match="point 6 holds checkers of both sides"):
        board.state()


def test_a_side_with_every_checker_off_has_no_game_left():
    board = SetupBoard.from_state(BEAR_OFF)
    for place in (1, 1, 2):
        board.move(0, place, OFF_PLACE)
    assert board.problems() == ["White has borne off all 15 checkers: that game is over"]
    assert board.problems(("You", "gnubg"))[0].startswith("You has borne off")


def test_dice_out_of_range_and_the_side_on_roll():
    board = SetupBoard.opening()
    board.dice = (0, 7)
    assert board.problems() == ["the dice are 0 7: each die shows 1 to 6"]
    board.dice, board.on_roll = (6, 6), 2
    assert board.problems() == ["the side on roll is White or Black"]


def test_scores_below_the_length_and_money_without_score():
    board = SetupBoard.opening()
    board.set_length(5)
    board.score = (5, 4)
    assert board.problems() == ["White's score 5 is not below the match length, 5"]
    board.set_length(MONEY)
    assert board.score == (0, 0) and board.problems() == []
    board.score = (1, 0)
    assert board.problems() == ["money play has no score"]
    board.score = (0, 0)
    board.length = 40
    assert board.problems() == ["a match is played to 1 to 25 points, not 40"]


def test_the_cube_value_owner_and_crawford():
    board = standard_with_cube()
    board.cube_value = 3
    assert board.problems() == ["the cube shows 1, 2, 4, 8, 16, 32 or 64, not 3"]
    board.cube_value = 4
    assert board.problems() == ["the cube at 4 is a side's: the one who took it"]
    board.cube_value, board.cube_owner = 1, 1
    assert board.problems() == ["the cube at 1 stands in the centre, not with Black"]
    board.cube_value, board.score = 2, (6, 3)
    assert board.problems() == ["the Crawford game is played with the cube at 1 in the centre, not at 2"]
    board.crawford = False  # post-Crawford: the cube may stand at 2
    assert board.problems() == []


def test_tavla_has_no_cube_and_the_lab_no_other_games():
    board = SetupBoard.opening()
    board.cube_value, board.cube_owner = 2, 0
    assert board.problems() == ["tavla is played here without the doubling cube: it stays at 1"]
    board.set_rules(Rules.TAVLA)
    assert board.cube_value == 1 and board.problems() == []
    with pytest.raises(UserError, match="not plakoto"):
        check_rules(Rules.PLAKOTO)


def test_play_is_refused_with_the_problems_in_words():
    board = SetupBoard.opening()
    board.remove(0, 6)
    with pytest.raises(UserError, match="White has 14 checkers"):
        board.to_session("random")


def test_the_session_starts_at_the_position_the_dice_and_the_seat_on_roll():
    board = SetupBoard.from_state(BEAR_OFF)
    board.on_roll, board.dice = 1, (5, 5)
    session = board.to_session(HUMAN, seed=3)
    assert session.board() == BEAR_OFF and session.seat == 1 and session.game.dice == (5, 5)
    assert session.phase is Phase.HUMAN and not session.keep, "a set-up match is not saved over the real one"
    board.on_roll, board.dice = 0, (2, 1)
    session = board.to_session("random", seed=3)
    assert session.board() == BEAR_OFF and session.seat == 0 and session.game.dice == (2, 1)


def test_to_roll_with_the_cube_lets_the_side_on_roll_double_at_once():
    board = standard_with_cube()
    board.score, board.cube_value, board.cube_owner = (2, 4), 2, 0
    session = board.to_session(HUMAN, seed=1)
    assert session.phase is Phase.ROLL, "to roll: the player may double first"
    assert session.match.scores == (2, 4) and session.match.length == 7
    assert session.cube.value == 2 and session.cube.may_double()
    session.double()
    assert session.phase is Phase.ANSWER


def test_the_crawford_game_and_post_crawford_reach_the_session():
    board = standard_with_cube()
    board.score = (6, 2)
    assert not board.to_session(HUMAN).cube.may_double(), "the Crawford game: nobody doubles"
    board.crawford = False
    assert board.to_session(HUMAN).cube.may_double(), "post-Crawford: the trailer may"


def test_ids_round_trip_through_the_board():
    board = standard_with_cube()
    board.set_state(BEAR_OFF)
    board.on_roll, board.dice, board.score, board.cube_value, board.cube_owner = 1, (4, 2), (3, 5), 2, 0
    setup = board.to_setup()
    assert setup.state == flip(BEAR_OFF), "the Position ID is from the side on roll"
    again = SetupBoard.from_setup(read_xgid(write_xgid(setup)))
    assert again == board
    assert SetupBoard.from_setup(read_gnubg_id(setup.gnubg_id)) == board


def test_a_pasted_id_with_a_turned_cube_asks_for_standard_rules():
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:0:0:0:0:10"  # cube 2 with the top player, money
    board = SetupBoard.from_setup(read_xgid(xgid), Rules.TAVLA)
    assert board.rules is Rules.STANDARD and board.has_cube and board.cube_owner == 1
    assert board.on_roll == 0 and board.dice == (5, 2) and board.problems() == []
    assert write_xgid(board.to_setup()) == xgid


def test_the_table_position_comes_into_the_lab():
    board = standard_with_cube()
    board.score, board.dice = (1, 2), (3, 1)
    session = board.to_session("random", seed=2)
    assert SetupBoard.from_session(session) == board
