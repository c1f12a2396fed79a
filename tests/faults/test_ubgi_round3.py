"""Issue 46, items 1-7: `python main.py ubgi` under a hostile or careless controller. Standard input
closed ends it (status 0, no traceback); a controller that writes faster than it reads waits, the
engine's memory stays bounded; a line over 1 MiB is one line and one answer, whichever reads it comes in;
control bytes in `error` lines are escaped; the output is UTF-8 whatever the locale; after a refused
`position` there is none; with no variant named it plays backgammon and its handshake says so. The
shared bounded reader (players/line_reader.py) is tested here on its own too."""

import contextlib
import os
import queue
import select
import subprocess
import threading
import time

import pytest

from game.tavla.engine.rules import Rules
from game.tavla.players.line_reader import Line, LineQueue, LineSplitter, read_lines
from game.tavla.serve.ubgi import UbgiEngine
from tests.faults.helpers import MAIN, PYTHON, ROOT

OPENING_ID = "4HPwATDgc/ABMA"
MIB = 1 << 20
WAIT = 60.0


class Engine:
    """`python main.py ubgi` on binary pipes, read with a deadline (a test never hangs on it)."""

    def __init__(self, *options: str, **env: str) -> None:
        self.process = subprocess.Popen(
            [PYTHON, str(MAIN), "ubgi", *options],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **env},
        )
        self.buffer = b""

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def line(self, seconds: float = WAIT) -> bytes:
        """The next line the engine wrote, without its line feed."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            assert left > 0, f"no answer in {seconds} s; so far {self.buffer[:200]!r}"
            ready, _w, _x = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, f"the engine ended: {self.process.stderr.read() if self.process.stderr else ''}"
                self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def text(self, seconds: float = WAIT) -> str:
        return self.line(seconds).decode("utf-8")

    def handshake(self) -> list[str]:
        self.send(b"ubgi\n")
        lines = [self.text()]
        while lines[-1] != "ubgiok":
            lines.append(self.text())
        return lines

    def quit(self) -> tuple[int, bytes]:
        """`quit`, and the exit status and standard error."""
        with_error = self.process.stderr
        self.send(b"quit\n")
        status = self.process.wait(WAIT)
        return status, with_error.read() if with_error else b""

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(WAIT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


@pytest.fixture
def engine():
    started = Engine()
    yield started
    started.close()


# Item 1: standard input closed


@pytest.mark.slow
def test_a_closed_standard_input_ends_the_engine_with_status_0_and_no_traceback():
    result = subprocess.run(
        [PYTHON, str(MAIN), "ubgi"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=WAIT,
        preexec_fn=lambda: os.close(0),  # `ubgi <&-`
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b"", result.stderr
    assert result.stdout == b""


# Item 2: back-pressure, bounded memory


def _memory_kib(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for row in status:
            if row.startswith(field + ":"):
                return int(row.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the engine's memory in /proc")
def test_a_controller_that_writes_faster_than_it_reads_waits_and_the_memory_stays_bounded(engine):
    engine.send(b"isready\n")
    assert engine.text() == "readyok"
    pid = engine.process.pid
    before = _memory_kib(pid, "VmRSS")
    total = 20 * MIB
    block = b"isready\n" * 8192
    written = [0]

    def flood() -> None:
        try:
            while written[0] < total:
                engine.process.stdin.write(block)
                written[0] += len(block)
            engine.process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    writer = threading.Thread(target=flood, daemon=True)
    writer.start()
    writer.join(6.0)  # nobody reads the answers meanwhile
    peak = _memory_kib(pid, "VmHWM")
    assert engine.process.poll() is None, "the engine ended"
    taken = written[0]
    assert writer.is_alive() and taken < total // 4, f"the writer did not wait: {taken:,} bytes taken"
    grown = peak - before
    assert grown < 48 * 1024, f"the engine grew {grown:,} KiB on unread input (peak {peak:,} KiB)"
    engine.close()
    writer.join(WAIT)


@pytest.mark.slow
def test_answers_unread_for_a_while_all_come_once_read(engine):
    count = 60_000  # far more than the pipes and the queue hold
    writer = threading.Thread(target=lambda: engine.send(b"isready\n" * count), daemon=True)
    writer.start()
    time.sleep(1.0)
    for _ in range(count):
        assert engine.line() == b"readyok"
    writer.join(WAIT)
    assert engine.quit()[0] == 0


# Item 3: a line over the limit is one line, one answer


@pytest.mark.slow
def test_a_line_over_one_mib_in_two_reads_is_one_answer_then_the_next_line(engine):
    engine.send(b"x" * (MIB + 1))
    time.sleep(0.5)  # the rest comes in another read
    engine.send(b"ubgi\n")
    engine.send(b"isready\n")
    first = engine.text()
    assert first.startswith("error bad_command line longer than"), first
    assert engine.text() == "readyok", "the tail of the cut line ran as a command"
    assert engine.quit()[0] == 0


def test_the_splitter_cuts_a_long_line_once_whatever_the_reads():
    data = b"y" * 40 + b"\n" + b"z" * 25 + b"\nquit\n"
    for size in (1, 3, 7, 16, len(data)):
        splitter = LineSplitter(limit=16)
        pieces = [data[start : start + size] for start in range(0, len(data), size)]
        lines = [line for piece in pieces for line in splitter.feed(piece)]
        assert lines == [Line(b"y" * 16, cut=True), Line(b"z" * 16, cut=True), Line(b"quit")], size
        assert splitter.finish() is None


def test_read_lines_keeps_a_last_line_without_its_line_feed_and_strips_a_carriage_return():
    chunks = iter([b"isready\r\nqu", b"it", b""])
    assert list(read_lines(lambda _size: next(chunks))) == [Line(b"isready"), Line(b"quit")]
    assert Line(b"\xffa").text() == "\\xffa"


def test_the_queue_makes_its_reader_wait_and_ends_with_none():
    served = threading.Event()
    reads = [0]

    def read(_size: int) -> bytes:
        reads[0] += 1
        if reads[0] > 200:
            served.set()
            return b""
        return b"x" * 1000 + b"\n"

    lines = LineQueue(read, most_bytes=10_000)
    time.sleep(0.3)
    assert reads[0] < 20, "the reader did not wait for room"
    taken = 0
    while lines.get(timeout=WAIT) is not None:
        taken += 1
    assert taken == 200 and served.is_set()
    with pytest.raises(queue.Empty):
        LineQueue(lambda _size: time.sleep(5) or b"").get(timeout=0.1)


# Item 4: control bytes escaped


@pytest.mark.slow
@pytest.mark.parametrize(
    "line",
    [
        b"\x00\x1b[31mred\x07",
        b"position \x1b]0;title\x07 x",
        b"set \x1b[2Jkey 1",
        b"get \x00",
        b"setoption name \x07bell value x",
        b"position gnubgid \x1b[31m\x00",
        b"position xgid \x00\x07\x1b",
        b"dice \x1b 1",
    ],
)
def test_control_bytes_in_error_lines_are_escaped(engine, line):
    engine.send(line + b"\n")
    answer = engine.text()
    assert answer.startswith("error "), answer
    assert answer.isprintable(), answer
    assert engine.quit()[0] == 0


# Item 5: UTF-8 output whatever the locale


@pytest.mark.slow
def test_an_invalid_byte_with_an_ascii_stdout_is_an_error_line_and_the_engine_goes_on():
    engine = Engine(PYTHONIOENCODING="ascii")
    try:
        engine.send(b"\xff\xfe a\n\xc3\xa9t\xc3\xa9\nisready\n")
        answers = [engine.line(), engine.line(), engine.line()]
        status, error = engine.quit()
    finally:
        engine.close()
    assert status == 0, error
    texts = [answer.decode("utf-8") for answer in answers]  # UTF-8, or plain ASCII
    assert texts[0].startswith("error bad_command") and "\\xff" in texts[0], texts
    assert texts[1].startswith("error bad_command"), texts
    assert texts[2] == "readyok"


# Item 6: after a refused position there is none


@pytest.mark.slow
def test_after_a_refused_position_go_says_a_position_is_needed(engine):
    engine.send(f"position gnubgid {OPENING_ID}\ndice 3 1\ngo\n".encode())
    assert engine.text().startswith("bestmove ")
    engine.send(b"position xgid -a-B--E-C---eE---c-e----B-:0:0:1:00:0:0:0\ndice 6 6\ngo\n")
    assert engine.text().startswith("error bad_value")
    answer = engine.text()
    assert answer.startswith("error bad_state missing position"), answer
    engine.send(f"position gnubgid {OPENING_ID}\ndice 6 6\ngo\n".encode())
    assert engine.text().startswith("bestmove ")
    assert engine.quit()[0] == 0


def test_a_refused_position_or_dice_leaves_none_in_the_engine():
    engine = UbgiEngine()
    assert engine.handle(f"position gnubgid {OPENING_ID}") == []
    assert engine.handle("position gnubgid nonsense")[0].startswith("error bad_value")
    assert engine.handle("dice 6 6") == []
    assert engine.handle("go") == ["error bad_state missing position (the last position was refused)"]
    assert engine.handle("position fen x")[0].startswith("error unsupported")
    assert engine.handle("go")[0].startswith("error bad_state missing position")
    assert engine.handle(f"position gnubgid {OPENING_ID}") == []
    assert engine.handle("dice 6 6") == []
    assert engine.handle("dice 7 7")[0].startswith("error bad_value")
    assert engine.handle("go") == ["error bad_state missing dice (the last dice was refused)"]


# Item 7: no variant named is backgammon, and the handshake says which


def test_with_no_variant_named_the_engine_plays_backgammon_and_says_so(engine):
    hello = engine.handshake()
    assert "info game.variant backgammon" in hello
    engine.send(b"get game.variant\n")
    assert engine.text() == "value game.variant backgammon"
    assert UbgiEngine().settings.rules is Rules.STANDARD


def test_rules_and_the_variant_key_still_choose():
    engine = Engine("--rules", "tavla")
    try:
        assert "info game.variant tavla" in engine.handshake()
        engine.send(b"set game.variant backgammon\n")
        assert "info game.variant backgammon" in engine.handshake()
    finally:
        engine.close()


def test_go_on_a_finished_position_is_refused_with_why():
    engine = UbgiEngine()
    assert engine.handle("position xgid -------------------bbccc--:0:0:1:31:0:0:0:0:10") == []
    assert engine.handle("dice 3 1") == []
    (answer,) = engine.handle("go")
    assert answer.startswith("error bad_state the game is over"), answer
    assert engine.handle(f"position gnubgid {OPENING_ID}") == [] and engine.handle("dice 3 1") == []
    assert engine.handle("go")[0].startswith("bestmove "), "a finished position leaves the engine serving"
