"""The script of a whole standard match with the cube against expert, worked out in this process.

A mirror of the table's session, played with the same seed and the same bot, says what the window will
show next and where a person clicks: the person plays as expert would (its plays, doubles, takes and
passes), each checker dragged to where it goes, Done by a click on the dice. Forced plays and passes
the table makes by itself, as the table does.
"""

from dataclasses import dataclass

from game.tavla.engine.cube import accepts_double, wants_double
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.session import Phase, TableSession, steps_of
from game.tavla.players.isolated import guarded_bot
from game.tavla.screens import layout

OPPONENT = "expert"
LENGTH = 5


@dataclass(frozen=True)
class Click:
    """One click of the person: what it does ("double", "roll", "take", "pass", "move", "done",
    "next") and, for a move (a drag), the point it starts from (seat 0's numbering), the checkers
    there, and where it goes (0: off)."""

    what: str
    point: int = 0
    count: int = 0
    target: int = 0

    def position(self) -> tuple[float, float]:
        """Where a move starts: the top checker of the point (the bar for 25)."""
        shown = layout.BAR_POINT if self.point == 25 else self.point
        return layout.checker_position(0, shown, self.count - 1, self.count)

    def drop(self) -> tuple[float, float]:
        """Where a move is dropped: the point's first checker place, or the tray."""
        if self.target == 0:
            return layout.TRAY_X, layout.MIDDLE_Y - 100
        return layout.checker_position(0, self.target, 0, 1)


class CubeScript:
    """The match as the window will play it: `advance()` runs the computer's part and the table's own
    moves, then `clicks()` are the person's next clicks, until `phase` is MATCH_OVER."""

    def __init__(self, seed: int) -> None:
        self.session = TableSession(Rules.STANDARD, LENGTH, OPPONENT, seed, cube=True)
        self.bot = guarded_bot(OPPONENT, rules=Rules.STANDARD, seed=seed)
        self.seen: set[str] = set()
        self.silent_rolls = 0  # the person's rolls the table played alone (a pass, a forced play)

    @property
    def phase(self) -> Phase:
        return self.session.phase

    def advance(self) -> Phase:
        """Everything up to the person's next decision; the phase the window waits in then."""
        session = self.session
        self.silent_rolls = 0
        while True:
            phase, game = session.phase, session.game
            if phase is Phase.COMPUTER_DOUBLE:
                doubles = wants_double(self.bot, game.state, session.cube)
                session.computer_double(doubles)
                self.seen.add("bot doubles" if doubles else "bot rolls")
            elif phase is Phase.COMPUTER_ANSWER:
                takes = accepts_double(self.bot, flip(game.state), session.cube.flipped())
                session.computer_answer(takes)
                self.seen.add("bot takes" if takes else "bot passes")
            elif phase is Phase.COMPUTER:
                session.computer_play(self.bot.play(list(game.state), *game.dice))
            elif phase is Phase.PASS:
                self.silent_rolls += session.seat == 0
                session.pass_turn()
            elif phase is Phase.HUMAN and session.turn.single_play:
                self.silent_rolls += 1
                for step in session.turn.forced():
                    session.turn.apply(step)
                session.commit_turn()
            else:
                if game.terms is not None and game.terms.crawford:
                    self.seen.add("crawford")
                return phase

    def clicks(self) -> list[Click]:
        """The person's clicks in the phase `advance` stopped in, applied to the mirror: the cube and
        the plays as expert would choose them, each move a drag."""
        session, phase, game = self.session, self.session.phase, self.session.game
        if phase is Phase.ROLL:
            if wants_double(self.bot, game.state, session.cube):
                session.double()
                self.seen.add("you double")
                return [Click("double")]
            session.roll()
            return [Click("roll")]
        if phase is Phase.ANSWER:
            take = accepts_double(self.bot, flip(game.state), session.cube.flipped())
            session.answer(take)
            self.seen.add("you take" if take else "you pass")
            return [Click("take" if take else "pass")]
        if phase is Phase.GAME_OVER:
            session.new_game()
            return [Click("next")]
        assert phase is Phase.HUMAN, phase
        turn, clicks = session.turn, []
        play = parse_play(self.bot.play(list(turn.start), *turn.dice))
        wanted = [move for move, _before, _after in steps_of(turn.variant, turn.state, play)]
        while not turn.done:
            # A drop plays what the table's targets say (which die bears a checker off, say): the
            # rest of expert's play, where it is still playable, else the first move there is.
            move = next((m for m in wanted if m[1] in turn.destinations(m[0])), None)
            if move is None:
                move = turn.options()[0].move
            else:
                wanted.remove(move)
            source, target = move
            count = turn.state[source]
            for step in turn.destinations(source)[target]:
                turn.apply(step)
            clicks.append(Click("move", source, count, target))
        session.commit_turn()
        return [*clicks, Click("done")]
