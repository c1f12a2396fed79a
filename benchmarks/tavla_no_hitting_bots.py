"""Benchmark: the bots of the games without hitting (Plakoto, Fevga, Gul bara, long nardy, Moultezim)
against each other (issue 29's targets: per game, over 2,000 games, the network beats the greedy bot by
+0.5 points a game or more, and the greedy bot beats random by +0.5 or more).

Games come in pairs on the same dice with the seats swapped (as training/td.py's `versus`); the figure
is the first bot's points a game with its 95% interval, the pairs being the samples. With `--record`
every finished game is appended to a JSON-lines file, and `--resume` counts the games already there (same
game, level, pairing and seed) and plays only the rest, so a long run continues over several sittings.

    python benchmarks/tavla_no_hitting_bots.py [--games 2000] [--seed 1] [--game plakoto|fevga|nardy|...]
        [--weights FOLDER]   # <game>.npz files of a training run instead of the shipped weights
        [--level expert|master]   # the network's level: 0-ply (default) or the master's one roll deeper
        [--pairing network-greedy|greedy-random|network-shipped] [--workers N] [--record FILE [--resume]]

`network-shipped` plays the network of --weights against the shipped one at the same level (issue 49:
a new `master` +0.15 or better against today's).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.engine.game import GameResult
from game.tavla.engine.play import BotPlay, play_bots
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from game.tavla.eval.no_hitting_net import NoHittingEvaluator
from game.tavla.players.no_hitting_greedy import NoHittingGreedyBot
from game.tavla.players.no_hitting_neural import NoHittingMasterBot, NoHittingNeuralBot
from game.tavla.players.random_bot import RandomBot
from game.tavla.tournament.figures import Tally

PAIRINGS = ("network-greedy", "greedy-random", "network-shipped")
NETWORK_PAIRINGS = ("network-greedy", "network-shipped")


@dataclass(frozen=True)
class Run:
    """One pairing's games: which game, the network's level and weights, the pairing, the seed."""

    rules: Rules
    level: str
    weights: Path | None
    pairing: str
    seed: int

    def key(self) -> dict[str, object]:
        """What a recorded game must share with this run to count in it (the network's level and weights
        only where the network plays)."""
        network = self.pairing in NETWORK_PAIRINGS
        return {
            "rules": str(self.rules),
            "level": self.level if network else None,
            "pairing": self.pairing,
            "seed": self.seed,
            "weights": str(self.weights) if self.weights and network else None,
        }

    def bots(self, index: int) -> tuple[BotPlay, BotPlay]:
        """The first bot's and the second's play for game `index` (random is seeded by the game, so the
        figures do not depend on which worker played what)."""
        greedy = NoHittingGreedyBot(self.rules)
        if self.pairing == "greedy-random":
            return greedy.play, RandomBot(seed=self.seed * 1_000_003 + index, rules=self.rules).play
        weights = self.weights / f"{self.rules}.npz" if self.weights else None
        net = NoHittingEvaluator.load(self.rules.variant, weights) if weights else None
        level = NoHittingMasterBot if self.level == "master" else NoHittingNeuralBot
        network = level(self.rules, net=net)
        if self.pairing == "network-shipped":
            return network.play, level(self.rules).play  # the shipped network at the same level
        return network.play, greedy.play


_worker_bots: dict[Run, tuple[BotPlay, BotPlay]] = {}


def play_game(run: Run, index: int) -> dict[str, object]:
    """Game `index` of `run` from the first bot's side (games 2k and 2k+1 share dice, seats swapped)."""
    if run.pairing == "greedy-random":
        ours, theirs = run.bots(index)
    else:
        if run not in _worker_bots:  # the network loads once a worker
            _worker_bots[run] = run.bots(index)
        ours, theirs = _worker_bots[run]
    seat = index % 2
    bots = (ours, theirs) if seat == 0 else (theirs, ours)
    result, _ = play_bots(*bots, rules=run.rules, seed=run.seed * 1_000_003 + index // 2)
    return {
        **run.key(),
        "game": index,
        "won": result.won_by(seat),
        "points": result.points,
        "kind": str(result.kind),
        "turns": result.turns,
        "disqualified": result.disqualified == seat,
    }


def recorded(path: Path | None, run: Run) -> dict[int, dict[str, object]]:
    """The games of `run` already in the record (a torn last line is skipped)."""
    if path is None or not path.is_file():
        return {}
    games: dict[int, dict[str, object]] = {}
    key = run.key()
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and all(row.get(name) == value for name, value in key.items()):
            games[int(row["game"])] = row
    return games


def tally_of(rows: Iterator[dict[str, object]]) -> Tally:
    """The first bot's tally over recorded games, pairs as blocks."""
    tally = Tally()
    for row in rows:
        result = GameResult(
            winner=0, points=int(row["points"]), kind=Outcome(row["kind"]), turns=int(row["turns"])
        )
        tally.add(bool(row["won"]), result, bool(row["disqualified"]), (0, int(row["game"]) // 2))
    return tally


def measure(run: Run, games: int, workers: int, record: Path | None, resume: bool) -> tuple[Tally, float]:
    """Play what is missing of `games` games of `run` (appending each to `record`); the tally, seconds."""
    done = recorded(record, run) if resume else {}
    missing = [index for index in range(games) if index not in done]
    started = time.perf_counter()
    handle = record.open("a", encoding="utf-8") if record is not None else None
    try:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for row in pool.map(play_game, [run] * len(missing), missing, chunksize=2):
                done[int(row["game"])] = row
                if handle is not None:
                    handle.write(json.dumps(row) + "\n")
                    handle.flush()
    finally:
        if handle is not None:
            handle.close()
    rows = (done[index] for index in range(games))
    return tally_of(rows), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", type=Rules, choices=Rules.without_hitting(), action="append")
    parser.add_argument("--weights", type=Path, help="a folder of <game>.npz weights (default: shipped)")
    parser.add_argument("--level", choices=("expert", "master"), default="expert", help="the network's level")
    parser.add_argument(
        "--pairing", choices=PAIRINGS, action="append", help="which bots meet (default: the first two)"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    parser.add_argument("--record", type=Path, help="a JSON-lines file every finished game is appended to")
    parser.add_argument("--resume", action="store_true", help="count the games already in --record")
    args = parser.parse_args()
    if args.games < 2 or args.workers < 1:
        parser.error("--games must be 2 or more and --workers 1 or more")
    if args.resume and args.record is None:
        parser.error("--resume needs --record FILE")
    if args.record is not None and args.record.exists() and not args.record.is_file():
        parser.error(f"--record {args.record} is not a regular file")
    if "network-shipped" in (args.pairing or ()) and args.weights is None:
        parser.error(
            "--pairing network-shipped needs --weights FOLDER (the network to set against the shipped one)"
        )
    pairings = args.pairing or PAIRINGS[:2]
    for rules in args.game or Rules.without_hitting():
        for pairing in pairings:
            run = Run(rules, args.level, args.weights, pairing, args.seed)
            tally, seconds = measure(run, args.games, args.workers, args.record, args.resume)
            low, high = tally.ci95(float("inf"))
            first, second = pairing.split("-")
            first = f"network ({args.level})" if first == "network" else first
            second = f"shipped ({args.level})" if second == "shipped" else second
            print(
                f"{rules}: {first} vs {second}: {tally.ppg:+.3f} ({low:+.3f} to {high:+.3f}) "
                f"points a game over {tally.games:,} games, {seconds:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
