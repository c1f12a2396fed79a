"""One-line notices of slow work done once, at first use (a table built for this computer), for the
command line.

Code deep in a game (a judge building its bear-off table the first time it meets a race) says what it
does through `say`; the command line sends the notices to stderr while a command runs (game/cli.py), so
a user who waits knows why. In the window, and in worker processes, they go nowhere.
"""

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_sinks: list[Callable[[str], None]] = []


def say(text: str) -> None:
    """Tell `text` where notices go now (nowhere unless a command line asked for them)."""
    if _sinks:
        _sinks[-1](text)


@contextmanager
def sent_to(sink: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, notices go to `sink`."""
    _sinks.append(sink)
    try:
        yield
    finally:
        _sinks.remove(sink)


def to_stderr(text: str) -> None:
    """A notice as a line on stderr, wrapped between words on a terminal."""
    from game.core.text.terminal import print_lines

    if sys.stderr is None:
        return
    print_lines([text], sys.stderr)
    sys.stderr.flush()
