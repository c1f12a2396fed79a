"""The shared floor: what both games, the shell and the command line stand on, importing none of them.

    errors       the exceptions whose message is meant for the user
    limits       the numbers a user may type, each with its range
    files        writing files atomically, reading others' files safely, the game's data and cache
                 folders, the shipped assets and config
    process      the start-up heap kept out of the garbage collector, the worker pools' ending
    text         the player's language (gettext), quoting outside values, prose and tables for a terminal
    settings     the machinery of the settings file: its fields, reading YAML, explaining a refusal, the
                 player's own file (each game's section is the game's; game/settings.py composes them)
    records      the one SQLite file of records: opening, locking, retries, its schema and migrations
                 (each game's tables are read and written by the game)

Checked in CI (`lint-imports`, "the shared floor knows no game"): nothing here imports a game, the menu,
the shell's parts (game/ui), the app or the command line, nor Arcade.
"""
