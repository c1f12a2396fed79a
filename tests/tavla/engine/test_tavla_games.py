"""Plakoto, Fevga, Gul bara, long nardy and Moultezim: the plays of a roll against slow references, over
random games and on hand-made positions, and a test for each rule choice of docs/tavla-games.md (long
nardy's and Moultezim's by hand in test_nardy.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.tavla.engine.game import Game
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.plakoto import pin
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from tests.tavla.engine.no_hitting_reference import plakoto_finals, same_way_finals

PLAKOTO, FEVGA, GUL_BARA = (rules.variant for rules in (Rules.PLAKOTO, Rules.FEVGA, Rules.GUL_BARA))
GAMES = tuple(rules.variant for rules in Rules.without_hitting())


def reference(game, state, die1, die2):
    if game is PLAKOTO:
        return plakoto_finals(state, die1, die2)
    return same_way_finals(state, die1, die2, game.name)


def random_positions(game, seed: int, plies: int):
    """(state, die1, die2) met in a random game of `game`, until it ends or `plies` are played."""
    rng = random.Random(seed)
    state = game.validate(game.opening)
    for _ in range(plies):
        die1, die2 = rng.randint(1, 6), rng.randint(1, 6)
        yield state, die1, die2
        plays = game.legal_plays(state, die1, die2)
        after = game.apply_play(state, rng.choice(plays)) if plays else state
        game.validate(after)  # checkers are conserved, pins stand on pinners
        if game.is_over(after) or game.is_drawn(after):
            return
        state = game.flip(after)


def plakoto(own: dict[int, int], theirs: dict[int, int], pins: dict[int, int] | None = None):
    """A Plakoto position from the mover's side; what is not placed is borne off."""
    points = [0] * 25
    for point, count in own.items():
        points[point] += count
    for point, count in theirs.items():
        points[point] -= count
    pinned = [0] * 24
    for point, who in (pins or {}).items():
        pinned[point - 1] = who
    own_pinned = sum(1 for who in pinned if who == 1)
    their_pinned = sum(1 for who in pinned if who == -1)
    own_off = 15 - sum(own.values()) - own_pinned
    their_off = 15 - sum(theirs.values()) - their_pinned
    return PLAKOTO.validate((own_off, *points[1:], 0, 0, their_off, *pinned))


def same_way(own: dict[int, int], theirs: dict[int, int], game=FEVGA):
    points = [0] * 25
    for point, count in own.items():
        points[point] += count
    for point, count in theirs.items():
        points[point] -= count
    return game.validate((15 - sum(own.values()), *points[1:], 0, 0, 15 - sum(theirs.values())))


def finals(game, state, die1, die2):
    return {game.apply_play(state, play) for play in game.legal_plays(state, die1, die2)}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_plays_of_random_games_are_the_references(game, seed):
    for state, die1, die2 in random_positions(game, seed, 160):
        assert finals(game, state, die1, die2) == reference(game, state, die1, die2), (state, die1, die2)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_roll_from_the_opening_and_a_few_turns_on(game):
    for seed in range(4):
        for state, _die1, _die2 in random_positions(game, seed, 10):
            for die1 in range(1, 7):
                for die2 in range(1, die1 + 1):
                    assert finals(game, state, die1, die2) == reference(game, state, die1, die2)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_play_is_one_per_position_in_canonical_order_and_replays_move_by_move(game):
    for seed in range(2):
        for state, die1, die2 in random_positions(game, seed, 60):
            plays = game.legal_plays(state, die1, die2)
            assert len({game.apply_play(state, play) for play in plays}) == len(plays)
            for play in plays:
                assert play == tuple(sorted(play, reverse=True))
            # check_play works the roll's plays out again: the first and last three of each position (a
            # double's can be hundreds, each check as dear as all of them)
            for play in plays if len(plays) <= 6 else plays[:3] + plays[-3:]:
                assert game.check_play(state, die1, die2, tuple(reversed(play))) == play
            for play in plays[:3]:
                assert built_one_at_a_time(game, state, die1, die2, [], list(play)), play


