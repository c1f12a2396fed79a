"""GNU Backgammon's Python module (`gnubg` on PyPI, an optional extra), driven from this one place.

Three ways in, each used by the `gnubg` bot (game/tavla/players/gnubg_bot.py), the benchmarks or the
tests:

- `Chances`: its cubeless chances for the player on roll (win, win gammon, win backgammon, lose
  gammon, lose backgammon) at 0-ply (the `gnubg` bot) or deeper (the judge of benchmarks), money play
  with a centred cube. Its move lists are not used: the binding cuts move tuples short at the first
  checker borne off.
- `CubeHints`: its cube hint before the roll (`hint` with no dice) through its command interpreter, set
  up with `set threads 1` (its worker threads hang the binding), no automatic rolls, no Jacoby rule or
  beavers; read from what it prints (from C, on file descriptor 1, caught by `quiet`).
- `self_play_mat` and `analyse_mat`: a match gnubg plays against itself, exported as `.mat`, and its
  analysis of a `.mat` file exported as text; each in a child process, since the module prints boards
  on stdout and keeps one global match; with one thread and a fixed seed, so the files are the same on
  every run.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.match_id import MatchMoment
from game.tavla.engine.match_id import match_id as moment_match_id
from game.tavla.engine.position import State, position_id, to_gnubg_board
from game.tavla.eval.cube_decision import CubeDecision

INSTALL_HINT = ".venv/bin/python -m pip install -e '.[gnubg]'"
"""The README's command, in the game's folder: the game runs from its own .venv, where a plain
``pip install gnubg`` would not reach (or is refused outside a venv, PEP 668)."""
ROOT = Path(__file__).resolve().parents[3]  # the folder that holds the `game` package
SESSION_SECONDS = 600  # the longest a child process may take to play or analyse one match

_EQUITY_LINE = re.compile(
    r"^\s*\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, take|(?:Re)?[Dd]ouble, pass)"
    r"\s+([+-]\d+\.\d+)",
    re.MULTILINE,
)
_CHANCES_LINE = re.compile(
    r"^\s*(\d\.\d+) (\d\.\d+) (\d\.\d+) - \d\.\d+ (\d\.\d+) (\d\.\d+)\s*$", re.MULTILINE
)


def private_home() -> str:
    """A settings folder of our own for GNU Backgammon (made once per process, removed at exit): the
    module reads ``~/.gnubg/gnubgautorc`` when it loads, and a gnubg user's saved settings make it abort
    or hang (`set xgid`, a variation); ours never read or change the user's."""
    global _home
    if _home is None:
        _home = tempfile.mkdtemp(prefix="fifteen-tavla-gnubg-")
        atexit.register(shutil.rmtree, _home, True)
    return _home


_home: str | None = None


def load_gnubg() -> ModuleType:
    """The gnubg module, loaded with a private settings folder (`private_home`: HOME points there while
    it loads, and GLib keeps the home it saw then), or a UserError saying it is unavailable and how to
    install it."""
    loaded = sys.modules.get("gnubg")
    if loaded is not None:
        return loaded
    home = os.environ.get("HOME")
    os.environ["HOME"] = private_home()
    try:
        import gnubg
    except ImportError as error:
        # Translators: {error} is Python's reason; {command} installs the package, e.g. pip install gnubg
        message = _(
            "the gnubg bot is unavailable: the GNU Backgammon package is not installed "
            "({error}); install it with `{command}`"
        )
        raise UserError(message.format(error=error, command=INSTALL_HINT)) from None
    finally:
        if home is None:
            os.environ.pop("HOME", None)
        else:
            os.environ["HOME"] = home
    return gnubg


def available() -> bool:
    """True when the gnubg package imports, for menus that list it as (un)available."""
    try:
        load_gnubg()
    except UserError:
        return False
    return True


class Chances:
    """gnubg's cubeless evaluation `plies` deep (its n-ply), money play with a centred cube, no noise
    (UserError when gnubg is missing)."""

    def __init__(self, plies: int = 0) -> None:
        self.gnubg = load_gnubg()
        self.cubeinfo = self.gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0)
        self.context = self.gnubg.evalcontext(0, plies, 1, 0, 0.0)

    def chances(self, state: Sequence[int]) -> Sequence[float]:
        """The five chances of the player on roll in `state`, before the roll: win, win gammon, win
        backgammon, lose gammon, lose backgammon (cubeless, even with a cubeful context)."""
        return self.gnubg.evaluate(to_gnubg_board(state), self.cubeinfo, self.context)[:5]


def match_id(cube: Cube) -> str:
    """gnubg's Match ID for a game in play, player 1 on roll with no dice rolled (player 0: the opponent),
    without the Jacoby rule (the cube hints' terms): the engine's writer (game/tavla/engine/match_id.py)
    for that moment."""
    score = cube.score
    owner = {CubeOwner.CENTRE: None, CubeOwner.OPPONENT: 0, CubeOwner.ME: 1}[cube.owner]
    moment = MatchMoment(
        score.length if score else 0,
        (score.theirs, score.mine) if score else (0, 0),
        on_roll=1,
        cube=cube.value,
        owner=owner,
        crawford=cube.crawford,
    )
    return moment_match_id(moment)


