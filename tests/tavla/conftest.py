"""Fixtures shared by the tavla tests of more than one layer."""

import pytest

from game.tavla.eval.neural import Evaluator


@pytest.fixture(scope="module")
def net() -> Evaluator:
    """A fresh, untrained network of a fixed seed (a module may define its own)."""
    return Evaluator.fresh(seed=3)
