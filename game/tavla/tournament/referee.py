"""Playing one scheduled game, in this process or in a worker: the bots and their time limits."""

import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from game.i18n import _
from game.tavla.bots import Bot, bot_names, get_bot
from game.tavla.game import BotFault, BotPlay, play_bots
from game.tavla.protocol import ExternalBot, close_all
from game.tavla.results import Fault
from game.tavla.rules import Rules
from game.tavla.tournament.schedule import GameSpec, Played, derive_seed
from game.tavla.tournament.stopping import StopRequested, check_stop

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
    text = str(error)
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

