"""Round three, item 14: a `.mat` whose header names one of the other games of the board (our export of a
Plakoto match) says where such matches are kept (issue 49: `.tgr` files), not "line 7: roll the dice
first"."""

import pytest

from game.core.errors import UserError
from game.tavla.record.mat import parse_mat
from tests.faults.helpers import game

MATCH = """; Fifteen & Tavla, {rules} rules

 1 point match

 Game 1
 alice : 0                   bob : 0
  1) 31: 8/5 6/5             42: 8/4 6/4
"""


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["plakoto", "fevga"])
def test_a_match_of_another_game_says_where_such_matches_are_kept(tmp_path, rules):
    with pytest.raises(UserError) as caught:
        parse_mat(MATCH.format(rules=rules))
    message = str(caught.value)
    assert f"a {rules} match in a .mat file" in message and "tavla, standard, portes" in message
    assert ".tgr" in message
    path = tmp_path / "other.mat"
    path.write_text(MATCH.format(rules=rules))
    result = game("analyse", str(path))
    assert result.returncode == 2
    assert "roll the dice first" not in result.stderr and ".tgr" in result.stderr


def test_a_backgammon_match_still_reads():
    assert parse_mat(MATCH.format(rules="tavla")).names == ("alice", "bob")
