"""Kept solves and their statistics by the speedsolving community's definitions (bests, mo3, ao5...).

Definitions (speedsolving.com wiki, "Average"; csTimer and slidysim compute them the same way):

- mean of 3 (``mo3``): the plain mean of 3 consecutive solves, nothing dropped;
- average of N (``ao5``, ``ao12``, ``ao100``): of N consecutive solves, the best and the worst 5% of N,
  rounded up, are dropped (1 each for ao5 and ao12, 5 each for ao100) and the rest averaged;
- "current" is the window of the latest N solves, "best" the lowest over every window of N in a row;
  with fewer than N solves there is none.

Only counted solves enter: a practice board (given by game ID or seed) or a solve with help (hint,
auto-solve) is kept and listed, never counted. Every kept solve is finished, so there are no DNFs.
Pure Python: the records, the ``stats`` command and the statistics screen share it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.puzzle.model.size import BoardSize

PLOT_SOLVES = 100
PLOT_AVERAGE = "ao12"


@dataclass(frozen=True)
class Solve:
    """One finished game as kept: the board, the result, the moves with their times, and its status.

    ``solution`` is the moves in replay letters (``R3 D2 L U``, see replay.py), ``times_ms``
    the time of each single tile move from the first; both are empty for a solve kept before replays.
    ``optimal_moves`` is the fewest moves known from the scramble (``optimal_proven``: the solver proved
    it, boards up to 4x4), filled in later. ``finished_at`` is seconds since the epoch (None: the record
    book's clock sets it); ``id`` is the record book's number for it.
    """

    size: BoardSize
    picture: str
    scramble: str
    moves: int
    seconds: float
    assisted: bool = False
    practice: bool = False
    solution: str = ""
    times_ms: tuple[int, ...] = ()
    finished_at: float | None = None
    optimal_moves: int | None = None
    optimal_proven: bool = False
    id: int | None = None

    @property
    def counted(self) -> bool:
        """Whether the solve enters bests and averages: no help, and a fair shuffle."""
        return not (self.assisted or self.practice)

    @property
    def tps(self) -> float | None:
        """Tiles per second, moves over time (None for a solve in no time: a single move)."""
        return self.moves / self.seconds if self.seconds > 0 else None


@dataclass(frozen=True)
class Window:
    """A rolling statistic: ``size`` solves in a row, ``trim`` of them dropped at each end."""

    name: str
    size: int
    trim: int


def trim_for(size: int) -> int:
    """The solves an average of ``size`` drops at each end: 5% rounded up (none below 5: a mean)."""
    return 0 if size < 5 else math.ceil(size * 5 / 100)


WINDOW_SIZES = {"mo3": 3, "ao5": 5, "ao12": 12, "ao100": 100}
WINDOWS = tuple(Window(name, size, trim_for(size)) for name, size in WINDOW_SIZES.items())


def window_average(values: Sequence[float], trim: int) -> float:
    """The mean of ``values`` without the ``trim`` lowest and ``trim`` highest (ties: any of them)."""
    kept = sorted(values)[trim : len(values) - trim]
    return sum(kept) / len(kept)


def rolling(values: Sequence[float], window: Window) -> list[float | None]:
    """The window's average ending at each solve (None until there are ``window.size``)."""
    size = window.size
    return [
        window_average(values[end + 1 - size : end + 1], window.trim) if end + 1 >= size else None
        for end in range(len(values))
    ]


@dataclass(frozen=True)
class Average:
    """One window's current (latest) and best value, in seconds; None with too few solves."""

    current: float | None
    best: float | None


@dataclass(frozen=True)
class PlotPoint:
    """One solve on the plot of recent times: its time and the running average ending there."""

    seconds: float
    average: float | None


@dataclass(frozen=True)
class Stats:
    """The statistics of one group of solves (a board size and picture), counted solves only."""

    solves: int
    not_counted: int
    best_time: float | None
    best_moves: int | None
    best_tps: float | None
    averages: dict[str, Average] = field(default_factory=dict)
    plot: tuple[PlotPoint, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Plain numbers for ``stats --json`` (seconds; null where there are too few solves)."""
        return {
            "solves": self.solves,
            "not_counted": self.not_counted,
            "best": {"seconds": self.best_time, "moves": self.best_moves, "tps": self.best_tps},
            "averages": {name: {"current": a.current, "best": a.best} for name, a in self.averages.items()},
            "recent": [{"seconds": p.seconds, PLOT_AVERAGE: p.average} for p in self.plot],
        }


def compute(solves: Iterable[Solve]) -> Stats:
    """The statistics of ``solves``, taken in the order given (oldest first)."""
    listed = list(solves)
    counted = [solve for solve in listed if solve.counted]
    times = [solve.seconds for solve in counted]
    rates = [tps for tps in (solve.tps for solve in counted) if tps is not None]
    averages: dict[str, Average] = {}
    runs: dict[str, list[float | None]] = {}
    for window in WINDOWS:
        run = runs[window.name] = rolling(times, window)
        values = [value for value in run if value is not None]
        averages[window.name] = Average(run[-1] if run else None, min(values) if values else None)
    recent = len(times) - min(len(times), PLOT_SOLVES)
    plot = tuple(PlotPoint(times[i], runs[PLOT_AVERAGE][i]) for i in range(recent, len(times)))
    return Stats(
        solves=len(counted),
        not_counted=len(listed) - len(counted),
        best_time=min(times) if times else None,
        best_moves=min((solve.moves for solve in counted), default=None),
        best_tps=max(rates) if rates else None,
        averages=averages,
        plot=plot,
    )


def by_board(solves: Iterable[Solve]) -> dict[tuple[BoardSize, str], list[Solve]]:
    """The solves grouped by (size, picture), each group in the order given, groups sorted by key."""
    groups: dict[tuple[BoardSize, str], list[Solve]] = {}
    for solve in solves:
        groups.setdefault((solve.size, solve.picture), []).append(solve)
    return dict(sorted(groups.items(), key=lambda item: (_size_order(item[0][0]), item[0][1])))


def _size_order(size: BoardSize) -> tuple[int, int]:
    """Smaller boards first (3x3 before 4x3 before 4x4)."""
    return size.columns * size.rows, size.columns


def new_bests(before: Stats, after: Stats) -> tuple[str, ...]:
    """What the latest solve improved, to call out: ``time``, ``moves``, ``tps`` and window names.

    A first value counts as new (the first solve is a best single); ties are not new.
    """
    found = []
    if after.best_time is not None and (before.best_time is None or after.best_time < before.best_time):
        found.append("time")
    if after.best_moves is not None and (before.best_moves is None or after.best_moves < before.best_moves):
        found.append("moves")
    if after.best_tps is not None and (before.best_tps is None or after.best_tps > before.best_tps):
        found.append("tps")
    for name, average in after.averages.items():
        old = before.averages.get(name)
        if average.best is not None and (old is None or old.best is None or average.best < old.best):
            found.append(name)
    return tuple(found)
