"""The table shows GNU Backgammon's Match ID beside the Position ID, the two of the decision on the table
as gnubg writes them: the IDs below are gnubg's own, from its text export of the match
tests/tavla/data/gnubg-5pt-seed11.mat (the same IDs tests/tavla/analysis/test_gnubg_ids.py checks the
analysis against), the match replayed on the table's session up to each moment."""

from pathlib import Path

import pytest

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.match import Match
from game.tavla.engine.table_session import TableSession
from game.tavla.record.mat import read_mat
from game.tavla.screens.table import captions
from game.tavla.screens.table.captions import Players

DATA = Path(__file__).parents[1] / "data"

# (game, turn index, the moment as gnubg's export says it, its Position ID, its Match ID)
GNUBG = [
    (1, 0, "root to play 62, the opening roll", "4HPwATDgc/ABMA", "cAmrAAAAAAAE"),
    (1, 1, "gnubg to play 62", "4HPkQSDgc/ABMA", "MAGrAAAAAAAE"),
    (1, 20, "root on roll, cube decision?", "1RyJwAzBtxsGAA", "cAmgAAAAAAAE"),
    (1, 20, "root doubles to 2", "1RyJwAzBtxsGAA", "cBGgAAAAAAAE"),
    (1, 20, "root to play 31", "1RyJwAzBtxsGAA", "QYmlAAAAAAAE"),
    (1, 51, "gnubg doubles to 4", "vw8HAEDbZjAEBg", "ARmgAAAAAAAE"),
    (2, 30, "gnubg on roll, cube decision?", "w26DAUF7zgwIBA", "MAGgACAAAAAE"),
    (3, 1, "root to play 21", "wmfwASLgc/ABMA", "cAmlACAAEAAE"),
    (3, 27, "root doubles to 2", "4Cc4GBqxjfAARQ", "cBGgACAAEAAE"),
]


def _table_at(number: int, index: int, moment: str) -> TableSession:
    """The match of the record on the table's session, stopped at `moment` of turn `index` of game
    `number` (before the roll, a double waiting, or the dice rolled)."""
    record = read_mat(DATA / "gnubg-5pt-seed11.mat")
    match = Match(record.length, record.rules, cube=True)
    for game_number, played in enumerate(record.games[:number], 1):
        game = match.next_game()
        for slot in range(len(played.turns) + 1):
            here = game_number == number and slot == index
            for action in (a for a in played.cube if a.before_turn == slot):
                if here and "cube decision" in moment:
                    return TableSession.resume(match, "random")
                {CubeEvent.DOUBLE: game.double, CubeEvent.TAKE: game.take, CubeEvent.PASS: game.pass_double}[
                    action.event
                ]()
                if here and "doubles" in moment:
                    return TableSession.resume(match, "random")
            if slot == len(played.turns):
                break
            turn = played.turns[slot]
            high, low = max(turn.dice), min(turn.dice)
            if slot == 0:
                game.start((high, low) if turn.player == 0 else (low, high))
            else:
                game.roll(turn.dice)
            if here:
                return TableSession.resume(match, "random")
            game.play(turn.play)
    raise AssertionError(f"no moment {moment} in the record")


@pytest.mark.parametrize(("number", "index", "moment", "position", "match"), GNUBG)
def test_the_table_shows_gnubgs_position_and_match_id_of_the_decision(number, index, moment, position, match):
    session = _table_at(number, index, moment)
    assert captions.gnubg_ids(session) == (position, match), moment
    texts = captions.panel_texts(session, session.board(), session.rules, Players("random"))
    assert (texts["position"], texts["match"]) == (f"Position ID {position}", f"Match ID {match}")


def test_the_ids_stay_those_of_the_turns_start_while_the_player_moves():
    session = _table_at(1, 20, "root to play 31")
    before = captions.gnubg_ids(session)
    turn = session.turn
    turn.apply(turn.options()[0])
    assert captions.gnubg_ids(session) == before, "pasted into gnubg, the pair shows the decision whole"
