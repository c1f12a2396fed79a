"""Money sessions: points won game by game until the player stops, the Jacoby rule, beavers (in the game,
the table's session, bots' games) and the bots' beaver decisions."""

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import Cube, CubeEvent, CubeOwner, accepts_beaver, wants_beaver
from game.tavla.engine.game import CubeTerms, Game, cube_after
from game.tavla.engine.match import Match
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import flip
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import MONEY, MatchRules, Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.players import get_bot
from tests.tavla.engine.test_game_cube import _first_legal, _first_play
from tests.tavla.money import money_session

STANDARD = Rules.STANDARD
NEAR_GAMMON = (14, 1, *([0] * 16), -15, *([0] * 9))  # seat 0 bears off its last; the loser has none off


def _state(mine: dict[int, int], theirs: dict[int, int]) -> list[int]:
    """A race position of the player on roll: its checkers and the opponent's by point (its numbering)."""
    state = [0] * 28
    for point, count in mine.items():
        state[point] += count
    for point, count in theirs.items():
        state[point] -= count
    state[0], state[27] = 15 - sum(mine.values()), 15 - sum(theirs.values())
    return state


HOME = {6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}  # 54 pips
THEIRS = {19: 2, 20: 3, 21: 3, 22: 3, 23: 2, 24: 2}  # 54 pips
PROPER_DOUBLE = _state(HOME, {18: 2, 20: 3, 21: 3, 22: 3, 23: 2, 24: 2})  # the doubler a roll ahead
WRONG_DOUBLE = _state({7: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}, THEIRS)  # the doubler 2 pips behind
HOPELESS_DOUBLE = _state({8: 3, 6: 2, 4: 3, 3: 3, 2: 2, 1: 2}, THEIRS)  # 8 pips behind, all but lost


def _beaver_game(seed: int = 1, **terms) -> Game:
    game = Game(STANDARD, seed=seed, cube=CubeTerms(beavers=True, **terms))
    _first_play(game)  # seat 0 opened; seat 1 is on roll
    game.double()
    return game


def test_a_money_session_scores_each_games_points_and_has_no_winner_until_stopped():
    match = money_session(3)
    points = [0, 0]
    for game in match.games:
        points[game.result.winner] += game.result.points
    assert match.scores == tuple(points) and max(points) > 5
    assert match.winner is None and not match.over
    assert all(game.terms.length is None and not game.terms.crawford for game in match.games)
    match.next_game()
    with pytest.raises(UserError, match="finish the current game"):
        match.stop()
    match.games.pop()
    match.stop()
    assert match.over and match.stopped
    with pytest.raises(UserError, match="over"):
        match.next_game()


def test_only_a_money_session_stops_and_money_options_need_money_play_with_the_cube():
    with pytest.raises(UserError, match="only a money session"):
        Match(5, STANDARD, cube=True).stop()
    with pytest.raises(UserError, match="beavers are for money play"):
        MatchRules(STANDARD, 5, cube=True, beavers=True)
    with pytest.raises(UserError, match="beavers are for money play"):
        Match(MONEY, STANDARD, beavers=True)
    with pytest.raises(UserError, match="Jacoby"):
        Match(5, STANDARD, cube=True, jacoby=True)
    assert Match(MONEY, Rules.TAVLA).money  # tavla's money play: no cube, each game's 1 or 2 points


@pytest.mark.parametrize(
    ("jacoby", "cube_value", "points"),
    [(True, 1, 1), (False, 1, 2), (True, 2, 4), (True, 4, 8)],
)
def test_under_jacoby_a_gammon_counts_only_once_the_cube_was_turned(jacoby, cube_value, points):
    game = Game(STANDARD, seed=4, cube=CubeTerms(jacoby=jacoby), start_state=NEAR_GAMMON)
    game.start((2, 1))
    game.cube_value, game.cube_owner = cube_value, (None if cube_value == 1 else 1)
    game.play(game.legal_plays()[0])
    assert (game.result.kind, game.result.points) == (Outcome.GAMMON, points)


