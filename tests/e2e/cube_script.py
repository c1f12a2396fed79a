"""The script of a whole standard match with the cube against expert, worked out in this process.

A mirror of the table's session, played with the same seed and the same bot, says what the window will
show next and where a person clicks: the person plays as expert would (its plays, doubles, takes and
passes), each checker dragged to where it goes, Done by a click on the dice. Forced plays and passes
the table makes by itself, as the table does.

`timeline` works the match out once (a few seconds: expert plays both sides) as a list of stops, each
where the window waits for the person: what it shows there, the person's clicks, and the match as the
table saves it. A scene of the match can start at any stop where the person is to roll or to play:
`keep_for_the_window` keeps that save where the table keeps an unfinished match, the table opened on it
offers to resume it, and from there on the window goes through the stops that follow.
"""

import functools
from dataclasses import dataclass
from pathlib import Path

from game.core.records import DB_NAME, Records
from game.tavla.engine.cube import Cube, accepts_double, wants_double
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession, steps_of
from game.tavla.players.isolated import guarded_bot
from game.tavla.record.save import dump_match, load_match, player_names, save_table, saved_table
from tests.e2e.table_screen import drag_start, drop_place

OPPONENT = "expert"
LENGTH = 5
# A 5-point match in which every cube action happens: in game 1 the person doubles and the computer
# passes; in game 2 the person doubles and the computer takes, the computer redoubles and the person
# passes; in game 3 the computer doubles and the person takes; game 4, the Crawford game, ends the match.
# (The seed is chosen for that, test_cube_session.py checks it: new weights play another match.)
SEED = 158
EVENTS = ("you double", "bot takes", "bot passes", "bot doubles", "you take", "you pass", "crawford")
HUMAN_SIDE = "white"  # the shipped config's; only the names the save gives the players follow it


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
        return drag_start(self.point, self.count)

    def drop(self) -> tuple[float, float]:
        """Where a move is dropped: the point's first checker place, or the tray."""
        return drop_place(self.target)


@dataclass(frozen=True)
class Stop:
    """One stop of the match, where the window waits for the person: its number, the phase, the game's
    number (1 for the first), whether it is the Crawford game, what the computer did on the way there
    (`before`) and what the person's clicks do (`done`), the clicks, how many of the person's rolls the
    table played alone on the way, what the table shows (the position, the dice, the cube, the score),
    and, before a roll or a play, the match as the table saves it."""

    index: int
    phase: Phase
    game: int
    crawford: bool
    before: frozenset[str]
    done: frozenset[str]
    clicks: tuple[Click, ...]
    silent_rolls: int
    state: tuple[int, ...]
    dice: tuple[int, int] | None
    cube: Cube | None
    scores: tuple[int, int]
    save: str | None

    @property
    def events(self) -> frozenset[str]:
        return self.before | self.done


@dataclass(frozen=True)
class Timeline:
    """The whole match: its stops, and the seat that wins it."""

    stops: tuple[Stop, ...]
    winner: int


class CubeScript:
    """The match as the window will play it: `advance()` runs the computer's part and the table's own
    moves, then `clicks()` are the person's next clicks, until `phase` is MATCH_OVER."""

    def __init__(self, seed: int = SEED, length: int = LENGTH) -> None:
        self.session = TableSession(Rules.STANDARD, length, OPPONENT, seed, cube=True)
        self.bot = guarded_bot(OPPONENT, rules=Rules.STANDARD, seed=seed)
        self.seen: set[str] = set()
        self.log: list[tuple[int, str]] = []  # (stop, event), in order
        self.decision = -1  # the number of the stop `advance` made last
        self.silent_rolls = 0  # the person's rolls the table played alone (a pass, a forced play)

    @property
    def phase(self) -> Phase:
        return self.session.phase

    def _saw(self, event: str) -> None:
        self.seen.add(event)
        self.log.append((self.decision, event))

    def advance(self) -> Phase:
        """Everything up to the person's next decision; the phase the window waits in then."""
        session = self.session
        self.silent_rolls = 0
        self.decision += 1
        while True:
            phase, game = session.phase, session.game
            if phase is Phase.COMPUTER_DOUBLE:
                doubles = wants_double(self.bot, game.state, session.cube)
                session.computer_double(doubles)
                self._saw("bot doubles" if doubles else "bot rolls")
            elif phase is Phase.COMPUTER_ANSWER:
                takes = accepts_double(self.bot, flip(game.state), session.cube.flipped())
                session.computer_answer(takes)
                self._saw("bot takes" if takes else "bot passes")
            elif phase is Phase.COMPUTER:
                self.bot.play_at(session.stakes(game.turn))  # as the table tells its bot
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
                    self._saw("crawford")
                return phase

    def clicks(self) -> list[Click]:
        """The person's clicks in the phase `advance` stopped in, applied to the mirror: the cube and
        the plays as expert would choose them, each move a drag."""
        session, phase, game = self.session, self.session.phase, self.session.game
        if phase is Phase.ROLL:
            if wants_double(self.bot, game.state, session.cube):
                session.double()
                self._saw("you double")
                return [Click("double")]
            session.roll()
            return [Click("roll")]
        if phase is Phase.ANSWER:
            take = accepts_double(self.bot, flip(game.state), session.cube.flipped())
            session.answer(take)
            self._saw("you take" if take else "you pass")
            return [Click("take" if take else "pass")]
        if phase is Phase.GAME_OVER:
            session.new_game()
            return [Click("next")]
        assert phase is Phase.HUMAN, phase
        turn, clicks = session.turn, []
        self.bot.play_at(session.stakes(game.turn))
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


