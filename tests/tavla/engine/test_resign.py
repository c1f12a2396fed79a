"""Resigning a game: the offer, its answer, the points (times the cube), the match it ends, the table's
phases for people and for the computer, and the fair rule of the bots that weigh nothing."""

import base64

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import Cube, MatchScore
from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.match import Match
from game.tavla.engine.position import OPENING, flip, validate_state
from game.tavla.engine.resigning import bot_accepts, bot_resigns, most_at_stake, stakes_cube
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import HUMAN, Phase, TableSession

STANDARD, TAVLA = Rules.STANDARD, Rules.TAVLA


def state(points: dict[int, int], off: int = 0, opp_off: int = 0, bar: int = 0, opp_bar: int = 0):
    """A position from the side of the player on roll: checkers by point (theirs negative)."""
    values = [0] * 28
    values[0], values[25], values[26], values[27] = off, bar, opp_bar, opp_off
    for point, count in points.items():
        values[point] = count
    return validate_state(values)


def started(rules: Rules = STANDARD, cube: CubeTerms | None = None) -> Game:
    game = Game(rules, seed=4, cube=cube)
    game.start((6, 1))  # seat 0 opens
    return game


def test_the_levels_are_those_the_rules_score():
    assert STANDARD.resignations == (Resignation.SINGLE, Resignation.GAMMON, Resignation.BACKGAMMON)
    assert TAVLA.resignations == (Resignation.SINGLE, Resignation.GAMMON)  # tavla has no backgammon
    game = started(TAVLA)
    with pytest.raises(UserError, match="levels 1, 2, not 3"):
        game.resign(Resignation.BACKGAMMON)
    for wrong in (0, 4, True, "gammon", None):
        with pytest.raises(UserError):
            started().resign(wrong)


def test_an_accepted_resignation_ends_the_game_at_its_points():
    game = started()
    offer = game.resign(Resignation.GAMMON)
    assert (offer.player, offer.rolled, game.resign_offer) == (0, True, offer)  # with the opening dice
    for refused in (game.roll, lambda: game.play(game.legal_plays()[0]), lambda: game.resign(1)):
        with pytest.raises(UserError):
            refused()
    result = game.accept_resignation()
    assert (result.winner, result.points, result.kind, result.resigned) == (1, 2, Outcome.GAMMON, 2)
    assert game.over and game.resign_offer is None and not game.may_resign()


def test_a_mars_resigned_under_tavla_rules_scores_two():
    game = started(TAVLA)
    game.resign(2)
    result = game.accept_resignation()
    assert (result.points, result.kind, result.resigned) == (2, Outcome.MARS, Resignation.GAMMON)


def test_a_declined_resignation_changes_nothing_else():
    game = started()
    dice, position = game.dice, game.state
    game.resign(Resignation.SINGLE)
    game.decline_resignation()
    assert (game.dice, game.state, game.over, game.resign_offer) == (dice, position, False, None)
    assert game.declined_level(0) == 1 and game.declined_level(1) == 0
    game.play(game.legal_plays()[0])  # play goes on with the same roll
    game.roll((3, 2))
    game.resign(Resignation.BACKGAMMON)  # now seat 1, before playing its roll
    game.decline_resignation()
    assert game.declined_level(1) == 3
    assert [(o.player, o.level, o.accepted) for o in game.resign_record] == [(0, 1, False), (1, 3, False)]
    with pytest.raises(UserError, match="no resignation"):
        game.accept_resignation()


def test_the_points_are_times_the_cube_and_a_double_waiting_comes_first():
    game = started(cube=CubeTerms())
    game.play(game.legal_plays()[0])
    game.double()
    with pytest.raises(UserError, match="cannot resign"):
        game.resign(Resignation.SINGLE)  # the double waits for seat 0's answer (a pass is its resignation)
    game.take()
    assert game.turn == 1 and game.may_resign()  # seat 1 doubled, seat 0 took: seat 1 is to roll
    game.resign(Resignation.BACKGAMMON)
    result = game.accept_resignation()
    assert (result.winner, result.points, result.cube) == (0, 6, 2)


def test_a_resignation_in_a_match_scores_and_brings_the_crawford_game():
    match = Match(3, STANDARD, seed=2, cube=True)
    for expected_crawford in (False, True):
        game = match.next_game()
        game.start((6, 1))
        assert (game.terms.crawford, game.may_double()) == (expected_crawford, False)
        game.resign(Resignation.GAMMON)
        game.accept_resignation()
    assert match.scores == (0, 4) and match.winner == 1  # 2 points, then 2 more in the Crawford game


def test_the_session_lets_a_person_resign_and_the_computer_answer():
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5, cube=True)
    assert session.phase is Phase.HUMAN and session.may_resign
    turn = session.turn
    turn.apply(turn.options()[0])  # a checker moved: the offer is on the position before the turn
    session.resign(Resignation.GAMMON)
    assert session.phase is Phase.COMPUTER_RESIGN_ANSWER and not session.may_resign
    with pytest.raises(UserError):
        session.answer_resignation(True)  # the computer answers, not the person
    session.computer_answer_resignation(False)
    assert session.phase is Phase.HUMAN and session.turn is turn and len(turn.steps) == 1
    session.resign(Resignation.SINGLE)
    session.computer_answer_resignation(True)
    assert session.phase is Phase.GAME_OVER
    assert (session.result.winner, session.result.points, session.match.scores) == (1, 1, (0, 1))


def computers_turn(rules: Rules = STANDARD) -> TableSession:
    """A table where the person has played the opening 3-1 and the computer is to play its roll."""
    session = TableSession.from_position(OPENING, (3, 1), rules, "expert", 5)
    turn = session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    session.commit_turn()
    return session


