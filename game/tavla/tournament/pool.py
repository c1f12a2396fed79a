"""Running the schedule: in this process with --jobs 1, else in a pool of spawned worker processes."""

import contextlib
import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from game.core.text.i18n import _, current_language, set_language
from game.tavla.engine.rules import MatchRules
from game.tavla.players import bot_processes
from game.tavla.players.protocol import close_all
from game.tavla.tournament.ledger import Scoreboard
from game.tavla.tournament.referee import play_game, release_bots, time_limits
from game.tavla.tournament.report import progress_bar
from game.tavla.tournament.schedule import GameSpec
from game.tavla.tournament.stopping import EXIT_INTERRUPTED, Stop, no_interrupts, stop_signals

_CMD_EXAMPLE = "cmd:python3 its_file.py"
MAX_CHUNK = 25  # games sent to a worker at once: fewer messages for fast games
CHUNKS_AHEAD = 2  # chunks queued per worker so it never waits for the next one
POLL_SECONDS = 0.2
STOP_SECONDS = 3.0  # a worker told to stop gets this long before it is killed


class TournamentAborted(Exception):
    """A worker process died (a Python bot ended it, or the machine killed it): the run cannot go on."""


def play_schedule(
    specs: Sequence[GameSpec],
    jobs: int,
    terms: MatchRules,
    timeout: float,
    show_progress: bool = False,
) -> tuple[Scoreboard, bool, str]:
    """Play scheduled games (checked entries; a bot may even meet itself, as benchmarks want) as `terms`
    say: the rule set, the cube, and with a match length each entry of `specs` is a match.

    Returns the scoreboard, whether a stop signal (Ctrl+C, SIGTERM, SIGHUP) ended it, and why a dead
    worker stopped it ("" if none). Every process a bot started is ended before it returns.
    """
    interrupted, aborted = False, ""
    bot_processes.become_subreaper()
    with stop_signals() as stop, progress_bar(len(specs), show_progress) as tick:
        board = Scoreboard(specs, terms, tick)
        try:
            if jobs == 1:
                _run_here(board, terms, timeout, stop)
            else:
                release_bots()
                _run_workers(board, jobs, terms, timeout)
            stop.check()
        except KeyboardInterrupt:
            interrupted = True
        except TournamentAborted as error:
            aborted = str(error)
        finally:
            with no_interrupts():
                release_bots()
                board.close()
        board.stopped_by = stop.name
        if board.stopped_by:
            interrupted = True
    return board, interrupted, aborted


def _run_here(board: Scoreboard, terms: MatchRules, timeout: float, stop: Stop) -> None:
    watch = bot_processes.Watch()
    with time_limits():
        try:
            for spec in board.specs:
                stop.check()
                if not board.skip(spec):
                    board.record(play_game(spec, terms, timeout))
        finally:
            with no_interrupts():
                release_bots()
                watch.end()


def _worker(conn: Connection, terms: MatchRules, timeout: float, language: str) -> None:
    """A worker process: play the chunks of games it is sent, one message per finished game.

    `language` is the tournament's, so the reasons for disqualifications read as the rest of its report.
    Ctrl+C and SIGHUP are for the tournament, which stops the workers with SIGTERM; a worker adopts
    the orphans of its bots (a subreaper) and kills every process below it when it ends.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)
    bot_processes.become_subreaper()
    with contextlib.suppress(OSError, ValueError):  # no catalogue: the reasons are written in English
        set_language(language)
    try:
        with time_limits():
            while (chunk := conn.recv()) is not None:
                for spec in chunk:
                    conn.send(("game", play_game(spec, terms, timeout)))
                conn.send(("done", None))
    except (EOFError, BrokenPipeError):
        pass
    except Exception:  # noqa: BLE001 - a bug here must reach the tournament, not vanish with the worker
        conn.send(("error", traceback.format_exc()))
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        release_bots()
        bot_processes.kill(bot_processes.descendants(os.getpid()))


def _stop_worker(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    close_all()
    bot_processes.kill(bot_processes.descendants(os.getpid()))
    os._exit(EXIT_INTERRUPTED)


@dataclass
class _Worker:
    process: Any
    conn: Connection
    chunks: list[list[GameSpec]] = field(default_factory=list)


def _run_workers(board: Scoreboard, jobs: int, terms: MatchRules, timeout: float) -> None:
    context = multiprocessing.get_context("spawn")
    specs = iter(board.specs)
    size = max(1, min(MAX_CHUNK, len(board.specs) // (jobs * 8)))
    workers: list[_Worker] = []
    finished = False
    try:
        for _number in range(min(jobs, len(board.specs))):
            here, there = context.Pipe()
            arguments = (there, terms, timeout, current_language())
            process = context.Process(target=_worker, args=arguments, daemon=True)
            process.start()
            there.close()
            workers.append(_Worker(process, here))
        while True:
            for worker in workers:
                while len(worker.chunks) < CHUNKS_AHEAD and (chunk := _next_chunk(board, specs, size)):
                    worker.conn.send(chunk)
                    worker.chunks.append(chunk)
            busy = [worker for worker in workers if worker.chunks]
            if not busy:
                finished = True
                return
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], POLL_SECONDS)
            for worker in busy:
                if worker.conn in ready or worker.process.sentinel in ready:
                    _receive(worker, board)
    finally:
        _stop_workers(workers, polite=finished)


def _next_chunk(board: Scoreboard, specs: Iterator[GameSpec], size: int) -> list[GameSpec]:
    chunk: list[GameSpec] = []
    for spec in specs:
        if not board.skip(spec):
            chunk.append(spec)
            if len(chunk) == size:
                break
    return chunk


def _receive(worker: _Worker, board: Scoreboard) -> None:
    try:
        while worker.conn.poll():
            kind, payload = worker.conn.recv()
            if kind == "game":
                board.record(payload)
            elif kind == "done":
                worker.chunks.pop(0)
            else:
                raise RuntimeError(f"a tournament worker failed:\n{payload}")
    except (EOFError, OSError):
        pass
    if not worker.process.is_alive() and worker.chunks:
        lost = next(
            (spec for chunk in worker.chunks for spec in chunk if not board.decided(spec.index)), None
        )
        code = worker.process.exitcode
        if lost is None:
            # Translators: {code} is the process's exit code; {example} is cmd:python3 its_file.py, kept as
            # it is
            message = _(
                "a worker process died (exit code {code}); a Python bot may have "
                "ended it (os._exit, a crash in C code, out of memory). Enter such a bot as "
                "{example} to run it in a process of its own"
            ).format(code=code, example=_CMD_EXAMPLE)
        else:
            # Translators: {game} is the game's number, {a} and {b} the bots; {code} is the process's exit
            # code; {example} is cmd:python3 its_file.py, kept as it is
            message = _(
                "a worker process died during game {game} ({a} vs {b}) (exit code {code}); a Python bot "
                "may have ended it (os._exit, a crash in C code, out of memory). Enter such a bot as "
                "{example} to run it in a process of its own"
            ).format(game=lost.index, a=lost.seats[0], b=lost.seats[1], code=code, example=_CMD_EXAMPLE)
        raise TournamentAborted(message)


def _stop_workers(workers: list[_Worker], polite: bool) -> None:
    """Tell the workers to finish (or, after Ctrl+C or an error, terminate them: each kills its bots)."""
    for worker in workers:
        try:
            if polite:
                worker.conn.send(None)
            else:
                worker.process.terminate()
        except (OSError, ValueError):
            pass
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join(STOP_SECONDS)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.conn.close()
