"""`python main.py external` keeps serving (issue 46, items 8 and 9): a stderr nobody reads any more ends
its notices, never the service; a client that holds the only connection and sends nothing gives way to
the next one after the idle limit (--idle), and a line begun and never finished closes its connection.
Real processes and sockets, every wait bounded."""

import re
import socket
import subprocess
import time

import pytest

from tests.faults.helpers import MAIN, PYTHON, ROOT

pytestmark = pytest.mark.slow  # each test here takes over 5 s

# The opening position, 3-1 to play, as gnubg writes it to the external player (FIBS boardstyle 3).
BOARD = (
    "board:seat0:seat1:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:"
    "1:-1:0:25:0:0:0:0:0:0:0:0"
)
PLAY = "8/5 6/5"
WAIT = 30.0


def start(*options: str) -> tuple[subprocess.Popen, int]:
    """The command, its stderr in a pipe; the port it listens on, from its first line."""
    process = subprocess.Popen(
        [PYTHON, str(MAIN), "external", "--port", "0", *options],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    found = re.search(r"localhost:(\d+)", line)
    assert found, line
    return process, int(found.group(1))


def stop(process: subprocess.Popen) -> int:
    if process.poll() is None:
        process.terminate()
    return process.wait(WAIT)


class Client:
    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.file = self.sock.makefile("r", encoding="ascii")

    def ask(self, line: str) -> str:
        self.sock.sendall(line.encode("ascii") + b"\n\0")  # as gnubg writes it: a NUL after the line
        return self.file.readline().rstrip("\n")

    def rest(self) -> str:
        """Everything the server writes until it closes the connection."""
        return self.file.read()

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def test_a_stderr_nobody_reads_ends_the_notices_not_the_service():
    """`external --port 0 2>&1 | head -1`: the next "connected" notice meets a closed pipe."""
    process, port = start()
    try:
        assert process.stderr is not None
        process.stderr.close()  # `head -1` has its line and is gone
        for _client in range(3):
            client = Client(port)
            assert client.ask(BOARD) == PLAY
            client.close()
        assert process.poll() is None, "the server stopped"
    finally:
        assert stop(process) == 143


def test_a_silent_client_gives_way_to_the_next_after_the_idle_limit():
    process, port = start("--idle", "1")
    try:
        squatter = Client(port)  # connects and sends nothing
        time.sleep(0.3)
        started = time.monotonic()
        gnubg = Client(port)
        assert gnubg.ask(BOARD) == PLAY
        assert time.monotonic() - started < WAIT
        told = squatter.rest()
        assert told.startswith("Error: ") and "no line for 1 seconds" in told and "waiting" in told
        gnubg.close()
        squatter.close()
    finally:
        assert stop(process) == 143
        assert process.stderr is not None
        notices = process.stderr.read()
    assert "closed a connection that sent no line for 1 s: another client is waiting" in notices
    assert "Traceback" not in notices


def test_half_a_line_closes_its_connection_after_the_idle_limit():
    process, port = start("--idle", "1")
    try:
        squatter = Client(port)
        squatter.sock.sendall(BOARD[:20].encode("ascii"))  # half a line, never finished
        told = squatter.rest()  # closed with no other client waiting
        assert told.startswith("Error: ") and "unfinished for 1 seconds" in told
        squatter.close()
        gnubg = Client(port)
        assert gnubg.ask(BOARD) == PLAY
        gnubg.close()
    finally:
        assert stop(process) == 143


def test_a_quiet_client_alone_keeps_its_connection():
    """gnubg is silent between its player's decisions (the other player thinks): with nobody else
    waiting, its connection outlives the idle limit."""
    process, port = start("--idle", "0.5")
    try:
        gnubg = Client(port)
        assert gnubg.ask(BOARD) == PLAY
        time.sleep(1.5)
        assert gnubg.ask(BOARD) == PLAY
        gnubg.close()
    finally:
        assert stop(process) == 143


@pytest.mark.parametrize("value", ["0", "-1", "nan", "3601", "soon"])
def test_the_idle_limit_has_a_range(value):
    result = subprocess.run(
        [PYTHON, str(MAIN), "external", "--port", "0", "--idle", value],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert result.returncode == 2 and "idle limit" in result.stderr, result.stderr


def test_a_line_over_the_limit_is_one_error_and_its_tail_no_command():
    """A line over 4 KiB, sent in two parts, gets one "line too long" and its tail is thrown away, not
    read as a second line; the board after it is answered as usual (one line, one answer)."""
    process, port = start()
    try:
        client = Client(port)
        client.sock.sendall(b"x" * 5000)
        client.sock.sendall(b"y" * 3000 + b"exit\n")
        assert client.file.readline().rstrip("\n") == "Error: line too long"
        assert client.ask(BOARD) == PLAY
        client.sock.sendall(b"exit\n")
        assert client.rest() == ""
        client.close()
    finally:
        stop(process)