def test_under_jacoby_a_gammon_resigned_with_the_cube_in_the_centre_counts_one():
    game = Game(STANDARD, seed=4, cube=CubeTerms(jacoby=True), start_state=NEAR_GAMMON)
    game.start((2, 1))
    game.resign(Resignation.GAMMON)
    assert game.accept_resignation().points == 1


def test_no_crawford_game_in_money_play_however_far_a_player_is_ahead():
    match = Match(MONEY, STANDARD, seed=2, cube=True)
    for _ in range(3):
        game = match.next_game()
        _first_play(game)
        assert game.may_double()
        game.double()
        game.pass_double()
    assert match.scores == (0, 3) and match.winner is None  # seat 1 doubled each time, seat 0 passed


def test_a_beaver_takes_and_redoubles_keeping_the_cube_and_the_doubler_may_take_it():
    game = _beaver_game()
    assert game.may_beaver()
    game.beaver()
    assert (game.cube_value, game.cube_owner, game.offered_by, game.beavered) == (2, 0, 0, True)
    assert not game.may_beaver()  # no raccoon: the doubler takes or passes
    with pytest.raises(UserError, match="answer the double"):
        game.roll()
    game.take()
    assert (game.cube_value, game.cube_owner, game.beavered) == (4, 0, False)
    assert game.cube_for(0) == Cube(4, CubeOwner.ME) and game.cube_for(1).owner is CubeOwner.OPPONENT
    assert [(a.player, a.event, a.value) for a in game.cube_record] == [
        (1, CubeEvent.DOUBLE, 2),
        (0, CubeEvent.BEAVER, 4),
        (1, CubeEvent.TAKE, 4),
    ]
    assert cube_after(game.cube_record) == (4, 0)
    game.roll()
    game.play(game.legal_plays()[0])
    assert game.turn == 0 and game.may_double()  # the beaver's player may redouble to 8


def test_a_beaver_passed_loses_twice_the_stake_to_the_player_who_beavered():
    game = _beaver_game(jacoby=True)
    game.beaver()
    result = game.pass_double()
    assert (result.winner, result.points, result.kind, result.cube) == (0, 2, Outcome.PASSED, 2)
    assert [a.event for a in game.cube_record] == [CubeEvent.DOUBLE, CubeEvent.BEAVER, CubeEvent.PASS]
    assert cube_after(game.cube_record) == (2, 0)


def test_no_beaver_in_a_match_without_the_option_before_a_double_or_beyond_64():
    game = Game(STANDARD, seed=1, cube=CubeTerms())
    _first_play(game)
    game.double()
    assert not game.may_beaver()
    with pytest.raises(UserError, match="cannot beaver"):
        game.beaver()
    match_game = Game(STANDARD, seed=1, cube=CubeTerms(length=5, beavers=True))
    _first_play(match_game)
    match_game.double()
    assert not match_game.may_beaver()
    game = Game(STANDARD, seed=1, cube=CubeTerms(beavers=True))
    _first_play(game)
    assert not game.may_beaver()  # nothing offered yet
    game.cube_value, game.cube_owner = 32, game.turn
    game.double()
    assert not game.may_beaver()  # 32 doubled to 64: a beaver would need a 128


def test_the_tables_session_beavers_both_ways_and_stops_after_a_game():
    session = TableSession(STANDARD, MONEY, "expert", seed=5, cube=True, jacoby=True, beavers=True)
    while session.phase is not Phase.ROLL:
        _play_on(session)
    session.double()
    assert session.phase is Phase.COMPUTER_ANSWER and not session.may_beaver
    session.computer_beaver()
    assert session.beavered and session.phase is Phase.ANSWER and not session.may_beaver
    session.answer(True)  # the person takes the computer's beaver: 4, the computer's cube
    assert (session.game.cube_value, session.game.cube_owner) == (4, 1)
    assert session.phase in (Phase.HUMAN, Phase.PASS)
    session.game.disqualify("a test ends the game")
    assert session.phase is Phase.GAME_OVER
    session.stop()
    assert session.phase is Phase.MATCH_OVER and session.match.over
    with pytest.raises(UserError):
        session.stop()


