"""Importing `.mat` files: our export round-trips, GNU Backgammon's exports read, bad files name the line."""

from pathlib import Path

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.match import Match
from game.tavla.engine.position import winner_gammon_level
from game.tavla.engine.rules import Rules
from game.tavla.record.mat import parse_mat, read_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.matches import ContraryBot, advance, scripted_match

DATA = Path(__file__).parents[1] / "data"
GNUBG_FILES = sorted(DATA.glob("gnubg-*.mat"))


def _cases() -> list[Match]:
    cases = [
        advance(Match(3, rules, seed), seed, None if seed % 2 else 200)
        for seed in range(4)
        for rules in Rules.backgammon()
    ]
    cases.append(advance(Match(5, Rules.TAVLA, 9), 9, bot=ContraryBot))
    cases.append(scripted_match())
    return cases


@pytest.mark.parametrize("match", _cases())
def test_our_export_reads_back_as_the_same_match(match):
    names = ("You", "random")
    imported = parse_mat(export_mat(MatchRecord.from_match(match, names)))
    ours = MatchRecord.from_match(match, names)
    assert (imported.names, imported.length, imported.rules) == (names, match.length, match.rules)
    assert len(imported.games) == len(ours.games)
    for mine, theirs, game in zip(
        imported.games, ours.games, [g for g in match.games if g.turn is not None], strict=True
    ):
        turns = theirs.turns
        result = game.result
        if (
            result is not None
            and not result.disqualified
            and winner_gammon_level(game.state) != result.points
        ):
            turns = turns[:-1]  # a mars with the loser at home is exported as a resignation
        assert mine.turns == turns
        assert (mine.score, mine.winner, mine.points) == (theirs.score, theirs.winner, theirs.points)


def test_gnubg_exports_import_with_cube_actions_and_the_match_won():
    assert len(GNUBG_FILES) >= 3
    kinds = set()
    for path in GNUBG_FILES:
        record = read_mat(path)
        assert record.rules is Rules.STANDARD and record.names == ("gnubg", "root")
        points = [0, 0]
        for game in record.games:
            assert game.score == tuple(points) and game.winner is not None
            points[game.winner] += game.points
            kinds.update(action.event for action in game.cube)
        assert max(points) >= record.length
    assert kinds == set(CubeEvent) - {CubeEvent.BEAVER}  # matches: no beavers


def test_other_programs_notations_are_read():
    text = """ 3 point match

 Game 1
 Alice : 0                          Bob : 0
  1) 31: 8/5 6/5                    64: bar/18 13/9
  2) 66: 13/7*/1* 13/7(1) 8/2
"""
    with pytest.raises(UserError, match="line 5"):
        parse_mat(text)  # the bar is empty: Bob has no checker there
    record = parse_mat(text.replace("bar/18", "24/18"))
    plays = [turn.play for turn in record.games[0].turns]
    assert plays == [((8, 5), (6, 5)), ((24, 18), (13, 9)), ((13, 7), (13, 7), (8, 2), (7, 1))]
    assert record.games[0].winner is None


def _file(moves: str) -> str:
    return f" 3 point match\n\n Game 1\n A : 0                              B : 0\n{moves}"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (_file("  1) 31: 8/5 6/4\n"), 5, "die 2 is not available"),
        (_file("  1) 31: 8/5 6/5\n  2) 64: 24/18 13/9\n"), 6, "other player's turn"),
        (_file("  1) 31: 8/5 6/5   Doubles => 4\n"), 5, "not 4"),
        (_file("  1) 31: 8/5 6/5   Takes\n"), 5, "without a double"),
        (_file("  1) 31: 8/5 6/5   hello\n"), 5, "cannot read 'hello'"),
        (_file("  1) 33: 8/5 6/3\n"), 5, "opening roll cannot be a tie"),
        ("\n Game 1\n", 2, "before the 'N point match'"),
        (" 3 point match\n Alice : 0   Bob : 0\n", 2, "expected 'N point match' or 'Game N'"),
    ],
)
def test_a_bad_file_is_refused_naming_the_line(text, line, fragment):
    with pytest.raises(UserError) as caught:
        parse_mat(text)
    message = str(caught.value)
    assert f"line {line}:" in message and fragment in message and "\n" not in message


def test_an_unanswered_double_and_a_missing_header_are_named():
    with pytest.raises(UserError, match="neither taken nor dropped"):
        parse_mat(_file("  1) 31: 8/5 6/5   Doubles => 2\n"))
    with pytest.raises(UserError, match="no 'N point match' line"):
        parse_mat("; nothing here\n")


def test_a_file_that_cannot_be_read_is_named(tmp_path):
    with pytest.raises(UserError, match=r"missing\.mat does not exist"):
        read_mat(tmp_path / "missing.mat")
    bad = tmp_path / "bad.mat"
    bad.write_text(_file("  1) 31: 8/5 6/4\n"))
    with pytest.raises(UserError, match=r"bad\.mat: line 5:"):
        read_mat(bad)


def test_a_match_played_here_keeps_its_cube_actions_as_the_export_writes_them():
    match = Match(5, Rules.STANDARD, 4, cube=True)
    game = match.next_game()
    game.start((3, 1))
    game.play(game.legal_plays()[0])
    game.double()
    game.take()
    game.roll()
    game.play(game.legal_plays()[0])
    game.double()
    game.pass_double()
    names = ("You", "expert")
    ours = MatchRecord.from_match(match, names)
    assert [action.event for action in ours.games[0].cube] == [
        CubeEvent.DOUBLE,
        CubeEvent.TAKE,
        CubeEvent.DOUBLE,
        CubeEvent.PASS,
    ]
    assert parse_mat(export_mat(MatchRecord.from_match(match, names))).games[0].cube == ours.games[0].cube
