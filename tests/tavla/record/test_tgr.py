"""Issue 49, item 3: the table-games record (docs/table-games-record.md) holds a match of every game of
the board that is not backgammon, read back exactly; a bad file is refused with its line and what that
line may hold; and our `.mat` export of a Portes match reads back."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.tavla.engine.match import Match
from game.tavla.engine.rules import TAVLI, Rules
from game.tavla.record.formats import export_record, parse_record, read_match
from game.tavla.record.mat import OtherGame, parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.tgr import export_tgr, parse_tgr

GAMES = [
    (Rules.PORTES,),
    (Rules.PLAKOTO,),
    (Rules.FEVGA,),
    (Rules.GUL_BARA,),
    (Rules.NARDY,),
    (Rules.MOULTEZIM,),
    TAVLI.rotation,
]
NAMES = ("You", "Expert")


def played(games: tuple[Rules, ...], seed: int, steps: int | None = None, length: int = 3) -> Match:
    """A match of random plays, `steps` actions in (to its end when None)."""
    rotation = games if len(games) > 1 else ()
    match = Match(length, games[0], seed=seed, rotation=rotation)
    rng = random.Random(seed)
    done = 0
    while steps is None or done < steps:
        game = match.current
        if game is None or game.over:
            if match.over:
                break
            match.next_game().start(first=match.starter(len(match.games) - 1))
        elif game.dice is None:
            game.roll()
        else:
            plays = game.legal_plays()
            game.play(rng.choice(plays) if plays else ())
        done += 1
    return match


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    games=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    steps=st.one_of(st.none(), st.integers(1, 400)),
)
def test_random_matches_of_every_game_read_back_exactly(games, seed, steps):
    record = MatchRecord.from_match(played(games, seed, steps), NAMES)
    text, suffix = export_record(record)
    assert suffix == ".tgr"
    assert parse_record(text) == record


def test_a_resigned_and_a_drawn_game_read_back():
    match = Match(5, Rules.PLAKOTO, seed=2)
    game = match.next_game()
    game.start(first=0)
    game.roll((6, 5))
    game.play(game.legal_plays()[0])
    game.roll((3, 1))
    game.resign(1)
    game.accept_resignation()
    record = MatchRecord.from_match(match, NAMES)
    text = export_tgr(record)
    assert "wins 0 1 resigned 1 rolled 31" in text
    assert parse_tgr(text) == record


def test_a_tavli_match_names_each_game_in_turn(tmp_path):
    record = MatchRecord.from_match(played(TAVLI.rotation, 4), NAMES)
    text = export_tgr(record)
    assert text.splitlines()[1].startswith("match tavli 3")
    assert "game 2 plakoto" in text
    path = tmp_path / "match.tgr"
    path.write_text(text, encoding="utf-8")
    assert read_match(path) == record
    assert read_match(path).rules_of(1) is Rules.PLAKOTO


def test_backgammon_stays_mat():
    record = MatchRecord.from_match(played((Rules.TAVLA,), 1, 40), NAMES)
    assert export_record(record)[1] == ".mat"


GOOD = """; Fifteen & Tavla table-games record 1
match plakoto 3
player 0 alice
player 1 bob
game 1 plakoto 0-0
0 65: 24/18 24/19
"""


@pytest.mark.parametrize(
    ("line", "replacement", "says"),
    [
        ("match plakoto 3", "match chess 3", "line 2: unknown game 'chess'; use one of"),
        ("match plakoto 3", "match standard 3", "line 2: a standard match is kept as a .mat file"),
        ("match plakoto 3", "point match", "line 2: expected 'match GAME LENGTH'"),
        ("player 1 bob", "player 0 bob", "line 4: expected 'player 1 NAME'"),
        ("game 1 plakoto 0-0", "game 2 plakoto 0-0", "line 5: game 2 where game 1 comes"),
        ("game 1 plakoto 0-0", "game 1 fevga 0-0", "line 5: game 1 of a plakoto match is plakoto, not fevga"),
        ("0 65: 24/18 24/19", "0 65: 24/13", "line 6: game 1, turn 1: the play 24/13 is not legal"),
        ("0 65: 24/18 24/19", "0 65 24/18", "line 6: expected '0 63: 24/18 13/10'"),
        (
            "0 65: 24/18 24/19",
            "0 65: 24/18 24/19\nwins 1 1",
            "line 7: a game won before its end, not resigned",
        ),
    ],
)
def test_a_bad_file_names_its_line_and_what_it_may_hold(line, replacement, says):
    with pytest.raises(UserError) as caught:
        parse_tgr(GOOD.replace(line, replacement))
    assert says in str(caught.value)


def test_an_incomplete_file_says_what_is_missing():
    with pytest.raises(UserError, match="the match file is incomplete: no 'player 0 NAME'"):
        parse_tgr("match plakoto 3\n")


def test_the_analyse_command_refuses_a_bad_file_without_a_traceback(tmp_path):
    from tests.faults.helpers import game

    path = tmp_path / "bad.tgr"
    path.write_text(GOOD.replace("24/18 24/19", "24/13"), encoding="utf-8")
    result = game("analyse", str(path))
    assert result.returncode == 2
    assert "line 6" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("seed", range(6))
def test_our_mat_export_of_a_portes_match_reads_back(seed):
    record = MatchRecord.from_match(played((Rules.PORTES,), seed), NAMES)
    back = parse_mat(export_mat(record))
    assert back.rules is Rules.PORTES
    assert [game.score for game in back.games] == [game.score for game in record.games]
    for mine, read in zip(record.games, back.games, strict=True):
        # as for tavla, a game won with a backgammon stops before its last roll, read as a resigned mars
        assert read.turns == mine.turns or read.turns == mine.turns[:-1]
        assert (read.winner, read.points) == (mine.winner, mine.points)


def test_an_old_mat_of_plakoto_says_where_such_matches_are_kept():
    text = export_mat(MatchRecord.from_match(played((Rules.PLAKOTO,), 3, 30), NAMES))
    with pytest.raises(OtherGame, match=r"a plakoto match in a \.mat file.*\.tgr files"):
        parse_mat(text)
