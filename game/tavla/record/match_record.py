"""A played match as the analysis reads it: each game's turns, cube actions, score and result.

One shape for matches played here (`MatchRecord.from_match`, with each game's `cube_record`) and matches
imported from a `.mat` file (game/tavla/record/mat.py); cube actions are the engine's `CubeTurn`s.
"""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import overload

from game.tavla.engine.game import CubeTurn, Turn
from game.tavla.engine.match import Match
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules


class Turns(Sequence[Turn]):
    """A game's turns, each kept as one `bytes` (player, dice, position, moves) that gives a `Turn` when
    asked.

    Why: a 5 MB money session holds 180,000 turns. As `Turn` objects (with their tuples) they were
    700,000 objects the garbage collector tracked, so each of its full passes walked them all and froze
    the window for up to 124 ms while the Matches screen read such a file on its thread, and freeing
    them when the screen closed took 0.1 s more. `bytes` are never tracked and free at once
    (benchmarks/kept_loading_frames.py)."""

    __slots__ = ("_entries",)

    def __init__(self, turns: Iterable[Turn] = ()) -> None:
        self._entries = tuple(_packed(turn) for turn in turns)

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Turn: ...
    @overload
    def __getitem__(self, index: slice) -> "Turns": ...
    def __getitem__(self, index: int | slice) -> "Turn | Turns":
        if isinstance(index, slice):
            part = Turns()
            part._entries = self._entries[index]
            return part
        return _unpacked(self._entries[index])

    def __iter__(self) -> Iterator[Turn]:
        return (_unpacked(entry) for entry in self._entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Turns):
            return self._entries == other._entries
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(self._entries)

    def __repr__(self) -> str:
        return f"Turns({list(self)!r})"


_OFFSET = 128  # a point's signed checker count is kept as one byte


def _packed(turn: Turn) -> bytes:
    """`turn` as bytes: player, both dice, the position's length and its counts, then each move's ends."""
    state = [count + _OFFSET for count in turn.state]
    return bytes([turn.player, *turn.dice, len(state), *state, *(end for move in turn.play for end in move)])


def _unpacked(entry: bytes) -> Turn:
    end = 4 + entry[3]
    state = tuple(count - _OFFSET for count in entry[4:end])
    return Turn(
        entry[0], (entry[1], entry[2]), tuple(zip(entry[end::2], entry[end + 1 :: 2], strict=True)), state
    )


@dataclass(frozen=True)
class GameRecord:
    """One game: its turns in order, cube actions, the score before it (seat 0, seat 1), who won how
    many points (None: unfinished), the level the loser resigned at (None: not resigned), and the dice
    the loser had rolled and not played when resigning (None: resigned before the roll, or not at all),
    which a `.mat` file writes alone before the result, as gnubg writes "Rolled 52, resigns gammon"."""

    turns: Turns
    cube: tuple[CubeTurn, ...] = ()
    score: tuple[int, int] = (0, 0)
    winner: int | None = None
    points: int = 0
    resigned: Resignation | None = None
    resigned_roll: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.turns, Turns):  # a sequence of Turn, as every maker passes
            object.__setattr__(self, "turns", Turns(self.turns))

    def cube_actions_by_turn(self) -> list[list[CubeTurn]]:
        """The cube actions by the turn they come before (the last entry: after every turn)."""
        actions: list[list[CubeTurn]] = [[] for _ in range(len(self.turns) + 1)]
        for action in self.cube:
            actions[action.before_turn].append(action)
        return actions


@dataclass(frozen=True)
class MatchRecord:
    """A match to `length` points (0: money play) between `names` (seat 0, seat 1); a money session
    says whether it was played under the Jacoby rule and with beavers. `warnings` are what the reader of
    a file read past or counted otherwise than the file says (one line each), for the user to see.
    `cube`: whether the doubling cube was in play, where the rules have one (a match played here may be
    without it; a file is read as played with it unless it says otherwise): a money session's `.mat`
    names its cube options (Jacoby, beavers) only when it had the cube."""

    names: tuple[str, str]
    length: int
    rules: Rules
    games: tuple[GameRecord, ...]
    jacoby: bool = False
    beavers: bool = False
    warnings: tuple[str, ...] = ()
    cube: bool = True
    played_at: float | None = field(default=None, compare=False)
    """When the match was played (seconds since the epoch) where its file says (a `.mat` file's
    EventDate, an `.sgf` file's DT, an `.xg` file's date); not part of what the match is."""
    dice_commitment: str | None = field(default=None, compare=False)
    """The hash of the secret seed that fixed every roll (a match played here against the computer;
    engine/committed_dice.py); None: its dice were committed to nothing."""
    dice_seed: str | None = field(default=None, compare=False)
    """That seed in hex, revealed once the match was over (None before, and without a commitment)."""
    rotation: tuple[Rules, ...] = ()
    """The games played in turn (a Tavli match: Portes, Plakoto, Fevga), `rules` the first of them, as
    `Match.rotation`; empty: every game is `rules`'."""

    def rules_of(self, index: int) -> Rules:
        """The game played as the match's game number `index` (0 the first)."""
        return self.rotation[index % len(self.rotation)] if self.rotation else self.rules

    @classmethod
    def from_match(cls, match: Match, names: Sequence[str]) -> "MatchRecord":
        """The record of a match played on this program's table, its cube actions included."""
        games = []
        score = list(match.start_score)  # a match set up at a score (the position lab)
        for game in match.games:
            if game.turn is None:
                continue
            result = game.result
            winner = None if result is None else result.winner
            points = 0 if result is None else result.points
            cube = tuple(game.cube_record)
            resigned = None if result is None else result.resigned
            rolled = game.dice if resigned is not None else None  # the dice left when the loser resigned
            games.append(
                GameRecord(tuple(game.record), cube, (score[0], score[1]), winner, points, resigned, rolled)
            )
            if winner is not None:
                score[winner] += points
        names = (names[0], names[1])
        return cls(
            names,
            match.length,
            match.rules,
            tuple(games),
            match.jacoby,
            match.beavers,
            cube=match.cube,
            dice_commitment=match.commitment,
            dice_seed=match.revealed_seed,
            rotation=match.rotation,
        )


def day_at_noon(year: int, month: int, day: int) -> float | None:
    """A file's date as seconds since the epoch, at noon UTC (so it is that day everywhere); None when it
    is no date."""
    try:
        return datetime(year, month, day, 12, tzinfo=UTC).timestamp()
    except ValueError:
        return None


def date_text(when: float, separator: str) -> str:
    """`2026.12.07` (separator ".") or `2026-12-07`: the day `when` falls on, UTC."""
    return datetime.fromtimestamp(when, UTC).strftime(f"%Y{separator}%m{separator}%d")
