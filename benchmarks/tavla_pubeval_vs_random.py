"""Benchmark: the `pubeval` bot against the `random` bot, the sanity check of a playing strength.

The claim: pubeval (Tesauro's linear evaluator) wins nearly every game against random play. Seats
alternate, the dice come from one seeded random.Random, and the win rate is printed with its 95%
Wilson interval, with points per game and the time taken.

    python benchmarks/tavla_pubeval_vs_random.py [--games 1000] [--seed 1] [--rules tavla|standard]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.engine.play import play_bots
from game.tavla.engine.rules import Rules
from game.tavla.players import get_bot

Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (good near 0% and 100%, unlike the normal one)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + Z95**2 / games
    centre = (rate + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", type=Rules, choices=list(Rules.backgammon()), default=Rules.TAVLA)
    args = parser.parse_args()

    pubeval = get_bot("pubeval", rules=args.rules)
    rival = get_bot("random", seed=args.seed, rules=args.rules)
    rng = random.Random(args.seed)
    wins = points = gammons = disqualified = 0
    start = time.perf_counter()
    with Progress(transient=True) as progress:
        task = progress.add_task("pubeval vs random", total=args.games)
        for game in range(args.games):
            pubeval_seat = game % 2
            seats = (pubeval.play, rival.play) if pubeval_seat == 0 else (rival.play, pubeval.play)
            result, _ = play_bots(*seats, rules=args.rules, rng=rng)
            won = result.winner == pubeval_seat
            wins += won
            points += result.points if won else -result.points
            gammons += won and result.points > 1
            disqualified += result.disqualified is not None
            progress.advance(task)
    seconds = time.perf_counter() - start
    low, high = wilson(wins, args.games)
    print(f"pubeval vs random, {args.games} games, {args.rules} rules, seed {args.seed}")
    print(f"  pubeval wins {wins}/{args.games} = {wins / args.games:.1%}  (95% CI {low:.1%} - {high:.1%})")
    print(f"  points per game {points / args.games:+.3f}; pubeval's wins with mars/gammon or more: {gammons}")
    print(f"  disqualifications: {disqualified}; {seconds:.1f} s, {args.games / seconds:.0f} games/s")


if __name__ == "__main__":
    main()
