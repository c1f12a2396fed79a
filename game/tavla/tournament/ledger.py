"""Folding finished games into the standings in schedule order, and the rule for bots that keep failing."""

from collections.abc import Callable, Sequence
from dataclasses import replace

from game.core.text.i18n import ngettext
from game.tavla.engine.game import GameResult, forfeit
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import MatchRules
from game.tavla.tournament.figures import Standings
from game.tavla.tournament.schedule import GameSpec, Played, Schedule

MAX_CONSECUTIVE_FAULTS = 5  # disqualifications in a row after which a bot forfeits the rest unplayed


class Ledger:
    """The rule for bots that keep failing, applied game by game in schedule order.

    After MAX_CONSECUTIVE_FAULTS disqualifications in a row in games it played, a bot is abandoned: it
    loses every later game by forfeit, unplayed. If both bots of a game are abandoned, the one abandoned
    first loses. Games that were not played (abandoned or unfinished) leave the streaks alone. In a
    tournament of matches (`matches`), each scheduled entry is a match, and a forfeit is worth its one
    point.
    """

    def __init__(self, terms: MatchRules) -> None:
        self.rules = terms.rules
        self.matches = terms.length is not None
        self.streaks: dict[str, int] = {}
        self.abandoned: dict[str, tuple[int, str]] = {}

    def forfeits(self, spec: GameSpec) -> bool:
        """Whether the game is already decided by an abandoned bot."""
        return any(name in self.abandoned for name in spec.seats)

    def judge(self, spec: GameSpec, played: GameResult | None) -> GameResult | None:
        """The result that counts for the game: a forfeit if a bot was abandoned, else `played`."""
        gone = [seat for seat, name in enumerate(spec.seats) if name in self.abandoned]
        if gone:
            loser = min(gone, key=lambda seat: self.abandoned[spec.seats[seat]][0])
            last = self.abandoned[spec.seats[loser]][1]
            # Translators: {last} is the reason for the last of those disqualifications
            reason = ngettext(
                "abandoned after {count} disqualification in a row (last: {last})",
                "abandoned after {count} disqualifications in a row (last: {last})",
                MAX_CONSECUTIVE_FAULTS,
            ).format(count=MAX_CONSECUTIVE_FAULTS, last=last)
            lost = forfeit(loser, self.rules, 0, reason, None, Fault.ABANDONED)
            return replace(lost, points=1) if self.matches else lost
        if played is None:
            return None
        for seat, name in enumerate(spec.seats):
            streak = self.streaks.get(name, 0) + 1 if played.disqualified == seat else 0
            self.streaks[name] = streak
            if streak >= MAX_CONSECUTIVE_FAULTS:
                self.abandoned[name] = (spec.index, played.reason)
        return played


_SKIPPED = None  # in Scoreboard.pending: a game an abandoned bot lost unplayed


class Scoreboard:
    """The games of one run as they finish, in any order, folded into `standings` in schedule order.

    Only games that finished ahead of an unfinished one wait (at most the games in flight), so memory
    stays flat however long the schedule. With a match length in `terms`, each entry of the schedule is
    a match.
    """

    def __init__(
        self,
        specs: Sequence[GameSpec],
        terms: MatchRules,
        tick: Callable[[], None],
        standings: Standings | None = None,
    ) -> None:
        self.specs = specs
        self.standings = standings if standings is not None else Standings(_bots_of(specs))
        self.pending: dict[int, Played | None] = {}
        self.stopped_by = ""
        self._ledger = Ledger(terms)
        self._cursor = 0
        self._tick = tick

    @property
    def finished(self) -> int:
        """Games decided so far, played or forfeited unplayed."""
        return self.standings.finished + len(self.pending)

    def decided(self, index: int) -> bool:
        """Whether the game of that index is decided (played, or lost unplayed)."""
        return index < self._cursor or index in self.pending

    def skip(self, spec: GameSpec) -> bool:
        """True (and the game counts as decided) if an abandoned bot already lost it."""
        if not self._ledger.forfeits(spec):
            return False
        self.pending[spec.index] = _SKIPPED
        self._advance()
        self._tick()
        return True

    def record(self, played: Played) -> None:
        """A finished game from a worker."""
        self.pending[played.index] = played
        self._advance()
        self._tick()

    def close(self) -> None:
        """The run is over (perhaps stopped early): fold in the games that finished after a gap."""
        for index in sorted(self.pending):
            self._fold(self.specs[index], self.pending.pop(index))

    def _advance(self) -> None:
        """Fold the finished prefix of the schedule, so abandoned bots are known early."""
        while self._cursor < len(self.specs) and self._cursor in self.pending:
            index = self._cursor
            self._fold(self.specs[index], self.pending.pop(index))
            self._cursor += 1

    def _fold(self, spec: GameSpec, played: Played | None) -> None:
        result = self._ledger.judge(spec, played.result if played else None)
        if result is None:
            return
        if played is not None and result is played.result:
            self.standings.add(spec, result, played.stderr, played.cube, played.scores, played.gammons)
        else:
            self.standings.add(spec, result)


def _bots_of(specs: Sequence[GameSpec]) -> list[str]:
    if isinstance(specs, Schedule):
        return specs.bots
    names: dict[str, None] = {}
    for spec in specs:
        names.update(dict.fromkeys(spec.seats))
    return list(names)
