"""A puzzle started from the command line loads Fifteen, not Tavla's screens (issue 50): what the
window's first frame waits for is the puzzle's own code. Each check runs in a fresh interpreter, importing
what `python main.py puzzle --size 4x4` imports before its window shows (the command line, the window,
the command's run and the puzzle's screen), then reads sys.modules."""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_AT_THE_PUZZLES_START = (
    "game.menu",  # the main menu and the screens it opens
    "game.tavla.screens",
    "game.tavla.analysis",
    "game.tavla.eval.judge",  # the judges and the networks (game.tavla.eval.levels, an enum, may come)
    "game.tavla.eval.neural",
    "game.tavla.record",
    "game.tavla.progress",
)


def modules_loaded(code: str) -> set[str]:
    """The modules loaded by `code`, run in a fresh interpreter in the checkout."""
    script = textwrap.dedent(code) + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stdout.split())


def test_the_puzzles_start_from_the_command_line_loads_no_tavla_screen_nor_the_menu():
    loaded = modules_loaded(
        """
        import argparse
        import game.app, game.cli
        from game.puzzle.commands import puzzle
        from game.settings import load_config
        args = argparse.Namespace(size="4x4", game_id=None, image=None, seed=1, coach=False)
        puzzle.run(args, load_config())
        import game.puzzle.screens.view
        """
    )
    assert "game.puzzle.screens.view" in loaded, "the check imports the puzzle's screen"
    early = sorted(name for name in loaded if name.startswith(NOT_AT_THE_PUZZLES_START))
    assert early == [], f"imported before the puzzle's window shows: {early}"