def built_one_at_a_time(game, state, die1, die2, done, rest) -> bool:
    """Whether the table, offering `next_moves` one checker at a time, lets the moves `rest` be made."""
    if not rest:
        return True
    offered = game.next_moves(state, die1, die2, done)
    return any(
        built_one_at_a_time(
            game, state, die1, die2, [*done, move], [m for i, m in enumerate(rest) if i != rest.index(move)]
        )
        for move in dict.fromkeys(rest)
        if move in offered
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_flipping_twice_is_the_same_position_and_the_opening_is_symmetric(game):
    opening = game.validate(game.opening)
    assert game.flip(opening) == opening
    for state, _d1, _d2 in random_positions(game, 3, 100):
        assert game.flip(game.flip(state)) == state


def test_the_hand_checked_openings():
    assert PLAKOTO.legal_plays(PLAKOTO.opening, 6, 5) == [((24, 19), (24, 18)), ((24, 18), (18, 13))]
    assert FEVGA.legal_plays(FEVGA.opening, 6, 5) == [((24, 18), (18, 13))]
    # Fevga 6-6: the first checker goes 24/18 and then stands before the opponent's start; no other
    # checker may leave before it has passed it, so three sixes are lost
    assert FEVGA.legal_plays(FEVGA.opening, 6, 6) == [((24, 18),)]
    assert GUL_BARA.legal_plays(GUL_BARA.opening, 6, 6) == [((24, 18),) * 4]


# Plakoto --------------------------------------------------------------------------------------------


def test_landing_on_a_lone_checker_pins_it_and_leaving_frees_it():
    state = plakoto({24: 14, 13: 1}, {9: 1, 1: 14})
    after = PLAKOTO.apply_play(state, ((13, 9),))
    assert after[9] == 1 and pin(after, 9) == -1
    assert after[27] == 0  # nothing is hit: no checker leaves the board
    freed = PLAKOTO.apply_play(after, ((9, 5),))
    assert freed[9] == -1 and pin(freed, 9) == 0


def test_a_pinned_checker_cannot_move_and_its_point_is_closed_to_its_side():
    # our checker pinned on 9 under one of theirs; our other checkers on 24
    state = plakoto({24: 14}, {9: 1, 1: 13}, pins={9: 1})
    plays = PLAKOTO.legal_plays(state, 3, 1)
    assert all(start != 9 for play in plays for start, _end in play)
    blocked = plakoto({12: 1, 24: 13}, {9: 1, 1: 13}, pins={9: 1})
    assert all(end != 9 for play in PLAKOTO.legal_plays(blocked, 3, 2) for _start, end in play)
    with pytest.raises(IllegalPlay):
        PLAKOTO.check_play(blocked, 3, 2, "12/9 24/22")


def test_a_pinner_may_be_joined_and_two_checkers_close_a_point():
    state = plakoto({10: 1, 13: 1, 24: 12}, {5: 2, 1: 12}, pins={10: -1})  # we pin theirs on 10
    assert ((13, 10),) in [play[:1] for play in PLAKOTO.legal_plays(state, 3, 3)]
    assert all(end != 5 for play in PLAKOTO.legal_plays(state, 5, 5) for _start, end in play)


def test_bearing_off_waits_for_every_checker_home_and_free():
    home = plakoto({6: 5, 5: 5, 4: 4}, {3: 1, 20: 14}, pins={3: 1})  # one of ours pinned at home
    assert all(end != 0 for play in PLAKOTO.legal_plays(home, 6, 5) for _start, end in play)
    free = plakoto({6: 5, 5: 5, 4: 4, 3: 1}, {20: 15})
    assert any(end == 0 for play in PLAKOTO.legal_plays(free, 6, 5) for _start, end in play)


def test_the_mother_pinned_wins_two_points_once_the_pinner_left_its_own_start():
    # their last checker on their start (our 1) and ours: we land on it from 3 with a 2
    state = plakoto({3: 1, 8: 14}, {1: 1, 20: 14})
    after = PLAKOTO.apply_play(state, ((3, 1),))
    assert pin(after, 1) == -1
    assert PLAKOTO.is_over(after) and PLAKOTO.win_points(after) == 2


def test_the_mother_pinned_does_not_end_the_game_while_the_pinners_own_mother_can_be_pinned():
    state = plakoto({3: 1, 24: 1, 8: 13}, {1: 1, 20: 14})
    after = PLAKOTO.apply_play(state, ((3, 1),))
    assert pin(after, 1) == -1 and not PLAKOTO.is_over(after)
    # and it ends when our last checker leaves our start with their mother still pinned
    later = PLAKOTO.apply_play(after, ((24, 18),))
    assert PLAKOTO.is_over(later) and PLAKOTO.win_points(later) == 2


def test_both_mothers_pinned_is_a_draw():
    state = plakoto({3: 1, 8: 13}, {1: 1, 24: 1, 20: 13}, pins={24: 1})  # our mother pinned on our 24
    after = PLAKOTO.apply_play(state, ((3, 1),))
    assert PLAKOTO.is_drawn(after) and not PLAKOTO.is_over(after)


def test_a_plakoto_game_scores_two_when_the_loser_bore_off_none():
    state = plakoto({1: 1}, {20: 15})
    won = PLAKOTO.apply_play(state, ((1, 0),))
    assert PLAKOTO.is_over(won) and PLAKOTO.win_points(won) == 2
    some_off = plakoto({1: 1}, {20: 14})
    assert PLAKOTO.win_points(PLAKOTO.apply_play(some_off, ((1, 0),))) == 1


def test_a_plakoto_position_must_say_a_possible_pin():
    with pytest.raises(UserError, match="no opposing checker"):
        PLAKOTO.validate((0, *[0] * 8, 1, *[0] * 15, 0, 0, 0, *[0] * 8, 1, *[0] * 15))
    with pytest.raises(UserError, match="52 integers"):
        PLAKOTO.validate(PLAKOTO.opening[:28])


# Fevga and Gul bara ---------------------------------------------------------------------------------


def test_fevga_a_second_checker_leaves_the_start_only_once_the_first_has_passed_theirs():
    state = same_way({24: 14, 15: 1}, {12: 15})
    assert all(start == 15 for play in FEVGA.legal_plays(state, 2, 1) for start, _end in play)
    passed = same_way({24: 14, 10: 1}, {12: 15})
    assert any(start == 24 for play in FEVGA.legal_plays(passed, 2, 1) for start, _end in play)
    assert any(start == 24 for play in GUL_BARA.legal_plays(state, 2, 1) for start, _end in play)


def test_one_checker_holds_a_point_and_nothing_is_hit():
    state = same_way({24: 13, 10: 1, 8: 1}, {7: 1, 12: 14})
    assert all(end != 7 for play in FEVGA.legal_plays(state, 3, 1) for _start, end in play)
    assert all(end != 7 for play in GUL_BARA.legal_plays(state, 3, 1) for _start, end in play)


def test_fevga_no_prime_in_the_starting_quarter():
    state = same_way({24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 10: 1, 5: 1}, {12: 13, 2: 1, 1: 1})

    def quarter_held(game, play):
        return all(game.apply_play(state, play)[point] > 0 for point in range(19, 25))

    plays = FEVGA.legal_plays(state, 5, 1)
    assert plays and not any(quarter_held(FEVGA, play) for play in plays)
    assert any(quarter_held(GUL_BARA, play) for play in GUL_BARA.legal_plays(state, 5, 1))


def test_fevga_a_prime_needs_an_opposing_checker_in_front_of_it():
    # our points 10-6 held, 11 to make: the opponent's route runs 12, 11, ... 1, then 24 ... 13
    def primed(state, play):
        return all(FEVGA.apply_play(state, play)[point] > 0 for point in range(6, 12))

    behind = same_way({24: 5, 13: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 15})  # all still on their start
    assert not any(primed(behind, play) for play in FEVGA.legal_plays(behind, 2, 2))
    ahead = same_way({24: 5, 13: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 14, 3: 1})  # one has passed
    assert any(primed(ahead, play) for play in FEVGA.legal_plays(ahead, 2, 2))


def test_a_same_way_game_has_no_bar():
    with pytest.raises(UserError, match="no bar"):
        FEVGA.validate((0, *[0] * 11, -15, *[0] * 11, 14, 1, 0, 0))


# In the game flow -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_the_winner_of_the_opening_roll_rolls_again(game):
    flow = Game(game.rules, seed=3)
    flow.start(dice=(5, 2))
    assert flow.turn == 0 and flow.dice is None
    assert flow.roll((6, 5)) == (6, 5)


def test_both_mothers_pinned_ends_the_game_drawn():
    state = plakoto({3: 1, 8: 13}, {1: 1, 24: 1, 20: 13}, pins={24: 1})
    flow = Game(Rules.PLAKOTO, start_state=state)
    flow.start(dice=(2, 1))
    flow.roll((2, 1))
    flow.play("3/1 8/7")
    assert flow.result is not None and flow.result.kind is Outcome.DRAW and flow.result.points == 0


def test_gul_bara_doubles_cascade_from_the_fourth_roll_until_one_is_not_played_in_full():
    flow = Game(Rules.GUL_BARA, seed=1)
    flow.start(dice=(4, 1))
    for dice in ((2, 1), (2, 1), (3, 1), (3, 1), (4, 1), (4, 1)):  # three rolls each, no double
        flow.roll(dice)
        flow.play(flow.legal_plays()[0])
    assert flow.turn == 0 and flow.rolls == [3, 3]
    flow.roll((4, 4))
    flow.play(max(flow.legal_plays(), key=len))
    assert flow.turn == 0 and flow.dice == (5, 5)  # the same player plays the next double
    played = flow.play(max(flow.legal_plays(), key=len))
    if len(played) == 4:
        assert (flow.turn, flow.dice) == (0, (6, 6))
    else:  # a double not played in full ends the cascade
        assert (flow.turn, flow.dice) == (1, None)
    assert [turn.player for turn in flow.record[-2:]] == [0, 0]


def test_gul_bara_doubles_do_not_cascade_in_the_first_three_rolls():
    flow = Game(Rules.GUL_BARA, seed=1)
    flow.start(dice=(4, 1))
    flow.roll((2, 2))
    flow.play(flow.legal_plays()[0])
    assert flow.turn == 1 and flow.dice is None


def test_a_drawn_game_is_nobodys_win():
    state = plakoto({3: 1, 8: 13}, {1: 1, 24: 1, 20: 13}, pins={24: 1})
    flow = Game(Rules.PLAKOTO, start_state=state)
    flow.start(dice=(2, 1))
    flow.roll((2, 1))
    flow.play("3/1 8/7")
    assert flow.result.drawn and not flow.result.won_by(0) and not flow.result.won_by(1)
