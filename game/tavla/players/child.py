"""A bot in a process of its own: what the two transports share.

A bot that is not built in runs in a child process, so that nothing it does (loop forever, block in C
code, exit, ignore signals, start processes of its own) can harm the game. There are two transports:

- game/tavla/players/isolated.py: a Python bot file or module, run in a spawned child process and
  asked through a multiprocessing pipe (the table's opponent and the `bot` command);
- game/tavla/players/protocol.py: an external program speaking the line protocol on its standard input
  and output, entered as `cmd:<command line>` (game/tavla/players/protocol_lines.py is the wire format).

Both are a `ChildBot`, which holds what they share: the time limits (one answer in `timeout` seconds,
`startup` more for loading, checked by `check_timeout`); the bookkeeping of a start (the count of starts,
the process, the mark its processes carry, game/tavla/players/bot_processes.py); the live set of running bots,
every one of which `close_all` ends (also at interpreter exit); and a fault: the bot's processes are
ended and a BotFault raised with the disqualification's kind, reason and answer (`exit_description`
says how a process ended).
"""

import atexit
import multiprocessing.util  # noqa: F401 - its exit handler must be registered before ours (see the end)
import signal
from typing import Any, ClassVar, NoReturn, Self

from game.core.limits import answer_seconds
from game.core.text.i18n import _
from game.tavla.engine.game import BotFault
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules
from game.tavla.players import bot_processes

DEFAULT_TIMEOUT = 1.0  # seconds per answer
STARTUP_SECONDS = 10.0  # added to the first answer after a start (a JVM, a compiler, loading weights),
# unless an answer given that allowance already timed out: a program that hangs at its start gets it once
JOIN_SECONDS = 1.0
REASON_CHARS = 300  # why a bot failed, as a message, a report or a log quotes it (cut, on one line)


def check_timeout(seconds: object) -> float:
    """A time limit per answer: a positive, finite number of seconds, at most an hour (MAX_TIMEOUT);
    OutOfRange (a UserError) otherwise."""
    return answer_seconds(seconds)


def exit_description(code: int) -> str:
    """How a program ended, from its exit status (negative: the signal that killed it)."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = str(-code)
        # Translators: said of a bot program; {signal} is a signal's name (SIGKILL) or number
        return _("killed by signal {signal}").format(signal=name)
    # Translators: said of a bot program; {status} is its exit status, a number
    return _("exited with status {status}").format(status=code)


class ChildBot:
    """A bot asked in a child process: its time limits, its process while it runs, the live set.

    A transport starts its process in `start` and records it with `_started`; `close(kill)` ends it and
    its descendants, then `_stopped` takes it out of the live set; `_fail` is a fault (the process is
    ended, BotFault raised).
    """

    _live: ClassVar[set["ChildBot"]] = set()  # every bot of this process whose child runs, all transports

    def __init__(self, rules: Rules, timeout: float, startup: float) -> None:
        self.rules = rules
        self.timeout = check_timeout(timeout)
        self.startup = startup
        self.starts = 0
        self._process: Any = None
        self._mark: str | None = None

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs."""
        return self._process.pid if self._process is not None else None

    def _new_mark(self) -> str:
        """A fresh mark for the processes of the next start (see game/tavla/players/bot_processes.py)."""
        self._mark = bot_processes.mark(bot_processes.new_bot_id())
        return self._mark

    def _started(self, process: Any) -> None:
        """Record a start: the process runs, the bot is live (ended by `close_all`), one more start."""
        self._process = process
        ChildBot._live.add(self)
        self.starts += 1

    def _stopped(self) -> None:
        """Record that the process is gone (or being ended): the bot is no longer live."""
        self._process = None
        ChildBot._live.discard(self)

    def close(self, kill: bool = False) -> None:
        """End the child and everything it started; `kill`: at once, with no grace period."""
        raise NotImplementedError

    def _fail(self, kind: Fault, message: str, answer: str | None = None) -> NoReturn:
        """A fault: end the child, then raise BotFault (the kind, the reason, what the bot answered)."""
        self.close(kill=True)
        raise BotFault(kind, message, answer)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def close_all(cls) -> None:
        """End every bot of this class (and its subclasses) still running in this process."""
        for bot in list(ChildBot._live):
            if isinstance(bot, cls):
                bot.close(kill=True)

    @classmethod
    def running(cls) -> int:
        """How many bots of this class run in this process (tests check nothing is left behind)."""
        return sum(isinstance(bot, cls) for bot in ChildBot._live)


close_all = ChildBot.close_all

# Registered after multiprocessing's own exit handler, so it runs first (atexit is last in, first out):
# that handler sends SIGTERM and waits, for ever, on a Python bot's child that ignores SIGTERM; this one
# kills it, and every external program still running.
atexit.register(close_all)
