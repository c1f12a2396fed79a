"""Test bots for the line protocol, and helpers to run them and to check that none is left running."""

import os
import shlex
import sys
from pathlib import Path

PROTOCOL_BOT = Path(__file__).resolve().parent / "protocol_bot.py"
CUBE_BOT = Path(__file__).resolve().parent / "cube_bot.py"


def bot_command(mode: str, *options: str) -> str:
    """The command line of the misbehaving test bot in `mode` (see protocol_bot.py)."""
    return " ".join([shlex.quote(sys.executable), shlex.quote(str(PROTOCOL_BOT)), mode, *options])


def cube_bot_command(mode: str, *options: str) -> str:
    """The command line of the cube-speaking test bot in `mode` (see cube_bot.py)."""
    return " ".join([shlex.quote(sys.executable), shlex.quote(str(CUBE_BOT)), mode, *options])


def gone(pid: int) -> bool:
    """True when the process no longer runs (a zombie waiting for the container's init counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False
    return state in ("Z", "X")


UBGI_ENGINE = Path(__file__).resolve().parent / "ubgi_engine.py"


def ubgi_engine_command(mode: str, *options: str) -> str:
    """The command line of the misbehaving UBGI test engine in `mode` (see ubgi_engine.py)."""
    return " ".join([shlex.quote(sys.executable), shlex.quote(str(UBGI_ENGINE)), mode, *options])
