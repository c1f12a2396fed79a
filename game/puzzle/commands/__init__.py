"""Fifteen's commands, one module each: `puzzle` (the window at a puzzle), `solve` and `stats`.

Each game keeps its commands (game/tavla/commands/ says why): a module's `add_parser` adds the command
and its options to the command line, and `run(args, config)` does it and returns the exit status.
game/cli.py lists them.
"""
