"""External bots: any program that speaks the line protocol of docs/bot-protocol.md, entered as
`cmd:<command line>`.

This module supervises the program's process: its start, its time limits, its faults and its end. The
wire format (the request lines, the reading of answer lines) is game/tavla/players/protocol_lines.py,
the cube's lines game/tavla/players/protocol_cube.py; what this bot shares with a Python bot in a child
process (the time limits, the live set and `close_all`, the faults) is game/tavla/players/child.py.
docs/bot-protocol.md is the full contract for bot authors.

Lifecycle (the contest leaves the choice open; docs/bot-protocol.md, "Lifecycle"): a program is started
at its first decision and then serves every later decision and game asked of this `ExternalBot` — in a
tournament, one copy per worker process — because starting a JVM or an interpreter for each game would
cost more than the game. Only after a failure (timeout, crash, unreadable or oversized output) is it
killed, and it is started again at its next decision: its input and output can no longer be trusted to
be in step.

Safety: the command is split with shlex and started without a shell, in a process group (session) of its own,
so killing the group also kills whatever it started and a Ctrl+C in the terminal reaches only the tournament,
which then kills it; what escapes the group (setsid, a double fork) carries a mark in its environment and is
killed too (game/tavla/players/bot_processes.py). Each answer has a time limit (the first one after a start
gets STARTUP_SECONDS more, once for a program that hangs); a line over MAX_ANSWER_BYTES is refused without
reading the rest (protocol_lines.py); stderr is drained all the time and only its tail is kept; every program
still running is killed by `close_all` (child.py), which runs at interpreter exit and when a tournament stops.

One request, one answer line: output is read in the asking thread, and after each answer line the
bot is given a moment (SETTLE_SECONDS at most, of CPU time while it runs: on a loaded machine the time
it waits for a CPU is added) to go back to waiting for input, so a second line
written with the answer is found at the decision that caused it, whatever the timing, and is never
taken for the answer to a later one. It is a fault (garbage) with one fixed reason.

The doubling cube (game/tavla/players/protocol_cube.py): in games with the cube the program's environment has
TAVLA_CUBE=1; a program that writes `cube on` before its first answer is also asked `double` and
`take` lines. One that does not is never asked: it never doubles and always takes.
"""

import contextlib
import os
import shlex
import shutil
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, NoReturn

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.cube import Cube
from game.tavla.engine.game import BotFault
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules
from game.tavla.players import bot_processes
from game.tavla.players.child import (
    DEFAULT_TIMEOUT,
    JOIN_SECONDS,
    STARTUP_SECONDS,
    ChildBot,
    exit_description,
)
from game.tavla.players.protocol_cube import (
    CUBE_ENV,
    DECLARED,
    DOUBLE,
    TAKE,
    cube_question,
    is_declaration,
    may_be_declaration,
    reply_to,
)
from game.tavla.players.protocol_lines import (
    EOF,
    LINE,
    LONG,
    MAX_ANSWER_BYTES,
    POSIX,
    READ_CHUNK,
    TIMEOUT,
    Output,
    decode_answer,
    encode_request,
    play_request,
)

STDERR_TAIL_BYTES = 4096  # what is kept of a bot's stderr for the disqualification log
EXIT_GRACE_SECONDS = 0.5  # after its input closes, a bot may exit on its own before it is killed
EXIT_STATUS_WAIT = 0.5  # how long to wait for the exit status of a bot whose output closed
SETTLE_SECONDS = 0.1  # after an answer, how long to wait at most for the program to wait for input again,
# counted in the CPU time it got while it could run: time it waits for a CPU on a loaded machine is added
SETTLE_MOST_SECONDS = 3.0  # ... and at most this long in all, however loaded the machine
SETTLE_FIRST_PAUSE = 0.0001
SETTLE_LONGEST_PAUSE = 0.002
SHOWN_STRAY = 80  # bytes of stray output kept as the "answer" of the fault
SHOWN_STDERR_CHARS = 200  # of the last line of a program's stderr, in the reason it crashed
RULES_ENV = "TAVLA_RULES"  # tells the program the rule set: tavla or standard
PREFIX = "cmd:"


