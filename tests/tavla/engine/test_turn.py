"""A turn built one checker at a time reaches exactly the legal plays of the roll, never anything else."""

import random

import pytest

from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import Refusal, TurnInProgress
from tests.tavla.builders import position, random_game_positions

POSITIONS = random_game_positions(400, seed=7)


def finals_by_walking(turn: TurnInProgress) -> set:
    """Every final position reachable by the moves the turn offers, one at a time."""
    found = {turn.state} if turn.done else set()
    for step in turn.options():
        turn.apply(step)
        found |= finals_by_walking(turn)
        turn.undo()
    return found


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(Rules.backgammon()))
def test_step_by_step_reaches_exactly_the_legal_plays(rules):
    checked = 0
    for state, die1, die2 in POSITIONS:
        if die1 == die2 and checked > 150:
            continue
        turn = TurnInProgress(state, die1, die2, rules)
        legal = {after for _, after in legal_results(state, die1, die2, rules)}
        if not legal:
            assert not turn.has_play and turn.options() == []
            continue
        assert finals_by_walking(turn) == legal
        checked += 1
    assert checked > 200


def test_random_walks_always_finish_legally_and_undo_returns():
    rng = random.Random(3)
    for state, die1, die2 in POSITIONS:
        turn = TurnInProgress(state, die1, die2)
        legal = {after for _, after in legal_results(state, die1, die2)}
        while turn.options():
            turn.apply(rng.choice(turn.options()))
        assert turn.done == bool(legal)
        assert (turn.state in legal) or not legal
        while turn.undo():
            pass
        assert turn.state == state and turn.steps == []


def test_the_seed_example_6_4_cannot_leave_the_4_unplayed():
    # The seed's example: 13/7 first would leave the 4 unplayable; the table must not offer it.
    state = position({24: 1, 13: 1, 6: 13}, {18: 2, 9: 2, 11: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1})
    turn = TurnInProgress(state, 6, 4)
    legal = {after for _, after in legal_results(state, 6, 4)}
    for step in turn.options():
        turn.apply(step)
        assert turn.options() or turn.state in legal
        turn.undo()


def test_stopping_early_is_allowed_when_the_position_is_already_a_legal_play():
    state = (1, 7, 1, 5, 1, *[0] * 16, -2, -1, -7, -3, 0, 0, 2)
    turn = TurnInProgress(state, 1, 4)
    turn.apply(next(s for s in turn.options() if s.move == (4, 0) and s.die == 4))
    assert turn.done, "4/0 lands where 4/3 3/0 does"
    assert {s.move for s in turn.options()} == {(3, 2), (2, 1), (1, 0)}


def test_dragging_one_checker_with_both_dice_offers_the_route_that_hits():
    state = position({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 12: 5, 17: 3, 19: 5, 1: 1})
    turn = TurnInProgress(state, 6, 5)
    routes = turn.destinations(24)
    assert 13 in routes
    assert [s.move for s in routes[13]] == [(24, 18), (18, 13)]
    assert routes[13][0].hit


def test_moves_are_refused_unless_offered():
    turn = TurnInProgress(POSITIONS[0][0], 3, 1)
    bogus = turn.options()[0]
    turn.apply(bogus)
    with pytest.raises(ValueError):
        turn.apply(bogus.__class__((13, 12), 1, False, turn.state, turn.state))


def test_forced_play_is_found():
    state = position({6: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 16: 2, 2: 2, 10: 1}, own_bar=1)
    turn = TurnInProgress(state, 5, 4)
    assert turn.single_play
    assert [s.move for s in turn.forced()] == [(25, 20)]
    assert turn.steps == []


def _refusal(refused):
    return None if refused is None else (refused.reason, refused.source, refused.target)


def test_a_refused_drop_says_why():
    opening = TurnInProgress(OPENING, 3, 1)
    assert _refusal(opening.drop_refusal(13, 12)) == (Refusal.BLOCKED, 13, 12)
    assert _refusal(opening.drop_refusal(6, 0)) == (Refusal.NOT_HOME, 6, 0)
    assert _refusal(opening.drop_refusal(8, 6)) == (Refusal.NO_DIE, 8, 6)
    assert _refusal(opening.drop_refusal(8, 9)) == (Refusal.BACKWARD, 8, 9)
    assert opening.drop_refusal(8, 5) is None and opening.drop_refusal(8, 8) is None
    # After 11/7 the 6 plays nowhere (7/1 is blocked, 7 is outside home), so 11/7 breaks the full roll.
    six_four = position({2: 9, 3: 1, 4: 1, 6: 2, 7: 1, 11: 1}, {1: 2, 5: 1, 10: 1, 13: 2, 17: 1, 24: 6})
    assert TurnInProgress(six_four, 6, 4).drop_refusal(11, 7).reason is Refusal.FULL_ROLL
    bearing_off = position({5: 1, 2: 1}, {20: 15})
    assert TurnInProgress(bearing_off, 4, 1).drop_refusal(2, 0).reason is Refusal.HIGHER_FIRST
    assert TurnInProgress(OPENING, 6, 6).drop_refusal(24, 6).reason is Refusal.NO_ROUTE, "12 is held"


def test_a_refused_pick_up_says_why():
    on_bar = position({6: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 16: 2, 2: 2, 10: 1}, own_bar=1)
    assert _refusal(TurnInProgress(on_bar, 5, 4).pick_refusal(6)) == (Refusal.BAR_FIRST, 6, 0)
    opening = TurnInProgress(OPENING, 6, 5)
    assert _refusal(opening.pick_refusal(6)) == (Refusal.STUCK, 6, 0)
    assert opening.pick_refusal(24) is None, "a checker that can move is picked up"
    assert opening.pick_refusal(12) is None, "a click on the opponent's checkers needs no answer"
    played = TurnInProgress(OPENING, 3, 1)
    for move in ((8, 5), (6, 5)):
        played.apply(next(s for s in played.options() if s.move == move))
    assert played.pick_refusal(13).reason is Refusal.PLAYED


def test_a_pinned_checker_says_it_is_pinned():
    """Plakoto: our checker on 10 lies under the opponent's; a click on it says why it stays."""
    state = [0] * 52
    state[24], state[10], state[1] = 14, -1, -14
    state[27 + 10] = 1
    turn = TurnInProgress(tuple(state), 3, 1, Rules.PLAKOTO)
    assert 10 not in turn.movable_points()
    assert _refusal(turn.pick_refusal(10)) == (Refusal.PINNED, 10, 0)
    assert turn.pick_refusal(1) is None, "the opponent's own checkers need no answer"


def test_a_double_click_bears_off_instead_of_the_first_clicks_move():
    turn = TurnInProgress(position({5: 1, 3: 2, 1: 2}, {19: 15}), 3, 2)
    turn.apply(turn.move_by_die(5, 3))
    assert turn.bear_off_instead(5, 0)
    assert turn.done and turn.state[0] == 11 and turn.state[5] == 0
    assert not turn.bear_off_instead(5, 0), "a checker borne off stays off, nothing else moves"
    early = TurnInProgress(OPENING, 3, 1)
    early.apply(early.move_by_die(8, 3))
    assert not early.bear_off_instead(8, 0) and early.moves == [(8, 5)], "no bearing off: the move stays"
