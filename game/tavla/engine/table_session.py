"""A match at the table: whose turn it is, the human's turn in progress, the computer's answers.

Pure Python: the table scene draws it and feeds it clicks and the bot's answers; tests drive it
directly. Seat 0 is the player at the bottom of the board; seat 1 is the computer, or a second
person at the same desk.

With the doubling cube (standard rules), the dice wait before each roll in which the player on roll may
double: a person doubles or rolls (Phase.ROLL), the computer is asked (Phase.COMPUTER_DOUBLE); a double
is answered by the other seat (Phase.ANSWER for a person, Phase.COMPUTER_ANSWER for the computer). In
a money session with beavers the seat doubled may beaver instead (`beaver`, `computer_beaver`); the
doubler then answers the beaver in the same phases, take or pass.

A money session (`match_length` MONEY) has no end of its own: after each game the person plays the
next or `stop`s it (Phase.MATCH_OVER then, as after a match won).

The player on roll may offer to resign, before rolling or with the dice rolled (a person: `resign`, the
computer: `computer_resign`); the other seat accepts or declines (Phase.RESIGN_ANSWER for a person,
Phase.COMPUTER_RESIGN_ANSWER for the computer); after a decline the turn goes on as it stood.
"""

import enum
from collections.abc import Sequence

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.committed_dice import new_seed
from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.game import Game, GameResult
from game.tavla.engine.match import Match
from game.tavla.engine.moves import IllegalPlay, Move, Play
from game.tavla.engine.position import State, is_race
from game.tavla.engine.resigning import stakes_cube
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, Rules, crawford_game
from game.tavla.engine.turn import TurnInProgress
from game.tavla.engine.variant import Variant

HUMAN = "human"


class Phase(enum.Enum):
    """What the table waits for."""

    HUMAN = "human"
    COMPUTER = "computer"
    PASS = "pass"
    ROLL = "roll or double"  # a person on roll may double before rolling
    COMPUTER_DOUBLE = "computer may double"
    ANSWER = "take or pass"  # a person answers a double
    COMPUTER_ANSWER = "computer answers"
    RESIGN_ANSWER = "accept or decline"  # a person answers an offer to resign
    COMPUTER_RESIGN_ANSWER = "computer answers a resignation"
    GAME_OVER = "game over"
    MATCH_OVER = "match over"


