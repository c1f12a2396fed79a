"""A line-protocol bot that speaks the doubling cube, for the protocol and tournament tests.

    python cube_bot.py MODE [--log FILE] [--late]

It declares the cube (`cube on`) at its start, unless --late, when it writes the declaration with its
first answer instead, and plays the engine's first legal play. MODE says how it answers cube questions:
eager (doubles whenever asked, takes every double), passer (never doubles, passes every double) or
garbage (answers "maybe"). --log appends every line it reads to FILE.
"""

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules

ANSWERS = {
    "eager": {"double": "double", "take": "take"},
    "passer": {"double": "no double", "take": "pass"},
    "garbage": {"double": "maybe", "take": "maybe"},
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=sorted(ANSWERS))
    parser.add_argument("--log")
    parser.add_argument("--late", action="store_true")
    args = parser.parse_args()
    rules = Rules.parse(os.environ.get("TAVLA_RULES", "tavla"))
    declare = os.environ.get("TAVLA_CUBE") == "1"
    if declare and not args.late:
        print("cube on", flush=True)
    for line in sys.stdin:
        if args.log:
            with open(args.log, "a", encoding="ascii") as log:
                log.write(line)
        words = line.split()
        if words[0] in ("double", "take"):
            fields = [int(word) if word.lstrip("-").isdigit() else word for word in words[1:]]
            assert len(fields) == 35 and fields[29] in ("centre", "me", "opponent"), line
            print(ANSWERS[args.mode][words[0]], flush=True)
            continue
        numbers = [int(word) for word in words]
        plays = legal_plays(tuple(numbers[:28]), numbers[28], numbers[29], rules)
        if declare and args.late:
            print("cube on")
            declare = False
        print(format_play(plays[0]) if plays else "", flush=True)


if __name__ == "__main__":
    main()
