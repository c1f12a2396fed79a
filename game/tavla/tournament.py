"""The bot tournament of SPEC §5: a round robin between any bots of the registry, in parallel processes.

Every pair plays N games (N even). Games 2k and 2k+1 of a pair use the same dice with the seats swapped,
so each bot plays the other's rolls ("duplicate" dice): both sides are played equally and much of the
luck cancels. Each game's dice, the built-in random bot and Python's global `random` are seeded from
(seed, the two names, the game's number), so the results do not depend on --jobs, on which worker plays
which game, or on the other bots entered.

A bot that answers an illegal play, garbage, nothing in time, or crashes loses that game by the rule
set's maximum (FORFEIT_POINTS); the position, dice, answer and reason are written to the
disqualification log. A bot disqualified in MAX_CONSECUTIVE_FAULTS games in a row is abandoned: it
forfeits all its later games without being started again. That rule is applied in schedule order by a
`Ledger`, never in finishing order, so it cannot make results depend on --jobs either.

With --jobs 1 the games run in this process; with more, in that many worker processes (spawned, so no
thread of this process is copied into them). Ctrl+C stops the workers, kills every external bot, and
reports the games finished so far. External programs are handled by game/tavla/protocol.py.
"""

import contextlib
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import random
import re
import secrets
import signal
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, overload

from game.errors import UserError
from game.files import NotARegularFile, writable_target, write_atomically
from game.i18n import _, current_language, ngettext, set_language
from game.tavla import reaper
from game.tavla.bots import Bot, bot_names, get_bot
from game.tavla.game import (
    FORFEIT_POINTS,
    BotFault,
    BotPlay,
    GameResult,
    forfeit,
    play_bots,
)
from game.tavla.position import format_state
from game.tavla.protocol import DEFAULT_TIMEOUT, ExternalBot, check_timeout, close_all
from game.tavla.results import Fault, Outcome
from game.tavla.rules import Rules

MAX_CONSECUTIVE_FAULTS = 5  # disqualifications in a row after which a bot forfeits the rest unplayed
LOG_NAME = "tavla-disqualifications.log"  # in the current folder unless a log path is given
_CMD_EXAMPLE = "cmd:python3 its_file.py"
Z95 = 1.959964
MAX_CHUNK = 25  # games sent to a worker at once: fewer messages for fast games
BLOCK_GAMES = 2  # games that share their dice (a duplicate pair): one sample of the intervals
MAX_LISTED_DISQUALIFICATIONS = 10_000  # kept in full for the log and --json; more are only counted
CHUNKS_AHEAD = 2  # chunks queued per worker so it never waits for the next one
POLL_SECONDS = 0.2
STOP_SECONDS = 3.0  # a worker told to stop gets this long before it is killed
STDERR_INDENT = "    | "
FILE_WIDTH = 160  # table width when stdout is a file or a pipe, not a terminal
EXIT_OK, EXIT_FAILED, EXIT_INTERRUPTED = 0, 1, 130
EXIT_SIGNALLED = 128  # plus the signal's number: 130 after Ctrl+C, 143 after SIGTERM, 129 after SIGHUP


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
class Played:
    """A game as a worker reports it; `stderr` is the tail of a disqualified external bot's stderr."""

    index: int
    result: GameResult
    stderr: str = ""


class TournamentAborted(Exception):
    """A worker process died (a Python bot ended it, or the machine killed it): the run cannot go on."""


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


class Ledger:
    """The rule for bots that keep failing, applied game by game in schedule order.

    After MAX_CONSECUTIVE_FAULTS disqualifications in a row in games it played, a bot is abandoned: it
    loses every later game by forfeit, unplayed. If both bots of a game are abandoned, the one abandoned
    first loses. Games that were not played (abandoned or unfinished) leave the streaks alone.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
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
            return forfeit(loser, self.rules, 0, reason, None, Fault.ABANDONED)
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
    stays flat however long the schedule.
    """

    def __init__(
        self,
        specs: Sequence[GameSpec],
        rules: Rules,
        tick: Callable[[], None],
        standings: "Standings | None" = None,
    ) -> None:
        self.specs = specs
        self.rules = rules
        self.standings = standings if standings is not None else Standings(_bots_of(specs), rules)
        self.pending: dict[int, Played | None] = {}
        self.stopped_by = ""
        self._ledger = Ledger(rules)
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
        if result is not None:
            stderr = played.stderr if played is not None and result is played.result else ""
            self.standings.add(spec, result, stderr)


def _bots_of(specs: Sequence[GameSpec]) -> list[str]:
    if isinstance(specs, Schedule):
        return specs.bots
    names: dict[str, None] = {}
    for spec in specs:
        names.update(dict.fromkeys(spec.seats))
    return list(names)


