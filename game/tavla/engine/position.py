"""The backgammon position: the seed's 28-integer state, its validation, flipping, pips and gnubg IDs.

The state is always seen from the player on roll (docs/position.md):
index 0 = this player's checkers borne off, 1..24 = points (positive = this player's, negative = the
opponent's), 25 = this player's bar, 26 = the opponent's bar, 27 = the opponent's checkers borne off.
Those indices' names (OFF, BAR, OPP_BAR, OPP_OFF) and CHECKERS are defined here, for the whole engine.

That layout is also the engine's internal representation, as a tuple (immutable, hashable, cheap to
copy): the bar sits at index 25 and "off" at index 0, so a move from point p with die d lands on index
p - d (clamped at 0) with no translation, and the seed's from/to notation is the index arithmetic.
"""

import base64
import re
from collections.abc import Iterable, Sequence

from game.core.errors import UserError
from game.core.text.i18n import N_, _

State = tuple[int, ...]

STATE_SIZE = 28
CHECKERS = 15
OFF, BAR, OPP_BAR, OPP_OFF = 0, 25, 26, 27  # the mover's borne off and bar, the opponent's bar and off
HOME_POINTS = range(1, 7)
OPENING: State = (0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0, 0, 0)

_ID_BYTES = 10
_ID_CHARS = 14
_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")  # ASCII digits only: int() also reads '٣' and '３', and '1_0'
# Translators: {opening} is the 28 numbers of the starting position
_STATE_HELP = N_("a state is 28 integers, e.g. the opening: {opening}")
_NEGATIVE = {
    OFF: N_("your checkers borne off (state[0]) cannot be negative, got {value}"),
    BAR: N_("your checkers on the bar (state[25]) cannot be negative, got {value}"),
    OPP_BAR: N_("the opponent's checkers on the bar (state[26]) cannot be negative, got {value}"),
    OPP_OFF: N_("the opponent's checkers borne off (state[27]) cannot be negative, got {value}"),
}


def _state_help() -> str:
    return _(_STATE_HELP).format(opening=" ".join(map(str, OPENING)))


def parse_state(text: str) -> State:
    """Read a state typed on a command line or sent by a bot: 28 integers separated by spaces or commas.

    Surrounding brackets are allowed because the seed page prints states as `[0 -2 0 ...]`.
    """
    return validate_state(parse_integers(text))


def parse_integers(text: str) -> list[int]:
    """The integers of a position typed or sent as text (spaces or commas, brackets allowed), not yet
    checked as a position: a game's `validate` does that (backgammon's 28, Plakoto's 52)."""
    if not isinstance(text, str):
        # Translators: {type} is a Python type name such as int or list
        message = _("the state must be text of 28 integers, not {type}")
        raise UserError(message.format(type=type(text).__name__))
    cleaned = text.strip()
    if cleaned.startswith("[") and cleaned.endswith("]"):
        cleaned = cleaned[1:-1]
    tokens = cleaned.replace(",", " ").split()
    values = []
    for index, token in enumerate(tokens):
        if not _INTEGER.fullmatch(token):
            # Translators: {help} is the sentence "a state is 28 integers, e.g. the opening: ..."
            message = _("state item {index} is not an integer: {token}; {help}")
            raise UserError(message.format(index=index, token=repr(token[:20]), help=_state_help()))
        values.append(int(token))
    return values


def parse_integer(text: str) -> int | None:
    """An integer of at most 9 ASCII digits with an optional sign; None for anything else."""
    return int(text) if isinstance(text, str) and _INTEGER.fullmatch(text) else None


def validate_state(values: Iterable[int]) -> State:
    """Check that `values` is a possible position and return it as a state tuple.

    Every message names the problem, because a bot author or a command-line user has to fix it by hand.
    """
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        # Translators: {type} is a Python type name such as int or str
        message = _("the state must be a sequence of 28 integers, not {type}")
        raise UserError(message.format(type=type(values).__name__))
    values = list(values)
    if len(values) != STATE_SIZE:
        # Translators: {help} is the sentence "a state is 28 integers, e.g. the opening: ..."
        message = _("the state must have 28 integers, got {count}; {help}")
        raise UserError(message.format(count=len(values), help=_state_help()))
    for index, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise UserError(
                _("state item {index} is not an integer: {value}").format(index=index, value=repr(value))
            )
    for index, message in _NEGATIVE.items():
        if values[index] < 0:
            raise UserError(_(message).format(value=values[index]))
    own = values[OFF] + values[BAR] + sum(v for v in values[1:25] if v > 0)
    opp = values[OPP_OFF] + values[OPP_BAR] - sum(v for v in values[1:25] if v < 0)
    if own != CHECKERS:
        message = _("you must have 15 checkers (on points, on the bar and borne off), got {count}")
        raise UserError(message.format(count=own))
    if opp != CHECKERS:
        message = _("the opponent must have 15 checkers (on points, on the bar and borne off), got {count}")
        raise UserError(message.format(count=opp))
    if all_borne_off(values) and values[OPP_OFF] == CHECKERS:
        # Translators: a position where both sides have borne off all 15 checkers cannot happen
        raise UserError(_("both sides have borne off all 15 checkers: no game ends that way"))
    return tuple(values)


class GameOver(UserError):
    """A decision was asked of a finished position (check_game_on)."""


