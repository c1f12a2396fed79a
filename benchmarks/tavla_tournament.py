"""Benchmark: the tournament's games per second with --jobs 1 and 2, and pubeval's strength with intervals.

1. Speed. Games per second for random vs random and pubeval vs pubeval through the tournament machinery
   (`play_schedule`: seeds derived per game, bots built per game, results sent back by the workers), with
   --jobs 1 and --jobs 2 (worker start-up included). The references, measured in the same run: the bare
   engine loop (`play_bots` with the same bots, no tournament around it) in one process, and the same
   loop split over two spawned processes, which is what the machine's free cores allow right now (on a
   shared machine it can be far below 2). The ratios show the tournament's overhead (jobs 1 / bare) and
   how it scales (jobs 2 / jobs 1, to be read against bare 2 processes / bare 1).
2. Strength. pubeval vs greedy and pubeval vs random, N games each (duplicate dice: games 2k and 2k+1
   share their rolls with the seats swapped), through `run_tournament` with --jobs 2: pubeval's win rate
   with its 95% Wilson interval, and its points per game with the tournament's 95% interval.

    python benchmarks/tavla_tournament.py [--games 1000] [--strength-games 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.engine.play import play_bots
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players import get_bot
from game.tavla.players.child import DEFAULT_TIMEOUT
from game.tavla.tournament import play_schedule, run_tournament, schedule

Z95 = 1.959964
RULES = Rules.TAVLA


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (sound near 0% and 100%, unlike the normal one)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + Z95**2 / games
    centre = (rate + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def bare_rate(name: str, games: int, seed: int) -> float:
    """Games per second of the engine alone: play_bots in a loop, one process, no tournament."""
    first, second = get_bot(name, seed=seed), get_bot(name, seed=seed + 1)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        play_bots(first.play, second.play, RULES, rng=rng)
    return games / (time.perf_counter() - start)


def bare_parallel_rate(name: str, games: int, seed: int, processes: int) -> float:
    """Games per second of the bare loop split over spawned processes (start-up included, as for jobs)."""
    context = multiprocessing.get_context("spawn")
    start = time.perf_counter()
    with context.Pool(processes) as pool:
        pool.starmap(bare_rate, [(name, games // processes, seed + index) for index in range(processes)])
    return games / (time.perf_counter() - start)


def tournament_rate(name: str, games: int, seed: int, jobs: int) -> float:
    """Games per second of the tournament machinery for a bot against itself."""
    specs = schedule([name, name], games, seed)
    start = time.perf_counter()
    board, interrupted, aborted = play_schedule(specs, jobs, MatchRules(RULES), DEFAULT_TIMEOUT)
    seconds = time.perf_counter() - start
    if interrupted or aborted or board.finished != games:
        sys.exit(f"the {name} run did not finish: {aborted or 'interrupted'}")
    return games / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per speed measurement (even)")
    parser.add_argument("--strength-games", type=int, default=2000, help="games per strength pair (even)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load average {load:.2f} at the start (the machine may be shared)")
    print(f"\nspeed: games per second, {args.games} games each")
    print(
        f"  {'bots':<20} {'bare 1 proc':>11} {'bare 2 procs':>12} {'--jobs 1':>9} {'--jobs 2':>9} "
        f"{'jobs1/bare':>11} {'jobs2/jobs1':>12} {'bare 2/1':>9}"
    )
    for name in ("random", "pubeval"):
        bare_rate(name, 20, args.seed)
        bare = bare_rate(name, args.games, args.seed)
        bare_two = bare_parallel_rate(name, args.games, args.seed, 2)
        one = tournament_rate(name, args.games, args.seed, 1)
        two = tournament_rate(name, args.games, args.seed, 2)
        print(
            f"  {name + ' vs ' + name:<20} {bare:11.0f} {bare_two:12.0f} {one:9.0f} {two:9.0f} "
            f"{one / bare:11.2f} {two / one:12.2f} {bare_two / bare:9.2f}"
        )

    games = args.strength_games
    print(f"\nstrength: {games} games per pair, duplicate dice, {RULES} rules, seed {args.seed}, --jobs 2")
    for rival in ("greedy", "random"):
        start = time.perf_counter()
        report = run_tournament(["pubeval", rival], games, args.seed, jobs=2, terms=MatchRules(RULES))
        seconds = time.perf_counter() - start
        side, other = report.per_pair[("pubeval", rival)]
        low, high = wilson(side.wins, side.games)
        ppg_low, ppg_high = side.ci95(report.widest)
        print(
            f"  pubeval vs {rival}: wins {side.wins}/{side.games} = {side.wins / side.games:.1%} "
            f"(95% CI {low:.1%} to {high:.1%}); points per game {side.ppg:+.3f} "
            f"(95% CI {ppg_low:+.3f} to {ppg_high:+.3f}); gammons won {side.gammons}, lost "
            f"{other.gammons}; disqualifications {side.disqualifications + other.disqualifications}; "
            f"{seconds:.1f} s, {side.games / seconds:.0f} games/s"
        )


if __name__ == "__main__":
    main()