# ---- playing one game (in this process or in a worker) ----------------------------------------------

_BOTS: dict[tuple[str, str, float], Bot] = {}
_alarms_on = False


class _Alarm(BaseException):
    """Raised in a Python bot's code when its time is up; not an Exception, so the bot's own
    `except Exception` does not swallow it."""


def play_game(spec: GameSpec, rules: Rules, timeout: float) -> Played:
    """Play one scheduled game; bots that are not built in are loaded once per process and kept."""
    random.seed(spec.bot_seed)
    players = [
        _player(name, derive_seed(spec.bot_seed, seat), rules, timeout)
        for seat, name in enumerate(spec.seats)
    ]
    result, _record = play_bots(players[0], players[1], rules, rng=random.Random(spec.dice_seed))
    stderr = ""
    if result.disqualified is not None:
        bot = _BOTS.get((spec.seats[result.disqualified], rules, timeout))
        if isinstance(bot, ExternalBot):
            stderr = bot.stderr_tail()
    return Played(spec.index, result, stderr)


def load_bot(name: str, rules: Rules, timeout: float) -> Bot:
    """The bot for a name that is not built in, loaded (or its command checked) once per process."""
    key = (name, rules, timeout)
    bot = _BOTS.get(key)
    if bot is None:
        bot = get_bot(name, rules=rules)
        if isinstance(bot, ExternalBot):
            bot.timeout = timeout
        _BOTS[key] = bot
    return bot


def release_bots() -> None:
    """Stop every external program and forget the loaded bots (the next run starts afresh)."""
    for bot in _BOTS.values():
        if isinstance(bot, ExternalBot):
            bot.close()
    _BOTS.clear()
    close_all()


def _player(name: str, seed: int, rules: Rules, timeout: float) -> BotPlay:
    if name in bot_names():
        return get_bot(name, seed=seed, rules=rules).play
    bot = load_bot(name, rules, timeout)
    if isinstance(bot, ExternalBot):
        return bot.play
    return _timed(bot.play, timeout)


def _timed(function: BotPlay, timeout: float) -> BotPlay:
    """A Python bot's play with the time limit: an alarm interrupts it where signals allow (the main
    thread on POSIX), and an answer that still comes late is refused."""

    def answer(state: list[int], die1: int, die2: int) -> str | None:
        start = time.monotonic()
        try:
            try:
                if _alarms_on:
                    signal.setitimer(signal.ITIMER_REAL, timeout)
                play = function(state, die1, die2)
            finally:
                if _alarms_on:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except _Alarm:
            # Translators: {seconds} is the time limit, e.g. 1 or 0.5
            message = _("no answer within {seconds} s").format(seconds=f"{timeout:g}")
            raise BotFault(Fault.TIMEOUT, message) from None
        except StopRequested:
            raise
        except SystemExit as exit_:
            # Translators: said of a Python bot that ended the program; {code} is the value it passed
            message = _("called sys.exit({code})").format(code=repr(exit_.code))
            raise BotFault(Fault.CRASH, message) from None
        except Exception:
            _check_stop()
            raise
        except BaseException as error:  # noqa: BLE001 - KeyboardInterrupt & co. from the bot's own code
            _check_stop()
            raise BotFault(Fault.CRASH, _exception_text(error)) from None
        _check_stop()
        late = time.monotonic() - start
        if late > timeout:
            # Translators: {seconds} is how long the bot took, {limit} the time limit, both in seconds
            message = _("answered after {seconds} s, over the limit of {limit} s")
            raise BotFault(Fault.TIMEOUT, message.format(seconds=f"{late:.2f}", limit=f"{timeout:g}"))
        return play

    return answer


