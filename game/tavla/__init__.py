"""Tavla: the backgammon table, its rules engine, its judges and its players, in layers.

Each layer imports only the layers below it (checked in CI by `lint-imports`, the contracts are in
pyproject.toml); `tournament` and `serve`, `players` and `record` stand side by side and import
neither each other.

    commands     one module a command: its options and `run` (game/cli.py lists them)
    screens      the table, the analysis and Matches screens (Arcade; everything below is pure Python)
    training     self-play, labelling and fitting of the evaluator's networks
    progress     the player's history of analysed matches, the progress over time, the practice deck
    lab          the position lab: positions in words, rollouts in worker processes, the temperature map
    tournament   bot-versus-bot round robins: schedule, referee, worker pool, ledger, report
    serve        our engine for other programs: UBGI on stdin and stdout, GNU Backgammon's external player
    analysis     a played match judged decision by decision, its report and JSON
    players      the bot registry, the built-in bots, child-process bots, GNU Backgammon
    record       a played match as a record, the .mat format, the table's save, the match archive
    settings     Tavla's section of the settings (rules, match length, cube, opponent, colours, judge)
    eval         the judge: bear-off database, features, networks, look-ahead, cube decisions
    engine       position, rule sets, legal moves, notation, turn, game and match, cube state

The 28-integer position, the notation and the command-line contracts are in docs/ (docs/position.md,
docs/notation.md, docs/commands.md).
"""

import os

# Before numpy is imported (every entry point imports this package first): one BLAS thread. The
# evaluator's matrix products (up to some 30,000 x 214 x 128 in a 2-ply search) are too small for threads
# to pay, and on a busy machine the threads wait on one another: `analyse --level master` of a 5-point
# match took 2.3x as long with OpenBLAS's default threads on two shared cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
