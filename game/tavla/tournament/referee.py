"""Playing one scheduled game or match, in this process or in a worker: the bots and their time limits.

With the cube, each seat answers the cube questions through a `CubeSide` that counts its doubles, takes
and passes for the report. A match (MatchRules with a length) is played game after game to its length,
each game's points multiplied by its cube, under the Crawford rule when the cube is used; game k of a
match rolls the dice of (the match's dice seed, k), so the two matches of a duplicate pair start every
game with the same dice. A bot disqualified in a game of a match loses the whole match.
"""

import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import ParamSpec, TypeVar

from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.cube import Cube
from game.tavla.engine.game import BotFault, CubeTerms, GameResult
from game.tavla.engine.match import Match
from game.tavla.engine.play import BotPlay, drive, play_bots
from game.tavla.engine.results import Fault, Outcome
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players import Bot, bot_names, get_bot
from game.tavla.players.child import REASON_CHARS
from game.tavla.players.protocol import ExternalBot, close_all
from game.tavla.tournament.schedule import CubeCounts, GameSpec, GammonCounts, Played, derive_seed
from game.tavla.tournament.stopping import StopRequested, check_stop

_BOTS: dict[tuple[str, Rules, float, bool], Bot] = {}
_alarms_on = False

CubeQuestion = Callable[[list[int], Cube], object]
Asked = ParamSpec("Asked")
Answer = TypeVar("Answer")


class _Alarm(BaseException):
    """Raised in a Python bot's code when its time is up; not an Exception, so the bot's own
    `except Exception` does not swallow it."""


class CubeSide:
    """One seat's answers to the cube questions in one game or match, counted: a bot without `double`
    never doubles, one without `take` always takes (as game/tavla/engine/cube.py has it)."""

    def __init__(self, double: CubeQuestion | None, take: CubeQuestion | None) -> None:
        self._double = double
        self._take = take
        self.doubles = self.takes = self.passes = 0

    def double(self, state: list[int], cube: Cube) -> bool:
        """The bot's double before its roll, counted when it doubles."""
        doubles = self._double is not None and bool(self._double(state, cube))
        self.doubles += doubles
        return doubles

    def take(self, state: list[int], cube: Cube) -> bool:
        """The bot's answer to a double, counted as a take or a pass."""
        takes = self._take is None or bool(self._take(state, cube))
        self.takes += takes
        self.passes += not takes
        return takes

    @property
    def counts(self) -> CubeCounts:
        """What it did, for the report."""
        return CubeCounts(self.doubles, self.takes, self.passes)


def play_game(spec: GameSpec, terms: MatchRules, timeout: float) -> Played:
    """Play one scheduled game, or a match when `terms` has a length; bots that are not built in are
    loaded once per process and kept."""
    random.seed(spec.bot_seed)
    seats = [
        _player(name, derive_seed(spec.bot_seed, seat), terms, timeout)
        for seat, name in enumerate(spec.seats)
    ]
    players = (seats[0][0], seats[1][0])
    sides = (seats[0][1], seats[1][1]) if terms.cube else None
    if terms.length is None:
        cube = CubeTerms(jacoby=terms.jacoby) if terms.cube else None
        rng = random.Random(spec.dice_seed)
        result, _record = play_bots(*players, terms.rules, rng=rng, cube=cube, deciders=sides)
        scores = gammons = None
    else:
        result, scores, gammons = _play_match(spec, terms, players, sides)
    stderr = ""
    if result.disqualified is not None:
        result = replace(result, reason=quoted(result.reason, REASON_CHARS))  # a bot's 5 MB error, cut
        bot = _BOTS.get(_loaded(spec.seats[result.disqualified], terms, timeout))
        if isinstance(bot, ExternalBot):
            stderr = bot.stderr_tail()
    counts = (sides[0].counts, sides[1].counts) if sides is not None else (CubeCounts(), CubeCounts())
    return Played(spec.index, result, stderr, counts, scores, gammons)