def test_a_person_beavers_the_computers_double_and_the_computer_answers():
    session = TableSession(STANDARD, MONEY, "expert", seed=7, cube=True, beavers=True)
    while session.phase is not Phase.COMPUTER_DOUBLE:
        _play_on(session)
    session.computer_double(True)
    assert session.phase is Phase.ANSWER and session.may_beaver
    session.beaver()
    assert session.phase is Phase.COMPUTER_ANSWER and session.beavered
    session.computer_answer(False)
    assert session.result.winner == 0 and session.result.points == 2
    assert session.phase is Phase.GAME_OVER


def _play_on(session: TableSession) -> None:
    """One step at the table without the cube: roll, play the first option, let the computer play."""
    phase = session.phase
    if phase is Phase.ROLL:
        session.roll()
    elif phase is Phase.COMPUTER_DOUBLE:
        session.computer_double(False)
    elif phase is Phase.PASS:
        session.pass_turn()
    elif phase is Phase.COMPUTER:
        session.computer_play(_first_legal(list(session.game.state), *session.game.dice))
    elif phase is Phase.HUMAN:
        turn = session.turn
        while not turn.done:
            turn.apply(turn.options()[0])
        session.commit_turn()
    else:
        raise AssertionError(phase)


@pytest.mark.parametrize(
    ("state", "beavers", "takes_beaver"),
    [(PROPER_DOUBLE, False, True), (WRONG_DOUBLE, True, True), (HOPELESS_DOUBLE, True, False)],
    ids=["proper double", "wrong double", "hopeless double"],
)
def test_an_evaluator_bot_beavers_a_double_it_judges_wrong_and_weighs_a_beaver(state, beavers, takes_beaver):
    bot = get_bot("expert", rules=STANDARD)
    cube = Cube(1, CubeOwner.CENTRE, None, jacoby=True)
    assert wants_beaver(bot, flip(state), cube.flipped()) is beavers
    assert bot.take(flip(state), cube.flipped())  # every one a take at least
    beavered = Cube(2, CubeOwner.OPPONENT, None, jacoby=True)  # the doubler's view after the beaver
    assert accepts_beaver(bot, state, beavered) is takes_beaver


@pytest.mark.parametrize("name", ["random", "greedy", "pubeval"])
def test_bots_without_an_evaluator_never_beaver_and_take_a_beaver(name):
    bot = get_bot(name, rules=STANDARD)
    assert not wants_beaver(bot, flip(WRONG_DOUBLE), Cube())
    assert accepts_beaver(bot, HOPELESS_DOUBLE, Cube(2, CubeOwner.OPPONENT))


class Beaverer:
    """Doubles whenever it may and beavers every double; takes a beaver when `takes`."""

    def __init__(self, takes: bool) -> None:
        self.takes = takes

    def double(self, state, cube) -> bool:
        return True

    def beaver(self, state, cube) -> bool:
        return True

    def accept_beaver(self, state, cube) -> bool:
        assert cube.value == 2 and cube.owner is CubeOwner.OPPONENT
        return self.takes


@pytest.mark.parametrize("takes", [True, False])
def test_bots_games_play_beavers_when_the_terms_allow_them(takes):
    deciders = (Beaverer(takes), Beaverer(takes))
    terms = CubeTerms(beavers=True)
    result, _ = play_bots(_first_legal, _first_legal, STANDARD, seed=6, cube=terms, deciders=deciders)
    if not takes:
        assert (result.kind, result.points) == (Outcome.PASSED, 2)
    else:
        assert result.cube >= 4
    plain, _ = play_bots(_first_legal, _first_legal, STANDARD, seed=6, cube=CubeTerms(), deciders=deciders)
    assert plain.kind is not Outcome.PASSED  # never asked to beaver; a bot without `take` takes


def test_what_a_resignation_scores_follows_the_jacoby_rule():
    game = Game(STANDARD, seed=4, cube=CubeTerms(jacoby=True))
    _first_play(game)
    assert [game.points_for(level) for level in Resignation] == [1, 1, 1]
    game.double()
    game.take()
    assert [game.points_for(level) for level in Resignation] == [2, 4, 6]
