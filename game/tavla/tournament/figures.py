"""The figures of a run: tallies per bot and per pair with their paired-dice intervals, and the report."""

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.tavla.engine.game import FORFEIT_POINTS, GameResult
from game.tavla.engine.position import format_state
from game.tavla.engine.results import Fault, Outcome
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.tournament.schedule import CubeCounts, GameSpec, GammonCounts

Z95 = 1.959964
BLOCK_GAMES = 2  # games that share their dice (a duplicate pair): one sample of the intervals
MAX_LISTED_DISQUALIFICATIONS = 10_000  # kept in full for the log and --json; more are only counted
NO_CUBE = CubeCounts()


@dataclass
class Tally:
    """A bot's (or one side of a pair's) results; points per game with a 95% interval over blocks of
    games that share their dice (the two games of a duplicate pair are not independent samples).

    The blocks are summed as they close (a block has at most two games), so a tally's size does not
    grow with the number of games.
    """

    games: int = 0
    wins: int = 0
    points_for: int = 0
    points_against: int = 0
    gammons: int = 0
    gammons_lost: int = 0
    backgammons: int = 0
    disqualifications: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    open_blocks: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    closed_blocks: int = 0
    sum_tt: int = 0  # over closed blocks: total net points squared
    sum_tg: int = 0  # ... total net points times games
    sum_gg: int = 0  # ... games squared
    doubles: int = 0
    takes: int = 0
    passes: int = 0
    match_points_for: int = 0  # in matches: the points this side scored in their games, cube included
    match_points_against: int = 0

    def add(
        self,
        won: bool,
        result: GameResult,
        disqualified: bool,
        block: tuple[int, int],
        cube: CubeCounts = NO_CUBE,
        scores: tuple[int, int] | None = None,
        gammons: tuple[GammonCounts, GammonCounts] | None = None,
    ) -> None:
        """One game (or match) from this side: won or lost, by how much, whether this side was
        disqualified, its cube actions, and a match's final score and the gammons won in its games (this
        side's first)."""
        self.games += 1
        self.doubles += cube.doubles
        self.takes += cube.takes
        self.passes += cube.passes
        if scores is not None:
            self.match_points_for += scores[0]
            self.match_points_against += scores[1]
        net = result.points if won else -result.points
        if won:
            self.wins += 1
            self.points_for += result.points
        else:
            self.points_against += result.points
        if gammons is not None:  # a match: its games' gammons, not its own single point
            self.gammons += gammons[0].gammons
            self.gammons_lost += gammons[1].gammons
            self.backgammons += gammons[0].backgammons
        else:
            gammon = result.kind.gammon
            self.gammons += won and gammon
            self.gammons_lost += (not won) and gammon
            self.backgammons += won and result.kind is Outcome.BACKGAMMON
        if disqualified:
            self.disqualifications += 1
            self.faults[result.fault] += 1
        total = self.open_blocks.setdefault(block, [0, 0])
        total[0] += net
        total[1] += 1
        if total[1] == BLOCK_GAMES:
            del self.open_blocks[block]
            self._close(total)

    def _close(self, total: list[int]) -> None:
        self.closed_blocks += 1
        self.sum_tt += total[0] * total[0]
        self.sum_tg += total[0] * total[1]
        self.sum_gg += total[1] * total[1]

    @property
    def ppg(self) -> float:
        """(points won - points lost) / games."""
        return (self.points_for - self.points_against) / self.games if self.games else 0.0

    def ci95(self, widest: float) -> tuple[float, float]:
        """95% interval of the points per game (cluster-robust over blocks); ±`widest` if unknown."""
        count = self.closed_blocks + len(self.open_blocks)
        if count < 2:
            return -widest, widest
        tt, tg, gg = self.sum_tt, self.sum_tg, self.sum_gg
        for net, games in self.open_blocks.values():
            tt, tg, gg = tt + net * net, tg + net * games, gg + games * games
        games, net = self.games, self.points_for - self.points_against
        # sum over blocks of (total - games * mean)^2, with mean = net / games, in exact integers
        spread = (games * games * tt - 2 * net * games * tg + net * net * gg) / (games * games)
        half = Z95 * math.sqrt(count / (count - 1) * spread) / self.games
        mean = self.ppg
        return mean - half, mean + half


class Standings:
    """Every decided game folded into the tallies per bot and per pair, and the disqualifications.

    At most MAX_LISTED_DISQUALIFICATIONS disqualifications are kept in full (for the log and --json);
    the rest are counted.
    """

    def __init__(self, bots: Sequence[str]) -> None:
        self.bots = list(bots)
        self.per_bot: dict[str, Tally] = {name: Tally() for name in self.bots}
        self.pairs = list(itertools.combinations(self.bots, 2))
        self.per_pair: dict[tuple[str, str], tuple[Tally, Tally]] = {
            pair: (Tally(), Tally()) for pair in self.pairs
        }
        self.finished = 0
        self.entries: list[dict[str, Any]] = []
        self.unlisted = 0
        self.abandoned: Counter[str] = Counter()

    def add(
        self,
        spec: GameSpec,
        result: GameResult,
        stderr: str = "",
        cube: tuple[CubeCounts, CubeCounts] = (NO_CUBE, NO_CUBE),
        scores: tuple[int, int] | None = None,
        gammons: tuple[GammonCounts, GammonCounts] | None = None,
    ) -> None:
        """One decided game (or match), in schedule order, with each seat's cube actions and a match's
        final score and gammons won by seat."""
        self.finished += 1
        pair = self.pairs[spec.pair] if spec.pair < len(self.pairs) else _pair_of(spec, self.bots)
        sides = self.per_pair.setdefault(pair, (Tally(), Tally()))
        for seat, name in enumerate(spec.seats):
            won, disqualified = result.won_by(seat), result.disqualified == seat
            mine = (scores[seat], scores[1 - seat]) if scores is not None else None
            gammons_mine = (gammons[seat], gammons[1 - seat]) if gammons is not None else None
            facts = (won, result, disqualified, spec.block, cube[seat], mine, gammons_mine)
            self.per_bot.setdefault(name, Tally()).add(*facts)
            sides[0 if name == pair[0] else 1].add(*facts)
        if result.disqualified is None:
            return
        if result.fault == Fault.ABANDONED:
            self.abandoned[spec.seats[result.disqualified]] += 1
        if len(self.entries) >= MAX_LISTED_DISQUALIFICATIONS:
            self.unlisted += 1
            return
        self.entries.append(
            {
                "game": spec.index,
                "pair": list(pair),
                "round": spec.round,
                "bot": spec.seats[result.disqualified],
                "seat": result.disqualified,
                "fault": result.fault,
                "reason": result.reason,
                "turn": result.turns,
                "state": format_state(result.state) if result.state is not None else None,
                "dice": list(result.dice) if result.dice is not None else None,
                "answer": result.answer,
                "stderr": stderr,
            }
        )


