"""The window's process keeps what it loaded at start out of the garbage collector's full passes.

The modules, classes and functions imported at start (Arcade, pyglet, the game: tens of thousands of
objects) live as long as the process, yet every full pass of the cyclic collector walked them all: 20 to
50 ms with nothing else to do, more than a frame. Frozen once the window is built, they are left alone
(`gc.freeze`), so a pass walks only what was made since: while the Matches screen reads a 5 MB match on
its thread, the window's longest wait fell below a frame (benchmarks/kept_loading_frames.py).
"""

import gc


def settle_startup_objects() -> None:
    """Collect what start-up left as garbage, then freeze every object alive now. Frozen objects are
    still freed when nothing refers to them; only a cycle among them would stay until exit."""
    gc.collect()
    gc.freeze()
