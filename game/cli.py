"""The command line: `python main.py [COMMAND] ...`, a dispatcher.

Each command is a module of its game (game/puzzle/commands/, game/tavla/commands/; the package docstrings
say why there) with `add_parser` (its options) and `run` (the command itself, its exit status); COMMANDS
lists them in the order --help shows them, and without a command the window opens at the main menu.
This module keeps what is the same for every command: the global options (--config, --version), the
config read before the arguments so help speaks its language, and every way a command ends mapped to
its exit status in one place: a bad argument or input is one line on stderr and exit 2, a failed bot 3,
an output that cannot be written 74, Ctrl+C or another stop signal 128 + its number, and a bug one line
and exit 1 with the traceback kept in crash.log; no traceback reaches a user. A command imports what it
needs when it runs, so those that need no window (moves, bot, solve, tournament) never import Arcade:
they start fast and run on machines without a display.
"""

import argparse
import contextlib
import errno
import os
import re
import signal
import stat
import sys
import threading
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from game import __version__
from game.core.errors import BotFailed, OutputFailed, RulesRefused, UserError
from game.core.text import i18n
from game.core.text.i18n import N_, _
from game.core.text.quoting import PATH_CHARS, QUOTE_CHARS, quoted
from game.core.text.terminal import WrappingHelpFormatter
from game.puzzle.commands import puzzle, solve, stats
from game.tavla.commands import (
    analyse,
    bot,
    cube,
    dice,
    external,
    moves,
    position,
    practice,
    progress,
    rollout,
    tavla,
    tempmap,
    tournament,
    ubgi,
)

if TYPE_CHECKING:
    from game.settings import Config
    from game.ui.shell import FirstScreen

PROG = "fifteen-tavla"
COMMANDS: tuple[ModuleType, ...] = (
    puzzle,
    tavla,
    solve,
    stats,
    moves,
    bot,
    cube,
    analyse,
    progress,
    practice,
    position,
    rollout,
    tempmap,
    tournament,
    ubgi,
    external,
    dice,
)
"""Every command, in the order --help lists them: a module with `add_parser(commands)`, which adds the
command to argparse's subparsers and returns its parser, and `run(args, config)`: its exit status, or,
for a command that opens the window, the window's first screen (`FirstScreen`, shown once it is open)."""
MESSAGE_CHARS = 1000  # the longest message line the command line prints (each quoted value is cut already)
ARGPARSE_CHARS = 400  # ... and of argparse's, which quotes what was typed
ERROR_CHARS = 300  # an unexpected error as the one line names it (the whole is in crash.log)
_QUOTED = re.compile("'([^']{" + str(QUOTE_CHARS + 1) + ",})'")
EXIT_USAGE = 2
EXIT_SIGNALLED = 128  # plus the signal's number: 130 after Ctrl+C, 143 after SIGTERM, 129 after SIGHUP
STOP_SIGNALS = ("SIGTERM", "SIGHUP")  # end a command as Ctrl+C does
EXIT_IO = 74  # EX_IOERR: the output could not be written (stdout closed, a full disk)
EXIT_BOT_FAILED = 3  # the `bot` command: the bot crashed, timed out or answered an illegal play
CRASH_LOG = "crash.log"  # in the data folder (game/core/files/folders.py)
CRASH_LOG_BYTES = 1_000_000  # the end of a longer traceback is kept
WINDOW_COMMANDS = (None, "puzzle", "tavla")  # the commands that open the window and print nothing

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
"""argparse's own messages that a user can meet. argparse looks them up with module-level gettext
functions; `_speak_argparse` points those at our catalogues, and this list puts them there."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the problem, then exit 2; help is wrapped between
    words by the cells each character takes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", WrappingHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_USAGE,
            _("{prog}: error: {message} (see --help)").format(prog=self.prog, message=_cut_quotes(message))
            + "\n",
        )

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """End with `status`; `message` goes to stderr if it takes it."""
        if message:
            _say(message.rstrip("\n"))
        sys.exit(status)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help and the version go to stdout, and a failure to write them is reported (argparse's own
        keeps silent, and exits 0)."""
        if not message:
            return
        if file is None:  # stdout was closed
            raise _failed(None)
        file.write(message)


