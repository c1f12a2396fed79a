"""The Tavla screens (Arcade): the table, the analysis of a match and the list of kept matches, with
the board's art and geometry they share.
"""
