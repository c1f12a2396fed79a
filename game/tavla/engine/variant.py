"""How a game of the tavla board is played: what the engine's game flow asks of it.

python-chess's `variant.py` is the model: the flow (`Game`, the bot driver in play.py, the table's turn
and session) never asks which game is played; it asks the game's `Variant` where the checkers start,
which plays a roll allows, what a play does, when the game is over and what the win scores. Backgammon
under the `tavla` and `standard` rule sets is the base class itself (the rule set decides the
single-die rule and the scoring); a game that moves differently (pinning instead of hitting, both
sides going the same way round, other starting points, other doubles) is a subclass that overrides
what differs. Which game uses which class is said once, in the registry of the games
(game/tavla/engine/rules.py): each `Rules` member builds its variant (`Rules.PLAKOTO.variant`).
"""

from collections.abc import Iterable, Sequence
from typing import Protocol

from game.tavla.engine import moves
from game.tavla.engine.moves import DieRule, Move, Play
from game.tavla.engine.position import (
    OPENING,
    State,
    all_borne_off,
    flip,
    pip_counts,
    validate_state,
    winner_gammon_level,
)


class RuleSet(DieRule, Protocol):
    """What a variant asks of its rule set (the `Rules` member that built it, game/tavla/engine/rules.py,
    which builds on this module): its name, the single-die rule and the points of a win."""

    @property
    def value(self) -> str:
        """The game's name as written outside (command line, config, save files, protocols)."""
        ...

    def points(self, gammon_level: int) -> int:
        """The points of a win of `gammon_level` (1 single, 2 mars/gammon, 3 backgammon)."""
        ...


class Variant:
    """Backgammon on the tavla board under `rules`; subclasses are the other games."""

    hits: bool = True
    """Whether a checker alone on a point is hit and enters from the bar (backgammon, Portes): the
    backgammon bots, moves and networks play it."""

    opening: State = OPENING
    """Where the checkers stand before the opening roll, seen by the side that opens."""

    opening_roll_played: bool = True
    """Whether the opening roll's two dice are the first play (backgammon), or the side that won it
    rolls again (the Greek and Balkan games)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules})"

    def legal_plays(self, state: Sequence[int], die1: int, die2: int) -> list[Play]:
        """Every legal play of the roll, one per distinct resulting position; [] is a pass."""
        return moves.legal_plays(state, die1, die2, self.rules)

    def check_play(
        self, state: Sequence[int], die1: int, die2: int, play: object, legal: list[Play] | None = None
    ) -> Play:
        """The canonical play for an answer (text or moves), or IllegalPlay naming the broken rule."""
        return moves.check_play(state, die1, die2, play, self.rules, legal)  # type: ignore[arg-type]

    def apply_play(self, state: Sequence[int], play: Play) -> State:
        """The position after a legal play, still seen by the player who moved."""
        return moves.apply_play(state, play)

    def legal_results(self, state: Sequence[int], die1: int, die2: int) -> list[tuple[Play, State]]:
        """Each legal play of the roll with the position it leads to (seen by the player who moved)."""
        return [(play, self.apply_play(state, play)) for play in self.legal_plays(state, die1, die2)]

    def next_moves(self, state: Sequence[int], die1: int, die2: int, done: Sequence[Move] = ()) -> list[Move]:
        """The single moves that can follow `done` and still complete one of this game's legal plays
        (the table's turn, one checker at a time)."""
        targets = {self.apply_play(state, play) for play in self.legal_plays(state, die1, die2)}
        return moves.next_moves(state, die1, die2, done, self.rules, targets)

    def allows(self, board: State) -> bool:
        """Whether a play may end in `board`: every position, unless the game limits some (the primes of
        Fevga and long nardy, Moultezim's points in the opponent's starting quarter)."""
        return True

    def refusal(self, start: State, board: State, move: Move, roll: tuple[int, int]) -> str | None:
        """Why `move`, a single move on `board`, breaks a rule of the whole play of `roll` begun on
        `start` (long nardy's head: one checker off it a turn); None when it breaks none."""
        return None

    def validate(self, values: Iterable[int]) -> State:
        """`values` as a position of this game (docs/position.md), or UserError naming what is wrong."""
        return validate_state(values)

    def flip(self, state: Sequence[int]) -> State:
        """The same position seen by the other player."""
        return flip(state)

    def pins(self, state: Sequence[int]) -> dict[int, int]:
        """The pinned checkers of `state` (Plakoto's): point -> +1 where ours is pinned under theirs, -1
        where theirs is under ours; none in the games that hit or block."""
        return {}

    def pip_counts(self, state: Sequence[int]) -> tuple[int, int]:
        """(player on roll, opponent): the pips each still has to travel in this game."""
        return pip_counts(state)

    def their_point(self, point: int) -> int:
        """Our number (1-24) of the point the opponent numbers `point`: the board both sides share (the
        table draws it from one side)."""
        return 25 - point

    def is_over(self, after: Sequence[int]) -> bool:
        """Whether the player who has just moved has won."""
        return all_borne_off(after)

    def cascade(self, dice: tuple[int, int], rolls: int, moves: int) -> tuple[int, int] | None:
        """The dice the same player plays next after playing `moves` moves of `dice` on the `rolls`-th
        roll of the game (Gul bara's cascade of doubles), or None: the turn passes (backgammon)."""
        return None

    def is_drawn(self, after: Sequence[int]) -> bool:
        """Whether the play that led to `after` ended the game with nobody winning (Plakoto's two pinned
        mothers); never in backgammon."""
        return False

    def win_points(self, after: Sequence[int]) -> int:
        """The points a won game scores before the cube, seen from the winner (1, 2, 3)."""
        return self.rules.points(winner_gammon_level(after))


class Portes(Variant):
    """Portes: backgammon's moves with the larger die forced, 1 point or 2 (no backgammon), no cube; the
    winner of the opening roll rolls again, as in the other Greek games."""

    opening_roll_played = False
