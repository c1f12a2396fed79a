"""Benchmark: how long the judge takes to rank a roll's plays (a hint), level by level.

    python benchmarks/tavla_judge_latency.py [--positions 300] [--seed 2] [--rules standard]
        [--levels expert,master,grandmaster] [--networks expert,master]

The positions: decisions (a roll with more than one legal result) from gnubg 0-ply self-play, taken as
benchmarks/tavla_checker.py takes them. Each is ranked with `judge_for(rules, level).rank(state, dice)`
(money play, the cube in the centre: what the hint asks), Open Sage where it is installed and not
switched off (TAVLA_NO_OPEN_SAGE=1), and with `NetworkJudge(rules, level)` for each `--networks` level,
our own networks. Printed per judge: the median, 90th percentile and worst wall time a decision, the
median and worst CPU time (Open Sage searches on several threads, so CPU can exceed wall; on a shared
machine the CPU time is the steadier figure) and the mean number of legal plays ranked; then each
judge's slowest decision, its gnubg position ID and dice, to look into. Each judge ranks one position
before the clock starts, so loading weights is not counted. Needs the gnubg
package for the positions (`pip install gnubg`); GNU Backgammon is not timed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from tavla_checker import positions

from game.tavla.engine.position import State, position_id
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import Judge, JudgeLevel
from game.tavla.eval.judges import judge_for
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.players.gnubg_adapter import available


def percentile(ordered: list[float], share: float) -> float:
    """The value `share` of the way up `ordered` (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(judge: Judge, decisions: list[tuple[State, int, int]]) -> tuple[list[float], list[float], float]:
    """Wall and CPU seconds of each `rank` (in the decisions' order), and the mean number of plays."""
    state, die1, die2 = decisions[0]
    judge.rank(state, (die1, die2))  # weights loaded, caches warm, before the clock starts
    wall, cpu, plays = [], [], 0
    for state, die1, die2 in decisions:
        begin, begin_cpu = time.perf_counter(), time.process_time()
        ranked = judge.rank(state, (die1, die2))
        wall.append(time.perf_counter() - begin)
        cpu.append(time.process_time() - begin_cpu)
        plays += len(ranked)
    return wall, cpu, plays / len(decisions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--rules", type=Rules, choices=list(Rules.backgammon()), default=Rules.STANDARD)
    parser.add_argument("--levels", default="expert,master,grandmaster", help="judge_for's levels")
    parser.add_argument("--networks", default="expert,master", help="NetworkJudge's levels ('' for none)")
    args = parser.parse_args(argv)
    if not available():
        print("GNU Backgammon's module is not installed (it makes the positions): pip install gnubg")
        return 2
    rules = args.rules
    judges: list[tuple[str, Judge]] = []
    for level in filter(None, args.levels.split(",")):
        judges.append((level, judge_for(rules, JudgeLevel.parse(level))))
    for level in filter(None, args.networks.split(",")):
        judges.append((f"networks:{level}", NetworkJudge(rules, JudgeLevel.parse(level))))
    decisions = positions(args.positions, args.seed, rules)
    print(
        f"judge latency: rank() of {len(decisions)} decisions from gnubg 0-ply self-play, {rules} rules, "
        f"seed {args.seed}, money play with a centred cube; milliseconds a decision"
    )
    width = max(len(name) for name, _ in judges)
    title_width = max(len(judge.title()) for _, judge in judges)
    print(
        f"  {'level':<{width}}  {'judge':<{title_width}}  {'median':>8}  {'90th pct':>8}  {'worst':>8}  "
        f"{'CPU med':>8}  {'CPU worst':>9}  {'plays':>5}"
    )
    slowest = []
    for name, judge in judges:
        start = time.perf_counter()
        wall, cpu, plays = timed(judge, decisions)
        worst = max(range(len(wall)), key=wall.__getitem__)
        state, die1, die2 = decisions[worst]
        slowest.append(f"  {name:<{width}}  {1000 * wall[worst]:8.1f} ms  {position_id(state)} {die1}{die2}")
        wall, cpu = sorted(wall), sorted(cpu)
        print(
            f"  {name:<{width}}  {judge.title():<{title_width}}  {1000 * statistics.median(wall):8.1f}  "
            f"{1000 * percentile(wall, 0.9):8.1f}  {1000 * wall[-1]:8.1f}  "
            f"{1000 * statistics.median(cpu):8.1f}  {1000 * cpu[-1]:9.1f}  {plays:5.1f}"
            f"   ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    print("slowest decision of each judge (gnubg position ID, dice):")
    print("\n".join(slowest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
