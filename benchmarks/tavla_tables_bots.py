"""Benchmark: the bots of Plakoto, Fevga and Gul bara against each other (issue 29's targets: per game,
over 2,000 games, the network beats the greedy bot by +0.5 points a game or more, and the greedy bot
beats random by +0.5 or more).

Games come in pairs on the same dice with the seats swapped (training/td.py's `versus`); the figure is
the first bot's points a game with its 95% interval, the pairs being the samples.

    python benchmarks/tavla_tables_bots.py [--games 2000] [--seed 1] [--game plakoto|fevga|gulbara]
        [--weights FOLDER]   # <game>.npz files of a training run instead of the shipped weights
        [--level expert|master]   # the network's level: 0-ply (default) or the master's one roll deeper
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.engine.board_games import TABLES_GAMES
from game.tavla.engine.rules import Rules
from game.tavla.eval.tables_net import TablesEvaluator
from game.tavla.players.random_bot import RandomBot
from game.tavla.players.tables_greedy import TablesGreedyBot
from game.tavla.players.tables_neural import TablesMasterBot, TablesNeuralBot
from game.tavla.training.td import versus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", type=Rules, choices=list(TABLES_GAMES), action="append")
    parser.add_argument("--weights", type=Path, help="a folder of <game>.npz weights (default: shipped)")
    parser.add_argument("--level", choices=("expert", "master"), default="expert", help="the network's level")
    parser.add_argument("--skip-random", action="store_true", help="only the network against the greedy bot")
    args = parser.parse_args()
    for rules in args.game or list(TABLES_GAMES):
        game = TABLES_GAMES[rules]
        net = TablesEvaluator.load(game, args.weights / f"{rules}.npz") if args.weights else None
        greedy = TablesGreedyBot(rules)
        network = (TablesMasterBot if args.level == "master" else TablesNeuralBot)(rules, net=net)
        pairings = [(f"network ({args.level})", network.play, "greedy", greedy.play)]
        if not args.skip_random:
            pairings.append(("greedy", greedy.play, "random", RandomBot(seed=args.seed, rules=rules).play))
        for first, ours, second, theirs in pairings:
            started = time.perf_counter()
            ppg, half = versus(ours, theirs, args.games, args.seed, rules=game)
            seconds = time.perf_counter() - started
            print(
                f"{rules}: {first} vs {second}: {ppg:+.3f} ({ppg - half:+.3f} to {ppg + half:+.3f}) "
                f"points a game over {args.games:,} games, {seconds:.0f} s"
            )


if __name__ == "__main__":
    main()