def split_command(command: str, prefix: str = PREFIX) -> list[str]:
    """The program and arguments of a `cmd:` bot (or another `prefix`'s, such as `ubgi:`), checked
    before anything is started."""
    try:
        argv = shlex.split(command, posix=POSIX)
    except ValueError as error:
        # Translators: {bot} is the bot as entered, e.g. cmd:python3 my_bot.py; {error} is Python's reason
        message = _("cannot read the command line of {bot}: {error}")
        raise UserError(message.format(bot=quoted(prefix + command), error=error)) from None
    if not argv:
        # Translators: {prefix} is cmd: and {example} an example, cmd:python3 my_bot.py; keep both as they are
        message = _("{prefix} needs a command line after it, e.g. {example}")
        raise UserError(message.format(prefix=prefix, example=f"{prefix}python3 my_bot.py"))
    if shutil.which(argv[0]) is None:
        # Translators: {bot} is the bot as entered, e.g. cmd:python3 my_bot.py; {program} its program, quoted
        message = _("{bot}: program {program} not found (not on PATH, or not executable)")
        raise UserError(message.format(bot=quoted(prefix + command), program=in_quotes(argv[0])))
    return argv


class ExternalBot(ChildBot):
    """A `cmd:` bot: the program behind a command line, asked one decision at a time.

    `play` raises BotFault (kind timeout, crash, garbage or oversized) when no proper answer line came;
    what the line says is judged by the caller, like any bot's answer.
    """

    prefix = PREFIX  # what its name starts with (a UBGI engine's subclass has its own)

    def __init__(
        self,
        command: str,
        rules: Rules = Rules.TAVLA,
        timeout: float = DEFAULT_TIMEOUT,
        startup: float = STARTUP_SECONDS,
        cube: bool = False,
    ) -> None:
        self.command = command
        self.argv = split_command(command, self.prefix)
        super().__init__(rules, timeout, startup)
        self.cube = cube  # its games have the cube: TAVLA_CUBE=1 in its environment
        self.speaks_cube = False  # it declared, since its latest start, that it answers cube questions
        self._answered = False  # it has answered once since its latest start
        self._process: subprocess.Popen[bytes] | None = None
        self._output: Output | None = None
        self._stderr = bytearray()
        self._threads: list[threading.Thread] = []
        self._fresh = False
        self._grace_spent = False

    @property
    def name(self) -> str:
        """The name the bot was entered under."""
        return self.prefix + self.command

    def start(self) -> None:
        """Start the program if it is not running; BotFault (crash) if it cannot be started."""
        if self._process is not None:
            return
        mark = self._new_mark()
        env = {**os.environ, RULES_ENV: str(self.rules), "PYTHONUNBUFFERED": "1"}
        env[bot_processes.MARK_ENV] = mark
        env.pop(CUBE_ENV, None)
        if self.cube:
            env[CUBE_ENV] = "1"
        group = (
            {"start_new_session": True}
            if POSIX
            else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        )
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                **group,
            )  # type: ignore[call-overload]
        except OSError as error:
            # Translators: {program} is the bot's program, quoted; {error} is the system's reason
            message = _("cannot start {program}: {error}")
            message = message.format(program=in_quotes(self.argv[0]), error=quoted(error.strerror or error))
            raise BotFault(Fault.CRASH, message) from None
        self._started(process)
        self._fresh = True
        self._answered = self.speaks_cube = False
        self._stderr = bytearray()
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        if POSIX:
            os.set_blocking(process.stdin.fileno(), False)
        self._output = Output(process.stdout)
        self._threads = [threading.Thread(target=_drain, args=(process.stderr, self._stderr), daemon=True)]
        self._threads += self._output.threads
        for thread in self._threads:
            thread.start()

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """Send the position and the dice, wait for one line and return it without its line ending.

        One request, one answer line: output before the request, or after the answer line and before
        the program waits for its next input, is a fault (kind garbage) with one fixed reason.
        """
        return self._exchange(play_request(state, die1, die2))

    def double(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether the program doubles before its roll: asked only of a program that declared the cube
        since its start (game/tavla/players/protocol_cube.py); False for any other."""
        if not self.speaks_cube or self._process is None:
            return False
        return self._cube_answer(DOUBLE, state, cube)

    def take(self, state: Sequence[int], cube: Cube) -> bool:
        """Whether the program takes a double (state and cube from its side, before the double); True
        without asking for a program that did not declare the cube."""
        if not self.speaks_cube or self._process is None:
            return True
        return self._cube_answer(TAKE, state, cube)

    def _cube_answer(self, question: str, state: Sequence[int], cube: Cube) -> bool:
        answer = self._exchange(cube_question(question, state, cube))
        try:
            return reply_to(question, answer)
        except ValueError as error:
            self._fail(Fault.GARBAGE, str(error), answer)

    def _exchange(self, line: str) -> str:
        """Send one request line and return the answer line (see `play`); the cube's declaration is
        taken before the first answer after a start."""
        self.start()
        process, output = self._process, self._output
        assert process is not None and process.stdin is not None and output is not None
        graced = self._fresh and not self._grace_spent
        limit = self.timeout + (self.startup if graced else 0.0)
        self._fresh = False
        self._check_quiet()
        self._write(encode_request(line))
        deadline = time.monotonic() + limit
        event, data = output.line(deadline)
        if event == LINE and not self._answered and is_declaration(data):
            self.speaks_cube = True
            event, data = output.line(deadline)
        if event == TIMEOUT:
            if graced:
                self._grace_spent = True  # a program that hangs at its start gets the allowance once
            # Translators: {seconds} is the time limit, e.g. 1 or 0.5
            self._fail(Fault.TIMEOUT, _("no answer within {seconds} s").format(seconds=f"{limit:g}"))
        if event == EOF:
            self._fail(Fault.CRASH, self._ended())
        if event == LONG:
            self._fail(
                Fault.OVERSIZED,
                _("an answer line longer than {limit} bytes").format(limit=MAX_ANSWER_BYTES),
                data.decode("ascii", "replace"),
            )
        try:
            answer = decode_answer(data)
        except UnicodeDecodeError:
            self._fail(Fault.GARBAGE, _("the answer is not ASCII text"), repr(data))
        self._check_settled()
        self._answered = True
        return answer

    def _write(self, request: bytes) -> None:
        """Send `request` without blocking: a program that does not read its input is disqualified
        (the pipe is full), one that has ended has crashed."""
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            written = os.write(process.stdin.fileno(), request)
        except BlockingIOError:
            written = 0
        except OSError:
            self._fail(Fault.CRASH, self._ended())
        if written != len(request):
            # Translators: said of a bot program, as the reason it was disqualified
            self._fail(Fault.TIMEOUT, _("does not read its input: the lines sent to it are piling up"))

    def stderr_tail(self) -> str:
        """The last STDERR_TAIL_BYTES the program (its latest start) wrote to stderr."""
        return bytes(self._stderr).decode("utf-8", "replace")

    def close(self, kill: bool = False) -> None:
        """Stop the program: close its input (a polite bot exits), then kill its whole process group,
        its session and every process that carries its mark (see game/tavla/players/bot_processes.py).

        `kill` skips the grace period, for a program that already failed.
        """
        process = self._process
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        if not kill:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(EXIT_GRACE_SECONDS)
        bot_processes.end_bot(process.pid, self._mark)
        if process.poll() is None:
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(JOIN_SECONDS)
        self._stopped()
        for thread in self._threads:
            thread.join(JOIN_SECONDS)
        for stream in (process.stdout, process.stderr):
            if stream is not None and not any(thread.is_alive() for thread in self._threads):
                stream.close()

    def _check_quiet(self) -> None:
        """Between decisions a bot must stay silent: an early line or an exit is a fault now."""
        assert self._output is not None
        event, data = self._output.pending()
        if not self._answered:
            if self._output.take_line(DECLARED):
                self.speaks_cube = True
                event, data = self._output.pending()
            if event == LINE and may_be_declaration(data):
                return  # the declaration is on its way: it is read with the answer
        if event == EOF:
            # Translators: {ended} says how the bot's program ended, e.g. "exited with status 0"
            message = _("{ended} before its next decision (keep reading lines until the end of the input)")
            self._fail(Fault.CRASH, message.format(ended=self._ended()))
        if event is not None:
            self._stray(data)

    def _check_settled(self) -> None:
        """After its answer line, wait (briefly) until the program waits for input again, then look for
        anything more it wrote: what a program writes before it reads its next line belongs to this
        decision, whatever the timing."""
        assert self._output is not None and self._process is not None
        if self._output.has_data():
            self._stray(self._output.pending()[1])
        _wait_until_waiting(self._process.pid)
        event, data = self._output.pending()
        if event in (LINE, LONG):
            self._stray(data)

    def _stray(self, data: bytes) -> NoReturn:
        # Translators: said of a bot program, as the reason it was disqualified: it wrote more lines than
        # it was asked for. Always this one sentence, whenever it is noticed
        reason = _("wrote output nobody asked for (one request, one answer line)")
        self._fail(Fault.GARBAGE, reason, data.split(b"\n")[0][:SHOWN_STRAY].decode("ascii", "replace"))

    def _ended(self) -> str:
        """Why the output closed: the exit status, a signal, and the last line of stderr if any."""
        process = self._process
        assert process is not None
        try:
            code = process.wait(EXIT_STATUS_WAIT)
        except subprocess.TimeoutExpired:
            # Translators: said of a bot program that stopped answering
            text = _("closed its output")
        else:
            text = exit_description(code)
            for thread in self._threads:
                thread.join(JOIN_SECONDS)
        last = next((line.strip() for line in reversed(self.stderr_tail().splitlines()) if line.strip()), "")
        if not last:
            return text
        # Translators: {ended} says how the bot's program ended; {stderr} is its last error line, verbatim
        return _("{ended} (stderr: {stderr})").format(ended=text, stderr=quoted(last, SHOWN_STDERR_CHARS))


def _wait_until_waiting(pid: int) -> None:
    """Wait until no process of the bot runs (each waits for input, a lock or a child), for at most
    SETTLE_SECONDS of the bot's own time: while it could run, only the CPU time it got counts (its
    busiest thread's), so a moment it waits for a CPU on a loaded machine is added; at most
    SETTLE_MOST_SECONDS in all. Returns at once where that cannot be seen (no /proc)."""
    start = last = time.monotonic()
    spent = 0.0
    cpu: dict[str, int] | None = None
    pause = SETTLE_FIRST_PAUSE
    while True:
        seen = bot_processes.activity(pid)
        now = time.monotonic()
        if seen is None or seen.waiting:
            return
        if seen.running and cpu is not None:
            spent += max((seen.cpu[task] - cpu.get(task, 0) for task in seen.cpu), default=0) / 1e9
        else:  # pausing (sleep, a disk), or the first look: the clock's time counts
            spent += now - last
        cpu, last = seen.cpu, now
        if spent >= SETTLE_SECONDS or now - start >= SETTLE_MOST_SECONDS:
            return
        time.sleep(pause)
        pause = min(pause * 2, SETTLE_LONGEST_PAUSE)


close_all = ExternalBot.close_all  # kill every external program here (exit, Ctrl+C, a worker's end)
running_bots = ExternalBot.running  # how many external programs this process runs (tests check for none)


def _drain(stream: IO[bytes], tail: bytearray) -> None:
    """Reader thread: empty the stderr pipe as it fills (a chatty bot must not block) and keep the tail."""
    try:
        while chunk := stream.read1(READ_CHUNK):  # type: ignore[attr-defined]
            tail += chunk
            if len(tail) > STDERR_TAIL_BYTES:
                del tail[:-STDERR_TAIL_BYTES]
    except (OSError, ValueError):
        pass
