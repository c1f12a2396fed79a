"""The rules engine, the lowest layer: positions, rule sets, legal moves, notation, turns, games,
matches and the cube's state. Pure Python; everything else in game/tavla stands on it.
"""
