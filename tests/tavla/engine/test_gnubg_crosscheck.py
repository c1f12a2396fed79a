"""Cross-check against an independent engine: GNU Backgammon's move generator, standard rules.

On 10,000 positions from seeded random games (openings, hits, the bar, the bear-off) the positions
our legal plays reach must be exactly the ones gnubg's plays reach. gnubg's Python binding cuts a move
tuple short at the first checker borne off (the tail of the play is lost). For a play cut that way we
check what is left: its complete moves and the point it bears off from must lead, by moving checkers
further down only, to one of our positions, each of ours used once, and the counts must be equal.
"""

import pytest

from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.notation import display_play
from game.tavla.engine.position import to_gnubg_board
from game.tavla.engine.rules import Rules
from tests.tavla.builders import random_game_positions

pytestmark = pytest.mark.slow  # each test here takes over 5 s

gnubg = pytest.importorskip("gnubg", reason="gnubg (GNU Backgammon bindings, a test extra) is not installed")

POSITIONS = 10_000
SEED = 2024


def _move(board, start, end):
    board[start] -= 1
    if end == 0:
        board[0] += 1
    elif board[end] == -1:
        board[end] = 1
        board[26] += 1
    else:
        board[end] += 1


def gnubg_plays(state, die1, die2):
    """gnubg's plays as (board after the known moves, whether the tuple was cut short)."""
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
    zero_ply = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    plays = []
    for entry in gnubg.findbestmoves(to_gnubg_board(state), cube, zero_ply, (die1, die2)):
        flat = entry["move"]
        board = list(state)
        for start, end in zip(flat[0:-1:2], flat[1::2], strict=False):
            _move(board, start, end)
        cut = len(flat) % 2 == 1
        if cut:
            _move(board, flat[-1], 0)
        plays.append((tuple(board), cut))
    return plays


def can_continue_to(partial, final):
    """True when `final` can follow from `partial` by moving our checkers further down (or off)."""
    above_partial = above_final = 0
    for point in range(25, 0, -1):
        above_partial += max(partial[point], 0)
        above_final += max(final[point], 0)
        if above_final > above_partial:
            return False
    return final[0] >= partial[0]


def match_all(cut_plays, candidates):
    """A perfect matching of cut plays to distinct candidate positions (Kuhn's augmenting paths)."""
    owner: dict = {}

    def assign(index, visited):
        for candidate in candidates:
            if candidate not in visited and can_continue_to(cut_plays[index], candidate):
                visited.add(candidate)
                if candidate not in owner or assign(owner[candidate], visited):
                    owner[candidate] = index
                    return True
        return False

    return all(assign(index, set()) for index in range(len(cut_plays)))


def test_legal_plays_match_gnubg_on_10000_random_game_positions():
    seen = {"bar": 0, "hit": 0, "bear_off": 0, "cut": 0, "pass": 0, "doubles": 0}
    for state, die1, die2 in random_game_positions(POSITIONS, seed=SEED, rules=Rules.STANDARD):
        ours = {apply_play(state, play) for play in legal_plays(state, die1, die2, Rules.STANDARD)}
        theirs = gnubg_plays(state, die1, die2)
        context = f"state {' '.join(map(str, state))} dice {die1} {die2}"
        assert len(theirs) == len(ours), context
        complete = {board for board, cut in theirs if not cut}
        partial = [board for board, cut in theirs if cut]
        assert len(complete) + len(partial) == len(theirs), context
        assert complete <= ours, context
        assert match_all(partial, ours - complete), context
        seen["bar"] += state[25] > 0
        seen["hit"] += any(after[26] > state[26] for after in ours)
        seen["bear_off"] += any(after[0] > state[0] for after in ours)
        seen["cut"] += bool(partial)
        seen["pass"] += not ours
        seen["doubles"] += die1 == die2
    assert min(seen.values()) >= 100, f"the random games did not reach every kind of position: {seen}"


def test_plays_are_written_for_players_exactly_as_gnubg_writes_them():
    """Every legal play of 3,000 positions (joined moves, hits on the way, the bar, off, counts)."""
    checked = 0
    for state, die1, die2 in random_game_positions(3_000, SEED + 1, Rules.STANDARD):
        board = to_gnubg_board(state)
        for play in legal_plays(state, die1, die2, Rules.STANDARD):
            moves = tuple(point for move in sorted(play, reverse=True) for point in move)
            assert display_play(state, play) == gnubg.movetupletostring(moves, board), (state, play)
            checked += 1
    assert checked > 20_000
