"""Benchmark: the evaluator's five chances beside GNU Backgammon's 2-ply, output by output and phase by phase.

    python benchmarks/tavla_calibration.py [--positions 500] [--seed 5] [--rules standard] [--weights W ...]

The positions: decisions before a roll from gnubg 0-ply self-play (as benchmarks/tavla_checker.py takes
them), each judged for the player on roll by our evaluator at 0-ply (the shipped weights, or each
`--weights` file) and by gnubg's cubeless 2-ply. Printed per phase (contact, race; home-board races are
exact on both sides and left out): the mean of each output (win, win gammon, win backgammon, lose
gammon, lose backgammon) beside gnubg's, and the mean absolute equity difference with a 95% interval,
gnubg's own 0-ply beside it. A checker play can only be as good as these chances: an output whose
mean is far from gnubg's is one the training never grounded (the shipped standard networks, whose
labels are their own search, give contact positions about eight times gnubg's backgammon chances).
GNU Backgammon is a yardstick only: nothing here trains anything.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from tavla_checker import positions

from game.tavla.engine.position import flip, is_race
from game.tavla.engine.rules import Rules
from game.tavla.eval.bearoff import both_home
from game.tavla.eval.neural import Evaluator, equities, other_side
from game.tavla.players.gnubg_adapter import Chances, available

OUTPUTS = ("win", "gammon", "backgammon", "lose gammon", "lose bg")


def interval(values: np.ndarray) -> str:
    mean = float(values.mean())
    half = 1.96 * statistics.stdev(values.tolist()) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return f"{mean:.4f} ± {half:.4f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rules", type=Rules, choices=list(Rules.backgammon()), default=Rules.STANDARD)
    parser.add_argument("--weights", type=Path, action="append", help="weights to judge (default: shipped)")
    args = parser.parse_args(argv)
    if not available():
        print("GNU Backgammon's module is not installed: pip install gnubg")
        return 2
    rules = args.rules
    states = [state for state, _, _ in positions(args.positions, args.seed, rules)]
    states = [state for state, home in zip(states, both_home(np.array(states)), strict=True) if not home]
    deep, quick = Chances(2), Chances(0)
    gnubg_deep = np.array([deep.chances(state) for state in states])
    gnubg_quick = np.array([quick.chances(state) for state in states])
    phases = {"contact": np.array([not is_race(state) for state in states])}
    phases["race"] = ~phases["contact"]
    judged = {"gnubg 0-ply": gnubg_quick}
    for path in args.weights or [None]:
        net = Evaluator.load(path, rules)
        judged[str(path) if path else "shipped"] = other_side(net.probabilities([flip(s) for s in states]))
    print(f"{len(states)} positions from gnubg 0-ply self-play, {rules} rules, seed {args.seed}")
    for phase, rows in phases.items():
        reference = gnubg_deep[rows]
        pairs = zip(OUTPUTS, reference.mean(axis=0), strict=True)
        means = "  ".join(f"{name} {value:.4f}" for name, value in pairs)
        print(f"{phase} ({int(rows.sum())}): gnubg 2-ply means {means}")
        for name, chances in judged.items():
            ours = chances[rows]
            gap = np.abs(equities(ours, rules) - equities(reference, rules))
            means = "  ".join(f"{value:.4f}" for value in ours.mean(axis=0))
            print(f"  {name:<40} means {means}; equity |difference| {interval(gap)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
