"""The doubling cube's state as the player on roll sees it: value, owner, match score, Jacoby.

The cube decisions made from chances are in game/tavla/eval/cube_decision.py.

A bot object may carry `double(state, cube) -> bool` (asked before its roll, `state` and `cube` as it
sees them) and `take(state, cube) -> bool` (asked when doubled, from its own side, the doubler on roll);
a bot without them never doubles and always takes (`wants_double`, `accepts_double`). In money play
with beavers it may also carry `beaver(state, cube) -> bool` (asked when doubled, as `take`: whether to
take and at once redouble) and `accept_beaver(state, cube) -> bool` (asked of the doubler, from its
side on roll with the cube before its double); a bot without them never beavers and always takes a
beaver (`wants_beaver`, `accepts_beaver`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.rules import MAX_CUBE_MATCH

MAX_CUBE = 64  # the highest face of a real cube; a cube at 64 cannot be redoubled


class CubeOwner(StrEnum):
    """Who holds the cube, seen by the player on roll (the `cube` command's `--owner` words)."""

    CENTRE = "centre"
    ME = "me"
    OPPONENT = "opponent"

    def flipped(self) -> CubeOwner:
        """The same cube seen by the other player."""
        return {CubeOwner.ME: CubeOwner.OPPONENT, CubeOwner.OPPONENT: CubeOwner.ME}.get(self, self)


class CubeEvent(StrEnum):
    """A cube action in a game's record, as match files write them. A beaver (money play with beavers)
    is the doubled player's take and immediate redouble, keeping the cube; the doubler then takes or
    passes it as a double."""

    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"


class CubeAction(StrEnum):
    """The decision before a roll: the doubler's action, then the right answer to a double."""

    NO_DOUBLE_TAKE = "no double, take"
    NO_DOUBLE_PASS = "no double, pass"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    TOO_GOOD_TAKE = "too good, take"
    TOO_GOOD_PASS = "too good, pass"

    @property
    def doubles(self) -> bool:
        """Whether the player on roll should double."""
        return self in (CubeAction.DOUBLE_TAKE, CubeAction.DOUBLE_PASS)

    @property
    def takes(self) -> bool:
        """Whether a double should be taken."""
        return self.value.endswith("take")


@dataclass(frozen=True)
class MatchScore:
    """A match score from the side of the player on roll; `crawford`: this game is the Crawford game."""

    length: int
    mine: int = 0
    theirs: int = 0
    crawford: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.length <= MAX_CUBE_MATCH:
            message = _("a match with the cube is played to 1 to {most} points, not {length}")
            raise UserError(message.format(most=MAX_CUBE_MATCH, length=self.length))
        if not (0 <= self.mine < self.length and 0 <= self.theirs < self.length):
            message = _("each score must be from 0 to {most} in a match to {length}")
            raise UserError(message.format(most=self.length - 1, length=self.length))
        if self.crawford and self.length - 1 not in (self.mine, self.theirs):
            message = _("the Crawford game is played only when a player needs one point")
            raise UserError(message)

    @property
    def away(self) -> int:
        """The points the player on roll still needs."""
        return self.length - self.mine

    @property
    def their_away(self) -> int:
        """The points the opponent still needs."""
        return self.length - self.theirs

    @property
    def post_crawford(self) -> bool:
        """A player needs one point and the Crawford game has been played."""
        return not self.crawford and 1 in (self.away, self.their_away)

    def flipped(self) -> MatchScore:
        """The same score seen by the other player."""
        return replace(self, mine=self.theirs, theirs=self.mine)


@dataclass(frozen=True)
class Cube:
    """The cube before a roll, seen by the player on roll; `score` None means money play."""

    value: int = 1
    owner: CubeOwner = CubeOwner.CENTRE
    score: MatchScore | None = None
    jacoby: bool = False

    def __post_init__(self) -> None:
        if self.value not in {2**level for level in range(7)}:
            message = _("the cube shows 1, 2, 4, 8, 16, 32 or 64, not {value}")
            raise UserError(message.format(value=self.value))
        if (self.value == 1) != (self.owner is CubeOwner.CENTRE):
            # Translators: {owner} is centre, me or opponent; {value} the cube's value
            message = _("the cube is in the centre at 1, and a player's above 1, not {owner} at {value}")
            raise UserError(message.format(owner=self.owner.value, value=self.value))
        if self.jacoby and self.score is not None:
            raise UserError(_("the Jacoby rule is for money play, not for a match"))

    @property
    def crawford(self) -> bool:
        """This game is the Crawford game: no doubling at all."""
        return self.score is not None and self.score.crawford

    def may_double(self) -> bool:
        """Whether the player on roll may offer the cube now."""
        return self.owner is not CubeOwner.OPPONENT and not self.crawford and self.value < MAX_CUBE

    @property
    def dead(self) -> bool:
        """Whether doubling gains the player on roll nothing: in a match, the cube's value already
        wins them the match (double match point, the leader after the Crawford game). A double stays
        legal; the table rolls instead of asking."""
        return self.score is not None and self.score.away <= self.value

    def flipped(self) -> Cube:
        """The same cube seen by the other player."""
        score = self.score.flipped() if self.score is not None else None
        return replace(self, owner=self.owner.flipped(), score=score)

    def taken(self) -> Cube:
        """The cube after the player on roll doubled and the opponent took (still the doubler's view)."""
        return replace(self, value=self.value * 2, owner=CubeOwner.OPPONENT)


def wants_double(bot: object, state: Sequence[int], cube: Cube) -> bool:
    """Whether `bot`, on roll in `state`, doubles; bots that know nothing of the cube never do."""
    double = getattr(bot, "double", None)
    return cube.may_double() and callable(double) and bool(double(list(state), cube))


def accepts_double(bot: object, state: Sequence[int], cube: Cube) -> bool:
    """Whether `bot` takes a double, seen from its side (it is not on roll); bots without `take` take."""
    take = getattr(bot, "take", None)
    return not callable(take) or bool(take(list(state), cube))


def wants_beaver(bot: object, state: Sequence[int], cube: Cube) -> bool:
    """Whether `bot`, doubled (seen from its side as for `accepts_double`), beavers; bots that know
    nothing of beavers never do."""
    beaver = getattr(bot, "beaver", None)
    return callable(beaver) and bool(beaver(list(state), cube))


def accepts_beaver(bot: object, state: Sequence[int], cube: Cube) -> bool:
    """Whether `bot`, whose double was beavered, takes the beaver; `state` and `cube` as it sees them on
    roll, the cube as it was before its double. Bots without `accept_beaver` take."""
    answer = getattr(bot, "accept_beaver", None)
    return not callable(answer) or bool(answer(list(state), cube))
