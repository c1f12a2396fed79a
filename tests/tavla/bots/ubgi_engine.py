"""A UBGI engine that misbehaves on purpose, for the `ubgi:` wrapper's tests.

    python ubgi_engine.py MODE [--after N]

It answers the handshake and plays the engine's first legal play for N decisions, then does what MODE
says: legal (keeps playing), silent (never answers again), mute (never says ubgiok), garbage (answers
`bestmove hello`), illegal (`bestmove 24/13`), crash (exits with status 3), chatter (two bestmove
lines), error (an `error bad_state` line), nocube (`go cube` is `error unsupported`, play goes on).
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.players.ubgi_lines import payload


def say(line: str) -> None:
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--after", type=int, default=0)
    args = parser.parse_args()
    decisions, state, dice = 0, None, (1, 1)
    for line in sys.stdin:
        words = line.split()
        if words == ["ubgi"]:
            say("id name misbehaving")
            if args.mode == "mute":
                time.sleep(3600)
            say("ubgiok")
        elif words == ["isready"]:
            say("readyok")
        elif words[:2] == ["position", "gnubgid"]:
            state = read_gnubg_id(words[2]).state
        elif words[:1] == ["dice"]:
            dice = (int(words[1]), int(words[2]))
        elif words == ["go", "cube"]:
            say("error unsupported go cube" if args.mode == "nocube" else "bestcube nodouble")
        elif words[:1] == ["go"]:
            decisions += 1
            if decisions <= args.after or args.mode in ("legal", "nocube"):
                plays = legal_plays(state, *dice, Rules.STANDARD)
                say(f"bestmove {payload(format_play(plays[0]) if plays else '')}")
            elif args.mode == "silent":
                time.sleep(3600)
            elif args.mode == "garbage":
                say("bestmove hello")
            elif args.mode == "illegal":
                say("bestmove 24/13")
            elif args.mode == "crash":
                print("crashing on purpose", file=sys.stderr, flush=True)
                sys.exit(3)
            elif args.mode == "chatter":
                say("bestmove pass")
                say("bestmove pass")
            elif args.mode == "error":
                say("error bad_state something")
        elif words == ["quit"]:
            return


if __name__ == "__main__":
    main()
