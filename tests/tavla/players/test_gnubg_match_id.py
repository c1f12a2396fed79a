"""The Match ID the gnubg adapter hands to GNU Backgammon for a cube hint (no gnubg needed): the engine's
writer for the moment the cube describes, player 1 on roll before the roll, the opponent player 0."""

import pytest

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.match_id import MatchMoment, read_match_id
from game.tavla.players.gnubg_adapter import match_id


@pytest.mark.parametrize(
    ("cube", "moment"),
    [
        (Cube(), MatchMoment(0, (0, 0), 1)),
        (Cube(2, CubeOwner.ME), MatchMoment(0, (0, 0), 1, cube=2, owner=1)),
        (
            Cube(4, CubeOwner.OPPONENT, MatchScore(9, mine=3, theirs=5)),
            MatchMoment(9, (5, 3), 1, cube=4, owner=0),
        ),
        (
            Cube(score=MatchScore(5, mine=4, theirs=2, crawford=True)),
            MatchMoment(5, (2, 4), 1, crawford=True),
        ),
    ],
)
def test_the_match_id_holds_the_cube_the_score_and_the_player_on_roll(cube, moment):
    assert read_match_id(match_id(cube)) == moment


def test_the_match_id_of_money_play_says_no_jacoby_rule():
    """gnubg reads a money session's Jacoby rule from the ID: the cube hints are without it."""
    assert match_id(Cube()) == "cAkAAAAAAAAE"
    assert not read_match_id(match_id(Cube(jacoby=True))).jacoby
