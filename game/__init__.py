"""Fifteen & Tavla: the sliding puzzle and a backgammon table, on Arcade."""

__version__ = "0.1.0"
