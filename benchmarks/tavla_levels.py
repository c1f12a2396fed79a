"""Benchmark: the difficulty levels' strength against each other, pubeval and gnubg, and their decision times.

1. Strength. Each pair plays through `run_tournament` (duplicate dice: games 2k and 2k+1 share their rolls
   with the seats swapped); printed from the first bot's side: win rate, points per game with the
   tournament's 95% interval (cluster-robust over the duplicate pairs), gammons. A pair is `a:b` (played
   --games, or --master-games when master is in it) or `a:b=N` (N games). The default is the evaluator
   issue's table: expert vs pubeval over 10,000 games, expert vs gnubg 5,000, master vs gnubg 1,000,
   then the ladder beginner < intermediate < expert < master.
2. Latency. Median, 95th percentile and worst seconds per decision over positions met in random games
   (and the median CPU time), and the ratio of each median to gnubg's 0-ply bot measured in the same
   run. `--pairs ""` measures the latency alone.

    python benchmarks/tavla_levels.py [--pairs expert:pubeval=10000,...] [--games 2000]
        [--master-games 400] [--seed 1] [--jobs 1] [--latency-positions 300] [--rules tavla]

`--rules` picks the rule set (tavla, the default, or standard), for the games and the latency.

`gnubg` pairs are skipped when the gnubg package is not installed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players import get_bot
from game.tavla.players.gnubg_adapter import available
from game.tavla.tournament import run_tournament

RULES = Rules.TAVLA
DEFAULT_PAIRS = (
    "expert:pubeval=10000,expert:gnubg=5000,master:gnubg=1000,"
    "intermediate:beginner,expert:intermediate,master:expert"
)
SLOW = ("master", "grandmaster")  # pairs with these bots play --master-games
LATENCY_BOTS = ("beginner", "intermediate", "expert", "master", "gnubg")
SLOW_LATENCY_SHARE = 5  # master is timed on 1/5 of the positions


def strength(a: str, b: str, games: int, seed: int, jobs: int, rules: Rules = RULES) -> None:
    """One pair's figures from `a`'s side."""
    start = time.perf_counter()
    report = run_tournament([a, b], games, seed, jobs=jobs, terms=MatchRules(rules))
    seconds = time.perf_counter() - start
    side, other = report.per_pair[(a, b)]
    low, high = side.ci95(report.widest)
    print(
        f"  {a} vs {b}: {side.games} games, wins {side.wins / side.games:.1%}, points per game "
        f"{side.ppg:+.3f} (95% CI {low:+.3f} to {high:+.3f}), gammons won {side.gammons} lost "
        f"{other.gammons}, disqualifications {side.disqualifications + other.disqualifications}; "
        f"{seconds:.0f} s",
        flush=True,
    )


def positions(count: int, seed: int, rules: Rules = RULES) -> list[tuple[tuple[int, ...], int, int]]:
    """(state, die1, die2) met in random games, with more than one legal play (real decisions)."""
    rng = random.Random(seed)
    found = []
    state = OPENING
    while len(found) < count:
        die1, die2 = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(state, die1, die2, rules)
        if len(plays) > 1:
            found.append((state, die1, die2))
        if plays:
            state = apply_play(state, rng.choice(plays))
            if state[0] == 15:
                state = OPENING
                continue
        state = flip(state)
    return found


def latency(name: str, sample: list[tuple[tuple[int, ...], int, int]], rules: Rules = RULES) -> float:
    """Median and 95th percentile seconds per decision, and the median CPU time (the steadier figure on
    a shared machine); returns the median."""
    bot = get_bot(name, seed=1, rules=rules)
    bot.play(list(sample[0][0]), sample[0][1], sample[0][2])
    times, cpu = [], []
    for state, die1, die2 in sample:
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.play(list(state), die1, die2)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    times.sort()
    print(
        f"  {name:<13} median {statistics.median(times) * 1000:8.2f} ms, 95th percentile "
        f"{times[int(0.95 * (len(times) - 1))] * 1000:8.2f} ms, worst {times[-1] * 1000:8.2f} ms "
        f"(CPU median {statistics.median(cpu) * 1000:.2f} ms) over {len(times)} decisions",
        flush=True,
    )
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pair without =N (even)")
    parser.add_argument("--master-games", type=int, default=400, help="games with master, without =N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="comma-separated a:b pairs")
    parser.add_argument("--latency-positions", type=int, default=300)
    parser.add_argument("--rules", type=Rules, choices=list(Rules.backgammon()), default=RULES)
    args = parser.parse_args()
    has_gnubg = available()
    print(f"strength: {args.rules} rules, seed {args.seed}, --jobs {args.jobs}, duplicate dice", flush=True)
    for pair in filter(None, args.pairs.split(",")):  # --pairs "" times the levels only
        names, _, count = pair.partition("=")
        a, b = names.split(":")
        if "gnubg" in (a, b) and not has_gnubg:
            print(f"  {a} vs {b}: skipped, gnubg is not installed (pip install gnubg)")
            continue
        games = int(count) if count else args.master_games if {a, b} & set(SLOW) else args.games
        strength(a, b, games, args.seed, args.jobs, args.rules)
    if args.latency_positions:
        sample = positions(args.latency_positions, args.seed, args.rules)
        print("latency: seconds per decision, positions from random games with a choice to make", flush=True)
        medians = {}
        for name in LATENCY_BOTS:
            if name == "gnubg" and not has_gnubg:
                continue
            share = sample[::SLOW_LATENCY_SHARE] if name in SLOW else sample
            medians[name] = latency(name, share, args.rules)
        if "gnubg" in medians:
            ratios = [f"{name} {m / medians['gnubg']:.1f}x" for name, m in medians.items() if name != "gnubg"]
            print("  median against gnubg's 0-ply bot: " + ", ".join(ratios))


if __name__ == "__main__":
    main()
