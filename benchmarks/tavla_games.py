"""Benchmark: the tavla engine's speed against OpenSpiel's backgammon (C++), measured in the same run.

Two claims, each printed as a ratio to its reference:

1. Random-vs-random full games per second. Ours: each turn the engine lists every legal play (one per
   distinct resulting position), a seeded random.Random picks one, and the play is applied. The
   references: OpenSpiel's own C++ loop (`pyspiel.evaluate_bots` with two uniform random bots), and
   OpenSpiel driven from Python the way a Python tournament would use it. Also shown: our games
   through the seed's bot interface (text answers, validated every turn), as the tournament plays them.
2. Legal-play generation on positions met in random games: positions per second and plays per second,
   against OpenSpiel's `legal_actions()` on positions from its own random games. (OpenSpiel's actions
   cover two checker moves, so a double takes two calls there; ours returns whole plays.)

    python benchmarks/tavla_games.py [--rounds 3] [--games 400] [--positions 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import OPENING, State, flip
from game.tavla.players import get_bot

try:
    import pyspiel
except ImportError:
    sys.exit("OpenSpiel is the reference: pip install open-spiel (the project's bench extra)")

OPENSPIEL_GAMES_FACTOR = 2  # OpenSpiel's C++ loop is quicker per game: give it more games per round
PYTHON_DRIVEN_FACTOR = 0.5


def our_games(games: int, seed: int) -> float:
    """Random-vs-random games per second through the engine API (what bots and the table use)."""
    rng = random.Random(seed)
    randint, choice = rng.randint, rng.choice
    start = time.perf_counter()
    for _ in range(games):
        state = OPENING
        while True:
            plays = legal_plays(state, randint(1, 6), randint(1, 6))
            if plays:
                state = apply_play(state, choice(plays))
                if state[0] == 15:
                    break
            state = flip(state)
    return games / (time.perf_counter() - start)


def our_bot_games(games: int, seed: int) -> float:
    """Games per second between two `random` bots through play_bots: text answers, checked each turn."""
    first, second = get_bot("random", seed=seed), get_bot("random", seed=seed + 1)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        play_bots(first.play, second.play, rng=rng)
    return games / (time.perf_counter() - start)


def openspiel_cpp_games(games: int, seed: int) -> float:
    """Games per second of OpenSpiel's C++ loop with two uniform random bots."""
    game = pyspiel.load_game("backgammon")
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    start = time.perf_counter()
    for index in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + index)
    return games / (time.perf_counter() - start)


def openspiel_python_games(games: int, seed: int) -> float:
    """Games per second of OpenSpiel driven from Python: random chance outcomes and random actions."""
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.perf_counter() - start)


def our_positions(count: int, seed: int) -> list[tuple[State, int, int]]:
    """(state, die1, die2) met in seeded random games."""
    rng = random.Random(seed)
    found: list[tuple[State, int, int]] = []
    state = OPENING
    while len(found) < count:
        die1, die2 = rng.randint(1, 6), rng.randint(1, 6)
        found.append((state, die1, die2))
        plays = legal_plays(state, die1, die2)
        if plays:
            state = apply_play(state, rng.choice(plays))
            if state[0] == 15:
                state = OPENING
                continue
        state = flip(state)
    return found


def openspiel_positions(count: int, seed: int) -> list[object]:
    """Decision-node states met in seeded random OpenSpiel games (clones, so they can be reused)."""
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    found: list[object] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def time_ours(positions: list[tuple[State, int, int]]) -> tuple[float, float]:
    """(positions per second, plays per second) for legal_plays over the positions."""
    start = time.perf_counter()
    plays = 0
    for state, die1, die2 in positions:
        plays += len(legal_plays(state, die1, die2))
    seconds = time.perf_counter() - start
    return len(positions) / seconds, plays / seconds


def time_openspiel(positions: list[object]) -> tuple[float, float]:
    """(positions per second, actions per second) for OpenSpiel's legal_actions()."""
    start = time.perf_counter()
    actions = 0
    for state in positions:
        actions += len(state.legal_actions())
    seconds = time.perf_counter() - start
    return len(positions) / seconds, actions / seconds


def median_rate(measure: Callable[[int, int], float], games: int, rounds: int, seed: int) -> float:
    return statistics.median(measure(games, seed + round_) for round_ in range(rounds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per contender; the median is kept")
    parser.add_argument("--games", type=int, default=400, help="our games per round")
    parser.add_argument("--positions", type=int, default=20000, help="positions for the generation test")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    our_games(20, args.seed)
    openspiel_cpp_games(20, args.seed)
    rates: dict[str, list[float]] = {"ours": [], "bots": [], "cpp": [], "python": []}
    for round_ in range(args.rounds):
        seed = args.seed + round_
        rates["ours"].append(our_games(args.games, seed))
        rates["cpp"].append(openspiel_cpp_games(int(args.games * OPENSPIEL_GAMES_FACTOR), seed))
        rates["python"].append(openspiel_python_games(int(args.games * PYTHON_DRIVEN_FACTOR), seed))
        rates["bots"].append(our_bot_games(int(args.games * PYTHON_DRIVEN_FACTOR), seed))
    ours, bots, cpp, python = (statistics.median(rates[key]) for key in ("ours", "bots", "cpp", "python"))
    print("random-vs-random full games per second (median of rounds)")
    print(f"  OpenSpiel backgammon, C++ loop (evaluate_bots)   {cpp:8.0f}")
    print(f"  OpenSpiel backgammon, driven from Python         {python:8.0f}")
    print(f"  tavla engine (legal_plays + choice + apply)      {ours:8.0f}")
    print(f"  tavla random bots through play_bots (validated)  {bots:8.0f}")
    print(f"  ratio engine / OpenSpiel C++ loop:    {ours / cpp:.2f}  (aim: >= 0.5)")
    print(f"  ratio engine / OpenSpiel from Python: {ours / python:.2f}")
    print(f"  ratio bots   / OpenSpiel C++ loop:    {bots / cpp:.2f}")

    ours_positions = our_positions(args.positions, args.seed)
    spiel_positions = openspiel_positions(args.positions, args.seed)
    time_ours(ours_positions[:1000])
    ours_rate, plays_rate = time_ours(ours_positions)
    spiel_rate, actions_rate = time_openspiel(spiel_positions)
    print(f"\nlegal-play generation on {args.positions} positions from random games")
    print(f"  tavla legal_plays:         {ours_rate:9.0f} positions/s  {plays_rate:10.0f} plays/s")
    print(f"  OpenSpiel legal_actions(): {spiel_rate:9.0f} positions/s  {actions_rate:10.0f} actions/s")
    print(f"  ratio positions/s: {ours_rate / spiel_rate:.2f}")


if __name__ == "__main__":
    main()
