"""The judge's levels, by name: what the Settings screen offers and the config keeps, with no engine
loaded (game/tavla/eval/judge.py says what each level is)."""

from __future__ import annotations

from enum import StrEnum

from game.core.errors import UserError
from game.core.text.i18n import N_, _


class JudgeLevel(StrEnum):
    """How hard the judge thinks: the computer levels of the same names play at it."""

    EXPERT = "expert"
    MASTER = "master"
    GRANDMASTER = "grandmaster"
    ROLLER = "roller"  # truncated rollouts of every close play, as XG Roller: for analysing, not playing

    @classmethod
    def parse(cls, text: str) -> JudgeLevel:
        """The level named `text`, or UserError naming the levels."""
        try:
            return cls(text)
        except ValueError:
            # Translators: {level} is what was asked for; {known} lists the levels (expert, master, ...)
            message = _("unknown judge level {level}; use one of: {known}")
            raise UserError(message.format(level=repr(text), known=", ".join(cls))) from None


LEVEL_TITLES = {
    # Translators: the judge's levels, as the computer players of the same strength are named
    JudgeLevel.EXPERT: N_("Expert"),
    JudgeLevel.MASTER: N_("Master"),
    JudgeLevel.GRANDMASTER: N_("Grandmaster"),
    # Translators: the analysis level that rolls the close plays out a few rolls deep, as XG Roller does
    JudgeLevel.ROLLER: N_("Roller"),
}
# The levels that play and give hints (the Settings, the bots); `roller` takes seconds a decision.
PLAYING_LEVELS = (JudgeLevel.EXPERT, JudgeLevel.MASTER, JudgeLevel.GRANDMASTER)
# The default: the strongest level whose hint stays under half a second on a two-core machine
# (benchmarks/tavla_checker.py, 150 positions: Open Sage 2-ply 9 ms median, 0.3 s at worst; 3-ply 97 ms
# median, 0.7 s at worst).
DEFAULT_LEVEL = JudgeLevel.MASTER
