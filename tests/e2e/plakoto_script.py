"""The script of a whole Plakoto game against the greedy bot, worked out in this process.

A mirror of the table's session, played with the same seed and the same bot, says what the window will
show next and where a person drags: the person plays as the greedy bot would (it pins what it can),
each checker dragged to where it goes, Done by a click on the dice. The greedy bot is deterministic and
the dice follow the seed (`tavla --seed`), so the table plays the same game as the mirror.

`timeline` looks for the first seed whose game is short, has a play of the person that pins a checker
(the ring to see on screen) and no roll of the person the table plays alone (a pass: the window could
not tell its dice from the next roll's), and works that game out once, as the stops where the window
waits for the person: the position and dice it shows there, the person's drags, and the points where
those drags pin.
"""

import functools
from dataclasses import dataclass

from game.tavla.engine.game import Turn
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession, steps_of
from game.tavla.players.isolated import guarded_bot
from game.tavla.screens import layout
from tests.e2e.table_screen import drag_start, drop_place

OPPONENT = "greedy"
LENGTH = 3  # a game scores at most 2: the match goes on after it, and the table keeps it when left
MOST_PLAYS = 14  # the person's plays in the game, at most: a short game, ended by the mother's pin
FIRST_SEED = 60
"""Where the search for a seed starts: the first that fits when it ran from 0 (61 seeds, 3 s on a
loaded machine, against 0.03 s from here). A change of the rules, the bot or the dice that makes that
game unfit moves the search on to the seeds after it."""
SEEDS = range(FIRST_SEED, FIRST_SEED + 200)
PLAKOTO = Rules.PLAKOTO.variant


@dataclass(frozen=True)
class Drag:
    """One checker dragged: from the point (seat 0's numbering) holding `count` of the person's free
    checkers, to `target` (0: off, onto the tray)."""

    point: int
    count: int
    target: int

    def position(self) -> tuple[float, float]:
        """Where the drag starts: the top free checker of the point."""
        return drag_start(self.point, self.count)

    def drop(self) -> tuple[float, float]:
        """Where it is dropped: the point's first checker place, or the tray."""
        return drop_place(self.target)


@dataclass(frozen=True)
class Stop:
    """A roll of the person, where the window waits: the position (seat 0's side) and the dice it
    shows, the drags, and the points where the drags leave an opposing checker newly pinned."""

    index: int
    state: State
    dice: tuple[int, int]
    drags: tuple[Drag, ...]
    pins: tuple[int, ...]


@dataclass(frozen=True)
class Timeline:
    """The whole game of `seed`: the person's stops, the game's record (both seats' turns) and how it
    ended."""

    seed: int
    stops: tuple[Stop, ...]
    record: tuple[Turn, ...]
    winner: int
    points: int

    @property
    def pinning(self) -> Stop:
        """The person's first play that pins."""
        return next(stop for stop in self.stops if stop.pins)


class PlakotoScript:
    """The game as the window will play it: `advance()` runs the computer's part and the table's own
    passes, then `drags()` are the person's next drags, until the game is over."""

    def __init__(self, seed: int) -> None:
        self.session = TableSession(Rules.PLAKOTO, LENGTH, OPPONENT, seed)
        self.bot = guarded_bot(OPPONENT, rules=Rules.PLAKOTO, seed=seed)
        self.passes = 0  # the person's rolls the table passed alone

    def advance(self) -> Phase:
        """Everything up to the person's next play; the phase then (GAME_OVER at the end)."""
        session = self.session
        while True:
            phase, game = session.phase, session.game
            if phase is Phase.COMPUTER:
                session.computer_play(self.bot.play(list(game.state), *game.dice))
            elif phase is Phase.PASS:
                self.passes += session.seat == 0
                session.pass_turn()
            else:
                return phase

    def drags(self) -> list[Drag]:
        """The person's drags for the roll on the table, applied to the mirror and committed: the
        greedy bot's play, each move dropped where the table's targets take it."""
        turn = self.session.turn
        assert self.session.phase is Phase.HUMAN and turn is not None
        play = parse_play(self.bot.play(list(turn.start), *turn.dice))
        wanted = [move for move, _before, _after in steps_of(turn.variant, turn.state, play)]
        drags = []
        while not turn.done:
            move = next((m for m in wanted if m[1] in turn.destinations(m[0])), None)
            if move is None:
                move = turn.options()[0].move
            else:
                wanted.remove(move)
            source, target = move
            drags.append(Drag(source, turn.state[source], target))
            for step in turn.destinations(source)[target]:
                turn.apply(step)
        self.session.commit_turn()
        return drags


def newly_pinned(before: State, after: State) -> tuple[int, ...]:
    """The points where an opposing checker is pinned after and was not before."""
    earlier = PLAKOTO.pins(before)
    pinned = PLAKOTO.pins(after).items()
    return tuple(point for point, side in pinned if side == -1 and earlier.get(point) != -1)


def fits(seed: int) -> bool:
    """Whether the game of `seed` is one for the window: over within MOST_PLAYS plays of the person,
    one of them pinning, none of them a pass. Worked out play by play without the drags (which cost
    more than the plays), so that the search is quick: the drags reach the same positions."""
    session = TableSession(Rules.PLAKOTO, LENGTH, OPPONENT, seed)
    bot, game, pinned = guarded_bot(OPPONENT, rules=Rules.PLAKOTO, seed=seed), session.game, False
    while not game.over:
        if game.dice is None:
            game.roll()
        assert game.dice is not None
        before = game.state
        play = game.play(bot.play(list(before), *game.dice))
        if game.record[-1].player == 0:
            plays = sum(turn.player == 0 for turn in game.record)
            if not play or plays > MOST_PLAYS:
                return False
            pinned = pinned or bool(newly_pinned(before, PLAKOTO.apply_play(before, play)))
    return pinned and game.result is not None and game.result.disqualified is None


def game_of(seed: int) -> Timeline:
    """The game of `seed` as the window plays it, stop by stop."""
    script, stops = PlakotoScript(seed), []
    while script.advance() is Phase.HUMAN:
        game = script.session.game
        before, dice = game.state, game.dice
        assert dice is not None
        drags = tuple(script.drags())
        pins = newly_pinned(before, PLAKOTO.apply_play(before, game.record[-1].play))
        stops.append(Stop(len(stops), before, dice, drags, pins))
    game = script.session.game
    assert game.result is not None and not script.passes and any(stop.pins for stop in stops), seed
    return Timeline(seed, tuple(stops), tuple(game.record), game.result.winner, game.result.points)


@functools.cache
def timeline() -> Timeline:
    """The game of the first seed of SEEDS that fits, worked out once in a test process."""
    return game_of(next(seed for seed in SEEDS if fits(seed)))


DONE = ((layout.RIGHT_HALF[0] + layout.RIGHT_HALF[1]) / 2, layout.MIDDLE_Y)  # a click on the dice
TABLE = {"opponent": OPPONENT, "match_length": LENGTH, "auto_forced_moves": False, "auto_bear_off": False}
"""The table's settings (config keys under `tavla`) for the game: the forced plays are the person's to
drag too (a roll the table played alone would show the same dice as the next one)."""
SLIDE_SECONDS = 0.0  # tavla.animation.duration: no slides, the quickest the table plays


def config_text() -> str:
    """The config file the window is opened with: TABLE's settings and SLIDE_SECONDS, as YAML."""
    lines = [f"  {key}: {str(value).lower()}" for key, value in TABLE.items()]
    return "tavla:\n" + "\n".join(lines) + f"\n  animation:\n    duration: {SLIDE_SECONDS}\n"
