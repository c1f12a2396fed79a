"""The line protocol's wire format (docs/bot-protocol.md#the-line-protocol-cmd-bots): the request lines
and the reading of answer lines.

For each decision the program reads one line on its standard input: the 28 integers of the state (from
its own side) then the two dice, separated by single spaces, ASCII, ending in a line feed. It answers one
line on its standard output: the play in the seed's notation ("8/5 6/5"), an empty line for no move.
The cube's declaration and questions are in game/tavla/players/protocol_cube.py; docs/bot-protocol.md
is the full contract for bot authors.

Output is cut into lines of at most MAX_ANSWER_BYTES (line ending included): a longer one is refused
without reading the rest. What a line means and when it is a fault is the supervisor's business
(game/tavla/players/protocol.py).
"""

import os
import queue
import select
import threading
import time
from collections.abc import Sequence
from typing import IO

from game.tavla.engine.position import format_state

MAX_ANSWER_BYTES = 256  # one answer line, line ending included; the longest play is 23 characters
READ_CHUNK = 65536
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
    """A program's standard output, read into lines of at most MAX_ANSWER_BYTES.

    On POSIX it is read in the caller's thread with select, so what the program wrote before a given
    moment is known at that moment (the stray-output rule needs that); elsewhere a thread reads it.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.buffer = bytearray()
        self.eof = False
        self.threads: list[threading.Thread] = []
        self._chunks: queue.SimpleQueue[bytes] | None = None
        if not POSIX:
            self._chunks = queue.SimpleQueue()
            reader = threading.Thread(target=_read_chunks, args=(stream, self._chunks), daemon=True)
            self.threads.append(reader)

    def line(self, deadline: float) -> tuple[str, bytes]:
        """The next line (LINE, LONG or EOF), or TIMEOUT when none is complete by `deadline`."""
        while True:
            found = self._take()
            if found is not None:
                return found
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return TIMEOUT, b""
            self._read(remaining)

    def pending(self) -> tuple[str | None, bytes]:
        """What the program has written so far and was not read: (None, b"") if nothing."""
        while self._read(0.0):
            pass
        if self.buffer:
            data = bytes(self.buffer[:MAX_ANSWER_BYTES])
            return (LINE if len(self.buffer) <= MAX_ANSWER_BYTES else LONG), data
        if self.eof:
            return EOF, b""
        return None, b""

    def take_line(self, line: bytes) -> bool:
        """Remove `line` and its line ending from the head of what was read, if it is there whole."""
        for ending in (b"\n", b"\r\n"):
            if self.buffer.startswith(line + ending):
                del self.buffer[: len(line) + len(ending)]
                return True
        return False

    def has_data(self) -> bool:
        """Whether unread output is already in hand (no waiting)."""
        return bool(self.buffer)

    def _take(self) -> tuple[str, bytes] | None:
        newline = self.buffer.find(b"\n")
        if newline >= 0:
            if newline + 1 > MAX_ANSWER_BYTES:
                return LONG, bytes(self.buffer[:80])
            line = bytes(self.buffer[: newline + 1])
            del self.buffer[: newline + 1]
            return LINE, line
        if len(self.buffer) > MAX_ANSWER_BYTES:
            return LONG, bytes(self.buffer[:80])
        if self.eof:
            if self.buffer:  # a last line without its line feed
                line = bytes(self.buffer)
                self.buffer.clear()
                return LINE, line
            return EOF, b""
        return None

    def _read(self, seconds: float) -> bool:
        """Wait up to `seconds` for output and add it to the buffer; True if something came."""
        if self.eof or len(self.buffer) > MAX_ANSWER_BYTES:
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
        self.buffer += chunk
        return True


def _read_chunks(stream: IO[bytes], chunks: "queue.SimpleQueue[bytes]") -> None:
    """Reader thread (where select cannot wait on a pipe): output as it comes, then b"" at the end."""
    try:
        while chunk := stream.read1(READ_CHUNK):  # type: ignore[attr-defined]
            chunks.put(chunk)
    except (OSError, ValueError):
        pass
    chunks.put(b"")
