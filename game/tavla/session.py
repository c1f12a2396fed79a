"""A match at the table: whose turn it is, the human's turn in progress, the computer's answers.

Pure Python: the table scene draws it and feeds it clicks and the bot's answers; tests drive it
directly. Seat 0 is the player at the bottom of the board; seat 1 is the computer, or a second
person at the same desk.
"""

import enum
from collections.abc import Sequence

from game.errors import UserError
from game.i18n import _
from game.tavla.game import Game, GameResult, Match
from game.tavla.moves import IllegalPlay, Move, Play, apply_play
from game.tavla.position import State, is_race
from game.tavla.rules import Rules
from game.tavla.turn import TurnInProgress

HUMAN = "human"


class Phase(enum.Enum):
    """What the table waits for."""

    HUMAN = "human"
    COMPUTER = "computer"
    PASS = "pass"
    GAME_OVER = "game over"
    MATCH_OVER = "match over"


class TableSession:
    """One match between seat 0 (a person) and seat 1 (a bot by name, or a second person)."""

    def __init__(self, rules: Rules, match_length: int, opponent: str, seed: int | None = None) -> None:
        self.opponent = opponent
        self.humans = {0, 1} if opponent == HUMAN else {0}
        self.match = Match(match_length, rules, seed)
        self.turn: TurnInProgress | None = None
        self.new_game()

    @classmethod
    def from_position(
        cls,
        state: Sequence[int],
        dice: tuple[int, int],
        rules: Rules,
        opponent: str,
        match_length: int = 1,
        seed: int | None = None,
    ) -> "TableSession":
        """A one-game table set up at `state` with seat 0 to play `dice` (two different dice, as the
        opening roll gives): for practising a position, and for tests."""
        match = Match(match_length, rules, seed)
        game = Game(rules, rng=match.rng, start_state=state)
        match.games.append(game)
        game.start((max(dice), min(dice)))
        return cls.resume(match, opponent)

    @classmethod
    def resume(cls, match: Match, opponent: str) -> "TableSession":
        """Carry on a restored match at the turn it was saved in."""
        session = cls.__new__(cls)
        session.opponent = opponent
        session.humans = {0, 1} if opponent == HUMAN else {0}
        session.match = match
        session.turn = None
        if session.game.turn is None:
            session.game.start()
        if not session.game.over:
            session._begin_turn()
        return session

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def game(self) -> Game:
        game = self.match.current
        assert game is not None
        return game

    @property
    def seat(self) -> int:
        """The seat on roll."""
        return self.game.turn or 0

    @property
    def phase(self) -> Phase:
        if self.game.over:
            return Phase.MATCH_OVER if self.match.winner is not None else Phase.GAME_OVER
        if self.turn is not None and not self.turn.has_play:
            return Phase.PASS
        return Phase.HUMAN if self.seat in self.humans else Phase.COMPUTER

    @property
    def result(self) -> GameResult | None:
        return self.game.result

    def board(self) -> State:
        """The position from seat 0's side, the way the table is drawn."""
        return self.game.state_for(0)

    def new_game(self) -> None:
        """The next game of the match, after its opening roll."""
        self.match.next_game().start()
        self._begin_turn()

    def _begin_turn(self) -> None:
        game = self.game
        if game.dice is None:
            game.roll()
        assert game.dice is not None
        self.turn = TurnInProgress(game.state, game.dice[0], game.dice[1], self.rules)

    def commit_turn(self) -> Play:
        """The human's moves become the play of the turn; the next player rolls."""
        if self.phase is not Phase.HUMAN or self.turn is None or not self.turn.done:
            raise UserError(_("the turn is not complete: use every die that can be used"))
        play = self.game.play(tuple(self.turn.moves))
        self._next()
        return play

    def pass_turn(self) -> None:
        """The player on roll has no legal play."""
        if self.phase is not Phase.PASS:
            raise UserError(_("there is a legal play: the turn cannot be passed"))
        self.game.play(())
        self._next()

    def computer_play(self, answer: str | None) -> list[tuple[Move, State, State]]:
        """Apply the bot's answer; returns its single moves with the positions before and after each
        (from the bot's side), in an order that can be animated one checker at a time.

        An illegal answer ends the game by disqualification, as in the contest (SPEC §3).
        """
        if self.phase is not Phase.COMPUTER:
            raise UserError(_("it is not the computer's turn"))
        before = self.game.state
        try:
            play = self.game.play(answer)
        except IllegalPlay as error:
            reason = _("illegal play {answer}: {reason}").format(answer=repr(answer), reason=error)
            self.game.disqualify(reason)
            self.turn = None
            return []
        self._next()
        return steps_of(before, play)

    def opponent_failed(self, reason: str) -> None:
        """The computer crashed or gave no answer in time: it loses the game by disqualification, the
        position kept, as for an illegal play."""
        if self.phase is not Phase.COMPUTER:
            raise UserError(_("it is not the computer's turn"))
        self.game.disqualify(reason)
        self.turn = None

    def _next(self) -> None:
        self.turn = None
        if not self.game.over:
            self._begin_turn()

    def auto_play(self, forced_moves: bool, bear_off: bool) -> list[Move] | None:
        """The moves to make for the human without asking, if the options allow it now."""
        turn = self.turn
        if self.phase is not Phase.HUMAN or turn is None or turn.done:
            return None
        if forced_moves and turn.single_play:
            return [step.move for step in turn.forced()]
        if bear_off and is_race(turn.state) and all(turn.state[p] <= 0 for p in range(7, 26)):
            return _most_off(turn)
        return None


def steps_of(state: State, play: Play) -> list[tuple[Move, State, State]]:
    """A play split into single moves, highest point first (always a playable order)."""
    steps = []
    for move in sorted(play, reverse=True):
        after = apply_play(state, (move,))
        steps.append((move, state, after))
        state = after
    return steps


def _most_off(turn: TurnInProgress) -> list[Move]:
    """Bear off as many checkers as the roll allows, playing from the highest points."""
    moves: list[Move] = []
    while not turn.done:
        options = turn.options()
        step = max(options, key=lambda s: (s.move[1] == 0, s.move[0]))
        turn.apply(step)
        moves.append(step.move)
    for _move in moves:
        turn.undo()
    return moves
