"""GNU Backgammon's external player: `python main.py external --port N` (commands/external.py), so gnubg
plays against ours.

In gnubg, `set player 1 external localhost:N` makes player 1 a program behind a TCP socket. On each of
that player's decisions gnubg writes one line, a FIBS board (`board:...`, FIBS's "boardstyle 3", as
gnubg's drawboard.c `FIBSBoard` writes it, followed by a NUL byte), and reads one line back (play.c):
the play when the dice are rolled (`24/18 13/11`, `bar/22`, `6/off`; an empty line for no move),
`double` or `roll` before the roll, `take` or `drop` when doubled.

The board is read as gnubg's own external server reads one (drawboard.c `ProcessFIBSBoardInfo`, then
external.c `ExtFIBSBoard`): the side to decide becomes gnubg's player 1, whatever seat it has in the
match; the cube's owner comes from the two may-double fields, the Crawford game from the score and the
non-Crawford and post-Crawford fields. The socket listens on the loopback address only: nothing else
on the network can reach it. One connection at a time; when gnubg closes it the next is awaited.

gnubg holds its connection open and silent between its player's decisions (while the other player
thinks, before `new match`), so a quiet connection is never cut while it is the only one; once it has
sent no whole line for the idle limit (`--idle`, IDLE_SECONDS by default) and another client is waiting,
it is closed with a line saying why and the next is served, so a process that connects and sends
nothing cannot keep gnubg out. A line begun and not finished within the limit closes its connection at
once: gnubg writes whole lines.
"""

from __future__ import annotations

import contextlib
import errno
import select
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.position import State, check_game_on, from_gnubg_board
from game.tavla.engine.rules import MAX_CUBE_MATCH, Rules
from game.tavla.players.line_reader import READ_CHUNK, LineSplitter
from game.tavla.players.ubgi_lines import payload

FIELDS = 53  # board: names, match and score, 26 board fields, turn, dice, cube ... redoubles
UNLIMITED = 9999  # FIBS's match length of an unlimited match (money play)
LOOPBACK = "127.0.0.1"
MAX_LINE_BYTES = 4096
IDLE_SECONDS = 60.0  # --idle: a connection silent this long gives way to the next client (module docstring)
LEFTOVERS = b"\0 \t\r"  # what gnubg leaves after a line (its NUL): no line begun
ACCEPT_RETRY_SECONDS = 1.0
GONE_BEFORE_ACCEPTED = {errno.ECONNABORTED, errno.EINTR, getattr(errno, "EPROTO", errno.ECONNABORTED)}


class BadBoard(ValueError):
    """A line that is no FIBS board gnubg could have written."""


@dataclass(frozen=True)
class FibsBoard:
    """A decision read from a FIBS board: the state of the player to decide, its dice (None before the
    roll), the cube as that player sees it, and whether a double waits for its answer."""

    state: State
    dice: tuple[int, int] | None
    cube: Cube
    doubled: bool


def read_fibs_board(line: str) -> FibsBoard:
    """The decision a FIBS board asks for; BadBoard when the line is not one."""
    fields = line.strip().split(":")
    if fields[0] != "board" or len(fields) < FIELDS:
        raise BadBoard("not a FIBS board")
    try:
        numbers = [int(field) for field in fields[3:FIELDS]]
    except ValueError:
        raise BadBoard("a FIBS board's fields after the names are integers") from None
    length, score, their_score = numbers[0:3]
    board = [-value for value in numbers[3:29]]
    turn, dice, other_dice = numbers[29], tuple(numbers[30:32]), tuple(numbers[32:34])
    cube, may, other_may, doubled, colour, direction = numbers[34:40]
    non_crawford, post_crawford = numbers[48], numbers[49]
    length = 0 if length == UNLIMITED else length
    if (length and (length <= score or length <= their_score)) or not (turn and colour and direction):
        raise BadBoard("a score at or above the match length, or no turn, colour or direction")
    doubled = int(bool(doubled) or not (may or other_may))
    if bool(doubled) != (turn * colour < 0):  # the side to decide is the other one: swap
        score, their_score, may, other_may = their_score, score, other_may, may
    if turn * colour < 0:
        direction = -direction
    colour = 1 if turn > 0 else -1
    sides = [[0] * 25, [0] * 25]  # gnubg's anBoard: [opponent, player 1], each from its own side
    for index in range(24):
        count = board[index + 1] if direction < 0 else board[24 - index]
        if colour * count < 0:
            sides[1][index] = abs(count)
        elif colour * count > 0:
            sides[0][23 - index] = abs(count)
    bars = (board[25], board[0]) if direction < 0 else (board[0], board[25])
    sides[1][24], sides[0][24] = abs(bars[0]), abs(bars[1])
    if doubled:
        sides.reverse()
    if not dice[0] and other_dice[0]:
        dice = other_dice
    away = (length - score, length - their_score)
    crawford = bool(length) and 1 in away and not (non_crawford or post_crawford)
    try:
        state = from_gnubg_board((sides[0], sides[1]))
        check_game_on(state)  # a finished position asks no decision
        return FibsBoard(
            state,
            _dice(dice),
            _cube(cube, may, other_may, length, score, their_score, crawford, bool(doubled)),
            bool(doubled),
        )
    except UserError as error:
        raise BadBoard(str(error)) from None


def _dice(dice: tuple[int, ...]) -> tuple[int, int] | None:
    if not dice[0]:
        return None
    if not all(1 <= die <= 6 for die in dice):
        raise BadBoard("dice are 1 to 6")
    return dice[0], dice[1]


