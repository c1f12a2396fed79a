"""The menu's tests start where a player does: at the main menu."""

import pytest


@pytest.fixture(autouse=True)
def _start_at_the_menu(at_the_menu):
    """Every test here drives the main menu or a screen it opens."""
