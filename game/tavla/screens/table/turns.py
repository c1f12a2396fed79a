"""The turns at the table: the dice rolled, the player's play committed (or taken back), the computer's
play, cube answers and resignations collected and shown (resigning.py says them), a pass waited out,
the next game and the next match.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the opponent's
driver, the checker stacks, the dice, the side panel, the tutor, the dialogs and the toast this uses;
its `on_update` calls these as time passes, its buttons and keys call the rest.
"""

from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.analysis.stakes import stakes_at
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import BotFault
from game.tavla.engine.moves import Move
from game.tavla.engine.notation import display_play
from game.tavla.engine.position import State, flip
from game.tavla.engine.results import Resignation
from game.tavla.engine.table_session import Phase
from game.tavla.screens.table import captions, cube_captions

ROLL_SECONDS = 0.5
PASS_SECONDS = 1.6
FORCED_SECONDS = 1.2  # a forced play waits this long under its caption before it moves
PLAYED_SECONDS = 0.4  # the computer's play stays on the board this long before the next roll
WAITING = (Phase.HUMAN, Phase.ROLL, Phase.ANSWER, Phase.RESIGN_ANSWER, Phase.GAME_OVER, Phase.MATCH_OVER)
"""The phases in which the table waits for a person."""


@dataclass
class ShownPlay:
    """The computer's play being shown: its checkers move first, the panel and the next roll after (or,
    shown once more, the turn that waits)."""

    seat: int
    dice: tuple[int, int]
    start: State
    moves: list[Move]
    wait: float = PLAYED_SECONDS
    again: bool = False  # shown once more (L): the turn on the table goes on after it


