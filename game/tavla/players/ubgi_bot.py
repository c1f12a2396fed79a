"""Another program's UBGI engine at our table and in our tournaments: `ubgi:<command line>`.

A `UbgiBot` is a `cmd:` bot (players/protocol.py's ExternalBot) that speaks UBGI v0.2 instead of our
line protocol, so everything else is the same: the program is started without a shell in a session of
its own at its first decision and serves every later one; each decision has the time limit (the first
after a start has the start-up allowance too, and the handshake is part of it); silence, a crash, a line
over 256 bytes, an answer that is not the one asked for, an `error` line or output nobody asked for
disqualifies it as it would a `cmd:` bot, with the same reasons in the disqualification log.

At each start: `ubgi` (the lines up to `ubgiok` are read and not judged), `set game.variant tavla` under
the tavla rules, `backgammon` under the others (an engine that does not know tavla plays backgammon,
whose plays are all legal in tavla), `isready` until `readyok` (errors before it are let go), then
`newgame` with the first decision. A decision is `position gnubgid ...`, `dice`, `go chequer` answered
by `bestmove` (players/ubgi_lines.py reads its payload, joined moves and `bar`/`off` included); a cube
question is `position gnubgid POS:MATCH` and
`go cube`, answered `bestcube double|nodouble` before the roll and `bestcube take|pass` when doubled.
An engine that answers `go cube` with `error unsupported ...` is asked no more cube questions until it
is started again: like a `cmd:` bot without the cube, it never doubles and always takes.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from typing import NoReturn

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.cube import Cube
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules
from game.tavla.players.child import DEFAULT_TIMEOUT, STARTUP_SECONDS
from game.tavla.players.protocol import ExternalBot
from game.tavla.players.protocol_lines import EOF, LONG, MAX_ANSWER_BYTES, TIMEOUT, encode_request
from game.tavla.players.ubgi_lines import (
    DOUBLE,
    NO_DOUBLE,
    PASS_ANSWERS,
    TAKE,
    UNSUPPORTED,
    position_line,
    resolve_play,
    variant_name,
)

PREFIX = "ubgi:"
MOST_SKIPPED_LINES = 1000  # `id`, `info` ... lines read before an answer before that is garbage
PLAYED_RULES = (Rules.TAVLA, Rules.STANDARD, Rules.PORTES)  # backgammon's: what UBGI engines play


class EngineError(Exception):
    """The engine answered a request with an `error` line."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line
        words = line.split()
        self.code = words[1] if len(words) > 1 else ""