@dataclass
class Report:
    """Everything a tournament found: settings, per bot and per pair figures, the disqualifications.

    `stopped_by` names the signal that stopped the run early (SIGINT for Ctrl+C, SIGTERM, SIGHUP).
    `played` says what was played: the rule set, and a match length, the cube and Jacoby if any. In a
    tournament of matches, `games` counts matches and each is worth one point to its winner.
    """

    bots: list[str]
    games: int
    seed: int
    jobs: int
    played: MatchRules
    timeout: float
    scheduled: int
    standings: Standings
    seconds: float
    interrupted: bool = False
    aborted: str = ""
    stopped_by: str = ""

    @property
    def rules(self) -> Rules:
        return self.played.rules

    @property
    def per_bot(self) -> dict[str, Tally]:
        return self.standings.per_bot

    @property
    def per_pair(self) -> dict[tuple[str, str], tuple[Tally, Tally]]:
        return self.standings.per_pair

    @property
    def finished(self) -> int:
        """Games decided."""
        return self.standings.finished

    @property
    def complete(self) -> bool:
        """Whether every scheduled game was decided."""
        return self.finished == self.scheduled

    @property
    def widest(self) -> float:
        """The largest points a game (without the cube) can be worth under the rule set; 1 for a match."""
        return 1.0 if self.played.length is not None else float(FORFEIT_POINTS[self.rules])

    def disqualifications(self) -> list[dict[str, Any]]:
        """One entry per game lost by disqualification (abandoned games included), in schedule order;
        past MAX_LISTED_DISQUALIFICATIONS, only counted (`standings.unlisted`)."""
        return self.standings.entries

    def to_json(self, log: str | None) -> dict[str, Any]:
        """The --json report: the keys of docs/commands.md#the-json-report."""
        bots = {}
        for name, tally in self.per_bot.items():
            bots[name] = {
                "games": tally.games,
                "wins": tally.wins,
                "losses": tally.games - tally.wins,
                "points_for": tally.points_for,
                "points_against": tally.points_against,
                "ppg": tally.ppg,
                "ppg_ci95": list(tally.ci95(self.widest)),
                "gammons": tally.gammons,
                "gammons_lost": tally.gammons_lost,
                "backgammons": tally.backgammons,
                "disqualifications": tally.disqualifications,
                "faults": dict(sorted(tally.faults.items())),
                **_cube_json(tally, "", self.played),
            }
        pairs = []
        for (a, b), (side_a, side_b) in self.per_pair.items():
            pairs.append(
                {
                    "a": a,
                    "b": b,
                    "games": side_a.games,
                    "a_wins": side_a.wins,
                    "b_wins": side_b.wins,
                    "a_points": side_a.points_for,
                    "b_points": side_b.points_for,
                    "a_ppg": side_a.ppg,
                    "a_ppg_ci95": list(side_a.ci95(self.widest)),
                    "a_gammons": side_a.gammons,
                    "b_gammons": side_b.gammons,
                    "a_disqualifications": side_a.disqualifications,
                    "b_disqualifications": side_b.disqualifications,
                    **_cube_json(side_a, "a_", self.played),
                    **_cube_json(side_b, "b_", self.played),
                }
            )
        return {
            "rules": str(self.rules),
            "games_per_pair": self.games,
            "cube": self.played.cube,
            "jacoby": self.played.jacoby,
            "match": self.played.length,
            "seed": self.seed,
            "jobs": self.jobs,
            "timeout": self.timeout,
            "complete": self.complete,
            "interrupted": self.interrupted,
            "stopped_by": self.stopped_by or None,
            "aborted": self.aborted or None,
            "games_scheduled": self.scheduled,
            "games_finished": self.finished,
            "seconds": round(self.seconds, 3),
            "bots": bots,
            "pairs": pairs,
            "disqualifications": self.disqualifications(),
            "disqualifications_not_listed": self.standings.unlisted,
            "log": log,
        }


def _cube_json(tally: Tally, prefix: str, played: MatchRules) -> dict[str, int]:
    """A side's cube actions (with the cube) and points scored in its matches (in matches), for --json."""
    figures = {}
    if played.cube:
        figures.update(doubles=tally.doubles, takes=tally.takes, passes=tally.passes)
    if played.length is not None:
        figures.update(
            match_points_for=tally.match_points_for, match_points_against=tally.match_points_against
        )
    return {prefix + key: value for key, value in figures.items()}


def _pair_of(spec: GameSpec, bots: list[str]) -> tuple[str, str]:
    a, b = spec.seats
    return (a, b) if bots.index(a) < bots.index(b) else (b, a)
