"""Shared drawing, tweens and widgets for every scene."""
