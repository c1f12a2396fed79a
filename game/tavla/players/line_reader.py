"""Lines from another program, bounded: the one reader of every line protocol we speak (`ubgi` through
`LineQueue`, `external` and the answers of bots and UBGI engines, game/tavla/players/protocol_lines.py,
through `LineSplitter`; the bots' reader stops at the first line over 256 bytes, a fault).

Whatever the other side writes, and however fast, what is held stays bounded:

- a line is at most `limit` bytes (MOST_LINE_BYTES unless told): a longer one is cut there and handed
  on at once, marked `cut`, and the rest of it up to the next line feed is read and thrown away, so a
  line is one Line whichever reads it arrives in (one line, one answer);
- `LineQueue` reads in a thread of its own into a queue bounded in bytes: when the consumer falls
  behind, the thread stops reading, the pipe or socket fills, and the writer waits (back-pressure), so
  memory does not grow with the input rate.

Lines are bytes (`Line.data`, without the line feed and a carriage return before it); `Line.text()`
decodes UTF-8 with an invalid byte shown escaped (`\\xff`), never an exception.
"""

from __future__ import annotations

import collections
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

MOST_LINE_BYTES = 1 << 20  # one line of a command protocol; what is longer is no command anyway
READ_CHUNK = 65536
QUEUE_BYTES = 1 << 20  # what a LineQueue holds before its reader waits
LINE_COST = 64  # bytes counted per queued line besides its data, so empty lines are bounded too


@dataclass(frozen=True, slots=True)
class Line:
    """One line read: its bytes without the line ending; `cut` when it was longer than the limit (then
    `data` is its first `limit` bytes and the rest was thrown away)."""

    data: bytes
    cut: bool = False

    def text(self) -> str:
        """The line as text: UTF-8, an invalid byte escaped (`\\xff`)."""
        return self.data.decode("utf-8", "backslashreplace")


class LineSplitter:
    """Bytes in (`feed`, as they are read), lines out, each at most `limit` bytes. Holds at most
    `limit` + 1 bytes between calls, whatever comes."""

    def __init__(self, limit: int = MOST_LINE_BYTES) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._discarding = False  # the line in hand was cut: throw away up to its line feed

    def feed(self, chunk: bytes) -> Iterator[Line]:
        """The lines `chunk` completes (a cut line as soon as it is over the limit)."""
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            stop = len(chunk) if end < 0 else end
            if self._discarding:
                if end < 0:
                    return
                self._discarding = False
            else:
                room = self.limit + 1 - len(self._buffer)
                self._buffer += chunk[start : min(stop, start + room)]
                if len(self._buffer) > self.limit:
                    data = bytes(self._buffer[: self.limit])
                    self._buffer.clear()
                    self._discarding = end < 0
                    yield Line(data, cut=True)
                elif end >= 0:
                    data = bytes(self._buffer)
                    self._buffer.clear()
                    yield Line(data.removesuffix(b"\r"))
            if end < 0:
                return
            start = end + 1

    @property
    def held(self) -> bytes:
        """The unfinished line in hand (b"" when none, or while the tail of a cut line is thrown away)."""
        return bytes(self._buffer)

    def finish(self) -> Line | None:
        """At the end of the input: a last line without its line feed, if there is one."""
        data, discarding = bytes(self._buffer), self._discarding
        self._buffer.clear()
        self._discarding = False
        return Line(data.removesuffix(b"\r")) if data and not discarding else None


def read_lines(read: Callable[[int], bytes], limit: int = MOST_LINE_BYTES) -> Iterator[Line]:
    """The lines of a stream, `read(n)` giving up to n bytes (`os.read` on a descriptor, a socket's
    `recv`) and b"" at its end; an OSError or ValueError from `read` (a closed stream) is its end too."""
    splitter = LineSplitter(limit)
    while True:
        try:
            chunk = read(READ_CHUNK)
        except (OSError, ValueError):
            chunk = b""
        if not chunk:
            break
        yield from splitter.feed(chunk)
    last = splitter.finish()
    if last is not None:
        yield last


class LineQueue:
    """`read_lines` in a thread of its own (started at once), into a queue of at most about `most_bytes`
    (always room for one line): the consumer's `get` takes them in order. `early(line)`, if given, is
    called in the reader's thread as each line is read, before it waits for room (a `quit` that must act
    while the consumer is busy)."""

    def __init__(
        self,
        read: Callable[[int], bytes],
        limit: int = MOST_LINE_BYTES,
        most_bytes: int = QUEUE_BYTES,
        early: Callable[[Line], None] | None = None,
    ) -> None:
        self.most_bytes = most_bytes
        self._read = read
        self._limit = limit
        self._early = early
        self._lines: collections.deque[Line] = collections.deque()
        self._bytes = 0
        self._ended = False
        self._closed = False
        self._error: BaseException | None = None
        self._condition = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="line reader", daemon=True)
        self.thread.start()

    def get(self, timeout: float | None = None) -> Line | None:
        """The next line; None at the end of the input (or after `close`); queue.Empty when none came
        within `timeout` seconds. An unexpected error of the reader's thread is raised here."""
        with self._condition:
            if not self._condition.wait_for(lambda: self._lines or self._ended or self._closed, timeout):
                raise queue.Empty
            if self._lines and not self._closed:
                line = self._lines.popleft()
                self._bytes -= len(line.data) + LINE_COST
                self._condition.notify_all()
                return line
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            return None

    def close(self) -> None:
        """Stop: what is queued is dropped and the reader's thread ends at its next line (or at once if
        it waits for room; a thread blocked in `read` ends when the stream closes)."""
        with self._condition:
            self._closed = True
            self._lines.clear()
            self._bytes = 0
            self._condition.notify_all()

    def _run(self) -> None:
        try:
            for line in read_lines(self._read, self._limit):
                if self._early is not None:
                    self._early(line)
                if not self._put(line):
                    break
        except Exception as error:  # noqa: BLE001 - handed to the consumer, not lost in this thread
            with self._condition:
                self._error = error
        finally:
            with self._condition:
                self._ended = True
                self._condition.notify_all()

    def _put(self, line: Line) -> bool:
        cost = len(line.data) + LINE_COST
        with self._condition:
            self._condition.wait_for(
                lambda: self._closed or not self._lines or self._bytes + cost <= self.most_bytes
            )
            if self._closed:
                return False
            self._lines.append(line)
            self._bytes += cost
            self._condition.notify_all()
            return True


def closed_reader(_size: int) -> bytes:
    """`read` of an input that is not there (standard input closed): its end at once."""
    return b""
