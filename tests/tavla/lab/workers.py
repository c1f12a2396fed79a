"""What the tests of the lab's worker processes share."""

import time


def gone(processes, seconds: float = 60.0) -> None:
    """The processes end without anybody waiting for them. Polled, not joined: the pool's own thread
    reaps them too, and a join that loses that race sees a process alive until the thread records it."""
    deadline = time.monotonic() + seconds
    while any(process.is_alive() for process in processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(process.is_alive() for process in processes)
