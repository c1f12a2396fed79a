"""The doubling cube: the match equity table, Janowski's points, known answers as `cube` prints them."""

import itertools

import pytest

from game.core.errors import UserError
from game.tavla.commands.cube import cube_command
from game.tavla.engine.cube import Cube, CubeAction, CubeOwner, MatchScore
from game.tavla.engine.match_equity import read_table, shipped_table
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPENING, format_state
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision, _Game, cube_efficiency, decide, opponent_finishes_next

STANDARD = Rules.STANDARD


def _last_roll(points: dict[int, int]) -> tuple[int, ...]:
    """Our checkers on `points` (the rest borne off) against one opponent checker on its 1-point."""
    state = [0] * 28
    for point, count in points.items():
        state[point] = count
    state[0] = 15 - sum(points.values())
    state[24] = -1
    state[27] = 14
    return tuple(state)


def _chance_to_finish(state: tuple[int, ...]) -> float:
    """The share of the 36 rolls that bear off every checker, by the move generator."""
    wins = 0
    for d1, d2 in itertools.product(range(1, 7), repeat=2):
        if any(after[0] == 15 for _, after in legal_results(state, d1, d2, STANDARD)):
            wins += 1
    return wins / 36


# ---- the table ---------------------------------------------------------------------------------------


def test_the_shipped_table_is_kazaross_xg2_and_fair():
    table = shipped_table()
    assert table.length == 25
    assert "Kazaross" in table.name
    for away, their_away in itertools.product(range(1, 26), repeat=2):
        both = table.win_chance(away, their_away) + table.win_chance(their_away, away)
        assert both == pytest.approx(1.0, abs=2e-5)
    assert table.win_chance(1, 2) == pytest.approx(0.67736)  # the Crawford game, 1-away against 2-away
    assert table.win_chance(2, 1, post_crawford=True) == pytest.approx(0.48803)  # the free drop
    assert table.win_chance(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803)
    assert table.win_chance(0, 3) == 1.0 and table.win_chance(3, -1) == 0.0


def test_a_table_file_that_is_not_one_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<met><info><name>x</name></info></met>")
    with pytest.raises(UserError, match=r"bad\.xml"):
        read_table(bad)
    with pytest.raises(UserError, match="cannot read"):
        read_table(tmp_path / "missing.xml")


# ---- Janowski's live cube ----------------------------------------------------------------------------


@pytest.mark.parametrize("chances", [(0.6, 0.0, 0.0, 0.0, 0.0), (0.6, 0.2, 0.02, 0.1, 0.01)])
def test_money_take_and_cash_points_are_janowskis(chances):
    win, gammon, backgammon, lose_gammon, lose_backgammon = chances
    w = 1 + (gammon + backgammon) / win
    l_ = 1 + (lose_gammon + lose_backgammon) / (1 - win)
    game = _Game(chances, Cube(), None)
    assert game.take_point(1) == pytest.approx((l_ - 0.5) / (w + l_ + 0.5), abs=1e-3)
    assert game.cash_point(1) == pytest.approx((l_ + 1) / (w + l_ + 0.5), abs=1e-3)


@pytest.mark.parametrize(
    ("win", "action"),
    [
        (0.3, CubeAction.NO_DOUBLE_TAKE),
        (0.5, CubeAction.NO_DOUBLE_TAKE),
        (0.55, CubeAction.DOUBLE_TAKE),
        (0.74, CubeAction.DOUBLE_TAKE),
        (0.76, CubeAction.DOUBLE_PASS),
        (0.95, CubeAction.DOUBLE_PASS),
    ],
)
def test_a_dead_cube_doubles_above_half_and_is_taken_up_to_three_quarters(win, action):
    decision = decide((win, 0.0, 0.0, 0.0, 0.0), Cube(), efficiency=0.0)
    assert decision.action is action
    assert decision.no_double == pytest.approx(2 * win - 1)
    assert decision.double_take == pytest.approx(2 * (2 * win - 1))
    assert decision.double_pass == 1.0


def test_playing_on_for_the_gammon_is_too_good_to_double():
    decision = decide((0.95, 0.6, 0.0, 0.0, 0.0), Cube(), efficiency=0.68)
    assert decision.action is CubeAction.TOO_GOOD_PASS
    assert decision.no_double > decision.double_pass


def test_the_jacoby_rule_makes_a_gammonish_position_double_instead():
    gammonish = (0.85, 0.45, 0.0, 0.0, 0.0)
    assert decide(gammonish, Cube(), efficiency=0.68).action is CubeAction.TOO_GOOD_PASS
    assert decide(gammonish, Cube(jacoby=True), efficiency=0.68).action is CubeAction.DOUBLE_PASS