class TurnFlow:
    """What happens next at the table, turn by turn."""

    forced_wait = 0.0  # seconds left before a forced play, said in a caption, moves (counted in on_update)
    forced_for: object = None  # the turn whose forced play was said

    def _start_turn(self) -> None:
        """A fresh turn: roll the dice on screen; the rest happens in on_update."""
        self._clear_hint()
        self.targets = {}
        self.auto_commit = False
        self.rolling = ROLL_SECONDS if self.session.turn is not None else 0.0
        self.moment = object()
        if self.rolling:
            self.shell.sounds.play("dice")
        if self.session.phase is Phase.PASS:
            self.pass_wait = PASS_SECONDS + ROLL_SECONDS
            self.toast.show(captions.pass_text(self.session, self.players), PASS_SECONDS + 0.6)
        self._update_hud()

    def _after_animation(self) -> None:
        """Called when everything on the board has landed: the next thing in the turn may happen."""
        session = self.session
        phase = session.phase
        if phase is Phase.HUMAN:
            turn = session.turn
            assert turn is not None
            if turn.done and self.auto_commit:
                self.finish_turn()
                return
            if not turn.steps:
                moves = session.auto_play(self.settings.auto_forced_moves, self.settings.auto_bear_off)
                if moves and turn.single_play and self.forced_for is not turn:
                    # The only play is said where the player looks, and waits a moment before it moves.
                    self.forced_for = turn
                    self.forced_wait = FORCED_SECONDS
                    text = captions.forced_text(session, self.players, display_play(turn.start, moves))
                    if self.toast.message:  # what was just said (the computer took the double) stays
                        text = f"{self.toast.message}\n{text}"
                    self.toast.show(text, FORCED_SECONDS + 1.6)
                    return
                if moves and self.forced_wait <= 0:
                    for move in moves:
                        step = next(s for s in turn.options() if s.move == move)
                        turn.apply(step)
                        self.checkers.pending.append((session.seat, move))
                    self.auto_commit = True
        elif phase is Phase.COMPUTER:
            game = session.game
            assert game.dice is not None
            tell = getattr(self.driver.bot, "play_at", None)
            if callable(tell) and game.turn is not None:
                tell(session.stakes(game.turn))  # the judge's bots play at the score
            self.driver.ask(game.state, game.dice, self.offer_terms())
        elif phase is Phase.COMPUTER_DOUBLE and session.cube is not None:
            self.driver.ask_double(session.game.state, session.cube, self.offer_terms())
        elif phase is Phase.COMPUTER_ANSWER and session.cube is not None and session.beavered:
            self.driver.ask_beaver_answer(session.game.state, session.cube)
        elif phase is Phase.COMPUTER_ANSWER and session.cube is not None:
            beaver = session.game.may_beaver()
            self.driver.ask_take(flip(session.game.state), session.cube.flipped(), beaver)
        elif phase is Phase.COMPUTER_RESIGN_ANSWER:
            self.ask_resign_answer()
        self._update_hud()

    def _collect_bot_answer(self) -> None:
        future = self.driver.answer()
        if future is None:
            return
        seat = self.session.seat
        try:
            answer = future.result()
        except BaseException as error:  # noqa: BLE001 - a bot's failure ends its game, not the program
            reason = str(error) if isinstance(error, BotFault | UserError) else captions.exception_text(error)
            self.session.opponent_failed(reason)
            self.toast.show(captions.failure_text(reason), 5.0)
            self._update_hud()
            return
        if isinstance(answer, Resignation):
            self.computer_offers(answer)
            return
        if isinstance(answer, bool) and self.session.phase is Phase.COMPUTER_RESIGN_ANSWER:
            self.computer_resign_answer(answer)
            return
        if isinstance(answer, bool):
            self._cube_answer(answer)
            return
        if answer is CubeEvent.BEAVER and self.session.phase is Phase.COMPUTER_ANSWER:
            self.session.computer_beaver()
            self.shell.sounds.play("double")
            self.toast.show(cube_captions.beaver_text(self.players.name(1 - self.session.seat)), 3.0)
            self._start_turn()
            return
        dice, start = self.session.game.dice, self.session.game.state
        steps = self.session.computer_play(answer)
        result = self.session.result
        if self.session.game.over and result and result.disqualified is not None:
            self.toast.show(captions.disqualified_text(self.players.name(seat), result.reason))
        for move, _before, _after in steps:
            self.checkers.pending.append((seat, move))
        if steps and dice is not None:
            # Its checkers move and its play is written first; the status and the next roll wait.
            self.replay = ShownPlay(seat, dice, start, [move for move, _before, _after in steps])
            self.panel.moves.set_rows(captions.move_rows(self.session.game))
            return
        if not self.session.game.over:
            self._start_turn()
        self._update_hud()

    def _end_replay(self) -> None:
        """The computer's play has been seen: the panel catches up and the next turn begins (after the
        play shown once more, the turn on the table goes on, the player's moves of it back in place)."""
        replay, self.replay = self.replay, None
        if replay is not None and replay.again:
            turn = self.session.turn
            if turn is not None and turn.steps:
                self.checkers.glide_to(turn.state, self.session.seat)
            self._update_hud()
            return
        if self.session.game.over:
            self._update_hud()
        else:
            self._start_turn()

    def _cube_answer(self, yes: bool) -> None:
        """The computer's cube decision: it doubles or rolls, or it takes or passes the player's double."""
        session = self.session
        if session.phase is Phase.COMPUTER_DOUBLE:
            session.computer_double(yes)
            if yes:
                self.shell.sounds.play("double")
        elif session.phase is Phase.COMPUTER_ANSWER:
            beavered = session.beavered
            name = self.players.name(session.seat if beavered else 1 - session.seat)
            session.computer_answer(yes)
            if yes:
                self.shell.sounds.play("take")
            value = session.game.cube_value
            self.toast.show(cube_captions.answer_text(name, yes, value, beavered), 3.0)
        self._start_turn()

    def double(self) -> None:
        """Double: the player on roll offers the cube (the Double button, D)."""
        if self.session.phase is Phase.ROLL and not self.animating:
            self.session.double()
            self.shell.sounds.play("double")
            self._start_turn()

    def roll(self) -> None:
        """Roll without doubling (the Roll button, Space)."""
        if self.session.phase is Phase.ROLL and not self.animating:
            self.session.roll()
            self._start_turn()

    def take(self) -> None:
        if self.session.phase is Phase.ANSWER:
            self.session.answer(True)
            self.shell.sounds.play("take")
            self._start_turn()

    def pass_double(self) -> None:
        if self.session.phase is Phase.ANSWER:
            self.session.answer(False)
            self._start_turn()

    def beaver(self) -> None:
        """Beaver (the button, B): take the double and redouble at once, keeping the cube."""
        if self.session.may_beaver:
            self.session.beaver()
            self.shell.sounds.play("double")
            self._start_turn()

    def turn_may_end(self) -> bool:
        """Whether the person's turn can end now: theirs, nothing moving or held, and every usable die
        used (else they are told so)."""
        session = self.session
        if (
            session.phase is not Phase.HUMAN
            or self.animating
            or session.turn is None
            or self.drag is not None
        ):
            return False
        if not session.turn.done:
            self.toast.show(_("Use every die that can be used first."), 2.5)
            return False
        return True

    def finish_turn(self) -> None:
        """Done / a click on the dice: the human's play is committed once every usable die is used."""
        if not self.turn_may_end():
            return
        session = self.session
        assert session.turn is not None
        stakes = stakes_at(session.match, session.seat)
        judged = session.rules.analysable  # a judge knows the game (every game of the board)
        if judged and not self.auto_commit and self.tutor.stops(session.turn, session.rules, stakes):
            return
        session.commit_turn()
        if not session.game.over:
            self._start_turn()
        self._update_hud()

    def _take_back_turn(self) -> None:
        """Tutor mode's Take back: every move of the turn undone, the checkers back where it started."""
        turn = self.session.turn
        if turn is not None:
            while turn.steps:
                turn.undo()
            self.auto_commit = False
            self.checkers.glide_to(turn.state, self.session.seat)
            self._update_hud()

    def undo(self) -> None:
        turn = self.session.turn
        if self.session.phase is not Phase.HUMAN or turn is None or self.animating or not turn.steps:
            return
        if self.drag is not None:
            return
        self.auto_commit = False
        turn.undo()
        self.checkers.glide_to(turn.state, self.session.seat)

    def next_game(self) -> None:
        if self.session.phase is Phase.GAME_OVER and not self.animating:
            self.session.new_game()
            self.seat_opponent()
            self.checkers.sync(self.session.board(), self.session.game.variant)
            self._start_turn()
            self._announce_opening()

    def new_match(self) -> None:
        """New match (New session after a money session): from 0 – 0, on the same terms."""
        self.start_session(self.fresh_session(self.rng.randrange(10**9)))

    def stop_session(self) -> None:
        """Stop on the card after a game of a money session: the session ends there, kept for the
        analysis (the end card then offers Menu, New session and Analyse)."""
        if self.session.phase is Phase.GAME_OVER and self.session.match.money and not self.animating:
            self.session.stop()
            self._update_hud()

    def _skip_animation(self) -> None:
        """A click during the computer's turn lands everything at once (its play then stays written)."""
        self.rolling = 0.0
        self.checkers.land_all()
        if self.replay is not None:
            self._end_replay()