def _cube(
    value: int,
    may: int,
    other_may: int,
    length: int,
    score: int,
    their_score: int,
    crawford: bool,
    doubled: bool,
) -> Cube:
    """The cube as the side to decide sees it: gnubg's player 1 owns it when only player 1 may double.
    A taker's score is gnubg's first (external.c's take decision keeps the doubler as player 1)."""
    owner = CubeOwner.CENTRE
    if may != other_may:
        owner = CubeOwner.ME if may else CubeOwner.OPPONENT
    if value == 1:
        owner = CubeOwner.CENTRE
    mine, theirs = (score, their_score) if doubled else (their_score, score)
    if length > MAX_CUBE_MATCH:
        raise BadBoard(f"a match to at most {MAX_CUBE_MATCH} points")
    match = MatchScore(length, mine, theirs, crawford) if length else None
    return Cube(value, owner, match)


def answer(bot: Any, board: FibsBoard, rules: Rules) -> str:
    """Our bot's answer to a decision, as gnubg's play.c reads it."""
    if board.doubled:
        return "take" if bot.take(list(board.state), board.cube) else "drop"
    if board.dice is None:
        return "double" if board.cube.may_double() and bot.double(list(board.state), board.cube) else "roll"
    play = bot.play(list(board.state), *board.dice)
    return payload(play) if play else ""


def reply(bot: Any, line: str, rules: Rules) -> str | None:
    """The reply line to one line from gnubg (None: close the connection)."""
    text = line.replace("\0", "").strip()
    if text in ("exit", "quit"):
        return None
    if not text.startswith("board:"):
        return "Error: unsupported command"
    try:
        return answer(bot, read_fibs_board(text), rules)
    except BadBoard as error:
        return f"Error: badly formed board ({error})"


def serve(
    bot: Any, rules: Rules, listener: socket.socket, said: Callable[[str], None], idle: float = IDLE_SECONDS
) -> int:
    """Answer gnubg's connections one after the other, until stopped (Ctrl+C) or the listener closes.
    A connection that has sent no whole line for `idle` seconds gives way to the next client waiting,
    and a line begun and not finished within `idle` seconds closes its connection (module docstring)."""
    while True:
        try:
            connection, _peer = listener.accept()
        except OSError as error:
            if listener.fileno() == -1:  # closed by its owner: the end of the service
                return 0
            if error.errno not in GONE_BEFORE_ACCEPTED:  # out of descriptors or memory: say it, go on
                # Translators: {error} is the system's reason, e.g. "Too many open files"
                said(_("cannot accept a connection: {error}").format(error=error.strerror or error))
                time.sleep(ACCEPT_RETRY_SECONDS)
            continue
        # Translators: said when GNU Backgammon connects to the external player
        said(_("GNU Backgammon connected"))
        with connection, contextlib.suppress(OSError):
            _converse(bot, rules, connection, listener, idle, said)


def _converse(
    bot: Any,
    rules: Rules,
    connection: socket.socket,
    listener: socket.socket,
    idle: float,
    said: Callable[[str], None],
) -> None:
    lines = LineSplitter(MAX_LINE_BYTES)
    last_line = begun = time.monotonic()  # the last whole line; the first byte of the line in hand
    while True:
        now = time.monotonic()
        partial = bool(lines.held.strip(LEFTOVERS))
        if partial and now - begun >= idle:
            _close_idle(connection, idle, said, waiting=False)
            return
        quiet = now - last_line >= idle
        deadlines = [begun + idle] if partial else []
        if not quiet:
            deadlines.append(last_line + idle)
        timeout = max(0.0, min(deadlines) - now) if deadlines else None
        watched = [connection, listener] if quiet else [connection]
        readable = select.select(watched, [], [], timeout)[0]
        if connection not in readable:
            if listener in readable:  # quiet for `idle` seconds, and another client waits
                _close_idle(connection, idle, said, waiting=True)
                return
            continue
        chunk = connection.recv(READ_CHUNK)
        if not chunk:
            return
        if not partial:
            begun = time.monotonic()
        for line in lines.feed(chunk):
            last_line = begun = time.monotonic()
            if line.cut:  # one answer for the whole line: its tail is read and thrown away
                connection.sendall(b"Error: line too long\n")
                continue
            response = reply(bot, line.data.decode("utf-8", "replace"), rules)
            if response is None:
                return
            connection.sendall(response.encode("ascii") + b"\n")


def _close_idle(connection: socket.socket, idle: float, said: Callable[[str], None], waiting: bool) -> None:
    """Close a connection that kept the only slot idle: one protocol line to it saying why (English, as
    the protocol's other lines), one notice on stderr."""
    if waiting:
        line = f"Error: no line for {idle:g} seconds and another client is waiting: closing the connection"
        # Translators: {seconds} is the idle limit (--idle), a number of seconds
        notice = _("closed a connection that sent no line for {seconds} s: another client is waiting")
    else:
        line = f"Error: a line unfinished for {idle:g} seconds: closing the connection"
        # Translators: {seconds} is the idle limit (--idle), a number of seconds
        notice = _("closed a connection that left a line unfinished for {seconds} s")
    with contextlib.suppress(OSError):
        connection.sendall(line.encode("ascii") + b"\n")
    said(notice.format(seconds=f"{idle:g}"))


def listen(port: int) -> socket.socket:
    """A socket listening on the loopback address; UserError when the port cannot be had."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((LOOPBACK, port))
        listener.listen(1)
    except OSError as error:
        listener.close()
        # Translators: {port} is a TCP port number; {error} the system's reason
        message = _("cannot listen on port {port}: {error}")
        raise UserError(message.format(port=port, error=error.strerror or error)) from None
    return listener
