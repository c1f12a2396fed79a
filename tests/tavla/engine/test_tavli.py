"""A Tavli match (Portes, Plakoto, Fevga in turn, the winner of a game starting the next) and the other
games' matches saved and resumed."""

import itertools
import random

import pytest

from game.core.errors import UserError
from game.tavla.engine.match import Match
from game.tavla.engine.rules import TAVLI, Rules, TableGames, table_choices
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.record.save import SAVE_VERSION, dump_match, load_match


def play_on(session: TableSession, rng: random.Random, games: int, turns: int | None = None) -> None:
    """Random legal plays for both seats until `games` games are over (or `turns` more turns played,
    or the match is)."""
    played = 0
    while session.phase is not Phase.MATCH_OVER and (turns is None or played < turns):
        if session.phase is Phase.GAME_OVER:
            if len(session.match.games) >= games:
                return
            session.new_game()
            continue
        if session.phase is Phase.PASS:
            session.pass_turn()
        else:
            game = session.game
            plays = game.variant.legal_plays(game.state, *game.dice)
            game.play(rng.choice(plays))
            session._next()
        played += 1


def tavli_session(length: int = 7, seed: int = 3) -> TableSession:
    return TableSession(TAVLI.first, length, "expert", seed=seed, rotation=TAVLI.rotation)


def test_the_games_come_in_turn_and_the_winner_of_one_starts_the_next():
    session = tavli_session(length=25)
    play_on(session, random.Random(1), games=5)
    games = session.match.games
    assert [game.variant.rules for game in games] == [
        Rules.PORTES,
        Rules.PLAKOTO,
        Rules.FEVGA,
        Rules.PORTES,
        Rules.PLAKOTO,
    ]
    assert games[0].opening_rolls, "the first game starts with an opening roll"
    for before, game in itertools.pairwise(games):
        if before.result.drawn:
            assert game.opening_rolls, "after a draw nobody won: an opening roll decides"
        else:
            assert not game.opening_rolls, "the winner starts, rolling its own dice"
            assert game.record[0].player == before.result.winner
    assert session.rules is Rules.PLAKOTO, "the session names the game being played"


def test_portes_scores_a_gammon_two_and_has_no_backgammon():
    assert Rules.PORTES.points(3) == 2 and Rules.PORTES.points(2) == 2 and Rules.PORTES.points(1) == 1
    match = Match(5, rotation=TAVLI.rotation)
    assert match.rules is Rules.PORTES and not match.cube


def test_a_match_ends_at_its_length_whichever_game_is_played():
    session = tavli_session(length=3, seed=8)
    play_on(session, random.Random(2), games=50)
    assert session.phase is Phase.MATCH_OVER
    assert max(session.match.scores) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 9])
def test_a_tavli_match_saved_in_the_middle_resumes_exactly(seed):
    session = tavli_session(seed=seed)
    rng = random.Random(seed)
    play_on(session, rng, games=3)
    play_on(session, rng, games=3, turns=7)
    text = dump_match(session.match, ("You", "expert"))
    match, names = load_match(text)
    assert match.rotation == TAVLI.rotation
    played = session.match.games
    assert [game.variant.rules for game in match.games] == [game.variant.rules for game in played]
    assert [game.state for game in match.games] == [game.state for game in played]
    assert (match.current.dice, match.current.turn) == (played[-1].dice, played[-1].turn)
    assert dump_match(match, names) == text
    assert f'"version":{SAVE_VERSION}' in text


@pytest.mark.parametrize("rules", Rules.without_hitting())
def test_the_other_games_are_saved_and_resumed(rules):
    session = TableSession(rules, 3, "expert", seed=6)
    play_on(session, random.Random(6), games=1, turns=40)
    match, _names = load_match(dump_match(session.match, ("You", "expert")))
    assert match.current.state == session.match.current.state, "pins and the cascade's dice replay too"
    assert match.current.dice == session.match.current.dice


def test_the_table_games_are_parsed_once_by_name():
    assert TableGames.parse("tavli") is TAVLI
    assert TableGames.parse("plakoto").rotation == (Rules.PLAKOTO,)
    assert table_choices()[-1] == "tavli" and "gulbara" in table_choices()
    with pytest.raises(UserError, match=r"unknown game 'tavly'; use one of: tavla, standard, .*tavli"):
        TableGames.parse("tavly")
