"""What Fifteen is, in pure Python: a board size (size.py), the board with its moves, fair shuffle and
game IDs (board.py), a game in play with its history and clock (game.py), a kept solve and its
statistics (stats.py, the `stats` command's tables in stats_report.py), replays in move letters
(replay.py), and the method people are taught (method_steps.py) that the coach follows (coach.py).

Everything a screen shows and a command prints is decided here; the solver searches over these boards,
the screens draw them. Nothing here finds solutions (the solver) or draws (the screens).
"""
