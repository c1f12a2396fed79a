"""A Python bot in a process of its own, under a time limit: the table's opponent and the `bot` command.

Loading a bot file runs its code, and its `play` may loop forever, block inside C code, call
`os._exit`, or ignore signals. In a spawned child process (a session of its own) it can do none of that
to the game: an answer that does not come in time is a timeout and the child is killed; a child that
ends is a crash, reported with its exit status; an exception (KeyboardInterrupt and SystemExit
included) is a crash with its message. The cube questions (`double`, `take`, where the bot's file
defines them) are asked the same way, with the same time limit and the same faults; a cube answer that
is not True or False is garbage. Every process the bot starts is ended with it
(game/tavla/players/bot_processes.py). The tournament keeps Python bots in its own workers, where an alarm
is enough.

The time limits, the live set of running bots (`close_all`, also at exit) and the faults are those of
every bot in a child process (game/tavla/players/child.py); this module is the transport: the child,
spawned by multiprocessing, loads the bot and answers requests sent through a pipe.
"""

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game.core.errors import UserError
from game.core.text.i18n import _, current_language, set_language
from game.core.text.quoting import PATH_CHARS, in_quotes, quoted
from game.tavla.engine.cube import Cube
from game.tavla.engine.game import BotFault
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules
from game.tavla.players import bot_processes
from game.tavla.players.child import (
    DEFAULT_TIMEOUT,
    JOIN_SECONDS,
    REASON_CHARS,
    STARTUP_SECONDS,
    ChildBot,
    check_timeout,
    exit_description,
)

MAX_ANSWER_CHARS = 4096  # a longer answer is cut before it crosses to the game (it is no play anyway)


class IsolatedBot(ChildBot):
    """A bot of the registry (a Python file or module), asked in a child process.

    `play` raises BotFault (timeout or crash) when no answer came; UserError when the bot cannot be
    loaded at all (no such file, no `play` function, an error while its module runs).
    """

    def __init__(
        self,
        name: str,
        rules: Rules = Rules.TAVLA,
        timeout: float = DEFAULT_TIMEOUT,
        startup: float = STARTUP_SECONDS,
        seed: int | None = None,
    ) -> None:
        super().__init__(rules, timeout, startup)
        self.name = name
        self.seed = seed
        self._conn: Connection | None = None
        self._questions: frozenset[str] = frozenset()  # the cube questions its file answers

    def start(self) -> None:
        """Start the child and load the bot there, within `startup` seconds."""
        if self._process is not None:
            return
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        arguments = (there, self.name, self.rules, self.seed, current_language(), self._new_mark())
        process = context.Process(target=_serve, args=arguments, daemon=True)
        process.start()
        there.close()
        self._conn = here
        self._started(process)
        if not here.poll(self.startup):
            # Translators: {seconds} is the time a bot was given to load, e.g. 10
            self._fail(Fault.TIMEOUT, _("not loaded within {seconds} s").format(seconds=f"{self.startup:g}"))
        try:
            kind, message = here.recv()
        except (EOFError, OSError):
            self._fail(Fault.CRASH, self._ended(loading=True))
        if kind == "refused":
            self.close()
            raise UserError(message)
        self._questions = message

    def play(self, state: Sequence[int], die1: int, die2: int) -> Any:
        """The bot's answer, within `timeout` seconds."""
        return self._ask(("play", list(state), die1, die2))

    def double(self, state: Sequence[int], cube: Cube) -> bool:
        """The bot's `double(state, cube)`, within `timeout` seconds; False if its file has none."""
        self.start()
        return "double" in self._questions and bool(self._ask(("double", list(state), cube)))

    def take(self, state: Sequence[int], cube: Cube) -> bool:
        """The bot's `take(state, cube)`, within `timeout` seconds; True if its file has none."""
        self.start()
        return "take" not in self._questions or bool(self._ask(("take", list(state), cube)))

    def _ask(self, request: tuple[Any, ...]) -> Any:
        """Send one question to the child and wait `timeout` seconds for its answer."""
        self.start()
        conn = self._conn
        assert conn is not None
        try:
            conn.send(request)
            if not conn.poll(self.timeout):
                # Translators: {seconds} is the time limit, e.g. 1 or 0.5
                message = _("no answer within {seconds} s").format(seconds=f"{self.timeout:g}")
                self._fail(Fault.TIMEOUT, message)
            kind, value, fault = conn.recv()
        except (EOFError, OSError):
            self._fail(Fault.CRASH, self._ended())
        if kind == "answer":
            return value
        self._fail(Fault(fault), value)

    def close(self, kill: bool = False) -> None:
        """End the child and everything it started (at once: it has nothing to finish, so `kill` is
        the same)."""
        process, conn = self._process, self._conn
        if process is None:
            return
        self._conn = None
        self._stopped()
        with contextlib.suppress(OSError, ValueError):
            assert conn is not None
            conn.close()
        bot_processes.end_bot(process.pid, self._mark)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
            process.join(JOIN_SECONDS)

    def _ended(self, loading: bool = False) -> str:
        process = self._process
        code = None
        if process is not None:
            process.join(JOIN_SECONDS)
            code = process.exitcode
        if code is None:
            # Translators: said of a bot whose process stopped talking to the game
            return _("its process stopped answering")
        if loading:
            # Translators: said of a Python bot's process; {ended} says how, e.g. "exited with status 0"
            message = _("its process ended ({ended}) while the bot was loading")
        else:
            # Translators: said of a Python bot's process; {ended} says how, e.g. "exited with status 0"
            message = _("its process ended ({ended}) without answering")
        return message.format(ended=exit_description(code))


