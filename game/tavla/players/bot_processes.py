"""Ending every process a bot started, including those that left its process group or session.

An external bot runs in a session of its own, so killing that session's process group ends what it
started. A program can still escape the group (`setsid`, a daemon's double fork), so three more things
are done, on Linux (elsewhere only the process group is killed):

- every bot program gets a mark in its environment, `TAVLA_BOT=<this run>:<this bot>`, which its
  children inherit; when the bot is closed, every process carrying its mark is killed, wherever it is;
- the processes that play games make themselves a *child subreaper* (`prctl(PR_SET_CHILD_SUBREAPER)`),
  so an orphan of a bot stays their descendant instead of moving to init, and they reap it;
- a process that plays Python bots (which run inside it) kills, when the games are over, every
  descendant that appeared while they were played (`Watch`).

It is also where the bots' processes are looked at: /proc is read here only (`process_table`,
`marked`, and `activity`, which tells the line protocol's referee when a program waits for input again
and how much CPU time it had meanwhile, so a loaded machine does not cut that wait short).

Only this user's processes can be seen and killed; nothing here looks at other users' processes.
"""

import contextlib
import ctypes
import os
import secrets
import signal
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

MARK_ENV = "TAVLA_BOT"
PR_SET_CHILD_SUBREAPER = 36
LINUX = sys.platform.startswith("linux")
PROC = "/proc"

_run = secrets.token_hex(6)
_subreaper = False


def mark(bot_id: str) -> str:
    """The environment value that marks the processes of one bot: `<run>:<pid>:<bot_id>`."""
    return f"{_run}:{os.getpid()}:{bot_id}"


def new_bot_id() -> str:
    """A fresh identifier for one bot program (one start of it)."""
    return secrets.token_hex(4)


def become_subreaper() -> bool:
    """Make this process adopt the orphans of its descendants (Linux); False where that is not possible."""
    global _subreaper
    if _subreaper or not LINUX:
        return _subreaper
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        _subreaper = False
    return _subreaper


def process_table() -> dict[int, tuple[int, int]]:
    """Every visible process: pid -> (parent pid, session id); empty where there is no /proc."""
    table: dict[int, tuple[int, int]] = {}
    if not LINUX:
        return table
    try:
        names = os.listdir(PROC)
    except OSError:
        return table
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"{PROC}/{name}/stat", "rb") as stream:
                fields = stream.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        # after the name: state, ppid, pgrp, session, ...
        with contextlib.suppress(ValueError, IndexError):
            table[int(name)] = (int(fields[1]), int(fields[3]))
    return table


def descendants(root: int, table: dict[int, tuple[int, int]] | None = None) -> set[int]:
    """The processes below `root` (not `root` itself)."""
    table = process_table() if table is None else table
    children: dict[int, list[int]] = {}
    for pid, (parent, _session) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    stack = list(children.get(root, ()))
    while stack:
        pid = stack.pop()
        if pid in found:
            continue
        found.add(pid)
        stack.extend(children.get(pid, ()))
    return found


def marked(value: str, table: dict[int, tuple[int, int]] | None = None) -> set[int]:
    """The processes whose environment carries `TAVLA_BOT=value` (those of this user that can be read)."""
    table = process_table() if table is None else table
    needle = f"{MARK_ENV}={value}".encode()
    found = set()
    for pid in table:
        if pid == os.getpid():
            continue
        try:
            with open(f"{PROC}/{pid}/environ", "rb") as stream:
                environ = stream.read()
        except OSError:
            continue
        if needle in environ.split(b"\0"):
            found.add(pid)
    return found


@dataclass(frozen=True)
class Activity:
    """What a program and its children do at one moment, as /proc shows it.

    `waiting`: every thread sleeps (on input, a lock, a child) and the main thread is not merely pausing
    (sleep()); `running`: some thread runs or could run (it may be waiting for a CPU); `cpu`: when not
    waiting, each thread's CPU time so far in nanoseconds, so a wait can count the time it really ran.
    """

    waiting: bool
    running: bool = False
    cpu: dict[str, int] = field(default_factory=dict)