class TableSession:
    """One match (or money session) between seat 0 (a person) and seat 1 (a bot by name, or a second
    person)."""

    def __init__(
        self,
        rules: Rules,
        match_length: int,
        opponent: str,
        seed: int | None = None,
        cube: bool = False,
        jacoby: bool = False,
        beavers: bool = False,
        rotation: tuple[Rules, ...] = (),
        committed: bool = False,
    ) -> None:
        """`rotation`: the games played in turn (a Tavli match), `rules` then the first of them;
        `committed`: the dice come from a secret seed drawn now, its hash shown before the first roll
        and the seed once the match is over (engine/committed_dice.py), not from `seed`."""
        self.opponent = opponent
        self.humans = {0, 1} if opponent == HUMAN else {0}
        options = {"cube": cube, "jacoby": jacoby, "beavers": beavers, "rotation": rotation}
        dice_seed = new_seed() if committed else None
        self.match = Match(match_length, rules, seed, dice_seed=dice_seed, **options)
        self.turn: TurnInProgress | None = None
        self.keep = True  # leaving the table saves the match (not one set up at a position)
        self.new_game()

    @classmethod
    def from_position(
        cls,
        state: Sequence[int],
        dice: tuple[int, int] | None,
        rules: Rules,
        opponent: str,
        match_length: int = 1,
        seed: int | None = None,
        cube: bool = False,
        *,
        seat: int = 0,
        cube_value: int = 1,
        cube_owner: int | None = None,
        scores: tuple[int, int] = (0, 0),
        crawford: bool | None = None,
        jacoby: bool = False,
        keep: bool = True,
    ) -> "TableSession":
        """A table set up at `state` (seat 0's side) with `seat` on roll to play `dice` (None: before
        the roll, to roll or double): for practising a position (the position lab), and for tests.
        Seat 0 with two different dice plays them as the winner of an opening roll, as before.

        The match (`match_length`, MONEY for money play) stands at `scores` by seat; with the `cube`,
        its value and owner (a seat, None in the centre) and, at a score where a player needs one
        point, whether this game is the `crawford` game (None: it is, as a match reaching that score
        first plays it). `keep=False`: leaving the table does not save the match (a save replays every
        game from the opening, and this one did not start there)."""
        needs_one = match_length != MONEY and match_length - 1 in scores
        played = needs_one and crawford is False
        options = {"cube": cube, "jacoby": jacoby, "start_score": scores, "crawford_played": played}
        match = Match(match_length, rules, seed, **options)
        game = match.next_game(start_state=state)
        game.set_up = True
        if cube:
            Cube(cube_value, CubeOwner.CENTRE if cube_owner is None else CubeOwner.ME)  # checks the value
            game.cube_value, game.cube_owner = cube_value, cube_owner
        if dice is not None and seat == 0 and dice[0] != dice[1] and game.variant.opening_roll_played:
            game.start((max(dice), min(dice)))
        else:  # the seat on roll starts, with these dice or before its roll
            game.start(first=seat)
            if dice is not None:
                game.roll(dice)
        session = cls.resume(match, opponent)
        session.keep = keep
        return session

    @classmethod
    def resume(cls, match: Match, opponent: str) -> "TableSession":
        """Carry on a restored match at the turn it was saved in."""
        session = cls.__new__(cls)
        session.opponent = opponent
        session.humans = {0, 1} if opponent == HUMAN else {0}
        session.match = match
        session.turn = None
        session.keep = True
        if session.game.turn is None:
            session.game.start()
        if not session.game.over:
            session._begin_turn()
        return session

    @property
    def rules(self) -> Rules:
        """The rule set of the game being played (in a Tavli match each game has its own)."""
        return self.game.rules

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
            return Phase.MATCH_OVER if self.match.over else Phase.GAME_OVER
        offered_by = self.game.offered_by
        if offered_by is not None:
            return Phase.ANSWER if 1 - offered_by in self.humans else Phase.COMPUTER_ANSWER
        offer = self.game.resign_offer
        if offer is not None:
            return Phase.RESIGN_ANSWER if 1 - offer.player in self.humans else Phase.COMPUTER_RESIGN_ANSWER
        human = self.seat in self.humans
        if self.game.dice is None:
            return Phase.ROLL if human else Phase.COMPUTER_DOUBLE
        if self.turn is not None and not self.turn.has_play:
            return Phase.PASS
        return Phase.HUMAN if human else Phase.COMPUTER

    @property
    def result(self) -> GameResult | None:
        return self.game.result

    @property
    def cube(self) -> Cube | None:
        """The cube as the seat on roll sees it, or None in a match without it."""
        return self.game.cube_for(self.seat)

    def board(self) -> State:
        """The position from seat 0's side, the way the table is drawn."""
        return self.game.state_for(0)

    def new_game(self) -> None:
        """The next game of the match, after its opening roll."""
        match = self.match
        match.next_game().start(first=match.starter(len(match.games) - 1))
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Roll for the seat on roll, unless a double waits for its answer, the seat may double (and the
        cube is not dead for it: a double would gain nothing), or an offer to resign made before the
        roll waits for its answer."""
        game = self.game
        self.turn = None
        if game.offered_by is not None:
            return
        if game.dice is None:
            cube = self.cube
            if game.resign_offer is not None or (game.may_double() and cube is not None and not cube.dead):
                return
            game.roll()
        assert game.dice is not None
        self.turn = TurnInProgress(game.state, game.dice[0], game.dice[1], game.rules)

    def roll(self) -> None:
        """A person who may double rolls instead."""
        if self.phase is not Phase.ROLL:
            raise UserError(_("it is not your turn to roll"))
        self.game.roll()
        self._begin_turn()

    def double(self) -> None:
        """A person on roll offers the cube; the other seat answers next."""
        if self.phase is not Phase.ROLL:
            raise UserError(_("you cannot double now"))
        self.game.double()

    def answer(self, take: bool) -> None:
        """A person takes the double (the doubler rolls next) or passes it (the game ends)."""
        if self.phase is not Phase.ANSWER:
            raise UserError(_("there is no double to answer"))
        self._answer(take)

    def computer_double(self, doubles: bool) -> None:
        """The computer's cube decision before its roll: it doubles, or it rolls."""
        if self.phase is not Phase.COMPUTER_DOUBLE:
            raise UserError(_("it is not the computer's turn"))
        if doubles:
            self.game.double()
        else:
            self.game.roll()
            self._begin_turn()

    def computer_answer(self, takes: bool) -> None:
        """The computer's answer to the person's double (or to the person's beaver)."""
        if self.phase is not Phase.COMPUTER_ANSWER:
            raise UserError(_("it is not the computer's turn"))
        self._answer(takes)

    @property
    def beavered(self) -> bool:
        """Whether the double waiting for its answer is a beaver (the first doubler answers it)."""
        return self.game.beavered

    @property
    def may_beaver(self) -> bool:
        """Whether the person doubled may beaver now."""
        return self.phase is Phase.ANSWER and self.game.may_beaver()

    def beaver(self) -> None:
        """The person doubled takes and at once redoubles, keeping the cube; the doubler answers next."""
        if not self.may_beaver:
            raise UserError(_("you cannot beaver now"))
        self.game.beaver()

    def computer_beaver(self) -> None:
        """The computer, doubled, beavers the person's double; the person answers the beaver next."""
        if self.phase is not Phase.COMPUTER_ANSWER or not self.game.may_beaver():
            raise UserError(_("it is not the computer's turn"))
        self.game.beaver()

    def stop(self) -> None:
        """The person ends the money session after a game (Phase.MATCH_OVER follows)."""
        if self.phase is not Phase.GAME_OVER:
            raise UserError(_("finish the current game first"))
        self.match.stop()

    def _answer(self, take: bool) -> None:
        if take:
            self.game.take()
            self._begin_turn()
        else:
            self.game.pass_double()
            self.turn = None

    def stakes(self, seat: int) -> Cube:
        """What this game is played for, seen by `seat`, as a resignation is weighed: the cube and the
        match score (engine/resigning.py `stakes_cube`)."""
        match, game = self.match, self.game
        scores = match.scores
        history = match.score_history(len(match.games) - 1)
        crawford = crawford_game(match.length, history)
        length = None if match.money else match.length
        return stakes_cube(game.cube_for(seat), length, (scores[seat], scores[1 - seat]), crawford)

    @property
    def may_resign(self) -> bool:
        """Whether the person on roll may offer to resign now (before the roll or while playing it)."""
        return self.phase in (Phase.ROLL, Phase.HUMAN) and self.game.may_resign()

    def resign(self, level: Resignation) -> None:
        """The person on roll offers to resign `level`; the other seat answers next."""
        if not self.may_resign:
            raise UserError(_("you cannot resign now"))
        self.game.resign(level)

    def answer_resignation(self, accept: bool) -> None:
        """A person accepts the offer to resign (the game ends) or declines it (play goes on)."""
        if self.phase is not Phase.RESIGN_ANSWER:
            raise UserError(_("there is no resignation to answer"))
        self._answer_resignation(accept)

    def computer_resign(self, level: Resignation) -> None:
        """The computer, at its turn, offers to resign `level`; the person answers next."""
        if self.phase not in (Phase.COMPUTER, Phase.COMPUTER_DOUBLE):
            raise UserError(_("it is not the computer's turn"))
        self.game.resign(level)

    def computer_answer_resignation(self, accept: bool) -> None:
        """The computer's answer to the person's offer to resign."""
        if self.phase is not Phase.COMPUTER_RESIGN_ANSWER:
            raise UserError(_("it is not the computer's turn"))
        self._answer_resignation(accept)

    def _answer_resignation(self, accept: bool) -> None:
        if accept:
            self.game.accept_resignation()
            self.turn = None
            return
        self.game.decline_resignation()
        if self.turn is None:
            self._begin_turn()

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

        An illegal answer ends the game by disqualification, as in the contest (docs/bot-protocol.md).
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
        return steps_of(self.game.variant, before, play)

    def opponent_failed(self, reason: str) -> None:
        """The computer crashed or gave no answer in time (to a play, a cube question or an offer to
        resign): it loses the game by disqualification, the position kept, as for an illegal play."""
        phase = self.phase
        answering = (Phase.COMPUTER_ANSWER, Phase.COMPUTER_RESIGN_ANSWER)
        if phase not in (Phase.COMPUTER, Phase.COMPUTER_DOUBLE, *answering):
            raise UserError(_("it is not the computer's turn"))
        self.game.disqualify(reason, 1 - self.seat if phase in answering else self.seat)
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


def steps_of(variant: Variant, state: State, play: Play) -> list[tuple[Move, State, State]]:
    """A play split into single moves, highest point first (always a playable order)."""
    steps = []
    for move in sorted(play, reverse=True):
        after = variant.apply_play(state, (move,))
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