def guarded_bot(
    name: str,
    rules: Rules = Rules.TAVLA,
    timeout: float = DEFAULT_TIMEOUT,
    seed: int | None = None,
    cube: bool = False,
) -> Any:
    """The bot for `name` with a time limit: a built-in bot as it is (trusted, as in a tournament), a
    `cmd:` program or `ubgi:` engine with `timeout` per answer, any other Python bot in a child process
    (IsolatedBot).
    `cube`: its games have the doubling cube (a `cmd:` program is told so in its environment).

    The result has `play`, `double` and `take` (a built-in bot's where it has them); call `close_bot`
    when done with it.
    """
    from game.tavla.players import bot_names, get_bot, is_program

    if name in bot_names():
        return get_bot(name, seed=seed, rules=rules)
    if is_program(name):
        bot = get_bot(name, seed=seed, rules=rules)
        bot.timeout = check_timeout(timeout)  # type: ignore[attr-defined]
        bot.cube = cube  # type: ignore[attr-defined]
        return bot
    is_file = name.endswith(".py") or "/" in name or "\\" in name
    if is_file and not Path(name).is_file():
        raise UserError(_("bot file not found: {path}").format(path=quoted(name, PATH_CHARS)))
    if not is_file and ("." not in name or name.startswith(".")):
        get_bot(name, rules=rules)  # not a file nor a module: the registry's own message, running nothing
    return IsolatedBot(name, rules=rules, timeout=timeout, seed=seed)


def check_bot(name: str, rules: Rules = Rules.TAVLA) -> None:
    """Refuse a bot that cannot be loaded (UserError), without running its code in this process: a
    Python bot is loaded in a child process, within STARTUP_SECONDS, then stopped."""
    bot = guarded_bot(name, rules=rules)
    try:
        if isinstance(bot, IsolatedBot):
            try:
                bot.start()
            except BotFault as fault:
                # Translators: {name} is the bot as entered; {error} says how loading it failed
                message = _("cannot load bot {name}: {error}")
                raise UserError(message.format(name=quoted(name, PATH_CHARS), error=fault)) from None
    finally:
        close_bot(bot)


def close_bot(bot: object) -> None:
    """Stop a bot's process if it has one (IsolatedBot, a `cmd:` program); nothing for a built-in."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


close_all = IsolatedBot.close_all  # every isolated bot of this process (at exit, and when a table closes)


def _serve(conn: Connection, name: str, rules: Rules, seed: int | None, language: str, mark: str) -> None:
    """The child: load the bot, then answer requests until the pipe closes."""
    if hasattr(os, "setsid"):
        with contextlib.suppress(OSError):
            os.setsid()  # Ctrl+C in the terminal is for the game; the game kills this whole session
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ[bot_processes.MARK_ENV] = mark
    with contextlib.suppress(OSError, ValueError):
        set_language(language)
    from game.tavla.players import get_bot

    try:
        bot = get_bot(name, seed=seed, rules=rules)
    except UserError as error:
        conn.send(("refused", str(error)))
        return
    except BaseException as error:  # noqa: BLE001 - SystemExit or KeyboardInterrupt while the module ran
        # Translators: {name} is the bot as entered; {error} the Python exception, e.g. "SystemExit: 3"
        message = _("cannot load bot {name}: {error}")
        conn.send(("refused", message.format(name=quoted(name, PATH_CHARS), error=_exception_text(error))))
        return
    conn.send(("ready", getattr(bot, "cube_questions", frozenset())))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_answer(bot, request))


def _answer(bot: Any, request: tuple[Any, ...]) -> tuple[str, object, str | None]:
    """The child's reply to one request: ("answer", value, None) or ("fault", reason, its Fault)."""
    kind, state, *rest = request
    try:
        if kind == "play":
            return "answer", _sendable(bot.play(state, *rest)), None
        return "answer", bool(getattr(bot, kind)(state, *rest)), None
    except BotFault as fault:
        return "fault", str(fault), str(fault.kind)
    except SystemExit as error:
        # Translators: said of a Python bot that ended the program; {code} is the value it passed
        return "fault", _("called sys.exit({code})").format(code=in_quotes(error.code)), str(Fault.CRASH)
    except BaseException as error:  # noqa: BLE001 - any failure of the bot is its own fault
        return "fault", _exception_text(error), str(Fault.CRASH)


def _sendable(answer: object) -> object:
    """What crosses back to the game: text cut to MAX_ANSWER_CHARS; anything else as its repr, unless it
    is a plain sequence of moves."""
    if answer is None:
        return None
    if isinstance(answer, str):
        return answer if len(answer) <= MAX_ANSWER_CHARS else answer[:MAX_ANSWER_CHARS] + "…"
    if isinstance(answer, list | tuple) and len(answer) <= 8 and all(_is_move(move) for move in answer):
        return tuple(tuple(move) for move in answer)
    return repr(answer)[:MAX_ANSWER_CHARS]


def _is_move(move: object) -> bool:
    return (
        isinstance(move, list | tuple)
        and len(move) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) < 100 for n in move)
    )


def _exception_text(error: BaseException) -> str:
    """A bot's exception as the reason it failed: its type and message, cut to REASON_CHARS."""
    text = quoted(str(error), REASON_CHARS)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
