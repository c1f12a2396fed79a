"""Worker pools (`concurrent.futures.ProcessPoolExecutor`) ended the one way every long job ends them:
the rollouts, the lab's jobs and the archive import."""

import signal
from concurrent.futures import ProcessPoolExecutor


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl+C is left to the command, which keeps what was finished and ends
    the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def end_workers(pool: ProcessPoolExecutor, busy: bool, wait: bool) -> None:
    """Shut `pool` down; workers still `busy` with work nobody waits for any more are terminated first
    (a stop does not wait for them). `wait`: until they have exited (a command), else not (a window's
    frame; the pool's own thread reaps them)."""
    if busy:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if process.is_alive():
                process.terminate()
    pool.shutdown(wait=wait, cancel_futures=True)
