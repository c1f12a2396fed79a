"""Every decision of the analysis carries GNU Backgammon's Position ID and Match ID of its moment, equal to
gnubg's own: the IDs below are those of gnubg's text export of its analysis of the same match
(`export match text` after `import mat tests/tavla/data/gnubg-5pt-seed11.mat`)."""

from pathlib import Path

import pytest

from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match_id import MatchMoment, match_id
from game.tavla.record.mat import read_mat

DATA = Path(__file__).parents[1] / "data"

# (game, turn index, what gnubg's export says of the moment, its Position ID, its Match ID)
GNUBG = [
    (1, 1, "gnubg to play 62", "4HPkQSDgc/ABMA", "MAGrAAAAAAAE"),
    (1, 2, "root to play 51", "0OfgATDgc+QBUA", "cImmAAAAAAAE"),
    (1, 20, "root on roll, cube decision?", "1RyJwAzBtxsGAA", "cAmgAAAAAAAE"),
    (1, 20, "root doubles to 2", "1RyJwAzBtxsGAA", "cBGgAAAAAAAE"),
    (1, 20, "root to play 31", "1RyJwAzBtxsGAA", "QYmlAAAAAAAE"),
    (1, 51, "gnubg on roll, cube decision?", "vw8HAEDbZjAEBg", "AQGgAAAAAAAE"),
    (1, 51, "gnubg doubles to 4", "vw8HAEDbZjAEBg", "ARmgAAAAAAAE"),
    (2, 30, "gnubg on roll, cube decision?", "w26DAUF7zgwIBA", "MAGgACAAAAAE"),
    (2, 30, "gnubg doubles to 2", "w26DAUF7zgwIBA", "MBmgACAAAAAE"),
    (2, 63, "root on roll, cube decision?", "93oGAIABAAAAAA", "UQmgACAAAAAE"),
    (2, 63, "root doubles to 4", "93oGAIABAAAAAA", "URGgACAAAAAE"),
    (3, 1, "root to play 21", "wmfwASLgc/ABMA", "cAmlACAAEAAE"),
    (3, 2, "gnubg to play 41", "4HPwASLgM/gAUQ", "MAGmACAAEAAE"),
    (3, 27, "root on roll, cube decision?", "4Cc4GBqxjfAARQ", "cAmgACAAEAAE"),
    (3, 27, "root doubles to 2", "4Cc4GBqxjfAARQ", "cBGgACAAEAAE"),
    (3, 68, "gnubg doubles to 4", "820CAEnDPUjgEA", "ARmgACAAEAAE"),
]


@pytest.fixture(scope="module")
def analysis():
    return analyse_match(read_mat(DATA / "gnubg-5pt-seed11.mat"), level="expert")  # the IDs at any depth


@pytest.mark.parametrize(("game", "turn", "moment", "position", "match"), GNUBG)
def test_each_decision_has_gnubgs_position_and_match_id(analysis, game, turn, moment, position, match):
    if "to play" in moment:
        kinds = ("move",)
        actions = None
    elif "cube decision" in moment:
        kinds, actions = ("cube",), ("no double", "double")
    else:
        kinds, actions = ("cube",), ("take", "drop")
    (decision,) = [
        d
        for d in analysis.decisions
        if d.game == game and d.turn == turn and d.kind in kinds and (actions is None or d.action in actions)
    ]
    assert decision.gnubg_ids == (position, match)


def test_the_match_id_holds_the_cube_the_dice_the_crawford_game_and_the_score():
    opening = MatchMoment(5, (0, 0), on_roll=1, dice=(6, 2))
    assert match_id(opening) == "cAmrAAAAAAAE", "as gnubg's, but a game in play (gnubg's first move: none)"
    assert match_id(MatchMoment(5, (0, 0), on_roll=1, dice=(2, 6))) == "cAm5AAAAAAAE", "the dice as held"
    money = MatchMoment(0, (0, 0), on_roll=0, jacoby=True)
    assert match_id(money).endswith("A") and match_id(MatchMoment(0, (0, 0), on_roll=0)).endswith("E")
    crawford = MatchMoment(5, (4, 2), on_roll=0, crawford=True, dice=(3, 1))
    assert match_id(crawford) != match_id(MatchMoment(5, (4, 2), on_roll=0, dice=(3, 1)))
