"""The engine's seam for other games of the tavla board: a Variant plugged in, with no edit of the engine.

Two variants written here only: nackgammon (backgammon from other starting points) and a game in which
nothing may be hit, each plugged into a game of the registry in place of its own (`Rules.X.variant`, as
a new game's member would build it). The game flow (Game, the bot driver, a match, the table's turn and
session) must follow them without knowing them.
"""

import random

import pytest

from game.tavla.engine.game import Game
from game.tavla.engine.match import Match
from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.play import play_bots, play_match
from game.tavla.engine.position import BAR, OPENING, OPP_BAR, all_borne_off, flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import TurnInProgress
from game.tavla.engine.variant import Variant
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


def plugged(monkeypatch: pytest.MonkeyPatch, rules: Rules, variant: type[Variant]) -> Variant:
    """`rules` played by a `variant` of its own for the test (put back after it)."""
    monkeypatch.setattr(rules, "variant", variant(rules))
    return rules.variant


def first_play(variant: Variant):
    def play(state, die1, die2):
        plays = variant.legal_plays(tuple(state), die1, die2)
        return plays[0] if plays else ()

    return play


def test_a_rule_set_is_played_as_its_backgammon_variant():
    for rules in Rules.backgammon():
        assert rules.variant.rules is rules and rules.variant.opening == OPENING
        assert type(rules.variant) is Variant and Game(rules).variant is rules.variant


def test_a_variant_with_other_starting_points_is_played_to_the_end_by_bots_and_in_a_match(monkeypatch):
    nack = plugged(monkeypatch, Rules.STANDARD, Nackgammon)
    game = Game(Rules.STANDARD, seed=4)
    assert game.state == NACK and game.rules is Rules.STANDARD and game.variant is nack
    result, record = play_bots(first_play(nack), first_play(nack), Rules.STANDARD, seed=4, keep_record=True)
    assert record[0].state in (NACK, flip(NACK)) and result.points in (1, 2, 3)
    assert sum(1 for _ in record) == result.turns
    match = play_match(Match(3, Rules.STANDARD), (first_play(nack), first_play(nack)))
    assert max(match.scores) >= 3
    assert all(played.record[0].state in (NACK, flip(NACK)) for played in match.games), "each game from NACK"


def test_a_variant_that_forbids_hitting_is_followed_by_the_game_the_driver_and_the_tables_turn(monkeypatch):
    no_hit = plugged(monkeypatch, Rules.TAVLA, NoHitting)
    # Our last checker on the 6 point, a lone opposing checker on our 3: with 3-3 every play hits.
    state = position({6: 1}, {3: 1, 24: 14})
    assert all(apply_play(state, play)[OPP_BAR] == 1 for play in legal_plays(state, 3, 3, Rules.TAVLA))
    assert no_hit.legal_plays(state, 3, 3) == []
    turn = TurnInProgress(state, 3, 3, Rules.TAVLA)
    assert not turn.has_play and turn.options() == []
    # With 3-1 only the plays round the blot are left, in the game and at the table.
    game = Game(Rules.TAVLA, start_state=state)
    game.start((3, 1))
    kept = game.legal_plays()
    assert kept and len(kept) < len(legal_plays(state, 3, 1, Rules.TAVLA))
    assert all(apply_play(state, play)[OPP_BAR] == 0 for play in kept)
    assert (6, 3) not in [step.move for step in TurnInProgress(state, 3, 1, Rules.TAVLA).options()]
    # Whole games between bots: nobody is ever hit.
    rng = random.Random(5)
    for _ in range(5):
        bots = (first_play(no_hit), first_play(no_hit))
        result, record = play_bots(*bots, Rules.TAVLA, rng=rng, keep_record=True)
        assert result.disqualified is None and all_borne_off(apply_play(record[-1].state, record[-1].play))
        for played in record:
            assert apply_play(played.state, played.play)[OPP_BAR] == 0 and played.state[BAR] == 0


def test_the_finished_game_is_scored_by_the_variant(monkeypatch):
    class AlwaysMars(Variant):
        def win_points(self, after):
            return 2

    variant = plugged(monkeypatch, Rules.TAVLA, AlwaysMars)
    result, _ = play_bots(first_play(variant), first_play(variant), Rules.TAVLA, seed=2)
    assert result.points == 2 and result.kind is Rules.TAVLA.result_kind(2)