def check_game_on(state: Sequence[int]) -> None:
    """The one rule for a finished position: a side that has borne off all 15 checkers has won, so the
    position asks no decision. Where one is asked of it (`rollout`, `tempmap`, the `ubgi` engine's `go`,
    the `external` player's board), GameOver saying why; `position` only shows it, and says so."""
    if state[OFF] == CHECKERS or state[OPP_OFF] == CHECKERS:
        # Translators: a decision (a play, a rollout, a temperature map) was asked of a finished position;
        # {side} is "the player on roll" or "the opponent"
        message = _("the game is over: {side} has borne off all 15 checkers, so there is no decision to make")
        # Translators: the side that has won, in "the game is over: {side} has borne off all 15 checkers"
        side = _("the player on roll") if state[OFF] == CHECKERS else _("the opponent")
        raise GameOver(message.format(side=side))


def all_borne_off(state: Sequence[int]) -> bool:
    """True when the player who has just moved has borne off all 15 checkers: that player has won."""
    return state[OFF] == CHECKERS


def format_state(state: Sequence[int]) -> str:
    """The state as the 28 space-separated integers that `parse_state` and the bot protocol read."""
    return " ".join(map(str, state))


def flip(state: Sequence[int]) -> State:
    """The same position seen by the other player: point p becomes 25 - p, colours and counts swap."""
    s = state
    return (
        s[OPP_OFF],
        -s[24],
        -s[23],
        -s[22],
        -s[21],
        -s[20],
        -s[19],
        -s[18],
        -s[17],
        -s[16],
        -s[15],
        -s[14],
        -s[13],
        -s[12],
        -s[11],
        -s[10],
        -s[9],
        -s[8],
        -s[7],
        -s[6],
        -s[5],
        -s[4],
        -s[3],
        -s[2],
        -s[1],
        s[OPP_BAR],
        s[BAR],
        s[OFF],
    )


def pip_counts(state: Sequence[int]) -> tuple[int, int]:
    """(player on roll, opponent) pips still to travel; a checker on the bar has 25 to go."""
    own = 25 * state[BAR]
    opp = 25 * state[OPP_BAR]
    for point in range(1, 25):
        n = state[point]
        if n > 0:
            own += n * point
        elif n < 0:
            opp -= n * (25 - point)
    return own, opp


def is_race(state: Sequence[int]) -> bool:
    """True when the two sides have passed each other, so no checker can ever be hit again."""
    if state[BAR] or state[OPP_BAR]:
        return False
    lowest_opponent = 0
    for point in range(1, 25):
        if state[point] < 0:
            lowest_opponent = point
            break
    if lowest_opponent == 0:
        return True
    return all(state[point] <= 0 for point in range(lowest_opponent + 1, 25))


def winner_gammon_level(state: Sequence[int]) -> int:
    """For a state whose player on roll has borne off all 15: 1 single, 2 mars/gammon, 3 backgammon.

    Backgammon: the loser has borne off nothing and still has a checker on the bar or in the winner's
    home (the loser's points 19-24, which are this player's points 1-6).
    """
    if state[OPP_OFF] > 0:
        return 1
    if state[OPP_BAR] > 0 or any(state[point] < 0 for point in HOME_POINTS):
        return 3
    return 2


def to_gnubg_board(state: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """GNU Backgammon's board: (opponent, player on roll), each 24 points from its owner's side + bar."""
    own = (*(max(state[point], 0) for point in range(1, 25)), state[BAR])
    opp = (*(max(-state[25 - point], 0) for point in range(1, 25)), state[OPP_BAR])
    return opp, own


def from_gnubg_board(board: Sequence[Sequence[int]]) -> State:
    """The state of a GNU Backgammon board (opponent, player on roll); borne-off counts are inferred."""
    opp, own = board
    points = [0] * 25
    for point in range(1, 25):
        points[point] = own[point - 1] - opp[24 - point]
    own_off = CHECKERS - sum(own)
    opp_off = CHECKERS - sum(opp)
    return validate_state([own_off, *points[1:], own[24], opp[24], opp_off])


def position_id(state: Sequence[int]) -> str:
    """GNU Backgammon's 14-character Position ID, so a position can be pasted into gnubg.

    The key lists, for the opponent and then the player on roll, each point 1..24 and the bar as one
    bit per checker followed by a 0 bit; the 80 bits are packed little-endian and base64-encoded.
    """
    bits = 0
    length = 0
    for side in to_gnubg_board(state):
        for count in side:
            bits |= ((1 << count) - 1) << length
            length += count + 1
    return base64.b64encode(bits.to_bytes(_ID_BYTES, "little")).decode("ascii")[:_ID_CHARS]


def state_from_position_id(text: str) -> State:
    """The state of a GNU Backgammon Position ID (the player on roll's view)."""
    cleaned = text.strip() if isinstance(text, str) else ""
    try:
        if len(cleaned) != _ID_CHARS:
            raise ValueError
        raw = base64.b64decode(cleaned + "==", validate=True)
    except ValueError:
        message = _("not a GNU Backgammon Position ID (14 base64 characters): {text}")
        raise UserError(message.format(text=repr(text))) from None
    # The bits lowest first, cut at each 0: the runs of 1s are the checkers of the 50 places (a UBGI
    # engine reads one ID a decision, so this is done with string operations, not bit by bit).
    runs = format(int.from_bytes(raw, "little"), f"0{_ID_BYTES * 8}b")[::-1].split("0")
    if len(runs) <= 50 or "1" in "".join(runs[50:]):
        message = _("Position ID {text} does not describe 25 points and a bar for each side")
        raise UserError(message.format(text=repr(text)))
    counts = [len(run) for run in runs[:50]]
    return from_gnubg_board((counts[:25], counts[25:]))
