"""Tavla's commands, one module each: `tavla` (the window at the table), `moves`, `bot`, `cube`,
`analyse`, `progress`, `practice`, `position`, `rollout`, `tempmap`, `tournament`, `ubgi`, `external` and
`dice`; `options` holds what several share (the position's options, the rule set, the dice typed).

A module's `add_parser(commands)` adds its command and options to the command line; `run(args, config)`
does it and returns the exit status (the config is read before the arguments, so that help speaks its
language, and comes as it is). What the command checks, prints and writes is its own; what a screen
shows too (a rollout's report, the temperature map's grid, the analysis report, the progress in words)
lives in the package that owns it, under its own name. game/cli.py lists the modules and maps the errors
to exit statuses, and knows no command's options.

Why each game keeps its commands, rather than one `game/commands/` for both: a command is the top of its
game (`tavla` opens the table's screen, `analyse --keep` writes the progress), so here it is the top
layer of Tavla's (pyproject.toml's "tavla layers"), and the contracts that keep the two games apart
hold for the commands as they are, with no exception.

A new command: a module here with `add_parser` and `run` and a one-line docstring saying what it is for,
added to game/cli.py's COMMANDS where --help should list it. Its top imports only what its parser needs
and the rest comes when it runs: game/cli.py imports every command to build the parser, so `--help`
stays quick and never loads numpy, the evaluator or Arcade. An option `--json` with `dest="json_path"`
is checked by game/cli.py before the command runs (all but the tournament's, which checks its own).
"""
