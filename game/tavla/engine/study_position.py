"""A position set up for study: what GNU Backgammon's Position ID and Match ID, or an XGID, hold.

One value, `Setup`, stands for all three notations: the board from the side of the player on roll (the
28-integer state; while a double waits, the doubler's side, as gnubg writes the Position ID), and the
moment of the match (engine/match_id.py's `MatchMoment`: the cube and its owner, the dice or none yet,
the match length and score, the Crawford game, the Jacoby rule, a double or a resignation waiting, and
which player is on roll). The readers (`read_gnubg_id` here, engine/xgid.py for XGIDs) check every
field once, so nothing downstream looks at the text again.

The two players are numbered as gnubg's Match ID numbers them: player 1 (`BOTTOM`) is gnubg's X and
eXtreme Gammon's bottom player, whose checkers an XGID writes in capitals; player 0 (`TOP`) is O,
the top player. A position given as a state alone is money play, the cube in the centre, the bottom
player on roll before the roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes
from game.tavla.engine.match_id import MatchMoment, match_id, read_match_id
from game.tavla.engine.position import State, position_id, state_from_position_id, validate_state

BOTTOM, TOP = 1, 0  # gnubg's player 1 (X) and player 0 (O); eXtreme Gammon's bottom and top players
DEFAULT_MAX_CUBE = 10  # an XGID's largest cube, as a power of two (XG writes 10, gnubg ignores it)


def money_moment(on_roll: int = BOTTOM) -> MatchMoment:
    """Money play before the roll, the cube in the centre: the moment of a position given alone."""
    return MatchMoment(0, (0, 0), on_roll)


@dataclass(frozen=True)
class Setup:
    """A board and its moment. `max_cube` (a power of two) and `beavers` are an XGID's alone: kept so
    that an XGID read is written back as it was; this game plays no beavers."""

    state: State
    moment: MatchMoment = field(default_factory=money_moment)
    max_cube: int = DEFAULT_MAX_CUBE
    beavers: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", validate_state(self.state))

    @property
    def on_roll(self) -> int:
        """The player on roll (BOTTOM or TOP): the one the state is seen by."""
        return self.moment.on_roll

    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice rolled, None before the roll."""
        return self.moment.dice

    @property
    def position_id(self) -> str:
        return position_id(self.state)

    @property
    def match_id(self) -> str:
        return match_id(self.moment)

    @property
    def gnubg_id(self) -> str:
        """`POSITION_ID:MATCH_ID`, as gnubg's `set gnubgid` and its Edit menu take them."""
        return f"{self.position_id}:{self.match_id}"

    def with_dice(self, dice: tuple[int, int] | None) -> Setup:
        """The same moment with other dice (None: before the roll); rolled, no double waits."""
        doubled = self.moment.doubled and dice is None
        return replace(self, moment=replace(self.moment, dice=dice, doubled=doubled))


def read_gnubg_id(text: str) -> Setup:
    """`POSITION_ID[:MATCH_ID]` as gnubg writes them (a Position ID alone is money play before the
    roll); a UserError names what is wrong."""
    if not isinstance(text, str):
        raise UserError(_("a GNU Backgammon ID is text, POSITION_ID or POSITION_ID:MATCH_ID"))
    parts = text.strip().split(":")
    if len(parts) > 2:
        # Translators: {text} is the ID given, quoted; POSITION_ID:MATCH_ID is the form, keep as it is
        message = _("{text} is not POSITION_ID or POSITION_ID:MATCH_ID (one colon at most)")
        raise UserError(message.format(text=in_quotes(text)))
    state = state_from_position_id(parts[0])
    moment = read_match_id(parts[1]) if len(parts) == 2 else money_moment()
    return Setup(state, moment)
