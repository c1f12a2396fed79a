"""Tavla's commands, one module each: `tavla` (the window at the table), `moves`, `bot`, `cube`,
`analyse`, `progress`, `practice`, `position`, `rollout`, `tempmap`, `tournament`, `ubgi`, `external` and
`dice`; `options` holds what several share (the position's options, the rule set, the dice typed).

A module's `add_parser(commands)` adds its command and options to the command line; `run(args, config)`
does it and returns the exit status (the config is read before the arguments, so that help speaks its
language, and comes as it is). What the command prints and writes from there, and how it checks what
was typed, is its own; what a screen shows too (a rollout's report, the temperature map's grid, the
analysis report, the progress in words) lives in the package that owns it, under its own name.
game/cli.py lists the modules, maps the errors to exit statuses, and knows no command's options.

Why each game keeps its commands here, not one `game/commands/` for all: a command is the top of its
game (the `tavla` command opens the table's screen, `analyse` keeps a match in the progress), so it sits
in the game's top layer (pyproject.toml's "tavla layers") and the contracts that keep the two games apart
hold for the commands with no exception. A module imports at its top only what its parser needs, and the
rest when it runs: game/cli.py imports them all to build `--help`, which stays quick and never loads
numpy, the evaluator or Arcade.
"""
