"""Our engine served to other programs: UBGI v0.2 on standard input and output (`ubgi.py`, for bgci's
controller and GUIs) and GNU Backgammon's external player on a local socket (`external.py`). The other
way round, the engines and programs we call (`cmd:`, `ubgi:`, GNU Backgammon as a bot) are players
(game/tavla/players/). The commands that start these are game/tavla/commands/ubgi.py and external.py.
"""
