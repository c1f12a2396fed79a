"""Start Fifteen & Tavla from a checkout: `python main.py --help` lists the commands."""

from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
