"""The answers of bots and UBGI engines are read by the splitter every line protocol shares
(game/tavla/players/line_reader.py): whatever pieces the output arrives in, the lines are the splitter's,
a line over MAX_ANSWER_BYTES is LONG, and nothing past it is read (issue 46: one bounded reader)."""

import os
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from game.tavla.players.line_reader import LineSplitter
from game.tavla.players.protocol_lines import EOF, LINE, LONG, MAX_ANSWER_BYTES, TIMEOUT, Output

LINES = st.lists(
    st.one_of(
        st.binary(max_size=20).map(lambda b: b.replace(b"\n", b"")),
        st.integers(MAX_ANSWER_BYTES - 3, MAX_ANSWER_BYTES + 2).map(lambda n: b"x" * n),
    ),
    max_size=6,
)


def read_all(pieces: list[bytes]) -> list[tuple[str, bytes]]:
    read, write = os.pipe()
    with os.fdopen(read, "rb", buffering=0) as stream:
        output = Output(stream)
        events = []
        for piece in pieces:
            os.write(write, piece)
            event, data = output.line(time.monotonic() + 0.001)
            while event != TIMEOUT:
                events.append((event, data))
                if event == LONG:
                    break
                event, data = output.line(time.monotonic() + 0.001)
            if events and events[-1][0] == LONG:
                break
        os.close(write)
        if not (events and events[-1][0] == LONG):
            events.append(output.line(time.monotonic() + 5))
        return events


@settings(max_examples=60, deadline=None)
@given(LINES, st.booleans(), st.lists(st.integers(1, 300), min_size=1, max_size=8))
def test_answers_are_the_splitters_lines_in_any_pieces(lines, crlf, cuts):
    ending = b"\r\n" if crlf else b"\n"
    data = b"".join(line + ending for line in lines)
    pieces, start = [], 0
    for cut in cuts:
        pieces.append(data[start : start + cut])
        start += cut
    pieces.append(data[start:])
    expected = []
    for line in LineSplitter(MAX_ANSWER_BYTES - 1).feed(data):
        if line.cut:
            expected.append((LONG, line.data[:80]))
            break
        expected.append((LINE, line.data))
    else:
        expected.append((EOF, b""))
    assert read_all([piece for piece in pieces if piece]) == expected


def test_a_line_of_the_longest_allowed_length_is_an_answer_and_one_byte_more_is_long():
    longest = b"8" * (MAX_ANSWER_BYTES - 1)
    assert read_all([longest + b"\n"])[0] == (LINE, longest)
    assert read_all([longest + b"8\n"])[0] == (LONG, longest[:80])


def test_nothing_past_a_long_line_is_read():
    read, write = os.pipe()
    with os.fdopen(read, "rb", buffering=0) as stream:
        output = Output(stream)
        os.write(write, b"y" * 2000)
        assert output.line(time.monotonic() + 5)[0] == LONG
        os.write(write, b"\n" + b"z" * 100 + b"\n")
        assert output.pending()[0] == LONG, "the long line is still the first thing pending"
        assert output.line(time.monotonic() + 0.01)[0] == LONG
        left = os.read(read, 1 << 16)
    os.close(write)
    assert left == b"\n" + b"z" * 100 + b"\n", "what came after the long line was left in the pipe"
