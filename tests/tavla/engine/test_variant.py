"""The engine's seam for other games of the tavla board: a Variant plugged in, with no edit of the engine.

Two variants written here only: nackgammon (backgammon from other starting points) and a game in which
nothing may be hit. The game flow (Game, the bot driver, a match, the table's turn and session) must
follow them without knowing them.
"""

import random

from game.tavla.engine.game import Game
from game.tavla.engine.match import Match
from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.play import play_bots, play_match
from game.tavla.engine.position import BAR, OPENING, OPP_BAR, all_borne_off, flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import TurnInProgress
from game.tavla.engine.variant import Variant, variant_of
from tests.tavla.builders import position

# Nackgammon: two checkers each on the 24 and 23 points, four on the 13, three on the 8, four on the 6.
NACK = position({24: 2, 23: 2, 13: 4, 8: 3, 6: 4}, {1: 2, 2: 2, 12: 4, 17: 3, 19: 4})


class Nackgammon(Variant):
    opening = NACK


class NoHitting(Variant):
    """Backgammon in which a play may not hit: the plays that would are taken out."""

    def legal_plays(self, state, die1, die2):
        return [
            play
            for play in super().legal_plays(state, die1, die2)
            if apply_play(state, play)[OPP_BAR] == state[OPP_BAR]
        ]


def first_play(variant: Variant):
    def play(state, die1, die2):
        plays = variant.legal_plays(tuple(state), die1, die2)
        return plays[0] if plays else ()

    return play


def test_a_rule_set_is_played_as_its_backgammon_variant():
    for rules in Rules.backgammon():
        assert variant_of(rules).rules is rules and variant_of(rules).opening == OPENING
        assert Game(rules).variant is variant_of(rules)
    nack = Nackgammon(Rules.STANDARD)
    assert variant_of(nack) is nack


def test_a_variant_with_other_starting_points_is_played_to_the_end_by_bots_and_in_a_match():
    nack = Nackgammon(Rules.STANDARD)
    game = Game(nack, seed=4)
    assert game.state == NACK and game.rules is Rules.STANDARD
    result, record = play_bots(first_play(nack), first_play(nack), nack, seed=4, keep_record=True)
    assert record[0].state in (NACK, flip(NACK)) and result.points in (1, 2, 3)
    assert sum(1 for _ in record) == result.turns
    match = play_match(Match(3, nack), (first_play(nack), first_play(nack)))
    assert max(match.scores) >= 3
    assert all(played.record[0].state in (NACK, flip(NACK)) for played in match.games), "each game from NACK"


def test_a_variant_that_forbids_hitting_is_followed_by_the_game_the_driver_and_the_tables_turn():
    no_hit = NoHitting(Rules.TAVLA)
    # Our last checker on the 6 point, a lone opposing checker on our 3: with 3-3 every play hits.
    state = position({6: 1}, {3: 1, 24: 14})
    assert all(apply_play(state, play)[OPP_BAR] == 1 for play in legal_plays(state, 3, 3, Rules.TAVLA))
    assert no_hit.legal_plays(state, 3, 3) == []
    turn = TurnInProgress(state, 3, 3, no_hit)
    assert not turn.has_play and turn.options() == []
    # With 3-1 only the plays round the blot are left, in the game and at the table.
    game = Game(no_hit, start_state=state)
    game.start((3, 1))
    kept = game.legal_plays()
    assert kept and len(kept) < len(legal_plays(state, 3, 1, Rules.TAVLA))
    assert all(apply_play(state, play)[OPP_BAR] == 0 for play in kept)
    assert (6, 3) not in [step.move for step in TurnInProgress(state, 3, 1, no_hit).options()]
    # Whole games between bots: nobody is ever hit.
    rng = random.Random(5)
    for _ in range(5):
        result, record = play_bots(first_play(no_hit), first_play(no_hit), no_hit, rng=rng, keep_record=True)
        assert result.disqualified is None and all_borne_off(apply_play(record[-1].state, record[-1].play))
        for played in record:
            assert apply_play(played.state, played.play)[OPP_BAR] == 0 and played.state[BAR] == 0


def test_the_finished_game_is_scored_by_the_variant():
    class AlwaysMars(Variant):
        def win_points(self, after):
            return 2

    variant = AlwaysMars(Rules.TAVLA)
    result, _ = play_bots(first_play(variant), first_play(variant), variant, seed=2)
    assert result.points == 2 and result.kind is Rules.TAVLA.result_kind(2)
