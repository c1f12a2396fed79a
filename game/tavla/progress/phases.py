"""The phase of the game a decision was made in, as the progress figures split the error rate: the
opening (each side's first three turns, while the sides are in contact), the middle game (contact
after that), the race (no contact left) and the bear-off (a race with every checker of the player on
roll in the home board). A cube decision is of the phase of the position before the roll."""

from collections.abc import Sequence

from game.core.text.i18n import N_
from game.tavla.engine.position import is_race

OPENING, MIDDLE, RACE, BEAR_OFF = "opening", "middle", "race", "bear-off"
PHASES = (OPENING, MIDDLE, RACE, BEAR_OFF)
PHASE_TITLES = {  # as players name them (translate with `_` where shown)
    # Translators: the phases of a game of backgammon, in the progress figures
    OPENING: N_("opening"),
    MIDDLE: N_("middle game"),
    RACE: N_("race"),
    BEAR_OFF: N_("bear-off"),
}
OPENING_TURNS = 6  # a game's first six turns: three of each side


def phase_of(state: Sequence[int], turn: int) -> str:
    """The phase of `state` (the 28 integers, from the side on roll) at the game's `turn` (from 0)."""
    if is_race(state):
        home = state[25] == 0 and all(state[point] <= 0 for point in range(7, 25))
        return BEAR_OFF if home else RACE
    return OPENING if turn < OPENING_TURNS else MIDDLE
