"""The 21 distinct rolls of two dice, each with how many of the 36 ordered rolls it stands for."""

import numpy as np

ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (d1, d2, 1.0 if d1 == d2 else 2.0) for d1 in range(1, 7) for d2 in range(d1, 7)
)
ROLL_WEIGHTS = np.array([weight for _, _, weight in ROLLS])
