"""The Fifteen screens (Arcade): the puzzle (view.py, with its mixins for input, hints, the coach and
the solved panel), the statistics (stats_view.py) and the replay (replay_view.py), with what they share:
the layout in logical units, the textures, the auto-solve's pace and their words (captions.py,
stats_captions.py, pure text to test alone). The only Arcade code of Fifteen.
"""