def activity(pid: int) -> Activity | None:
    """What the program `pid` and its children do now; None if /proc cannot tell."""
    tasks = _tasks(pid)
    if tasks is None:
        return None
    waiting, running = True, False
    for current, task, base in tasks:
        try:
            with open(f"{base}/stat", "rb") as stream:
                state = stream.read().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state in (b"R", b"D"):
            waiting = False
            running = running or state == b"R"
        elif current == pid and task == str(pid) and state == b"S":
            try:
                with open(f"{base}/wchan", "rb") as stream:
                    if b"nanosleep" in stream.read():
                        waiting = False
            except OSError:
                pass
    if waiting:
        return Activity(True)
    cpu: dict[str, int] = {}
    for _current, task, base in tasks:
        try:
            with open(f"{base}/schedstat", "rb") as stream:
                cpu[task] = int(stream.read().split()[0])
        except (OSError, IndexError, ValueError):
            continue
    return Activity(False, running, cpu)


def _tasks(pid: int) -> list[tuple[int, str, str]] | None:
    """Every thread of the program and its descendants: (process, thread id, its /proc folder); None
    where there is no /proc or the program is gone."""
    if not LINUX:
        return None
    found: list[tuple[int, str, str]] = []
    stack, seen = [pid], set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            tasks = os.listdir(f"{PROC}/{current}/task")
        except OSError:
            if current == pid:
                return None
            continue
        for task in tasks:
            base = f"{PROC}/{current}/task/{task}"
            found.append((current, task, base))
            try:
                with open(f"{base}/children", "rb") as stream:
                    stack.extend(int(child) for child in stream.read().split())
            except (OSError, ValueError):
                pass
    return found


def end_bot(pid: int | None, value: str | None) -> None:
    """Kill a bot program's process group, its descendants, its session and every process with its mark."""
    if pid is not None and hasattr(os, "killpg"):
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(pid, signal.SIGKILL)
    if not LINUX:
        return
    table = process_table()
    doomed: set[int] = set()
    if pid is not None:
        doomed |= descendants(pid, table)
        doomed |= {other for other, (_parent, session) in table.items() if session == pid and other != pid}
    if value is not None:
        doomed |= marked(value, table)
    kill(doomed - {os.getpid()}, table)


def kill(pids: Iterable[int], table: dict[int, tuple[int, int]] | None = None) -> None:
    """SIGKILL each process; reap those that are this process's own orphans (adopted as a subreaper)."""
    table = process_table() if table is None else table
    me = os.getpid()
    for pid in pids:
        if pid == me or pid <= 1:
            continue
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.kill(pid, signal.SIGKILL)
        if table.get(pid, (0, 0))[0] == me:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, 0)


class Watch:
    """The descendants of this process that appear from now on, to be killed by `end` (Python bots run
    in this process, so what they start is its child)."""

    def __init__(self, keep: Iterable[int] = ()) -> None:
        self.before = descendants(os.getpid()) if LINUX else set()
        self.keep = set(keep)

    def end(self, keep: Iterable[int] = ()) -> None:
        """Kill every descendant started since, except `keep` (processes this code itself manages)."""
        if not LINUX:
            return
        table = process_table()
        new = descendants(os.getpid(), table) - self.before - self.keep - set(keep) - _infrastructure()
        kill(new, table)


def _infrastructure() -> set[int]:
    """Helpers of Python's own multiprocessing that must outlive the games."""
    pids = set()
    with contextlib.suppress(Exception):
        from multiprocessing import active_children, resource_tracker

        tracker = getattr(getattr(resource_tracker, "_resource_tracker", None), "_pid", None)
        if tracker:
            pids.add(tracker)
        pids |= {child.pid for child in active_children() if child.pid}
    return pids
