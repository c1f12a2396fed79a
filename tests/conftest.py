"""Test-wide set-up: private data and config folders, English unless a test asks otherwise, headless
Arcade, and one window for the whole session.

The tests run in worker processes side by side (pytest-xdist, see pyproject.toml): each worker has its
own data and config folders and its own window. The folder of built tables (pattern databases, the
bear-off database) is the run's, shared: the workers inherit the variable from the process that starts
them, which loads this file first, and every table is written atomically, so one built is one for all.
A worker ignores SIGINT (its controller takes Ctrl+C), and programs inherit an ignored signal: the
worker takes Python's own handler back (and SIGHUP its default, ignored under nohup), so the programs
the tests start answer Ctrl+C and a closed terminal as a player's do.
"""

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from game.core.text import i18n  # reads no environment when imported

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
if WORKER != "main":
    signal.signal(signal.SIGINT, signal.default_int_handler)
if hasattr(signal, "SIGHUP"):
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # under nohup too: the tests send it to programs
DATA_DIR = Path(tempfile.mkdtemp(prefix=f"fifteen-tavla-tests-{WORKER}-"))
atexit.register(shutil.rmtree, DATA_DIR, ignore_errors=True)
os.environ["FIFTEEN_TAVLA_DATA_DIR"] = str(DATA_DIR)
os.environ["FIFTEEN_TAVLA_CONFIG_DIR"] = str(DATA_DIR / "config")
os.environ["LANGUAGE"] = "en"
os.environ.setdefault("FIFTEEN_TAVLA_CACHE_DIR", str(DATA_DIR / "cache"))
os.environ.setdefault("FIFTEEN_TAVLA_QUICK_PDB", "1")  # no test (nor game it starts) builds the big table
os.environ.setdefault("ARCADE_HEADLESS", "1")
# Mesa's software renderer draws the workers' headless windows in one thread: its own threads, one per
# core in every worker, only fought over the same cores (the screen tests ran 7-16% slower with them).
os.environ.setdefault("LP_NUM_THREADS", "0")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")


@pytest.fixture(scope="session")
def session_window():
    """The one headless game window (Arcade cannot open and close windows freely in one process)."""
    import arcade

    from game.app import GameWindow
    from game.settings import load_config
    from game.ui.sound import RecordingPlayer

    window = GameWindow(load_config())
    # Pyglet's silent driver keeps every sound "playing" until the event loop, which headless tests never
    # run, says it ended: its thread went over all of them each few milliseconds, more with every sound
    # played, taking a growing share of a core by the end of a run. The tests hear the effects' names.
    window.sounds.player = RecordingPlayer()
    yield window
    window.close()
    arcade.exit()


@pytest.fixture
def window(session_window, tmp_path):
    """The session window on a blank screen, with the default config and language restored; what the
    Settings screen saves goes to a file of this test's own. A test that starts at the main menu asks for
    `at_the_menu` too: most open their own screen at once, and a menu built for nothing was a tenth of a
    second of each of a thousand tests."""
    import arcade

    from game.settings import load_config

    session_window.settings = load_config()
    session_window.config_file = tmp_path / "config.yaml"
    session_window.apply_language()
    session_window.show_view(arcade.View())
    yield session_window
    session_window.settings = load_config()
    session_window.apply_language()
    # Leave the test's screen (it saves what it keeps and stops its workers) for a blank one.
    session_window.show_view(arcade.View())


@pytest.fixture
def at_the_menu(window):
    """The window at the main menu, as a player starting the game finds it."""
    window.show_menu()
    return window


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request, window):
    """The window in each language in turn (English again afterwards)."""
    window.settings = window.settings.model_copy(update={"language": request.param})
    window.apply_language()
    yield request.param
    window.settings = window.settings.model_copy(update={"language": "en"})
    window.apply_language()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: three workers for two cores (and so on). The real-window and command-line tests spend
    much of their time waiting for another process (a window, a bot, a worker), when a third worker
    keeps the cores busy: tests/e2e took 138 s with three workers on two cores, 163 s with two.
    PYTEST_XDIST_AUTO_NUM_WORKERS still sets the number."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return max(1, (os.cpu_count() or 1) * 3 // 2)