def _cut_quotes(message: str) -> str:
    """argparse's message with every value it quotes cut (`invalid choice: '<5 MB>'`), on one line."""
    cut = _QUOTED.sub(lambda found: f"'{quoted(found.group(1))}'", message)
    return one_line(cut, ARGPARSE_CHARS)


def one_line(message: object, limit: int = MESSAGE_CHARS) -> str:
    """A message as the command line prints it, the last guard of its one-line contract: line breaks
    and runs of blanks as one space, other control characters escaped (a value's terminal escape
    sequence is shown, not obeyed), and cut to about `limit` characters."""
    text = " ".join(str(message).split())
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text if len(text) <= limit else quoted(text, limit)


def _speak_argparse() -> None:
    """argparse translates its headings and errors with `gettext.gettext`, bound when it was imported;
    rebinding those names is the only way to give it a catalogue chosen from the config."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


def _add_config(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--config",
        metavar="PATH",
        default=default,
        help=_("a YAML file whose keys override the defaults (see config/game.yaml)"),
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the global options, then each command of COMMANDS with its own."""
    parser = _Parser(
        prog=PROG,
        description=_(
            "Fifteen & Tavla: the sliding puzzle and a backgammon table. "
            "Without a command, opens the window at the main menu."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("show the version and exit"),
    )
    _add_config(parser, None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        command.add_parser(commands).set_defaults(run=command.run)
    for sub in commands.choices.values():
        _add_config(sub, argparse.SUPPRESS)
    return parser


_XGID_BODY = re.compile(r"-[-A-Oa-o]*:")  # a board of an XGID's letters from an empty bar, then a colon


def xgid_values_joined(argv: Sequence[str]) -> list[str]:
    """`argv` with `--xgid -b----E-...` written as `--xgid=-b----E-...`: an XGID pasted without its
    `XGID=` starts with '-' where the top player's bar is empty, and argparse would take it for an option.
    Only a value that begins as an XGID's board does (an option has no colon) is joined, so the XGID's
    reader names what is wrong with it, and `--xgid --rules ...` still says that --xgid needs a value."""
    joined: list[str] = []
    values = iter(argv)
    for word in values:
        if word == "--":
            joined.append(word)
            joined.extend(values)
            break
        if word == "--xgid":
            value = next(values, None)
            if value is not None and _XGID_BODY.match(value):
                joined.append(f"{word}={value}")
                continue
            joined.append(word)
            if value is not None:
                joined.append(value)
            continue
        joined.append(word)
    return joined


def _from_config(error: UserError, args: argparse.Namespace | None) -> str:
    """The message of `error`, and where the rule set it refuses came from when that was the config file
    (not --rules): a user who chose Plakoto in the menu sees why a command plays it."""
    rules, value = getattr(args, "config_rules", (None, ""))
    if not isinstance(error, RulesRefused) or rules is None or error.rules is not rules:
        return str(error)
    # Translators: added to a refusal after a space, in brackets; {value} is the config's game (tavla,
    # plakoto, tavli...), {path} the config file it was read from; keep tavla.rules and --rules as they are
    note = _("the rule set is tavla.rules: {value} in the config file {path}; --rules chooses another")
    path = quoted(_rules_file(getattr(args, "config_file", None)), PATH_CHARS)
    return f"{error} ({note.format(value=value, path=path)})"


def _rules_file(loaded: Path | None) -> Path:
    """The config file that set tavla.rules: the player's own (or --config's) if it has the key, else
    the shipped defaults. `loaded` has been read and checked already."""
    from game.core.files.shipped import config_path

    if loaded is not None:
        with contextlib.suppress(Exception):
            import yaml

            data = yaml.safe_load(loaded.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("tavla"), dict) and "rules" in data["tavla"]:
                return loaded
    return config_path()


def _open_menu(args: argparse.Namespace, config: "Config") -> "FirstScreen":
    """No command: the window at the main menu."""
    return lambda window: window.show_menu()


def _run(args: argparse.Namespace, config: "Config") -> int:
    """The command's exit status; a command that answers with its first screen gets the window open.

    While the command runs, notices of slow work done once (a table built at first use) go to stderr."""
    from game.core.text import notices

    with notices.sent_to(notices.to_stderr):
        outcome = getattr(args, "run", _open_menu)(args, config)
    if isinstance(outcome, int):
        return outcome
    from game.app import run_window

    return run_window(config, args.config, outcome)


def _report_crash() -> str:
    """Keep the traceback for a bug report in the data folder (never the current one); the user gets one
    line. The last-resort path: it never waits and never raises; a crash.log that is not a regular file
    (a FIFO, a link, a device) is left alone and the details are not saved."""
    try:
        from game.core.files.folders import data_dir

        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / CRASH_LOG
        _write_crash_log(log, traceback.format_exc().encode("utf-8", "replace")[-CRASH_LOG_BYTES:])
    except Exception:  # noqa: BLE001 - whatever fails here, the user still gets the one line
        return _("the details could not be saved")
    return _("details are in {path}").format(path=quoted(log, PATH_CHARS))


def _write_crash_log(path: Path, data: bytes) -> None:
    """Write `data` to `path` without following a link (O_NOFOLLOW) nor waiting on a FIFO (O_NONBLOCK),
    and only into a regular file (checked on the open file, so no swap can come between); OSError
    otherwise. Not game.core.files.writing.write_atomically, which follows a link to write its target."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), 0o600)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:  # a hard link is another file's name too
            raise OSError(errno.EINVAL, "crash.log is not a regular file of its own")
        os.ftruncate(handle, 0)
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    finally:
        os.close(handle)


def _config_argument(argv: Sequence[str]) -> str | None:
    """`--config PATH` wherever it stands, read before the full parse so help can be in the config's
    language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--config")
    known, _rest = early.parse_known_args(argv)
    return known.config


def _config_failed(message: str) -> int:
    """The settings cannot be read: one line, exit 2, whatever the command (--help and --version too)."""
    _say(f"{PROG}: {one_line(message)}")
    return EXIT_USAGE


def _say(line: str) -> None:
    """One line on stderr, if there is a stderr that takes it (closed, it is silence, never stdout)."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


class _Output:
    """Standard output while a command runs: a write or flush that fails raises OutputFailed, so a full
    disk or a closed output is told apart from the command's own errors (a broken pipe stays one)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _failed(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _failed(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _failed(error: BaseException | None) -> OutputFailed:
    reason = error.strerror if isinstance(error, OSError) and error.strerror else error
    if reason is None:
        # Translators: why the output cannot be written: the standard output was closed (cmd >&-)
        reason = _("standard output is closed")
    # Translators: {reason} is the system's reason, e.g. "No space left on device"
    return OutputFailed(_("cannot write the output: {reason}").format(reason=reason))


def _output_failed(error: OutputFailed) -> int:
    """Stdout refused the output: one line on stderr, exit 74, and no complaint from Python at exit
    about the data still in its buffer."""
    _say(f"{PROG}: {one_line(error)}")
    stream = sys.__stdout__
    if sys.stdout is not None and stream is not None and isinstance(sys.stdout, _Output):
        with contextlib.suppress(OSError, ValueError):
            if stream.fileno() == 1:
                os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # the buffer drains into nothing
    return EXIT_IO


def _fill_closed_descriptors() -> None:
    """A standard descriptor closed at start (`cmd >&-`) is opened on the null device, so no file the
    game opens later takes its number and receives what a library writes to "stdout"."""
    for number, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(number)
        except OSError:
            with contextlib.suppress(OSError):
                handle = os.open(os.devnull, mode)
                if handle != number:
                    os.dup2(handle, number)
                    os.close(handle)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: the exit status of the command (see docs/commands.md)."""
    _fill_closed_descriptors()
    real = sys.stdout
    if real is not None:
        sys.stdout = _Output(real)
    try:
        return _main(argv)
    except OutputFailed as error:
        return _output_failed(error)
    finally:
        if isinstance(sys.stdout, _Output):
            sys.stdout = real


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    i18n.set_language(i18n.AUTO)
    _speak_argparse()
    from game.core.settings.user_file import config_to_load
    from game.settings import load_config

    try:
        given = _config_argument(argv)
        loaded = config_to_load(given)
        config = load_config(loaded, remembered=given is None)
    except UserError as error:
        return _config_failed(str(error))
    except Exception as error:  # noqa: BLE001 - load_config answers UserError; this is the last guard
        return _config_failed(f"{type(error).__name__}: {error}"[:300])
    i18n.set_language(config.language)
    try:
        args = build_parser().parse_args(xgid_values_joined(argv))
    except SystemExit as exit_:
        if exit_.code in (0, None):  # --help or --version was printed: it must have reached stdout
            _flush()
        raise
    args.config_file = loaded
    if args.command not in WINDOW_COMMANDS and sys.stdout is None:
        raise _failed(None)
    try:
        if getattr(args, "json_path", None) is not None and args.command != "tournament":
            from game.core.files.writing import report_target

            report_target(args.json_path)  # checked before any work, as the tournament checks its own
        with _stop_signals():
            status = _run(args, config)
        _flush()
        return status
    except OutputFailed:
        raise
    except BotFailed as error:
        _say(f"{PROG}: {one_line(error)}")
        return EXIT_BOT_FAILED
    except UserError as error:
        _say(f"{PROG}: {one_line(_from_config(error, args))}")
        return EXIT_USAGE
    except KeyboardInterrupt as stop:
        # Ctrl+C, SIGTERM or SIGHUP: the finally clauses and the exit handlers end every process the
        # command started (game/tavla/players/child.py); a second signal cannot cut that short.
        if isinstance(stop, _Stopped):
            _ignore_stop_signals()
        return EXIT_SIGNALLED + getattr(stop, "signum", signal.SIGINT)
    except BrokenPipeError:
        # The reader stopped reading (`| head -1`): what it wanted was written; say nothing more, and
        # keep Python from complaining about the closed stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # noqa: BLE001 - the last guard: no traceback reaches a user
        _say(
            _("{prog}: unexpected error: {error}; {details}").format(
                prog=PROG, error=quoted(error, ERROR_CHARS), details=_report_crash()
            )
        )
        return 1


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP asked the command to end: it ends as after Ctrl+C (a KeyboardInterrupt, so
    no `except Exception` of a bot or a command takes it for an error)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _on_stop(signum: int, frame: object) -> None:
    _ignore_stop_signals()  # once: the clean-up that follows is not cut short by the next one
    raise _Stopped(signum)


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP (a `kill`, `timeout`, a closed terminal) end it as
    Ctrl+C does, so the programs and child processes it started are ended too; left to their default,
    they ended Python at once and a `cmd:` program kept running. A signal ignored at the start (nohup)
    stays ignored; the tournament puts its own handler over these while it plays."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None or signal.getsignal(signum) in (signal.SIG_IGN, None):
            continue
        previous[signum] = signal.signal(signum, _on_stop)
    stopped = False
    try:
        yield
    except _Stopped:
        stopped = True  # the rest of the run is clean-up: `_ignore_stop_signals`
        raise
    finally:
        if not stopped:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def _ignore_stop_signals() -> None:
    """After a stop, the rest of the run is clean-up (finally clauses, exit handlers): further stop
    signals are ignored so they cannot leave a process behind or print a traceback."""
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGINT", *STOP_SIGNALS):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not None:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(signum, signal.SIG_IGN)


def _flush() -> None:
    """Flush stdout now, while a failure can still be reported (OutputFailed)."""
    if sys.stdout is not None:
        sys.stdout.flush()
