"""The doubling cube in a game and a match: offering, taking, passing, scoring, Crawford, bots."""

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import CubeOwner
from game.tavla.engine.game import BotFault, CubeTerms, Game, GameResult
from game.tavla.engine.match import Match
from game.tavla.engine.moves import legal_plays
from game.tavla.engine.play import play_bots
from game.tavla.engine.results import Fault, Outcome
from game.tavla.engine.rules import MatchRules, Rules

STANDARD = Rules.STANDARD


def _first_play(game: Game) -> None:
    game.start((6, 1))
    game.play(game.legal_plays()[0])


class Doubler:
    """Doubles whenever it may, takes whenever asked, as `answer` says."""

    def __init__(self, doubles: bool = True, takes: bool = True) -> None:
        self.doubles, self.takes = doubles, takes
        self.asked: list[str] = []

    def double(self, state, cube) -> bool:
        self.asked.append(f"double {cube.value} {cube.owner}")
        return self.doubles

    def take(self, state, cube) -> bool:
        self.asked.append(f"take {cube.value} {cube.owner}")
        return self.takes


def _first_legal(state, die1, die2):
    plays = legal_plays(tuple(state), die1, die2, STANDARD)
    return " ".join(f"{a}/{b}" for a, b in plays[0]) if plays else ""


def test_a_double_taken_doubles_the_cube_and_gives_it_to_the_taker():
    game = Game(STANDARD, seed=1, cube=CubeTerms())
    assert not game.may_double()  # the opening roll is played as it falls
    _first_play(game)
    assert game.may_double()
    game.double()
    with pytest.raises(UserError, match="answer the double"):
        game.roll()
    game.take()
    assert (game.cube_value, game.cube_owner) == (2, 0)
    assert game.cube_for(0).owner is CubeOwner.ME and game.cube_for(1).owner is CubeOwner.OPPONENT
    assert not game.may_double()  # the taker owns it now
    game.roll()
    game.play(game.legal_plays()[0])
    assert game.may_double()  # seat 0, the owner, may redouble
    assert [c.event for c in game.cube_record] == ["double", "take"]


def test_a_double_passed_ends_the_game_at_the_cube_value():
    game = Game(STANDARD, seed=2, cube=CubeTerms())
    _first_play(game)
    game.double()
    result = game.pass_double()
    assert (result.winner, result.points, result.kind) == (1, 1, Outcome.PASSED)
    assert game.over and not game.may_double()
    with pytest.raises(UserError):
        game.take()


def test_a_cube_needs_the_standard_rules_and_a_game_without_terms_has_none():
    with pytest.raises(UserError, match="no doubling cube"):
        Game(Rules.TAVLA, cube=CubeTerms())
    game = Game(STANDARD, seed=3)
    _first_play(game)
    assert game.cube_for(1) is None and not game.may_double()
    with pytest.raises(UserError, match="cannot double"):
        game.double()


