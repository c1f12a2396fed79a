"""Long nardy (довгі нарди, длинные нарды; Uzun tavla): the same-way game of Ukraine, Russia and the
Caucasus, under the Russian federation's rules (docs/tavla-games.md gives the sources and the choices).

The board and moves are Fevga's (fevga.py: our head is our 24-point, theirs our 12, one checker holds a
point, nobody hits). Two rules are its own:
- the head: one checker leaves our 24-point a turn, two on the side's first turn (all 15 still on the
  head) when it rolls 6-6, 4-4 or 3-3, the doubles with which one checker alone could not play the roll;
- no six consecutive points held on the opponent's way round unless an opposing checker is past them
  (`blocks_everyone`, as Fevga's but allowed in our starting quarter too).
"""

from game.core.text.i18n import _
from game.tavla.engine.fevga import START, SameWayGame, blocks_everyone
from game.tavla.engine.notation import Move
from game.tavla.engine.position import CHECKERS, State

FIRST_TURN_DOUBLES = (3, 4, 6)  # on the first turn they take two checkers off the head


class LongNardy(SameWayGame):
    """Long nardy: the head rule and the six-block rule on Fevga's board."""

    def heads(self, start: State, roll: tuple[int, int]) -> int:
        """How many checkers may leave the head in the play of `roll` from `start`."""
        first_turn = start[START] == CHECKERS
        return 2 if first_turn and roll[0] == roll[1] and roll[0] in FIRST_TURN_DOUBLES else 1

    def head_spent(self, start: State, board: State, roll: tuple[int, int]) -> bool:
        """Whether the play of `roll` begun on `start` has taken every checker off the head it may."""
        return max(start[START], 0) - max(board[START], 0) >= self.heads(start, roll)

    def play_moves(self, start: State, board: State, die: int, roll: tuple[int, int]) -> list[Move]:
        spent = self.head_spent(start, board, roll)
        return [move for move in self.single_moves(board, die) if not (spent and move[0] == START)]

    def refusal(self, start: State, board: State, move: Move, roll: tuple[int, int]) -> str | None:
        if move[0] == START and board[START] > 0 and self.head_spent(start, board, roll):
            return _("one checker leaves the head (24) a turn; two on the first turn with 6-6, 4-4 or 3-3")
        return None

    def allows(self, board: State) -> bool:
        return not blocks_everyone(board)