def test_a_cube_the_opponent_owns_cannot_be_doubled():
    cube = Cube(2, CubeOwner.OPPONENT)
    assert not cube.may_double()
    assert decide((0.7, 0.0, 0.0, 0.0, 0.0), cube, efficiency=0.68).action is CubeAction.NO_DOUBLE_TAKE
    assert decide((0.9, 0.0, 0.0, 0.0, 0.0), cube, efficiency=0.68).action is CubeAction.NO_DOUBLE_PASS


def test_owning_the_cube_is_worth_more_than_a_centred_one_and_less_is_worth_less():
    chances = (0.6, 0.15, 0.01, 0.1, 0.01)
    game = _Game(chances, Cube(), None)
    assert game.cubeful(2, CubeOwner.ME, 0.68) > game.cubeful(2, CubeOwner.CENTRE, 0.68)
    assert game.cubeful(2, CubeOwner.CENTRE, 0.68) > game.cubeful(2, CubeOwner.OPPONENT, 0.68)


# ---- match play --------------------------------------------------------------------------------------


def test_no_doubling_in_the_crawford_game():
    cube = Cube(score=MatchScore(5, 4, 2, crawford=True))
    assert not cube.may_double()
    assert decide((0.2, 0.0, 0.0, 0.0, 0.0), cube, 0.68).action is CubeAction.NO_DOUBLE_TAKE


def test_after_crawford_the_trailer_doubles_at_once_and_the_leader_never_gains_by_it():
    even = (0.5, 0.13, 0.01, 0.13, 0.01)
    trailer = decide(even, Cube(score=MatchScore(5, 2, 4)), 0.68)
    assert trailer.action.doubles
    leader = decide(even, Cube(score=MatchScore(5, 4, 2)), 0.68)
    assert not leader.action.doubles


def test_a_match_decision_is_the_money_decision_at_a_long_even_score_roughly():
    chances = (0.72, 0.2, 0.01, 0.1, 0.005)
    money = decide(chances, Cube(), 0.68).action
    match = decide(chances, Cube(score=MatchScore(25)), 0.68).action
    assert money is match


def test_bad_match_scores_are_refused():
    with pytest.raises(UserError, match="1 to 25"):
        MatchScore(40)
    with pytest.raises(UserError, match="from 0 to 4"):
        MatchScore(5, 5, 0)
    with pytest.raises(UserError, match="Crawford"):
        MatchScore(5, 2, 2, crawford=True)
    with pytest.raises(UserError, match="Jacoby"):
        Cube(jacoby=True, score=MatchScore(5))
    with pytest.raises(UserError, match="centre"):
        Cube(2, CubeOwner.CENTRE)


# ---- positions with a known answer, through the evaluator --------------------------------------------


@pytest.mark.parametrize("points", [{6: 1}, {5: 1, 1: 1}, {6: 1, 4: 1}, {3: 2}, {6: 2}, {2: 1, 1: 1}, {4: 3}])
def test_last_roll_races_are_answered_exactly(points):
    state = _last_roll(points)
    assert opponent_finishes_next(state)
    assert cube_efficiency(state, last_roll=True) == 0.0
    p = _chance_to_finish(state)
    expected = CubeAction.NO_DOUBLE_TAKE
    if p > 0.5:
        expected = CubeAction.DOUBLE_PASS if p > 0.75 else CubeAction.DOUBLE_TAKE
    lines = cube_command(format_state(state), STANDARD, bot_name="expert")
    assert lines[0] == expected.value, (points, p)


def test_the_opening_is_no_double_take():
    lines = cube_command(format_state(OPENING), STANDARD)
    assert lines[0] == "no double, take"
    assert lines[1].startswith("no double ")


def test_a_decision_that_may_not_double_says_no_double():
    decision = CubeDecision(0.9, 1.4, 1.0, may_double=False)
    assert decision.action is CubeAction.NO_DOUBLE_PASS


@pytest.mark.parametrize(
    "cube, reason",
    [
        ({"match": 5, "score": (2, 4), "crawford": True}, "the Crawford game"),
        ({"cube_value": 2, "owner": "opponent"}, "the opponent owns the cube"),
        ({"cube_value": 64, "owner": "me"}, "the cube is at 64"),
    ],
)
def test_the_cube_command_says_why_no_double_is_possible(cube, reason):
    """Where the player on roll may not double, there is no double/take to weigh: the command says so
    and why, with the equity of playing on (the first line still begins 'no double')."""
    lines = cube_command(format_state(OPENING), STANDARD, bot_name="expert", **cube)
    assert lines[0] == "no double possible"
    assert lines[1].startswith(reason) and "equity " in lines[1] and "double/take" not in lines[1]
    assert lines[2].startswith("win ")