def test_the_cube_multiplies_a_gammon_and_jacoby_counts_an_unturned_gammon_as_single():
    near_gammon = (14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -15, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for terms, cube_value, points in [
        (CubeTerms(), 1, 2),
        (CubeTerms(jacoby=True), 1, 1),
        (CubeTerms(jacoby=True), 2, 4),
    ]:
        game = Game(STANDARD, seed=4, cube=terms, start_state=near_gammon)
        game.start((2, 1))
        game.cube_value, game.cube_owner = cube_value, (None if cube_value == 1 else 0)
        game.play(game.legal_plays()[0])
        assert game.result.points == points and game.result.kind is Outcome.GAMMON
        assert game.result.cube == cube_value


def _won(rules: Rules, winner: int, points: int) -> Game:
    game = Game(rules)
    game.result = GameResult(winner, points, Outcome.SINGLE, 10)
    return game


@pytest.mark.parametrize(
    ("results", "crawford"),
    [
        ([], False),
        ([(0, 2)], False),
        ([(0, 4)], True),  # 4-0 in a match to 5: this is the Crawford game
        ([(0, 4), (1, 1)], False),  # after it: post-Crawford
        ([(0, 2), (0, 2)], True),
        ([(1, 4), (0, 4)], False),  # both need one point: the Crawford game was the second
    ],
)
def test_the_crawford_game_comes_once_after_a_player_first_needs_one_point(results, crawford):
    match = Match(5, STANDARD, seed=5, cube=True)
    match.games = [_won(STANDARD, winner, points) for winner, points in results]
    game = match.next_game()
    assert game.terms.crawford is crawford
    assert game.terms.scores == match.scores
    _first_play(game)
    assert game.may_double() is not crawford


def test_match_rules_refuse_what_cannot_be_played():
    with pytest.raises(UserError, match="no doubling cube"):
        MatchRules(Rules.TAVLA, 5, cube=True)
    with pytest.raises(UserError, match="Jacoby"):
        MatchRules(STANDARD, 5, cube=True, jacoby=True)
    with pytest.raises(UserError, match="1 to 25"):
        MatchRules(STANDARD, 31, cube=True)
    assert MatchRules(STANDARD, 7, cube=True).crawford and not MatchRules(STANDARD, cube=True).crawford


def test_bots_double_and_pass_ends_the_game_with_the_cube_value():
    doubler, passer = Doubler(), Doubler(doubles=False, takes=False)
    result, _ = play_bots(
        _first_legal, _first_legal, STANDARD, seed=6, cube=CubeTerms(), deciders=(doubler, passer)
    )
    assert result.kind is Outcome.PASSED and result.points == 1 and result.cube == 1
    assert doubler.asked or passer.asked


def test_bots_that_always_take_redouble_and_the_dice_stay_those_of_the_seed():
    plain, _ = play_bots(_first_legal, _first_legal, STANDARD, seed=7, keep_record=True)
    result, record = play_bots(
        _first_legal,
        _first_legal,
        STANDARD,
        seed=7,
        keep_record=True,
        cube=CubeTerms(),
        deciders=(Doubler(), Doubler()),
    )
    assert result.cube > 2 and result.points == plain.points * result.cube
    _, plain_record = play_bots(_first_legal, _first_legal, STANDARD, seed=7, keep_record=True)
    assert [t.dice for t in record] == [t.dice for t in plain_record]


def test_a_bot_that_crashes_in_a_cube_decision_is_disqualified():
    class Broken:
        def double(self, state, cube):
            raise RuntimeError("no idea")

    class Slow:
        def take(self, state, cube):
            raise BotFault(Fault.TIMEOUT, "no answer within 1 s")

    result, _ = play_bots(
        _first_legal, _first_legal, STANDARD, seed=8, cube=CubeTerms(), deciders=(Broken(), Broken())
    )
    assert result.kind is Outcome.DISQUALIFICATION and result.fault is Fault.CRASH
    result, _ = play_bots(
        _first_legal, _first_legal, STANDARD, seed=8, cube=CubeTerms(), deciders=(Doubler(), Slow())
    )
    assert result.fault is Fault.TIMEOUT and result.disqualified in (0, 1)


def test_a_bot_without_cube_methods_never_doubles_and_always_takes():
    result, _ = play_bots(
        _first_legal, _first_legal, STANDARD, seed=9, cube=CubeTerms(), deciders=(object(), Doubler())
    )
    # the doubler doubles once, the plain bot takes and, owning the cube, never redoubles
    assert result.kind is not Outcome.PASSED and result.cube == 2
    assert result.disqualified is None


def test_a_disqualification_costs_the_rule_sets_most_times_the_cube_whoever_is_at_fault():
    # the player on turn, holding the cube at 2
    game = Game(STANDARD, seed=3, cube=CubeTerms())
    _first_play(game)
    game.double()
    game.take()
    on_turn = game.turn
    result = game.disqualify("illegal play")
    assert (result.disqualified, result.winner, result.points) == (on_turn, 1 - on_turn, 3 * 2)
    assert result.state == game.state and result.dice is None
    # the player asked to answer a double: its view of the position, no dice, the cube before the double
    game = Game(STANDARD, seed=3, cube=CubeTerms())
    _first_play(game)
    doubler = game.turn
    game.double()
    result = game.disqualify("no answer", 1 - doubler, Fault.TIMEOUT)
    assert (result.disqualified, result.points, result.fault) == (1 - doubler, 3, Fault.TIMEOUT)
    assert result.state == game.state_for(1 - doubler) and result.dice is None
    # nobody else can be disqualified: the opponent of the player on turn, with no double to answer
    game = Game(STANDARD, seed=3, cube=CubeTerms())
    _first_play(game)
    with pytest.raises(UserError):
        game.disqualify("not its turn", 1 - game.turn)
