"""What the table shows the player to read the game by: the hint of this turn or cube decision (asked of
the strongest bot off the frame loop, collected as time passes, shown as arrows, the ranked panel or the
cube's words; a ranked play can be made from it), and the computer's last play (marked on the board
until the player moves, and shown once more with L).

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the opponent's
driver, the checker stacks, the side panel, the hint panel and the toast this uses.
"""

from dataclasses import replace

from game.core.errors import UserError
from game.tavla.analysis.decisions import JudgedPlay
from game.tavla.analysis.stakes import stakes_at
from game.tavla.engine.cube import CubeOwner
from game.tavla.engine.game import Turn
from game.tavla.engine.notation import display_play
from game.tavla.engine.table_session import HUMAN, Phase, steps_of
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.screens.table import captions, cube_captions, marks
from game.tavla.screens.table.hints import take_play
from game.tavla.screens.table.last_play import PlayMarks, last_play, play_marks
from game.tavla.screens.table.turns import WAITING, ShownPlay


class TableHints:
    """The hint and the computer's last play, asked for and shown."""

    def _clear_hint(self) -> None:
        self.hint = []
        self.hint_arrows = []
        self.panel.texts["hint"].text = ""
        self.driver.drop_hint()
        self.hint_panel.clear()
        self.buttons = list(self.panel.buttons)

    def show_hint(self) -> None:
        """Ask the strongest bot for the play of this turn; it shows when found, input never waits."""
        session = self.session
        if session.phase in (Phase.ROLL, Phase.ANSWER) and session.cube is not None:
            cube = session.cube
            if session.beavered:  # weighed as the doubler's own double of the cube the beaver turned
                cube = replace(cube, owner=CubeOwner.ME)
            self.driver.request_cube_hint(self.moment, session.game.state, cube)
            self.panel.texts["hint"].text = captions.hint_thinking_text()
            return
        if session.phase is not Phase.HUMAN or session.turn is None or self.replay is not None:
            return
        turn = session.turn
        self.driver.request_hint(turn, turn.start, turn.dice, stakes_at(session.match, session.seat))
        self.hint = []
        self.hint_arrows = []
        self.panel.texts["hint"].text = captions.hint_thinking_text()

    def _collect_hint(self) -> None:
        if not self.driver.hint_pending:
            return
        try:
            turn = self.session.turn
            found = self.driver.hint_for(turn if turn is not None else self.moment)
        except UserError as error:
            self.panel.texts["hint"].text = ""
            self.toast.show(str(error))
            return
        if found is None:
            return
        title, answer = found
        if isinstance(answer, CubeDecision):
            session = self.session
            answering = session.phase is Phase.ANSWER
            text = cube_captions.hint_text(title, answer, answering, session.may_beaver, session.beavered)
            self.panel.texts["hint"].text = text
            return
        self.hint = list(answer.moves)
        start = self.session.turn.start if self.session.turn is not None else self.session.game.state
        self.hint_arrows = marks.hint_arrows(self.session.seat, start, self.hint, self.session.game.variant)
        if not self.compact:
            self.hint_panel.show(answer, self.session.seat, start, self.session.game.rules)
        self.buttons = self.hint_panel.covering(self.panel.buttons, self.panel.upper_buttons)
        self.panel.texts["hint"].text = captions.hint_text(title, display_play(start, self.hint))

    def _point_hint(self, play: JudgedPlay) -> None:
        """A row of the ranked hint is chosen: the arrows point out its moves (the panel draws its ghosts)."""
        if self.session.turn is not None:
            self.hint = list(play.play)
            self.hint_arrows = marks.hint_arrows(
                self.session.seat, self.session.turn.start, self.hint, self.session.game.variant
            )

    def make_hinted(self, play: JudgedPlay) -> None:
        """The ranked hint's Make this play: the turn becomes that play and its checkers glide there."""
        turn = self.session.turn
        playing = self.session.phase is Phase.HUMAN and turn is not None and not self.animating
        if playing and turn is not None and take_play(turn, play.after):
            self.checkers.glide_to(turn.state, self.session.seat)
            self._clear_hint()
            self._update_hud()

    def computers_last_play(self) -> Turn | None:
        """The computer's last play while it is the last thing that moved (none with two people at one
        desk, who watch each other play)."""
        if self.opponent == HUMAN:
            return None
        return last_play(self.session.game, 1)

    @property
    def last_play_marks(self) -> PlayMarks | None:
        """The marks of the computer's last play while they are on the board: once its checkers have
        landed, until the player moves a checker (or picks one up)."""
        turn = self.computers_last_play()
        if turn is None or self.animating or self.drag is not None or self.auto_commit:
            return None
        if self.session.turn is not None and self.session.turn.steps:
            return None
        if self._marks is None or self._marks[0] is not turn:
            self._marks = (turn, play_marks(turn, self.session.game.variant))
        return self._marks[1]

    def show_last_play(self) -> None:
        """L (or Replay beside the move list): the computer's last play once more, its checkers back where
        they stood, then moving as it played; the player's moves of this turn come back after it."""
        turn = self.computers_last_play()
        if turn is None or self.holding or self.animating or self.drag is not None or self.auto_commit:
            return
        if self.session.phase not in WAITING:
            return
        moves = [move for move, _before, _after in steps_of(self.session.game.variant, turn.state, turn.play)]
        self.checkers.sync(turn.state if turn.player == 0 else self.session.game.variant.flip(turn.state))
        self.checkers.pending.extend((turn.player, move) for move in moves)
        self.replay = ShownPlay(turn.player, turn.dice, turn.state, moves, again=True)
        self._update_dice()
