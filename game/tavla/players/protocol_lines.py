"""The line protocol's wire format (docs/bot-protocol.md#the-line-protocol-cmd-bots): the request lines
and the reading of answer lines.

For each decision the program reads one line on its standard input: the 28 integers of the state (from
its own side) then the two dice, separated by single spaces, ASCII, ending in a line feed. It answers one
line on its standard output: the play in the seed's notation ("8/5 6/5"), an empty line for no move.
The cube's declaration and questions are in game/tavla/players/protocol_cube.py; docs/bot-protocol.md
is the full contract for bot authors.

Output is cut into lines of at most MAX_ANSWER_BYTES (line ending included) by the bounded splitter all
our line protocols share (game/tavla/players/line_reader.py): a longer one is refused without reading
the rest. What a line means and when it is a fault is the supervisor's business
(game/tavla/players/protocol.py).
"""

import collections
import os
import queue
import select
import threading
import time
from collections.abc import Sequence
from typing import IO

from game.tavla.engine.position import format_state
from game.tavla.players.line_reader import READ_CHUNK, Line, LineSplitter

MAX_ANSWER_BYTES = 256  # one answer line, line ending included; the longest play is 23 characters
POSIX = os.name == "posix"

LINE, LONG, EOF, TIMEOUT = "line", "long", "eof", "timeout"


def play_request(state: Sequence[int], die1: int, die2: int) -> str:
    """The request line of a decision (the position and the dice), without its line feed."""
    return f"{format_state(state)} {die1} {die2}"


def encode_request(line: str) -> bytes:
    """A request line as it is written to the program: ASCII, with its line feed."""
    return f"{line}\n".encode("ascii")


def decode_answer(data: bytes) -> str:
    """An answer line without its line ending; UnicodeDecodeError when it is not ASCII."""
    return data.decode("ascii").rstrip("\r\n")


class Output:
    """A program's standard output, cut into lines of at most MAX_ANSWER_BYTES by the shared bounded
    splitter (game/tavla/players/line_reader.py), and read no further once about that much is in hand:
    a line too long, or more lines than were asked for, is a fault, so nothing past it is needed.

    On POSIX it is read in the caller's thread with select, so what the program wrote before a given
    moment is known at that moment (the stray-output rule needs that); elsewhere a thread reads it.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.eof = False
        self.threads: list[threading.Thread] = []
        self._splitter = LineSplitter(MAX_ANSWER_BYTES - 1)  # the line feed is the last byte allowed
        self._lines: collections.deque[Line] = collections.deque()
        self._chunks: queue.SimpleQueue[bytes] | None = None
        if not POSIX:
            self._chunks = queue.SimpleQueue()
            reader = threading.Thread(target=_read_chunks, args=(stream, self._chunks), daemon=True)
            self.threads.append(reader)

    def line(self, deadline: float) -> tuple[str, bytes]:
        """The next line without its ending (LINE, the first 80 bytes of a LONG one, or EOF), or TIMEOUT
        when none is complete by `deadline`."""
        while True:
            found = self._take()
            if found is not None:
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return TIMEOUT, b""
            self._read(remaining)

    def pending(self) -> tuple[str | None, bytes]:
        """What the program has written so far and was not read: its first line with its line feed (LINE
        or LONG), the beginning of a line not yet ended (LINE), EOF, or (None, b"") if nothing."""
        while self._read(0.0):
            pass
        if self._lines:
            first = self._lines[0]
            return (LONG, first.data) if first.cut else (LINE, first.data + b"\n")
        if self._splitter.held:
            return LINE, self._splitter.held
        if self.eof:
            return EOF, b""
        return None, b""

    def take_line(self, line: bytes) -> bool:
        """Remove `line` from the head of what was read, if it is there whole with its line ending."""
        if self._lines and not self._lines[0].cut and self._lines[0].data == line:
            self._lines.popleft()
            return True
        return False

    def has_data(self) -> bool:
        """Whether unread output is already in hand (no waiting)."""
        return bool(self._lines or self._splitter.held)

    def _take(self) -> tuple[str, bytes] | None:
        if self._lines:
            if self._lines[0].cut:  # kept at the head: the fault it is stays what is pending
                return LONG, self._lines[0].data[:80]
            return LINE, self._lines.popleft().data
        if self.eof:
            last = self._splitter.finish()  # a last line without its line feed
            return (LINE, last.data) if last is not None else (EOF, b"")
        return None

    def _read(self, seconds: float) -> bool:
        """Wait up to `seconds` for output and split it into lines; True if something came."""
        lines = self._lines
        if (
            self.eof
            or (lines and lines[-1].cut)
            or sum(len(line.data) + 1 for line in lines) > MAX_ANSWER_BYTES
        ):
            return False
        if self._chunks is not None:
            try:
                chunk = self._chunks.get(timeout=seconds) if seconds > 0 else self._chunks.get_nowait()
            except queue.Empty:
                return False
        else:
            try:
                ready, _w, _x = select.select([self.stream], [], [], seconds)
            except (OSError, ValueError):
                ready = [self.stream]
            if not ready:
                return False
            try:
                chunk = os.read(self.stream.fileno(), READ_CHUNK)
            except (OSError, ValueError):
                chunk = b""
        if not chunk:
            self.eof = True
            return True
        self._lines.extend(self._splitter.feed(chunk))
        return True


def _read_chunks(stream: IO[bytes], chunks: "queue.SimpleQueue[bytes]") -> None:
    """Reader thread (where select cannot wait on a pipe): output as it comes, then b"" at the end."""
    try:
        while chunk := stream.read1(READ_CHUNK):  # type: ignore[attr-defined]
            chunks.put(chunk)
    except (OSError, ValueError):
        pass
    chunks.put(b"")