class UbgiBot(ExternalBot):
    """A UBGI engine behind a command line, asked one decision at a time (see the module's text)."""

    prefix = PREFIX

    def __init__(
        self,
        command: str,
        rules: Rules = Rules.TAVLA,
        timeout: float = DEFAULT_TIMEOUT,
        startup: float = STARTUP_SECONDS,
        cube: bool = False,
    ) -> None:
        if rules not in PLAYED_RULES:
            # Translators: {bot} is the engine as entered (ubgi:...); {rules} the game asked for
            message = _("{bot}: a UBGI engine plays backgammon only (tavla, standard, portes), not {rules}")
            raise UserError(message.format(bot=PREFIX + command, rules=rules))
        super().__init__(command, rules, timeout, startup, cube)
        self.cube_answers = True  # until the engine says `go cube` is unsupported (since its start)
        self._greeted = False  # the handshake is done since its latest start

    def start(self) -> None:
        """Start the program if it is not running (the handshake comes with its first decision)."""
        if self._process is None:
            super().start()
            self._answered = True  # no `cube on` declaration to look for: UBGI asks `go cube`
            self.cube_answers, self._greeted = True, False

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The engine's `bestmove` for the position and the dice, in the seed's notation."""
        lines = [position_line(state), f"dice {die1} {die2}", "go chequer"]
        try:
            move = self._ask(lines, "bestmove")
        except EngineError as error:
            self._refused(error)
        return resolve_play(state, die1, die2, move, self.rules)

    def double(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether the engine doubles before its roll (`go cube`); False for one without the cube."""
        answer = self._cube_answer(position_line(state, cube), (DOUBLE, NO_DOUBLE))
        return answer == DOUBLE

    def take(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether the engine takes a double (`state` and `cube` from its side, before the double)."""
        answer = self._cube_answer(position_line(state, cube, doubled=True), (TAKE, *PASS_ANSWERS))
        return answer in (None, TAKE)

    def _cube_answer(self, position: str, answers: tuple[str, ...]) -> str | None:
        if not self.cube_answers:
            return None
        try:
            answer = self._ask([position, "go cube"], "bestcube")
        except EngineError as error:
            if error.code != UNSUPPORTED:
                self._refused(error)
            self.cube_answers = False
            self._sync(time.monotonic() + self.timeout)
            return None
        if answer not in answers:
            # Translators: {answers} are the words a UBGI engine may answer (double, nodouble...), kept
            message = _("the answer to go cube here is bestcube {answers}")
            self._fail(Fault.GARBAGE, message.format(answers="|".join(answers)), f"bestcube {answer}")
        return answer

    def _ask(self, lines: list[str], keyword: str) -> str:
        """Send the request lines, then read until the `keyword` line and return what follows it."""
        self.start()
        graced = self._fresh and not self._grace_spent
        limit = self.timeout + (self.startup if graced else 0.0)
        self._fresh = False
        deadline = time.monotonic() + limit
        self._check_quiet()
        try:
            if not self._greeted:
                self._handshake(deadline)
                lines = ["newgame", *lines]
            self._send(lines)
            answer = self._answer(deadline, keyword)
        except TimeoutError:
            if graced:
                self._grace_spent = True
            # Translators: {seconds} is the time limit, e.g. 1 or 0.5
            self._fail(Fault.TIMEOUT, _("no answer within {seconds} s").format(seconds=f"{limit:g}"))
        self._check_settled()
        return answer

    def _handshake(self, deadline: float) -> None:
        """`ubgi` until `ubgiok`, the variant, `isready` until `readyok` (what comes between: not judged)."""
        self._send(["ubgi"])
        self._until(deadline, "ubgiok")
        variant = variant_name(Rules.TAVLA if self.rules is Rules.TAVLA else Rules.STANDARD)
        self._send([f"set game.variant {variant}"])
        self._sync(deadline)
        self._greeted = True

    def _sync(self, deadline: float) -> None:
        """`isready`, and every line up to `readyok` read and let go (errors to earlier lines too)."""
        self._send(["isready"])
        self._until(deadline, "readyok")

    def _until(self, deadline: float, wanted: str) -> None:
        for _line in range(MOST_SKIPPED_LINES):
            if self._line(deadline) == wanted:
                return
        self._too_many_lines(wanted)

    def _too_many_lines(self, wanted: str) -> NoReturn:
        """The engine wrote MOST_SKIPPED_LINES lines without the one awaited: a fault naming the limit."""
        # Translators: {limit} is how many lines (1,000) are read while awaiting a UBGI engine's {wanted}
        # line (ubgiok, readyok, bestmove, bestcube), kept as it is
        message = _("wrote {limit} lines without {wanted}: at most {limit} lines are read while awaiting it")
        self._fail(Fault.GARBAGE, message.format(limit=f"{MOST_SKIPPED_LINES:,}", wanted=wanted))

    def _answer(self, deadline: float, keyword: str) -> str:
        for _line in range(MOST_SKIPPED_LINES):
            line = self._line(deadline)
            words = line.split(maxsplit=1)
            if not words or words[0] == "info":
                continue
            if words[0] == keyword and len(words) == 2:
                return words[1].strip()
            if words[0] == "error":
                raise EngineError(line)
            # Translators: {keyword} is the answer a UBGI engine was asked for (bestmove, bestcube)
            message = _("answered something other than {keyword}")
            self._fail(Fault.GARBAGE, message.format(keyword=keyword), line)
        self._too_many_lines(keyword)

    def _line(self, deadline: float) -> str:
        """The next line the engine writes; TimeoutError past `deadline`; a fault when it ends or writes a
        line too long or not text."""
        assert self._output is not None
        event, data = self._output.line(deadline)
        if event == TIMEOUT:
            raise TimeoutError
        if event == EOF:
            self._fail(Fault.CRASH, self._ended())
        if event == LONG:
            message = _("an answer line longer than {limit} bytes").format(limit=MAX_ANSWER_BYTES)
            self._fail(Fault.OVERSIZED, message, data.decode("ascii", "replace"))
        try:
            return data.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            self._fail(Fault.GARBAGE, _("the answer is not ASCII text"), repr(data))

    def _send(self, lines: list[str]) -> None:
        self._write(b"".join(encode_request(line) for line in lines))

    def close(self, kill: bool = False) -> None:
        """`quit`, as the protocol ends a session, then what ends any program (its input closed, its
        processes killed after a grace period); `kill` skips the `quit` and the grace."""
        process = self._process
        if not kill and process is not None and process.stdin is not None and self._greeted:
            with contextlib.suppress(OSError):
                os.write(process.stdin.fileno(), encode_request("quit"))
        super().close(kill)

    def _refused(self, error: EngineError) -> NoReturn:
        # Translators: said of a UBGI engine that answered a request with an error line
        self._fail(Fault.GARBAGE, _("answered with an error"), error.line)


def ubgi_bot(command: str, rules: Rules) -> UbgiBot:
    """The registry's factory for `ubgi:` names."""
    return UbgiBot(command, rules=rules)