def _play_match(
    spec: GameSpec, terms: MatchRules, players: tuple[BotPlay, BotPlay], sides: Sequence[CubeSide] | None
) -> tuple[GameResult, tuple[int, int], tuple[GammonCounts, GammonCounts]]:
    """A match to `terms.length`: its result (a single point to the winner, or a disqualification), the
    final score by seat, and the gammons and backgammons each seat won in its games. Each game's dice
    come from its own seed, so a game can be replayed alone."""
    assert terms.length is not None
    match = Match(terms.length, terms.rules, cube=terms.cube)
    turns = 0
    won = [[0, 0], [0, 0]]  # by seat: gammons, backgammons
    while match.winner is None:
        before = match.scores
        game = match.next_game(random.Random(derive_seed(spec.dice_seed, len(match.games))))
        result = drive(game, players, sides if terms.cube else None)
        turns += result.turns
        if result.disqualified is not None:
            return replace(result, points=1, turns=turns, cube=1), before, _gammons(won)
        won[result.winner][0] += result.kind.gammon
        won[result.winner][1] += result.kind is Outcome.BACKGAMMON
    return GameResult(match.winner, 1, Outcome.SINGLE, turns), match.scores, _gammons(won)


def _gammons(won: list[list[int]]) -> tuple[GammonCounts, GammonCounts]:
    return GammonCounts(*won[0]), GammonCounts(*won[1])


def load_bot(name: str, terms: MatchRules, timeout: float) -> Bot:
    """The bot for a name that is not built in, loaded (or its command checked) once per process for the
    rule set of `terms`; a program is told whether its games have the cube."""
    key = _loaded(name, terms, timeout)
    bot = _BOTS.get(key)
    if bot is None:
        bot = get_bot(name, rules=terms.rules)
        if isinstance(bot, ExternalBot):
            bot.timeout = timeout
            bot.cube = terms.cube
        _BOTS[key] = bot
    return bot


def _loaded(name: str, terms: MatchRules, timeout: float) -> tuple[str, Rules, float, bool]:
    """What a loaded bot is kept under: one per name, rule set, time limit and cube."""
    return name, terms.rules, timeout, terms.cube


def release_bots() -> None:
    """Stop every external program and forget the loaded bots (the next run starts afresh)."""
    for bot in _BOTS.values():
        if isinstance(bot, ExternalBot):
            bot.close()
    _BOTS.clear()
    close_all()


def _player(name: str, seed: int, terms: MatchRules, timeout: float) -> tuple[BotPlay, CubeSide]:
    """A seat's play and its cube answers: a built-in bot as it is, a program with its own time limits,
    a Python bot's functions each under the time limit."""
    built_in = name in bot_names()
    bot = get_bot(name, seed=seed, rules=terms.rules) if built_in else load_bot(name, terms, timeout)
    double, take = (getattr(bot, question, None) for question in ("double", "take"))
    if built_in or isinstance(bot, ExternalBot):
        return bot.play, CubeSide(double, take)
    double, take = (_timed(asked, timeout) if asked is not None else None for asked in (double, take))
    return _timed(bot.play, timeout), CubeSide(double, take)


def _timed(function: Callable[Asked, Answer], timeout: float) -> Callable[Asked, Answer]:
    """A Python bot's play (or cube answer) with the time limit: an alarm interrupts it where signals
    allow (the main thread on POSIX), and an answer that still comes late is refused."""

    def answer(*args: Asked.args, **kwargs: Asked.kwargs) -> Answer:
        start = time.monotonic()
        try:
            try:
                if _alarms_on:
                    signal.setitimer(signal.ITIMER_REAL, timeout)
                play = function(*args, **kwargs)
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
            message = _("called sys.exit({code})").format(code=in_quotes(exit_.code))
            raise BotFault(Fault.CRASH, message) from None
        except Exception:
            check_stop()
            raise
        except BaseException as error:  # noqa: BLE001 - KeyboardInterrupt & co. from the bot's own code
            check_stop()
            raise BotFault(Fault.CRASH, _exception_text(error)) from None
        check_stop()
        late = time.monotonic() - start
        if late > timeout:
            # Translators: {seconds} is how long the bot took, {limit} the time limit, both in seconds
            message = _("answered after {seconds} s, over the limit of {limit} s")
            raise BotFault(Fault.TIMEOUT, message.format(seconds=f"{late:.2f}", limit=f"{timeout:g}"))
        return play

    return answer


def _exception_text(error: BaseException) -> str:
    text = quoted(str(error), REASON_CHARS)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _on_alarm(signum: int, frame: object) -> None:
    if _alarms_on:
        raise _Alarm


@contextmanager
def time_limits() -> Iterator[None]:
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