@dataclass(frozen=True)
class GnubgHint:
    """gnubg's cube hint: its three cubeful equities and the decision they make."""

    decision: CubeDecision
    chances: tuple[float, ...]
    text: str


class CubeHints:
    """gnubg's command interpreter set up for cube hints: no threads (its worker threads hang the
    binding), no automatic rolls, no Jacoby rule or beavers, the cube decision's plies (UserError
    when gnubg is missing)."""

    def __init__(self, plies: int = 2) -> None:
        self.gnubg = load_gnubg()
        self._libc = ctypes.CDLL(None)
        for line in (
            "set threads 1",
            "set player 0 human",
            "set player 1 human",
            "set automatic roll off",
            "set jacoby off",
            "set beavers 0",
            "set display off",
            "new session",
            f"set evaluation cubedecision evaluation plies {plies}",
        ):
            self.quiet(line)

    def quiet(self, line: str) -> str:
        """Run a gnubg command and return what it printed (gnubg prints from C, to file descriptor 1)."""
        sys.stdout.flush()
        saved = os.dup(1)
        with tempfile.TemporaryFile() as out:
            os.dup2(out.fileno(), 1)
            try:
                self.gnubg.command(line)
            finally:
                self._libc.fflush(None)
                os.dup2(saved, 1)
                os.close(saved)
            out.seek(0)
            return out.read().decode("utf-8", "replace")

    def hint(self, state: State, cube: Cube) -> GnubgHint:
        """gnubg's decision for the player on roll in `state` before the roll, with `cube`."""
        if cube.score is not None:
            self.quiet(f"new match {cube.score.length}")
        self.quiet(f"set gnubgid {position_id(state)}:{match_id(cube)}")
        self.quiet("set jacoby off")  # the hints' terms, as the ID says too (a gnubg ID sets the rule)
        text = self.quiet("hint")
        found = {
            name.lower().replace("redouble", "double"): float(value)
            for name, value in _EQUITY_LINE.findall(text)
        }
        if len(found) != 3:
            raise RuntimeError(f"no cube hint from gnubg for {position_id(state)}:{match_id(cube)}:\n{text}")
        decision = CubeDecision(found["no double"], found["double, take"], found["double, pass"])
        chances = tuple(float(value) for value in _CHANCES_LINE.findall(text)[0])
        return GnubgHint(decision, chances, text)


def self_play_mat(length: int, seed: int, path: Path, noise: float) -> Path:
    """A `length`-point match gnubg plays against itself (0-ply chequer play with `noise`, 0-ply cube,
    its Mersenne twister seeded with `seed`), exported as `.mat` to `path`; in a child process."""
    _in_child("play", length, seed, path, noise)
    return path


def analyse_mat(path: Path, text: Path, plies: int = 0) -> None:
    """gnubg's analysis of a `.mat` file (chequer play and cube at `plies`), exported as text to `text`
    (one file per game, the later ones numbered); in a child process."""
    _in_child("analyse", path, text, plies)


def _in_child(session: str, *arguments: object) -> None:
    """Run a session (`_SESSIONS`) in a child Python, its stdout (the boards) thrown away."""
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
        "from game.tavla.players.gnubg_adapter import run_session; run_session(sys.argv[1:])"
    )
    command = [sys.executable, "-c", code, session, *map(str, arguments)]
    subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        check=True,
        timeout=SESSION_SECONDS,
        env={**os.environ, "HOME": private_home()},
    )


def run_session(argv: Sequence[str]) -> None:
    """The child's part: the session named first, with the arguments that follow (as text)."""
    session, *arguments = argv
    _SESSIONS[session](load_gnubg(), *arguments)


def _play(gnubg: ModuleType, length: str, seed: str, path: str, noise: str) -> None:
    for line in [
        "set threads 1",
        "set rng mersenne",
        f"set seed {int(seed)}",
        "set display off",
        "set automatic game on",
        "set automatic roll on",
        "set player 0 gnubg",
        "set player 1 gnubg",
    ]:
        gnubg.command(line)
    for player in (0, 1):
        for line in [
            "chequerplay evaluation plies 0",
            f"chequerplay evaluation noise {float(noise)}",
            "chequerplay evaluation deterministic on",
            "cubedecision evaluation plies 0",
        ]:
            gnubg.command(f"set player {player} {line}")
    gnubg.command(f"new match {int(length)}")
    gnubg.command(f'export match mat "{path}"')


def _analyse(gnubg: ModuleType, path: str, text: str, plies: str) -> None:
    gnubg.command("set threads 1")
    gnubg.command(f'import mat "{path}"')
    gnubg.command(f"set analysis chequerplay evaluation plies {int(plies)}")
    gnubg.command(f"set analysis cubedecision evaluation plies {int(plies)}")
    gnubg.command("analyse match")
    gnubg.command(f'export match text "{text}"')


_SESSIONS = {"play": _play, "analyse": _analyse}
