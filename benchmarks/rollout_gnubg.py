"""Yardstick: our rollouts beside GNU Backgammon's own, on the same positions (standard rules, cubeless,
money play, both 0-ply with the luck correction, gnubg's "variance reduction").

gnubg is not the truth here: its 0-ply player is stronger than ours, so the two rollouts measure two
different players' chances and may differ by more than their intervals. What the figures show is how
far our numbers are from a reference engine's, each with its own standard error. gnubg runs in a
child process through its command interpreter (`rollout`, one thread, quasi-random dice, bear-off
truncation off), its text printed by turning its progress display on.

    python benchmarks/rollout_gnubg.py [--games 648] [--seed 1] [--jobs 1] [--positions all|opening,...]

Needs the optional gnubg package (`pip install gnubg`).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from game.tavla.engine.rules import Rules
from game.tavla.engine.xgid import read_xgid
from game.tavla.lab.rollout import RolloutPlan
from game.tavla.lab.rollout_report import figures
from game.tavla.lab.rollout_runner import run_rollout
from game.tavla.players.gnubg_adapter import private_home

POSITIONS = {  # name: an XGID, the bottom player on roll before the roll
    "opening": "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
    "middle": "XGID=-b-A-BD-B---dD---b-db-a-B-:0:0:1:00:0:0:0:0:10",
    "race": "XGID=---BBCCB-B-------bbcccb---:0:0:1:00:0:0:0:0:10",
    "bearoff": "XGID=-BBCBA--------------abbbb-:0:0:1:00:0:0:0:0:10",
}
_CHILD = r"""
import ctypes, os, sys, tempfile
import gnubg, gnubg._gnubg as binary
ctypes.c_int.in_dll(ctypes.CDLL(binary.__file__), "fShowProgress").value = 1
for line in ["set threads 1", "set display off", "set player 0 human", "set player 1 human",
             "set automatic roll off", "new session", "set jacoby off", "set rollout cubeful off",
             "set rollout varredn on", "set rollout quasirandom on", "set rollout chequerplay plies 0",
             "set rollout cubedecision plies 0", "set rollout bearofftruncation exact off",
             "set rollout bearofftruncation onesided off", "set rollout truncation enable off",
             f"set rollout trials {sys.argv[2]}", f"set rollout seed {sys.argv[3]}",
             f"set xgid {sys.argv[1]}", "rollout"]:
    gnubg.command(line)
"""
_RESULT = re.compile(
    r"Current Position:\s*\n\s*([-+0-9. ]+?)CL\s*([-+]\d\.\d+)\s*\n\s*\[([-+0-9. ]+?)CL\s*(\d\.\d+)\]"
)


def gnubg_rollout(xgid: str, games: int, seed: int) -> tuple[list[float], float, list[float], float, float]:
    """gnubg's five chances, equity, their standard errors and the seconds it took (the last result)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, xgid, str(games), str(seed)],
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "HOME": private_home()},
    )  # never the user's ~/.gnubg
    found = _RESULT.findall(done.stdout)
    if not found:
        raise RuntimeError(f"no rollout result from gnubg:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    means, equity, errors, equity_se = found[-1]

    def five(text: str) -> list[float]:
        win, gammon, backgammon, _lose, lose_gammon, lose_backgammon = (
            float(value) for value in text.replace("-", " ").split()
        )
        return [win, gammon, backgammon, lose_gammon, lose_backgammon]

    return five(means), float(equity), five(errors), float(equity_se), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=648)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--positions", default="all")
    args = parser.parse_args()
    names = list(POSITIONS) if args.positions == "all" else args.positions.split(",")
    print(f"{args.games} games a rollout, cubeless money play, 0-ply, luck correction / variance reduction")
    print("chances in %: win, win gammon, win backgammon, lose gammon, lose backgammon; equity;")
    print("(their standard errors); seconds")
    for name in names:
        setup = read_xgid(POSITIONS[name])
        plan = RolloutPlan((setup.state,), Rules.STANDARD, args.games, args.seed, None, "expert", True)
        rolled = run_rollout(plan, args.jobs)
        ours = figures(rolled.results[0], Rules.STANDARD)
        chances, equity, errors, equity_se, seconds = gnubg_rollout(POSITIONS[name], args.games, args.seed)
        print(f"\n{name}: {POSITIONS[name]}")
        print(
            "  ours : "
            + " ".join(f"{round(100 * c, 1) + 0.0:5.1f}" for c in ours.chances)
            + f"  {ours.equity:+.3f}   ("
            + " ".join(f"{100 * s:.1f}" for s in ours.chances_se)
            + f"; {ours.equity_se:.3f})"
            + f"  {rolled.seconds:.0f} s"
        )
        print(
            "  gnubg: "
            + " ".join(f"{100 * c:5.1f}" for c in chances)
            + f"  {equity:+.3f}   ("
            + " ".join(f"{100 * s:.1f}" for s in errors)
            + f"; {equity_se:.3f})  {seconds:.0f} s"
        )


if __name__ == "__main__":
    main()
