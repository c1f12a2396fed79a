"""The main menu and settings screens."""
