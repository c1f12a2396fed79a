"""Cross-check of cube decisions against GNU Backgammon's cube hint on positions with a clear answer.

Last-roll races (the opponent bears off with any roll; ours come off with 29, 26 or 17 of the 36
rolls), the opening, a last roll in a match, and a blitz won 82% of the time with 71% gammons (too good
to double: gammons count, gnubg's Jacoby rule is off): gnubg's 2-ply hint and our `expert` and
`master` must make the same decision, it must be the known one, and the equities must be near.
"""

import pytest

from game.tavla.engine.cube import Cube, CubeAction, MatchScore
from game.tavla.engine.position import OPENING, state_from_position_id
from game.tavla.engine.rules import Rules
from game.tavla.eval.doubling import network_decision
from game.tavla.eval.neural import shipped_evaluator
from game.tavla.players.gnubg_adapter import CubeHints
from tests.tavla.builders import position

pytest.importorskip("gnubg", reason="gnubg (GNU Backgammon bindings, a test extra) is not installed")


def last_roll(*mine: int):
    """Our checkers on `mine` against one opponent checker on its 1-point: it bears off next roll."""
    own: dict[int, int] = {}
    for point in mine:
        own[point] = own.get(point, 0) + 1
    return position(own, {24: 1})


CASES = [
    pytest.param(last_roll(1, 4), Cube(), CubeAction.DOUBLE_PASS, id="last-roll-81%-double-pass"),
    pytest.param(last_roll(2, 2), Cube(), CubeAction.DOUBLE_TAKE, id="last-roll-72%-double-take"),
    pytest.param(last_roll(3, 3), Cube(), CubeAction.NO_DOUBLE_TAKE, id="last-roll-47%-no-double"),
    pytest.param(OPENING, Cube(), CubeAction.NO_DOUBLE_TAKE, id="opening-no-double-take"),
    pytest.param(
        state_from_position_id("WLcxAAfb3IMCAA"), Cube(), CubeAction.TOO_GOOD_PASS, id="blitz-too-good-pass"
    ),
    pytest.param(
        last_roll(1, 4),
        Cube(score=MatchScore(7, 2, 2)),
        CubeAction.DOUBLE_PASS,
        id="match-last-roll-81%-double-pass",
    ),
]


@pytest.fixture(scope="module")
def reference() -> CubeHints:
    return CubeHints(plies=2)


@pytest.mark.parametrize(("state", "cube", "expected"), CASES)
def test_cube_decisions_agree_with_gnubg(reference, state, cube, expected):
    theirs = reference.hint(state, cube)
    assert theirs.decision.action is expected, theirs.text
    for plies in (1, 2):
        ours = network_decision(shipped_evaluator(Rules.STANDARD), state, cube, Rules.STANDARD, plies)
        assert ours.action is expected, (plies, ours)
        assert ours.double_take == pytest.approx(theirs.decision.double_take, abs=0.2), (plies, ours)
        assert ours.no_double == pytest.approx(theirs.decision.no_double, abs=0.2), (plies, ours)
