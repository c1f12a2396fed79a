"""eXtreme Gammon's text export of a match is the Jellyfish `.mat` format with XG's header tags and
notation, so the `.mat` reader is its reader (no module of its own): a match of ours written as XG
writes it (tests/tavla/record/xg_text_writer.py) reads back as the same match."""

from dataclasses import replace

import pytest

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record.mat import parse_mat, read_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.money import money_session
from tests.tavla.record.cube_matches import cube_match
from tests.tavla.record.xg_text_writer import xg_text

NAMES = ("me", "XG Roller+")


def high_first(record: MatchRecord) -> MatchRecord:
    """`record` with each roll's higher die first, as XG writes the dice."""
    games = []
    for game in record.games:
        turns = [replace(turn, dice=(max(turn.dice), min(turn.dice))) for turn in game.turns]
        games.append(replace(game, turns=turns))
    return replace(record, games=tuple(games))


def _cases() -> list[MatchRecord]:
    matches = [cube_match(seed) for seed in (1, 2, 5)]
    matches.append(money_session(4, ("take", "none", "pass", "none")))
    return [MatchRecord.from_match(match, NAMES) for match in matches]


@pytest.mark.parametrize("ours", _cases())
def test_xg_s_tags_columns_and_notation_read_as_the_same_match(ours):
    read = parse_mat(xg_text(ours, joined=False, cannot_move=False))
    assert (read.names, read.length, read.rules) == (NAMES, ours.length, Rules.STANDARD)
    ours = high_first(ours)
    for number, (mine, theirs) in enumerate(zip(read.games, ours.games, strict=True), 1):
        assert list(mine.turns) == list(theirs.turns), number
        assert mine == theirs, number
    assert read == ours


def test_the_export_is_written_in_xg_s_words():
    text = "".join(xg_text(ours) for ours in _cases())
    for words in ('; [Site "eXtreme Gammon"]', "\n7 point match\n", "Bar/", "/Off", "(2)", "Cannot Move"):
        assert words in text
    for words in (" Doubles => 2", " Takes", " Drops", "Wins 2 point", "point and the match"):
        assert words in text


def test_a_money_session_s_jacoby_and_beaver_tags_are_read(tmp_path):
    ours = MatchRecord.from_match(money_session(4, ("take", "none", "pass"), jacoby=False), NAMES)
    path = tmp_path / "XG Roller+ session.txt"
    path.write_text(xg_text(ours, joined=False, cannot_move=False).replace("\n", "\r\n"))
    read = read_mat(path)
    assert (read.length, read.jacoby, read.beavers) == (MONEY, False, True)
    assert any(action.event is CubeEvent.PASS for game in read.games for action in game.cube)
    assert read == high_first(ours)


@pytest.mark.parametrize("ours", _cases())
def test_xg_s_joined_moves_and_cannot_move_read_as_the_same_match(ours):
    assert parse_mat(xg_text(ours)) == high_first(ours)
