"""Game flow: opening roll, turns, passes, the end and its score, matches, and bot games."""

import random

import pytest

from game.core.errors import UserError
from game.tavla.engine.game import FORFEIT_POINTS, Game, score
from game.tavla.engine.match import Match
from game.tavla.engine.moves import IllegalPlay, legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.play import play_bots, play_match
from game.tavla.engine.position import OPENING, flip, validate_state
from game.tavla.engine.rules import Rules
from game.tavla.players import get_bot
from tests.tavla.builders import position


class ScriptedDice(random.Random):
    """A random.Random whose randint returns the given values in order (to script dice)."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def randint(self, a, b):
        value = self.values.pop(0)
        assert a <= value <= b
        return value


def test_opening_roll_rerolls_ties_and_the_higher_die_plays_both():
    game = Game(rng=ScriptedDice([4, 4, 2, 5]))
    assert game.start() == (2, 5)
    assert game.opening_rolls == [(4, 4), (2, 5)]
    assert game.turn == 1
    assert game.dice == (5, 2)
    assert game.state == flip(OPENING)


def test_opening_roll_can_be_set_but_not_to_a_tie():
    game = Game()
    with pytest.raises(UserError, match="tie"):
        game.start((3, 3))
    assert game.start((6, 1)) == (6, 1) and game.turn == 0 and game.dice == (6, 1)


def test_step_by_step_turns_alternate_and_the_record_grows():
    game = Game(seed=5)
    game.start()
    first = game.turn
    chosen = game.play(game.legal_plays()[0])
    assert game.turn == 1 - first and game.dice is None
    assert game.record[0].play == chosen and game.record[0].player == first
    game.roll()
    game.play(format_play(game.legal_plays()[-1]))
    assert game.turn == first and len(game.record) == 2


def test_wrong_order_of_calls_is_refused_not_corrupting():
    game = Game(seed=1)
    with pytest.raises(UserError):
        game.roll()
    game.start()
    with pytest.raises(UserError, match="already rolled"):
        game.roll()
    with pytest.raises(UserError, match="already started"):
        game.start()
    before = game.state
    with pytest.raises(IllegalPlay):
        game.play("24/13")
    assert game.state == before and game.dice is not None and game.record == []


def test_a_player_who_cannot_move_passes_with_the_empty_play():
    blocked = position({6: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2, 12: 3}, own_bar=1)
    game = Game(start_state=blocked)
    game.start((5, 3))
    assert game.legal_plays() == []
    assert game.play("") == ()
    assert game.record[0].text == "53:"
    assert game.turn == 1 and game.state == flip(blocked)


def test_passing_when_a_move_exists_is_illegal():
    game = Game(seed=3)
    game.start()
    with pytest.raises(IllegalPlay, match="passing is not allowed"):
        game.play(None)


@pytest.mark.parametrize(
    ("opponent", "opp_bar", "rules", "points", "kind"),
    [
        ({20: 14}, 0, Rules.TAVLA, 1, "single"),
        ({20: 15}, 0, Rules.TAVLA, 2, "mars"),
        ({20: 14, 3: 1}, 0, Rules.TAVLA, 2, "mars"),
        ({20: 14}, 0, Rules.STANDARD, 1, "single"),
        ({20: 15}, 0, Rules.STANDARD, 2, "gammon"),
        ({20: 14, 3: 1}, 0, Rules.STANDARD, 3, "backgammon"),
        ({20: 14}, 1, Rules.STANDARD, 3, "backgammon"),
    ],
)
def test_the_last_checker_off_ends_the_game_with_its_score(opponent, opp_bar, rules, points, kind):
    near_end = position({1: 1}, opponent, opp_bar=opp_bar)
    game = Game(rules=rules, start_state=near_end)
    game.start((6, 2))
    game.play("1/0")
    assert game.over and game.result.winner == 0
    assert (game.result.points, game.result.kind) == (points, kind)
    with pytest.raises(UserError, match="over"):
        game.roll()


def test_score_counts_points_for_the_winner():
    assert score(position({}, {20: 14}), Rules.TAVLA) == 1
    assert score(position({}, {3: 15}), Rules.TAVLA) == 2
    assert score(position({}, {3: 15}), Rules.STANDARD) == 3


def test_seeded_games_replay_exactly():
    def run(seed):
        game = Game(seed=seed)
        bot = get_bot("random", seed=seed)
        game.start()
        while not game.over:
            if game.dice is None:
                game.roll()
            game.play(bot.play(list(game.state), *game.dice))
        return [turn.text for turn in game.record], game.result

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_state_for_each_seat():
    game = Game()
    assert game.state_for(0) == OPENING and game.state_for(1) == flip(OPENING)
    game.start((1, 2))
    assert game.state_for(1) == game.state and game.state_for(0) == flip(game.state)


def test_a_match_ends_when_a_seat_reaches_the_length():
    match = Match(length=5, seed=4)
    play_match(match, (get_bot("pubeval").play, get_bot("random", seed=1).play))
    assert max(match.scores) >= 5
    assert sum(match.scores) == sum(g.result.points for g in match.games)
    assert match.scores[match.winner] == max(match.scores)
    with pytest.raises(UserError, match="match is over"):
        match.next_game()


def test_a_match_refuses_a_second_game_while_one_is_running_and_bad_lengths():
    match = Match(length=1)
    match.next_game()
    with pytest.raises(UserError, match="finish the current game"):
        match.next_game()
    with pytest.raises(UserError):
        Match(length=-1)
    assert Match(length=0).money  # 0 is a money session, as in .mat files


def test_play_bots_runs_a_full_legal_game():
    result, record = play_bots(
        get_bot("random", seed=1).play, get_bot("random", seed=2).play, seed=3, keep_record=True
    )
    assert result.disqualified is None and result.points in (1, 2)
    assert result.turns == len(record)
    state = OPENING if record[0].player == 0 else flip(OPENING)
    for turn in record:
        assert turn.state == validate_state(turn.state)
        assert turn.play in legal_plays(turn.state, *turn.dice) or (
            not turn.play and not legal_plays(turn.state, *turn.dice)
        )
    assert record[0].state == state


def test_play_bots_disqualifies_an_illegal_or_crashing_bot_and_keeps_the_position():
    good = get_bot("random", seed=1).play

    def cheater(state, die1, die2):
        return "24/13"

    def crasher(state, die1, die2):
        raise RuntimeError("boom")

    for bad, words in ((cheater, "illegal play '24/13'"), (crasher, "RuntimeError: boom")):
        result, _ = play_bots(bad, good, seed=1, rules=Rules.STANDARD)
        assert result.disqualified == 0 and result.winner == 1
        assert result.points == FORFEIT_POINTS["standard"]
        assert words in result.reason and result.state is not None