def test_the_computer_offers_and_the_person_answers():
    session = computers_turn()
    assert session.phase is Phase.COMPUTER
    with pytest.raises(UserError):
        session.resign(Resignation.SINGLE)  # not the person's turn
    session.computer_resign(Resignation.GAMMON)
    assert session.phase is Phase.RESIGN_ANSWER
    session.answer_resignation(False)
    assert session.phase is Phase.COMPUTER and session.game.declined_level(1) == 2
    session.computer_resign(Resignation.BACKGAMMON)
    session.answer_resignation(True)
    assert (session.result.winner, session.result.points, session.result.resigned) == (0, 3, 3)


def test_before_the_roll_a_declined_offer_leaves_the_roll_to_come():
    session = TableSession(STANDARD, 5, HUMAN, seed=3, cube=True)
    while session.game.record == [] or session.phase is not Phase.ROLL:
        turn = session.turn
        while not turn.done:
            turn.apply(turn.options()[0])
        session.commit_turn()
    seat = session.seat
    session.resign(Resignation.SINGLE)
    assert session.phase is Phase.RESIGN_ANSWER  # the other person answers at one desk
    session.answer_resignation(False)
    assert session.phase is Phase.ROLL and session.seat == seat and session.game.dice is None


def test_with_no_cube_a_declined_offer_before_the_roll_rolls_on():
    game_match = Match(1, TAVLA, seed=5)
    game = game_match.next_game()
    game.start((5, 2))
    game.play(game.legal_plays()[0])
    game.resign(Resignation.SINGLE)  # seat 1, before its roll
    session = TableSession.resume(game_match, "expert")
    assert session.phase is Phase.RESIGN_ANSWER and session.game.dice is None
    session.answer_resignation(False)
    assert session.phase in (Phase.COMPUTER, Phase.PASS) and session.game.dice is not None


def test_a_computer_that_fails_to_answer_loses_the_game():
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5)
    session.resign(Resignation.SINGLE)
    session.opponent_failed("no answer within 1 s")
    result = session.result
    assert (result.disqualified, result.winner, session.game.resign_offer) == (1, 0, None)


def test_the_stakes_carry_the_score_and_the_cube():
    session = TableSession.from_position(OPENING, (3, 1), TAVLA, "expert", 3)
    assert session.stakes(0) == Cube(1, score=MatchScore(3, 0, 0))
    session.resign(Resignation.GAMMON)
    session.computer_answer_resignation(True)
    session.new_game()
    assert session.stakes(1) == Cube(1, score=MatchScore(3, 2, 0, crawford=True))
    assert session.stakes(0).score == MatchScore(3, 0, 2, crawford=True)
    assert stakes_cube(None, 40, (0, 0), False).score is None  # longer than the table: money


def test_the_fair_rule_takes_no_less_than_the_position_can_still_give():
    # Seen by the side that answers (positive); the offerer (negative) is on roll.
    on_our_home = flip(state({20: 2, 5: 13, 17: -15}))  # two of its checkers still in our home board
    assert most_at_stake(on_our_home, STANDARD) is Resignation.BACKGAMMON
    assert most_at_stake(on_our_home, TAVLA) is Resignation.GAMMON  # no backgammon in tavla
    passed = flip(state({5: 15, 20: -15}))  # a race, every checker of the offerer past ours
    in_contact = flip(state({5: 14, 18: 1, 17: -15}))  # one checker not past ours could still be hit
    some_off = flip(state({5: 14, 20: -15}, off=1))
    assert most_at_stake(passed, STANDARD) is Resignation.GAMMON
    assert most_at_stake(in_contact, STANDARD) is Resignation.BACKGAMMON
    assert most_at_stake(some_off, STANDARD) is Resignation.SINGLE
    bot = object()  # no evaluator, no answer of its own
    cube = Cube()
    assert not bot_accepts(bot, passed, None, Resignation.SINGLE, cube, STANDARD)
    assert bot_accepts(bot, passed, None, Resignation.GAMMON, cube, STANDARD)
    assert bot_accepts(bot, some_off, (6, 5), Resignation.SINGLE, cube, STANDARD)
    assert bot_resigns(bot, flip(passed), None, cube, 0, STANDARD) is None


def test_a_bots_offer_must_be_a_level_above_the_declined():
    class Offers:
        def __init__(self, level):
            self.level = level

        def resigns(self, state, dice, cube, declined):
            return self.level

    cube = Cube()
    assert bot_resigns(Offers(2), OPENING, None, cube, 0, STANDARD) is Resignation.GAMMON
    assert bot_resigns(Offers(2), OPENING, None, cube, 2, STANDARD) is None
    assert bot_resigns(Offers(3), OPENING, None, cube, 0, TAVLA) is None
    assert bot_resigns(Offers("3"), OPENING, None, cube, 0, STANDARD) is None


def test_the_match_id_carries_an_offer_that_waits():
    """gnubg's Match ID has two bits for a resignation offered (its level) and says the player who
    answers it is the one to decide (matchid.c: bit 11 the player to decide, bits 13-14 the offer)."""
    from game.tavla.engine.match_id import match_id, match_moment

    def bits(session: TableSession) -> int:
        raw = base64.b64decode(match_id(match_moment(session.match)))
        return int.from_bytes(raw, "little")

    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5)
    before = bits(session)
    assert (before >> 13) & 3 == 0 and (before >> 11) & 1 == 0
    session.resign(Resignation.BACKGAMMON)
    during = bits(session)
    assert (during >> 13) & 3 == 3 and (during >> 11) & 1 == 1, "seat 1 decides"
    assert (during >> 6) & 1 == 0, "seat 0 is still on roll"
