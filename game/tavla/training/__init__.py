"""How the evaluator's networks are made: TD(lambda) self-play (td.py) and supervised training on
positions labelled by look-ahead (learn.py). Nothing here is needed to play.
"""