def _exception_text(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _on_alarm(signum: int, frame: object) -> None:
    if _alarms_on:
        raise _Alarm


@contextmanager
def _time_limits() -> Iterator[None]:
    """Let `_timed` interrupt Python bots with SIGALRM while games are played, where that works."""
    global _alarms_on
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    _alarms_on = True
    try:
        yield
    finally:
        _alarms_on = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---- running the schedule ----------------------------------------------------------------------------


def _run_here(board: Scoreboard, rules: Rules, timeout: float, stop: "_Stop") -> None:
    watch = reaper.Watch()
    with _time_limits():
        try:
            for spec in board.specs:
                stop.check()
                if not board.skip(spec):
                    board.record(play_game(spec, rules, timeout))
        finally:
            with _no_interrupts():
                release_bots()
                watch.end()


def _worker(conn: Connection, rules: Rules, timeout: float, language: str) -> None:
    """A worker process: play the chunks of games it is sent, one message per finished game.

    `language` is the tournament's, so the reasons for disqualifications read as the rest of its report.
    Ctrl+C and SIGHUP are for the tournament, which stops the workers with SIGTERM; a worker adopts
    the orphans of its bots (a subreaper) and kills every process below it when it ends.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)
    reaper.become_subreaper()
    with contextlib.suppress(OSError, ValueError):  # no catalogue: the reasons are written in English
        set_language(language)
    try:
        with _time_limits():
            while (chunk := conn.recv()) is not None:
                for spec in chunk:
                    conn.send(("game", play_game(spec, rules, timeout)))
                conn.send(("done", None))
    except (EOFError, BrokenPipeError):
        pass
    except Exception:  # noqa: BLE001 - a bug here must reach the tournament, not vanish with the worker
        conn.send(("error", traceback.format_exc()))
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        release_bots()
        reaper.kill(reaper.descendants(os.getpid()))


def _stop_worker(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    close_all()
    reaper.kill(reaper.descendants(os.getpid()))
    os._exit(EXIT_INTERRUPTED)


@dataclass
class _Worker:
    process: Any
    conn: Connection
    chunks: list[list[GameSpec]] = field(default_factory=list)


def _run_workers(board: Scoreboard, jobs: int, rules: Rules, timeout: float) -> None:
    context = multiprocessing.get_context("spawn")
    specs = iter(board.specs)
    size = max(1, min(MAX_CHUNK, len(board.specs) // (jobs * 8)))
    workers: list[_Worker] = []
    finished = False
    try:
        for _number in range(min(jobs, len(board.specs))):
            here, there = context.Pipe()
            arguments = (there, rules, timeout, current_language())
            process = context.Process(target=_worker, args=arguments, daemon=True)
            process.start()
            there.close()
            workers.append(_Worker(process, here))
        while True:
            for worker in workers:
                while len(worker.chunks) < CHUNKS_AHEAD and (chunk := _next_chunk(board, specs, size)):
                    worker.conn.send(chunk)
                    worker.chunks.append(chunk)
            busy = [worker for worker in workers if worker.chunks]
            if not busy:
                finished = True
                return
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], POLL_SECONDS)
            for worker in busy:
                if worker.conn in ready or worker.process.sentinel in ready:
                    _receive(worker, board)
    finally:
        _stop_workers(workers, polite=finished)


def _next_chunk(board: Scoreboard, specs: Iterator[GameSpec], size: int) -> list[GameSpec]:
    chunk: list[GameSpec] = []
    for spec in specs:
        if not board.skip(spec):
            chunk.append(spec)
            if len(chunk) == size:
                break
    return chunk


def _receive(worker: _Worker, board: Scoreboard) -> None:
    try:
        while worker.conn.poll():
            kind, payload = worker.conn.recv()
            if kind == "game":
                board.record(payload)
            elif kind == "done":
                worker.chunks.pop(0)
            else:
                raise RuntimeError(f"a tournament worker failed:\n{payload}")
    except (EOFError, OSError):
        pass
    if not worker.process.is_alive() and worker.chunks:
        lost = next(
            (spec for chunk in worker.chunks for spec in chunk if not board.decided(spec.index)), None
        )
        code = worker.process.exitcode
        if lost is None:
            # Translators: {code} is the process's exit code; {example} is cmd:python3 its_file.py, kept as
            # it is
            message = _(
                "a worker process died (exit code {code}); a Python bot may have "
                "ended it (os._exit, a crash in C code, out of memory). Enter such a bot as "
                "{example} to run it in a process of its own"
            ).format(code=code, example=_CMD_EXAMPLE)
        else:
            # Translators: {game} is the game's number, {a} and {b} the bots; {code} is the process's exit
            # code; {example} is cmd:python3 its_file.py, kept as it is
            message = _(
                "a worker process died during game {game} ({a} vs {b}) (exit code {code}); a Python bot "
                "may have ended it (os._exit, a crash in C code, out of memory). Enter such a bot as "
                "{example} to run it in a process of its own"
            ).format(game=lost.index, a=lost.seats[0], b=lost.seats[1], code=code, example=_CMD_EXAMPLE)
        raise TournamentAborted(message)


def _stop_workers(workers: list[_Worker], polite: bool) -> None:
    """Tell the workers to finish (or, after Ctrl+C or an error, terminate them: each kills its bots)."""
    for worker in workers:
        try:
            if polite:
                worker.conn.send(None)
            else:
                worker.process.terminate()
        except (OSError, ValueError):
            pass
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join(STOP_SECONDS)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()


# ---- figures -------------------------------------------------------------------------------------------


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

    def add(self, won: bool, result: GameResult, disqualified: bool, block: tuple[int, int]) -> None:
        """One game from this side: won or lost, by how much, and whether this side was disqualified."""
        self.games += 1
        net = result.points if won else -result.points
        if won:
            self.wins += 1
            self.points_for += result.points
        else:
            self.points_against += result.points
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

    def __init__(self, bots: Sequence[str], rules: Rules) -> None:
        self.bots = list(bots)
        self.rules = rules
        self.per_bot: dict[str, Tally] = {name: Tally() for name in self.bots}
        self.pairs = list(itertools.combinations(self.bots, 2))
        self.per_pair: dict[tuple[str, str], tuple[Tally, Tally]] = {
            pair: (Tally(), Tally()) for pair in self.pairs
        }
        self.finished = 0
        self.entries: list[dict[str, Any]] = []
        self.unlisted = 0
        self.abandoned: Counter[str] = Counter()

    def add(self, spec: GameSpec, result: GameResult, stderr: str = "") -> None:
        """One decided game, in schedule order."""
        self.finished += 1
        pair = self.pairs[spec.pair] if spec.pair < len(self.pairs) else _pair_of(spec, self.bots)
        sides = self.per_pair.setdefault(pair, (Tally(), Tally()))
        for seat, name in enumerate(spec.seats):
            won, disqualified = result.winner == seat, result.disqualified == seat
            self.per_bot.setdefault(name, Tally()).add(won, result, disqualified, spec.block)
            sides[0 if name == pair[0] else 1].add(won, result, disqualified, spec.block)
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
    """

    bots: list[str]
    games: int
    seed: int
    jobs: int
    rules: Rules
    timeout: float
    scheduled: int
    standings: Standings
    seconds: float
    interrupted: bool = False
    aborted: str = ""
    stopped_by: str = ""

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
        """The largest points a game can be worth under the rule set."""
        return float(FORFEIT_POINTS[self.rules])

    def disqualifications(self) -> list[dict[str, Any]]:
        """One entry per game lost by disqualification (abandoned games included), in schedule order;
        past MAX_LISTED_DISQUALIFICATIONS, only counted (`standings.unlisted`)."""
        return self.standings.entries

    def to_json(self, log: str | None) -> dict[str, Any]:
        """The --json report: SPEC §5's keys and more."""
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
                }
            )
        return {
            "rules": str(self.rules),
            "games_per_pair": self.games,
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


def _pair_of(spec: GameSpec, bots: list[str]) -> tuple[str, str]:
    a, b = spec.seats
    return (a, b) if bots.index(a) < bots.index(b) else (b, a)


# ---- the command -----------------------------------------------------------------------------------------


def check_entries(
    bots: list[str], games: int, seed: int | None, jobs: int, rules: Rules, timeout: float
) -> list[str]:
    """Refuse bad input before anything is played; returns the names as they will be reported.

    Bots that are not built in are loaded now (a Python file is executed, a command is looked up) so a
    typo is reported at once, not in the middle of the run.
    """
    check_timeout(timeout)
    for option, value in (("--games", games), ("--jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            # Translators: {option} is a command-line option, --games or --jobs; {value} what was given
            message = _("{option} must be a whole number of at least 1, not {value}")
            raise UserError(message.format(option=option, value=repr(value)))
    if games % 2:
        # Translators: --games is a command-line option; keep it as it is
        message = _(
            "--games must be even, not {games}: each pair plays both sides equally, in pairs "
            "of games with the same dice and the seats swapped"
        )
        raise UserError(message.format(games=games))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        # Translators: --seed is a command-line option; keep it as it is
        raise UserError(_("--seed must be a whole number of 0 or more, not {seed}").format(seed=repr(seed)))
    names = [name.strip() for name in bots]
    if any(not name for name in names):
        # Translators: --bots random,greedy is an example command line; keep it as it is
        raise UserError(_("a bot name is empty; give names separated by commas, e.g. --bots random,greedy"))
    if len(names) < 2:
        raise UserError(_("a tournament needs at least two bots, got {count}").format(count=len(names)))
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        # Translators: {names} lists bots' names, separated by commas
        message = _("each bot can enter once; given more than once: {names}")
        raise UserError(message.format(names=", ".join(twice)))
    for name in names:
        if name not in bot_names():
            load_bot(name, rules, timeout)
    return names


def run_tournament(
    bots: list[str],
    games: int,
    seed: int | None = None,
    jobs: int = 1,
    rules: Rules | str = Rules.TAVLA,
    timeout: float = DEFAULT_TIMEOUT,
    show_progress: bool = False,
) -> Report:
    """Play the whole round robin and return the figures; Ctrl+C, SIGTERM or SIGHUP end it early with
    what was finished. `rules` is the rule set's name as given (or a Rules)."""
    rule_set = Rules.parse(rules)
    names = check_entries(bots, games, seed, jobs, rule_set, timeout)
    seed = secrets.randbelow(2**32) if seed is None else seed
    specs = schedule(names, games, seed)
    start = time.perf_counter()
    board, interrupted, aborted = play_schedule(specs, jobs, rule_set, timeout, show_progress)
    return Report(
        names,
        games,
        seed,
        jobs,
        rule_set,
        timeout,
        len(specs),
        board.standings,
        time.perf_counter() - start,
        interrupted,
        aborted,
        board.stopped_by,
    )


def play_schedule(
    specs: Sequence[GameSpec], jobs: int, rules: Rules, timeout: float, show_progress: bool = False
) -> tuple[Scoreboard, bool, str]:
    """Play scheduled games (checked entries; a bot may even meet itself, as benchmarks want).

    Returns the scoreboard, whether a stop signal (Ctrl+C, SIGTERM, SIGHUP) ended it, and why a dead
    worker stopped it ("" if none). Every process a bot started is ended before it returns.
    """
    interrupted, aborted = False, ""
    reaper.become_subreaper()
    with _stop_signals() as stop, _progress_bar(len(specs), show_progress) as tick:
        board = Scoreboard(specs, rules, tick)
        try:
            if jobs == 1:
                _run_here(board, rules, timeout, stop)
            else:
                release_bots()
                _run_workers(board, jobs, rules, timeout)
            stop.check()
        except KeyboardInterrupt:
            interrupted = True
        except TournamentAborted as error:
            aborted = str(error)
        finally:
            with _no_interrupts():
                release_bots()
                board.close()
        board.stopped_by = stop.name
        if board.stopped_by:
            interrupted = True
    return board, interrupted, aborted


def split_bot_list(values: Sequence[str]) -> list[str]:
    """The bots of `--bots` (given once or more): commas separate names, and `\\,` is a comma inside one,
    since a `cmd:` command line may need it."""
    return [
        part.replace("\\,", ",").strip() for value in values for part in re.split(r"(?<!\\),", value)
    ]


def tournament_command(
    bots: list[str],
    games: int,
    seed: int | None = None,
    jobs: int = 1,
    rules: Rules | str = Rules.TAVLA,
    json_path: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    log_path: str | None = None,
) -> int:
    """`python main.py tournament`: play, write the disqualification log and --json, print the tables.

    Returns 0; after Ctrl+C 130, after SIGTERM 143, after SIGHUP 129 (128 + the signal: the games
    finished so far are still reported and written, marked incomplete); 1 if a worker process died.
    Bad input (bots, numbers, the paths of --json and --log) raises UserError before any game is played.
    """
    json_file = _writable(json_path, "--json") if json_path is not None else None
    log_file = _writable(log_path) if log_path is not None else _writable(LOG_NAME, default=True)
    report = run_tournament(bots, games, seed, jobs, rules, timeout, show_progress=True)
    with _no_interrupts():
        log = _write_log(report, log_file)
        if json_file is not None:
            write_json_atomically(json_file, report.to_json(str(log) if log else None))
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone: the files are written
            print_report(report, log)
    if report.aborted:
        return EXIT_FAILED
    if report.stopped_by:
        return EXIT_SIGNALLED + getattr(signal, report.stopped_by, signal.SIGINT)
    return EXIT_INTERRUPTED if report.interrupted else EXIT_OK


def print_report(report: Report, log: Path | None) -> None:
    """The tables per bot and per pair, and a summary of the run, on stdout."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console.width = FILE_WIDTH
    rate = report.finished / report.seconds if report.seconds > 0 else 0.0
    # Translators: part of a tournament's title, e.g. "10 games per pair"
    per_pair = ngettext("{count} game per pair", "{count} games per pair", report.games)
    # Translators: part of a tournament's title: how many games were played, e.g. "30 games"
    played = ngettext("{count} game", "{count} games", report.finished)
    # Translators: a tournament's title. {rules} is the rule set's name as typed (tavla or standard), kept
    # as it is; {per_pair} is "10 games per pair"; {played} is "30 games"; {rate} is games per second
    title = _(
        "Tavla tournament: {rules} rules, {per_pair}, seed {seed}; "
        "{played} in {seconds} s ({rate}/s, --jobs {jobs})"
    ).format(
        rules=report.rules,
        per_pair=per_pair.format(count=report.games),
        seed=report.seed,
        played=played.format(count=report.finished),
        seconds=f"{report.seconds:.1f}",
        rate=f"{rate:.0f}",
        jobs=report.jobs,
    )
    interval = _interval_heading()
    table = Table(title=title, title_justify="left")
    # Translators: heading of the rank column in a tournament's table
    table.add_column(_("#"), justify="right")
    # Translators: heading of a tournament's table: the bot's name
    table.add_column(_("Bot"), overflow="fold", ratio=1)
    for header in (
        # Translators: heading of a tournament's table: games played
        _("Games"),
        # Translators: heading of a tournament's table: games won
        _("Wins"),
        # Translators: heading of a tournament's table: points won (short)
        _("Pts won"),
        # Translators: heading of a tournament's table: points lost (short)
        _("Pts lost"),
        # Translators: heading of a tournament's table: points per game, won minus lost (short)
        _("Pts/game"),
        interval,
        # Translators: heading of a tournament's table: gammons (mars) won and lost, shown as 3/1
        _("Gammons won/lost"),
        # Translators: heading of a tournament's table: games lost by disqualification
        _("Disqualified"),
    ):
        table.add_column(header, justify="right", overflow="fold")
    ranked = sorted(report.per_bot.items(), key=lambda item: -item[1].ppg)
    for rank, (name, tally) in enumerate(ranked, 1):
        table.add_row(
            str(rank),
            name,
            str(tally.games),
            str(tally.wins),
            str(tally.points_for),
            str(tally.points_against),
            f"{tally.ppg:+.3f}",
            _interval(tally, report.widest),
            f"{tally.gammons}/{tally.gammons_lost}",
            _faults(tally),
        )
    console.print(table)

    # Translators: title of the table of pairs of bots; A and B are the columns of the two bots
    pairs = Table(title=_("Pairs, from A's side"), title_justify="left")
    # Translators: heading of the column of the first bot of each pair (the table's title says "A's side")
    pairs.add_column(_("A"), overflow="fold", ratio=1)
    # Translators: heading of the column of the second bot of each pair
    pairs.add_column(_("B"), overflow="fold", ratio=1)
    for header in (
        # Translators: heading of a tournament's table: games played
        _("Games"),
        # Translators: heading of the table of pairs: games won by A and by B, shown as 6-4
        _("Wins A-B"),
        # Translators: heading of the table of pairs: points won by A and by B, shown as 9-7
        _("Points A-B"),
        # Translators: heading of the table of pairs: A's points per game, won minus lost (short)
        _("A pts/game"),
        interval,
        # Translators: heading of the table of pairs: gammons (mars) won by A and by B, shown as 2-1
        _("Gammons A-B"),
        # Translators: heading of the table of pairs: games A and B lost by disqualification, shown as 0-1
        _("Disqualified A-B"),
    ):
        pairs.add_column(header, justify="right", overflow="fold")
    for (a, b), (side_a, side_b) in report.per_pair.items():
        pairs.add_row(
            a,
            b,
            str(side_a.games),
            f"{side_a.wins}-{side_b.wins}",
            f"{side_a.points_for}-{side_b.points_for}",
            f"{side_a.ppg:+.3f}",
            _interval(side_a, report.widest),
            f"{side_a.gammons}-{side_b.gammons}",
            f"{side_a.disqualifications}-{side_b.disqualifications}",
        )
    console.print(pairs)

    if report.interrupted:
        # Translators: [bold] and [/] are terminal markup around the first word: keep them as they are
        message = ngettext(
            "[bold]Interrupted:[/] {finished} of {scheduled} game finished; the tables cover those.",
            "[bold]Interrupted:[/] {finished} of {scheduled} games finished; the tables cover those.",
            report.scheduled,
        )
        console.print(message.format(finished=report.finished, scheduled=report.scheduled))
    if report.aborted:
        # Translators: [bold red] and [/] are terminal markup around the first word: keep them as they are;
        # {reason} says why the tournament stopped
        console.print(_("[bold red]Stopped:[/] {reason}").format(reason=report.aborted))
    if log is not None:
        # Translators: {path} is the log file
        console.print(_("Disqualifications (position, dice, answer, reason) are in {path}").format(path=log))
    # Translators: --seed is a command-line option; keep it as it is
    console.print(_("Replay this tournament with --seed {seed}.").format(seed=report.seed))


def write_json_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write the report so that a reader never sees half a file: a temporary file, then a rename."""
    write_atomically(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _interval_heading() -> str:
    # Translators: heading of a tournament's table: the 95% confidence interval of the points per game
    return _("Interval ({percent}%)").format(percent=95)


def _interval(tally: Tally, widest: float) -> str:
    low, high = tally.ci95(widest)
    # Translators: a confidence interval in a table, e.g. "-0.250 to +0.410"
    return _("{low} to {high}").format(low=f"{low:+.3f}", high=f"{high:+.3f}")


def fault_name(kind: str) -> str:
    """What a player reads for a kind of fault (GameResult.fault), in the current language."""
    return _(kind.label) if isinstance(kind, Fault) else kind


def _faults(tally: Tally) -> str:
    if not tally.disqualifications:
        return "0"
    # Translators: one kind of fault in the "Disqualified" column, e.g. "2 timeout": {count} games lost
    # that way, {fault} the kind ("timeout", "crash", ...), as a label
    counted = _("{count} {fault}")
    kinds = ", ".join(
        counted.format(count=count, fault=fault_name(kind)) for kind, count in sorted(tally.faults.items())
    )
    # Translators: the "Disqualified" column, e.g. "3 (1 crash, 2 timeout)": {count} games in all, then
    # {faults}, the list by kind
    return _("{count} ({faults})").format(count=tally.disqualifications, faults=kinds)


def _write_log(report: Report, path: Path) -> Path | None:
    """The disqualification log for bot authors; None when nobody was disqualified.

    No file is made when nobody was disqualified, but a log an earlier run left at `path` is replaced
    by one that says so: a stale log never stays beside a new report.
    """
    entries = report.disqualifications()
    if not entries and not (path.is_file() or path.is_symlink()):
        return None
    # Translators: the first line of the disqualification log; {rules} is tavla or standard, kept as it is
    heading = ngettext(
        "Tavla tournament: {rules} rules, {count} game per pair, seed {seed}",
        "Tavla tournament: {rules} rules, {count} games per pair, seed {seed}",
        report.games,
    )
    # Translators: {command} is a command line to type, kept as it is
    replay = _("Replay a decision: {command} lists the legal plays.")
    lines = [
        heading.format(rules=report.rules, count=report.games, seed=report.seed),
        replay.format(command='python main.py moves --state "STATE" --dice D1 D2'),
        "",
    ]
    labels = {
        # Translators: a field of an entry in the disqualification log: which bot
        "bot": _("bot:"),
        # Translators: a field of an entry in the disqualification log: the kind of fault and the reason
        "fault": _("fault:"),
        # Translators: a field of an entry in the disqualification log: the position (28 numbers)
        "state": _("state:"),
        # Translators: a field of an entry in the disqualification log: the dice rolled
        "dice": _("dice:"),
        # Translators: a field of an entry in the disqualification log: the bot's answer, quoted as it was
        "answer": _("answer:"),
    }
    width = max(len(label) for label in labels.values()) + 1
    field_line = "  {label:<" + str(width) + "}{value}"
    if not entries:
        # Translators: the whole disqualification log of a run in which nobody was disqualified (it
        # replaces the log of an earlier run)
        lines.append(_("Nobody was disqualified in this run."))
    for entry in entries:
        if entry["fault"] == Fault.ABANDONED:
            continue
        a, b = entry["pair"]
        # Translators: an entry's heading in the disqualification log: the game's number, the pair of bots,
        # which game of the pair it was, and the turn
        title = _("game {game} ({a} vs {b}, game {round} of the pair), turn {turn}")
        # Translators: the bot in the disqualification log and its seat (0 or 1)
        seat = _("{bot} (seat {seat})")
        # Translators: {fault} is the kind of fault (illegal, crash, ...) and {reason} says what happened
        fault = _("{fault}: {reason}")
        fields = (
            ("bot", seat.format(bot=entry["bot"], seat=entry["seat"])),
            ("fault", fault.format(fault=fault_name(entry["fault"]), reason=entry["reason"])),
            ("state", entry["state"]),
            ("dice", " ".join(map(str, entry["dice"])) if entry["dice"] else "-"),
            ("answer", repr(entry["answer"])),
        )
        lines.append(
            title.format(game=entry["game"], a=a, b=b, round=entry["round"] + 1, turn=entry["turn"] + 1)
        )
        lines += [field_line.format(label=labels[key], value=value) for key, value in fields]
        if entry["stderr"]:
            # Translators: in the disqualification log, above the end of what a bot wrote to its stderr
            lines.append("  " + _("stderr (its last lines):"))
            lines += [STDERR_INDENT + line for line in entry["stderr"].splitlines()[-20:]]
        lines.append("")
    if report.standings.unlisted:
        # Translators: the end of the disqualification log, which lists the first 10,000 in full; {count}
        # more are only counted in the tables
        message = ngettext(
            "{count} more disqualification is counted in the tables but not listed here.",
            "{count} more disqualifications are counted in the tables but not listed here.",
            report.standings.unlisted,
        )
        lines.append(message.format(count=report.standings.unlisted))
    for name, count in report.standings.abandoned.items():
        # Translators: {name} is a bot; {limit} is how many disqualifications in a row (5) abandon a bot;
        # {count} is how many games it lost that way
        message = ngettext(
            "{name} was abandoned after {limit} disqualifications in a row: "
            "it forfeited its {count} later game unplayed.",
            "{name} was abandoned after {limit} disqualifications in a row: "
            "it forfeited its {count} later games unplayed.",
            count,
        )
        lines.append(message.format(name=name, limit=MAX_CONSECUTIVE_FAULTS, count=count))
    try:
        write_atomically(path, "\n".join(lines) + "\n")
    except OSError as error:
        # Translators: {path} is the log file; {error} is the system's reason
        message = _("cannot write the disqualification log {path}: {error}")
        print(message.format(path=path, error=error), file=sys.stderr)
        return None
    return path if entries else None


def _writable(path: str, option: str | None = None, default: bool = False) -> Path:
    """A file path that can be written, checked before the games rather than after them: its folder
    exists and is writable, and it is not a folder, a device or a pipe (a symbolic link is followed).

    `option` names the command-line option the path came from; None for the disqualification log
    (`default`: the log's default path, not one given with --log).
    """
    given = Path(path)
    try:
        target = writable_target(given)
    except NotARegularFile as error:
        if option is None:
            # Translators: {path} is the file name of the disqualification log, quoted; {reason} says it
            # is a folder or a device; --log is a command-line option, kept as it is
            message = _("the disqualification log {path} cannot be written: {reason}; give --log PATH")
        else:
            # Translators: {option} is a command-line option such as --json; {reason} says that the path
            # is a folder or a device and that nothing was written
            message = _("{option}: {reason}")
        raise UserError(message.format(option=option, path=repr(path), reason=error)) from None
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        if option is None:
            # Translators: {path} is the file name given for the disqualification log, {folder} its folder
            message = _("the log {path}: folder {folder} does not exist")
        else:
            # Translators: {option} is a command-line option such as --json; {path} the file name given
            message = _("{option} {path}: folder {folder} does not exist")
    elif not os.access(folder, os.W_OK):
        if default:
            # Translators: {path} is where the disqualification log goes by default, {folder} its
            # folder (the current one); --log PATH is a command-line option, kept as it is
            message = _(
                "the disqualification log would be written to {path}, but folder {folder} is not "
                "writable; give another place with --log PATH"
            )
        elif option is None:
            # Translators: {path} is the file name given for the disqualification log, {folder} its folder
            message = _("the log {path}: folder {folder} is not writable")
        else:
            # Translators: {option} is a command-line option such as --json; {path} the file name given
            message = _("{option} {path}: folder {folder} is not writable")
    else:
        return given
    raise UserError(message.format(option=option, path=repr(path), folder=repr(str(folder))))


STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class StopRequested(KeyboardInterrupt):
    """Ctrl+C, SIGTERM or SIGHUP asked the tournament to stop. A KeyboardInterrupt that a Python bot
    raises itself is not one: it is a crash of that bot."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _Stop:
    """The stop signal received while games are played, if any."""

    def __init__(self) -> None:
        self.signum: int | None = None

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name if self.signum is not None else ""

    def check(self) -> None:
        """Raise StopRequested if a stop signal came (a bot may have swallowed the first one)."""
        if self.signum is not None:
            raise StopRequested(self.signum)

    def handle(self, signum: int, frame: object) -> None:
        if self.signum is None:
            self.signum = signum
        raise StopRequested(signum)


_current_stop: _Stop | None = None


def _check_stop() -> None:
    if _current_stop is not None:
        _current_stop.check()


@contextmanager
def _stop_signals() -> Iterator[_Stop]:
    """While games are played, Ctrl+C, SIGTERM and SIGHUP stop them as Ctrl+C always did: the games
    finished so far are reported and every bot's processes are ended. A signal ignored when the
    tournament started (nohup) stays ignored."""
    global _current_stop
    stop = _Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = {}
    for signum in STOP_SIGNALS:
        handler = signal.getsignal(signum)
        if handler in (signal.SIG_IGN, None):
            continue
        previous[signum] = signal.signal(signum, stop.handle)
    _current_stop = stop
    try:
        yield stop
    finally:
        _current_stop = None
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def _no_interrupts() -> Iterator[None]:
    """Stop signals are ignored while cleaning up and reporting, so a second one cannot leave orphans
    or half a report."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in STOP_SIGNALS:
        handler = signal.getsignal(signum)
        if handler is None:
            continue
        previous[signum] = signal.signal(signum, signal.SIG_IGN)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def _progress_bar(total: int, show: bool) -> Iterator[Callable[[], None]]:
    """A progress bar with an ETA on stderr; a no-op tick when not shown."""
    if not show:
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        # Translators: "estimated time of arrival", before the time a tournament still needs (short)
        TextColumn(_("ETA").replace("{", "{{").replace("}", "}}")),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    # Translators: the label of a tournament's progress bar, before "12/300" games played
    task = bar.add_task(_("games"), total=total)
    with bar:
        yield lambda: bar.advance(task)
