"""Tavla's section of the settings (`tavla:`): the rules, the match length, the cube, the opponent, the
table's aids and colours, the judge's level, validated whole (pydantic). game/settings.py composes it
with the other sections. No Arcade import: every command reads settings.
"""

from typing import Annotated, Literal, Protocol

from pydantic import AfterValidator, Field, PlainValidator

from game.core.settings.fields import HexColour, Section
from game.core.text.i18n import _
from game.tavla.engine.rules import MONEY, TableGames, table_choices
from game.tavla.eval.levels import JudgeLevel
from game.ui.shell_settings import AnimationConfig

MONEY_SESSION = "money"  # tavla.match_length for a money session, as the config file writes it
LONGEST_MATCH = 25  # points: tavla.match_length's limit, the longest match the table plays


def _match_length(value: object) -> int | str:
    """A match's points (1 to LONGEST_MATCH) or MONEY_SESSION; else the message says both."""
    if value == MONEY_SESSION:
        return MONEY_SESSION
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LONGEST_MATCH:
        # Translators: a bad tavla.match_length in the config file; keep "money" as it is (it is typed
        # in the file); {most} is 25
        message = _("a match is played to 1 to {most} points; write money for a money session")
        raise ValueError(message.format(most=LONGEST_MATCH))
    return value


class TavlaColours(Section):
    board: HexColour
    felt: HexColour
    point_light: HexColour
    point_dark: HexColour
    white_checker: HexColour
    black_checker: HexColour
    highlight: HexColour


class TavlaConfig(Section):
    # parsed here, used as a TableGames: one game of the board, or the Tavli match
    rules: Annotated[Literal[table_choices()], AfterValidator(TableGames.parse)]
    match_length: Annotated[int | str, PlainValidator(_match_length)]  # or MONEY_SESSION
    cube: bool  # the doubling cube under the standard rules (tavla has none)
    jacoby: bool  # money sessions with the cube: gammons count only once the cube was turned
    beavers: bool  # money sessions with the cube: a player doubled may take and redouble at once
    opponent: Annotated[str, Field(min_length=1)]
    human_side: Literal["white", "black"]
    point_numbers: bool
    auto_forced_moves: bool
    auto_bear_off: bool
    tutor: bool  # warn before a play that loses more than the analysis's "bad" threshold
    # the one level every hint, verdict, analysis and practice card is judged at
    judge: Annotated[Literal["expert", "master", "grandmaster"], AfterValidator(JudgeLevel)]
    animation: AnimationConfig
    colours: TavlaColours

    @property
    def money(self) -> bool:
        """Whether the table plays money sessions instead of matches."""
        return self.match_length == MONEY_SESSION

    @property
    def session_length(self) -> int:
        """The length the table plays: the match's points, or MONEY (0) for a money session."""
        return MONEY if self.match_length == MONEY_SESSION else int(self.match_length)


class TavlaSettings(Protocol):
    """The settings as Tavla reads them: its own section (game/settings.py Config has it)."""

    @property
    def tavla(self) -> TavlaConfig: ...
