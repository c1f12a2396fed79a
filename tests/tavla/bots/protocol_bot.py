"""A line-protocol bot that misbehaves on purpose, for the protocol and tournament tests.

    python protocol_bot.py MODE [--after N] [--pids DIR] [--delay SECONDS] [--child]

It plays legally (the engine's first legal play) for N decisions, then does what MODE says:
legal (keeps playing), illegal, garbage, hang, crash, megabytes, chatter (two lines per decision),
quit (exits cleanly after answering). --pids writes its process id to DIR (to check for orphans),
--delay waits before each answer, --child starts a grandchild process that sleeps (for group kills).
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules

MEGABYTES = 4 * 1024 * 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--after", type=int, default=0)
    parser.add_argument("--pids")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    if args.pids:
        Path(args.pids, str(os.getpid())).write_text("bot\n")
    if args.child:
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        if args.pids:
            Path(args.pids, str(child.pid)).write_text("child\n")
    rules = Rules.parse(os.environ.get("TAVLA_RULES", "tavla"))
    for decision, line in enumerate(sys.stdin):
        numbers = [int(token) for token in line.split()]
        state, die1, die2 = numbers[:28], numbers[28], numbers[29]
        time.sleep(args.delay)
        if decision < args.after or args.mode == "legal":
            plays = legal_plays(tuple(state), die1, die2, rules)
            print(format_play(plays[0]) if plays else "", flush=True)
            continue
        if args.mode == "illegal":
            print("24/13", flush=True)
        elif args.mode == "garbage":
            print("hello there", flush=True)
        elif args.mode == "hang":
            time.sleep(3600)
        elif args.mode == "crash":
            print("crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
        elif args.mode == "megabytes":
            sys.stderr.write("e" * MEGABYTES + "\n")
            sys.stdout.write("8/5 " * (MEGABYTES // 4) + "\n")
            sys.stdout.flush()
            time.sleep(3600)
        elif args.mode == "chatter":
            plays = legal_plays(tuple(state), die1, die2, rules)
            print(format_play(plays[0]) if plays else "", flush=True)
            print("and one more thing", flush=True)
        elif args.mode == "quit":
            plays = legal_plays(tuple(state), die1, die2, rules)
            print(format_play(plays[0]) if plays else "", flush=True)
            return


if __name__ == "__main__":
    main()
