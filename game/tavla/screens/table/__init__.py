"""The backgammon table scene and its parts: checkers, dice, side panel, overlays, captions, bots."""
