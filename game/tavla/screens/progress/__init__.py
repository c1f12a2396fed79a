"""The Progress screen and the practice rounds of the player's own mistakes."""