@functools.cache
def timeline(seed: int = SEED, length: int = LENGTH) -> Timeline:
    """Every stop of the whole match, worked out alone, once in a test process."""
    script, stops = CubeScript(seed, length), []
    while (phase := script.advance()) is not Phase.MATCH_OVER:
        session, game = script.session, script.session.game
        save = None
        if phase in (Phase.ROLL, Phase.HUMAN):
            save = dump_match(session.match, player_names(OPPONENT, HUMAN_SIDE))
        shown = (tuple(game.state), game.dice, session.cube, session.match.scores)
        crawford = game.terms is not None and game.terms.crawford
        number = len(session.match.games)
        logged = len(script.log)
        clicks = tuple(script.clicks())
        before = frozenset(event for _, event in script.log[:logged])
        done = frozenset(event for _, event in script.log[logged:])
        script.log.clear()
        stops.append(
            Stop(len(stops), phase, number, crawford, before, done, clicks, script.silent_rolls, *shown, save)
        )
    assert script.session.match.winner is not None
    return Timeline(tuple(stops), script.session.match.winner)


def first(event: str, seed: int = SEED, length: int = LENGTH) -> Stop:
    """The first stop of the match with `event`."""
    return next(stop for stop in timeline(seed, length).stops if event in stop.events)


def lead_in(index: int, turns: int = 2, seed: int = SEED, length: int = LENGTH) -> int:
    """The stop `turns` of the person's rolls or plays before stop `index`, in the same game (its
    first one if the game has fewer): where a scene starts so that the window plays up to the moment."""
    stops = timeline(seed, length).stops
    earlier = [
        stop.index
        for stop in stops[:index]
        if stop.game == stops[index].game and stop.phase in (Phase.ROLL, Phase.HUMAN)
    ]
    return earlier[-min(turns, len(earlier))] if earlier else index


def keep_for_the_window(stop: Stop, data_dir: Path) -> TableSession:
    """Keep the match saved at `stop` where the table keeps an unfinished one (the records in
    `data_dir`), as the table does when it is left: a table opened there without a seed offers it, and
    Resume goes on with it. The session the table loads from there."""
    assert stop.save is not None, f"a scene starts at a roll or a play, not at stop {stop.index}"
    records = Records(data_dir / DB_NAME)
    save_table(records, load_match(stop.save)[0], OPPONENT, HUMAN_SIDE)
    saved = saved_table(records)
    assert saved is not None and saved[1] == OPPONENT
    return TableSession.resume(saved[0], OPPONENT)


def after_a_silent_roll(stop: Stop) -> bool:
    """Whether the person's last roll before this play was played by the table alone (a pass, a forced
    play): the window shows dice then too, so a scene cannot wait for this play's dice."""
    return stop.phase is Phase.HUMAN and stop.silent_rolls > 0


def around(*events: str, turns: int = 2) -> tuple[int, int]:
    """From `turns` of the person's rolls or plays before the first of the match's first `events` to the
    stop right after the last of them."""
    firsts = [first(event).index for event in events]
    return lead_in(min(firsts), turns), max(firsts) + 1


def final_turns(turns: int = 4) -> tuple[int, None]:
    """The match's last `turns` rolls or plays of the person, to its end (after the last roll the table
    played alone)."""
    stops = timeline().stops
    quiet = [stop.index for stop in stops if stop.phase in (Phase.ROLL, Phase.HUMAN)]
    loud = [stop.index for stop in stops if after_a_silent_roll(stop)]
    after = [index for index in quiet if not loud or index > loud[-1]]
    return after[-min(turns, len(after))], None


# Scenes of the match of SEED, each played in a real window from the match saved where it starts
# (test_tavla.py): the events each must show, and the stops it runs from and to (None: the end of the
# match). Together they show every cube action, the Crawford game and the end of the match. The whole
# match, every stop of it, is played on the same table headless (test_cube_session.py): the scenes are of
# one match.
SCENES = {
    # The computer doubles, the person takes.
    "bot-doubles-you-take": ({"bot doubles", "you take"}, lambda: around("you take")),
    # The person doubles; the computer passes: the card, Next game.
    "you-double-bot-passes": ({"you double", "bot passes"}, lambda: around("bot passes")),
    # The person doubles and the computer takes.
    "you-double-bot-takes": ({"you double", "bot takes"}, lambda: around("bot takes")),
    # The computer redoubles and the person passes: the card, Next game.
    "bot-redoubles-you-pass": ({"bot doubles", "you pass"}, lambda: around("you pass")),
    # The last turns of the Crawford game, no cube question on the table, to the card of the match's end.
    "crawford-game-to-the-match-end": ({"crawford"}, final_turns),
}


def scene_stops(scene: str) -> list[Stop]:
    """The stops a scene goes through: from its first, resumed from the save, to its last."""
    start, end = SCENES[scene][1]()
    return list(timeline().stops[start : None if end is None else end + 1])


def scene_events(stops: list[Stop]) -> set[str]:
    """What a scene over `stops` shows: at its first stop (the saved match resumed) what the person
    does there, later also what the computer did on the way; the Crawford game wherever it is played."""
    seen = {"crawford"} if any(stop.crawford for stop in stops) else set()
    for i, stop in enumerate(stops):
        seen |= stop.events if i else stop.done
    return seen
