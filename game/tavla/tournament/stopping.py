"""Stop signals (Ctrl+C, SIGTERM, SIGHUP) while games are played, and the exit codes of the command."""

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

EXIT_OK, EXIT_FAILED, EXIT_INTERRUPTED = 0, 1, 130
EXIT_SIGNALLED = 128  # plus the signal's number: 130 after Ctrl+C, 143 after SIGTERM, 129 after SIGHUP

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class StopRequested(KeyboardInterrupt):
    """Ctrl+C, SIGTERM or SIGHUP asked the tournament to stop. A KeyboardInterrupt that a Python bot
    raises itself is not one: it is a crash of that bot."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Stop:
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


_current_stop: Stop | None = None


def check_stop() -> None:
    """Raise StopRequested if a stop signal came during the run (for code that may swallow it)."""
    if _current_stop is not None:
        _current_stop.check()


@contextmanager
def stop_signals() -> Iterator[Stop]:
    """While games are played, Ctrl+C, SIGTERM and SIGHUP stop them as Ctrl+C always did: the games
    finished so far are reported and every bot's processes are ended. A signal ignored when the
    tournament started (nohup) stays ignored."""
    global _current_stop
    stop = Stop()
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
def no_interrupts() -> Iterator[None]:
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
