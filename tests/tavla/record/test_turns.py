"""A game record's turns read back exactly as played, and cost the garbage collector nothing per turn."""

import gc

import pytest

from game.tavla.engine.game import Turn
from game.tavla.engine.play import play_bots
from game.tavla.engine.rules import Rules
from game.tavla.players.random_bot import RandomBot
from game.tavla.record.match_record import GameRecord, Turns


@pytest.mark.parametrize("rules", list(Rules.backgammon()))
@pytest.mark.parametrize("seed", range(6))
def test_turns_read_back_as_played(rules: Rules, seed: int) -> None:
    bots = RandomBot(seed, rules), RandomBot(seed + 100, rules)
    _, played = play_bots(bots[0].play, bots[1].play, rules, seed=seed, keep_record=True)
    turns = GameRecord(tuple(played)).turns
    assert list(turns) == played
    assert len(turns) == len(played)
    assert turns[-1] == played[-1] and turns[0] == played[0]
    assert list(turns[3:9]) == played[3:9]
    assert turns == Turns(played) and hash(turns) == hash(Turns(played))
    assert turns == tuple(played)
    assert any(turn.play == () for turn in turns) or all(turn.play for turn in played)


def test_a_pass_and_a_bar_entry_keep_their_shape() -> None:
    state = (0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 1, 1, 0, 0)
    turns = Turns([Turn(1, (6, 6), (), state), Turn(0, (3, 1), ((25, 22), (24, 23)), state)])
    assert turns[0] == Turn(1, (6, 6), (), state)
    assert turns[1].play == ((25, 22), (24, 23)) and turns[1].state == state


@pytest.mark.slow
def test_a_long_record_adds_no_tracked_object_per_turn() -> None:
    bots = RandomBot(1), RandomBot(2)
    gc.collect()
    before = len(gc.get_objects())
    records = [
        GameRecord(tuple(play_bots(bots[0].play, bots[1].play, seed=seed, keep_record=True)[1]))
        for seed in range(20)
    ]
    gc.collect()
    added = len(gc.get_objects()) - before
    turns = sum(len(record.turns) for record in records)
    assert turns > 1000
    assert added < 3 * len(records), f"{added} objects the collector walks for {turns} turns"
