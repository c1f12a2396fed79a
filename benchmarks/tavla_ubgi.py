"""Benchmark: the same bot through `ubgi:` and through `cmd:`, games per second and their ratio, one run.

The bot is the built-in expert (or --bot), once as our UBGI engine (`ubgi:python main.py ubgi`) and once
behind the line protocol (`cmd:python benchmarks/tavla_ubgi.py --line-bot expert`, this file serving
the bot itself), each against greedy. Both play the very same games: the tournament's own game player
(referee.play_game) with the same dice and bot seeds per game, so the plays, and the number of
decisions, are equal (checked); only the wire differs. The programs are started before the clock runs.
The two are timed in turn, --rounds times (cmd first in odd rounds, ubgi first in even ones), and the
ratio is the median of the rounds' ratios, so a change in the machine's load during the run weighs on
both. The target (issue 32): ubgi within 20% of cmd, i.e. a ratio ubgi/cmd of 0.8 or more.

    python benchmarks/tavla_ubgi.py [--games 40] [--rounds 5] [--rules tavla] [--cube] [--bot expert]
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.tavla.engine.rules import MatchRules, Rules  # noqa: E402
from game.tavla.players import get_bot  # noqa: E402
from game.tavla.tournament.referee import load_bot, play_game, release_bots  # noqa: E402
from game.tavla.tournament.schedule import GameSpec, derive_seed  # noqa: E402

TIMEOUT = 10.0
PYTHON = shlex.quote(sys.executable)


def line_bot(name: str) -> None:
    """Serve a built-in bot on the line protocol (docs/bot-protocol.md): the `cmd:` side."""
    import os

    from game.tavla.players.protocol_cube import DECLARATION

    rules = Rules.parse(os.environ.get("TAVLA_RULES", "tavla"))
    bot = get_bot(name, rules=rules)
    if os.environ.get("TAVLA_CUBE") == "1":
        print(DECLARATION, flush=True)
    from game.tavla.engine.cube import Cube, CubeOwner, MatchScore

    for line in sys.stdin:
        words = line.split()
        if words[0] in ("double", "take"):
            numbers = words[1:]
            state = [int(word) for word in numbers[:28]]
            value, owner, length, mine, theirs, crawford, jacoby = numbers[28:35]
            score = MatchScore(int(length), int(mine), int(theirs), crawford == "1") if int(length) else None
            cube = Cube(int(value), CubeOwner(owner), score, jacoby == "1")
            yes = getattr(bot, words[0])(state, cube)
            answers = {"double": ("double", "no double"), "take": ("take", "pass")}[words[0]]
            print(answers[0] if yes else answers[1], flush=True)
            continue
        numbers = [int(word) for word in words]
        print(bot.play(numbers[:28], numbers[28], numbers[29]) or "", flush=True)


def specs(name: str, games: int) -> list[GameSpec]:
    return [
        GameSpec(
            index=k,
            pair=0,
            round=k,
            seats=(name, "greedy") if k % 2 == 0 else ("greedy", name),
            dice_seed=derive_seed(11, k // 2),
            bot_seed=derive_seed(11, k),
        )
        for k in range(games)
    ]


def timed(name: str, games: int, terms: MatchRules) -> tuple[float, list]:
    """Seconds for the games (the program started and answering beforehand) and their results."""
    bot = load_bot(name, terms, TIMEOUT)
    bot.play([0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0, 0, 0], 3, 1)
    start = time.perf_counter()
    results = [play_game(spec, terms, TIMEOUT) for spec in specs(name, games)]
    return time.perf_counter() - start, [(played.result, played.cube) for played in results]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rules", default="tavla", choices=("tavla", "standard"))
    parser.add_argument("--cube", action="store_true", help="standard rules with the cube")
    parser.add_argument("--bot", default="expert", choices=("expert", "master"))
    parser.add_argument("--line-bot", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.line_bot:
        line_bot(args.line_bot)
        return
    rules = Rules.STANDARD if args.cube else Rules.parse(args.rules)
    terms = MatchRules(rules, cube=args.cube)
    ubgi = f"ubgi:{PYTHON} {shlex.quote(str(ROOT / 'main.py'))} ubgi --level {args.bot}"
    cmd = f"cmd:{PYTHON} {shlex.quote(str(Path(__file__).resolve()))} --line-bot {args.bot}"
    seconds: dict[str, list[float]] = {cmd: [], ubgi: []}
    played: dict[str, list] = {}
    try:
        for round_ in range(args.rounds):
            for name in (cmd, ubgi) if round_ % 2 == 0 else (ubgi, cmd):
                took, played[name] = timed(name, args.games, terms)
                seconds[name].append(took)
    finally:
        release_bots()
    same = played[cmd] == played[ubgi]
    turns = sum(result.turns for result, _cube in played[cmd])
    ratios = sorted(c / u for c, u in zip(seconds[cmd], seconds[ubgi], strict=True))
    title = f"{rules}{' with the cube' if args.cube else ''}"
    print(f"{args.bot} vs greedy, {title}, {args.games} games ({turns} turns) x {args.rounds} rounds")
    for label, name in (("cmd: ", cmd), ("ubgi:", ubgi)):
        rates = " ".join(f"{args.games / took:6.2f}" for took in seconds[name])
        print(f"{label} games/s per round: {rates}")
    print(f"ratio ubgi/cmd per round: {' '.join(f'{ratio:.3f}' for ratio in ratios)}")
    print(f"median ratio ubgi/cmd: {ratios[len(ratios) // 2]:.3f} (target >= 0.8); same games: {same}")


if __name__ == "__main__":
    main()
