"""The dice of a match set against what chance predicts: each face's count, each of the 21 rolls', and
per side the doubles and the pips rolled beside their expectation (a double one roll in six, 8.17 pips a
roll, a double counting four times its face). What the table's dice panel shows after a match
(game/tavla/screens/table/dice_panel.py); no Arcade here.

A roll is the starter's from the opening roll on: the opening roll, one die each, counts as the roll of
the side that plays it, as the analysis counts its luck.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.tavla.engine.match import Match

DOUBLES_CHANCE = 1 / 6
ROLL_PIPS = [d1 + d2 if d1 != d2 else 4 * d1 for d1 in range(1, 7) for d2 in range(1, 7)]
EXPECTED_PIPS = sum(ROLL_PIPS) / 36  # 8.1667: 7 for two dice, 7/6 more for doubles played four times
PIPS_SPREAD = math.sqrt(sum((pips - EXPECTED_PIPS) ** 2 for pips in ROLL_PIPS) / 36)  # one roll's
ROLLS_21 = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls, the higher die first."""


@dataclass(frozen=True)
class SideDice:
    """One side's rolls: how many, how many doubles, how many pips (a double four times its face)."""

    rolls: int = 0
    doubles: int = 0
    pips: int = 0

    @property
    def expected_doubles(self) -> float:
        """The doubles chance gives so many rolls: one in six."""
        return self.rolls * DOUBLES_CHANCE

    @property
    def expected_pips(self) -> float:
        """The pips chance gives so many rolls: 8.17 a roll."""
        return self.rolls * EXPECTED_PIPS

    @property
    def likely_pips(self) -> tuple[int, int]:
        """The pips chance gives so many rolls in 19 matches out of 20: the expectation ± 1.96 standard
        deviations, rounded."""
        spread = 1.96 * PIPS_SPREAD * math.sqrt(self.rolls)
        return round(self.expected_pips - spread), round(self.expected_pips + spread)

    @property
    def pips_luck(self) -> float:
        """The pips rolled beyond (or short of) what chance gives, in standard deviations of so many
        rolls' pips: within ±2 in 19 matches out of 20 by chance alone (0.0 before any roll)."""
        if not self.rolls:
            return 0.0
        return (self.pips - self.expected_pips) / (PIPS_SPREAD * math.sqrt(self.rolls))


@dataclass(frozen=True)
class DiceFigures:
    """A match's dice: each face's count (1 to 6, both sides, every die), each of the 21 rolls' (the
    higher die first, as `ROLLS_21`), and each side's `SideDice` (seat 0, seat 1)."""

    faces: tuple[int, int, int, int, int, int]
    rolls: dict[tuple[int, int], int]
    sides: tuple[SideDice, SideDice]

    @property
    def total(self) -> int:
        """How many rolls the match had."""
        return self.sides[0].rolls + self.sides[1].rolls


def dice_figures(rolls: Iterable[tuple[int, tuple[int, int]]]) -> DiceFigures:
    """The figures of `rolls`, each (the seat that rolled, its two dice)."""
    faces = [0] * 6
    counts = dict.fromkeys(ROLLS_21, 0)
    sides = [[0, 0, 0], [0, 0, 0]]
    for seat, (die1, die2) in rolls:
        faces[die1 - 1] += 1
        faces[die2 - 1] += 1
        counts[(max(die1, die2), min(die1, die2))] += 1
        side = sides[seat]
        side[0] += 1
        side[1] += die1 == die2
        side[2] += 4 * die1 if die1 == die2 else die1 + die2
    first, second = (SideDice(*side) for side in sides)
    return DiceFigures((faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]), counts, (first, second))


def match_rolls(match: Match) -> list[tuple[int, tuple[int, int]]]:
    """Every roll of `match` in order, each (the seat that rolled, its dice): each game's played rolls
    (not the doubles a Gul bara cascade gives without a roll) and the roll its loser resigned with."""
    rolls: list[tuple[int, tuple[int, int]]] = []
    for game in match.games:
        previous = None
        for turn in game.record:
            cascade = previous is not None and previous.player == turn.player
            if not cascade:
                rolls.append((turn.player, turn.dice))
            previous = turn
        if game.over and game.dice is not None and game.turn is not None:
            rolls.append((game.turn, game.dice))
    return rolls
