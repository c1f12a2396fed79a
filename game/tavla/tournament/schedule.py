"""The tournament's schedule: which games are played, in what order, with which dice and seeds."""

import hashlib
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from game.tavla.engine.game import GameResult


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One scheduled game, with everything a worker needs to play it the same way in any process."""

    index: int
    pair: int
    round: int
    seats: tuple[str, str]
    dice_seed: int
    bot_seed: int

    @property
    def block(self) -> tuple[int, int]:
        """The two games of a pair that share their dice: one sample for the confidence intervals."""
        return self.pair, self.round // 2


@dataclass(frozen=True, slots=True)
class CubeCounts:
    """What one seat did with the cube in a game or a match: doubles offered, doubles taken and passed."""

    doubles: int = 0
    takes: int = 0
    passes: int = 0


@dataclass(frozen=True, slots=True)
class GammonCounts:
    """The gammons (a mars or a backgammon counts too) and backgammons one seat won in a match's games:
    a match's own result is a single point, so its gammons are counted game by game."""

    gammons: int = 0
    backgammons: int = 0


@dataclass(frozen=True, slots=True)
class Played:
    """A game (or a match) as a worker reports it; `stderr` is the tail of a disqualified external bot's
    stderr, `cube` each seat's cube actions, `scores` a match's final score by seat (None for a game),
    `gammons` what each seat won in the match's games (None for a game)."""

    index: int
    result: GameResult
    stderr: str = ""
    cube: tuple[CubeCounts, CubeCounts] = (CubeCounts(), CubeCounts())
    scores: tuple[int, int] | None = None
    gammons: tuple[GammonCounts, GammonCounts] | None = None


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the parts, the same in every process and Python version (unlike hash())."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Schedule(Sequence[GameSpec]):
    """Every game in play order: round by round over all pairs, so an early stop covers every pair.

    Lazy: a game is made when it is asked for, so a schedule of 100,000,000 games costs no memory and
    no time before the first game.
    """

    def __init__(self, bots: Sequence[str], games: int, seed: int) -> None:
        self.bots = list(bots)
        self.games = games
        self.seed = seed
        self.pairs = list(itertools.combinations(self.bots, 2))

    def __len__(self) -> int:
        return self.games * len(self.pairs)

    @overload
    def __getitem__(self, index: int) -> GameSpec: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameSpec]: ...

    def __getitem__(self, index: int | slice) -> GameSpec | list[GameSpec]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        round_, pair = divmod(index, len(self.pairs))
        a, b = self.pairs[pair]
        return GameSpec(
            index=index,
            pair=pair,
            round=round_,
            seats=(a, b) if round_ % 2 == 0 else (b, a),
            dice_seed=derive_seed(self.seed, a, b, round_ // 2),
            bot_seed=derive_seed(self.seed, a, b, round_),
        )

    def __iter__(self) -> Iterator[GameSpec]:
        return (self[index] for index in range(len(self)))


def schedule(bots: Sequence[str], games: int, seed: int) -> Schedule:
    """The games of a round robin of `games` games per pair (see Schedule)."""
    return Schedule(bots, games, seed)
