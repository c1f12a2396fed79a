"""Fifteen: the sliding puzzle, its solver and its screens, in layers.

Each layer imports only the layers below it (checked in CI by `lint-imports`, the contracts are in
pyproject.toml); everything below `screens` is free of Arcade.

    screens      the puzzle, statistics and replay screens (Arcade), with their layout and words
    solver       the solver (optimal up to 4x4, near-optimal to 10x10), run off the frame loop by the
                 assistant, and the `solve` command
    model        a board size, the board and its game IDs, a game in play, kept solves, their records
                 and statistics (the `stats` command), replays, the human method and its coach, and
                 Fifteen's section of the settings
    pictures     what a picture may be, the player's pictures folder, tiles cut with Pillow
"""
