"""eXtreme Gammon's position ID, the XGID, both ways: `read_xgid` and `write_xgid`.

An XGID is ten fields separated by colons after `XGID=` (GNU Backgammon reads it with `set xgid`):

    XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10

1. the board, 26 characters: the top player's bar, the points 1 to 24 as the bottom player numbers
   them, the bottom player's bar; `-` for none, `A`-`O` for 1-15 of the bottom player's checkers,
   `a`-`o` for the top player's; checkers not on the board are borne off;
2. the cube as a power of two (0: the cube at 1);
3. where the cube is: 0 in the centre, 1 with the bottom player, -1 with the top player;
4. the player on roll: 1 the bottom player, -1 the top player;
5. the dice: `00` before the roll (to roll or double), `D` when the player on roll has doubled and the
   other must take or pass (GNU Backgammon reads it so), or the two dice, such as `52`;
6. and 7. the bottom player's score, then the top player's;
8. in a match 1 for the Crawford game, else 0; in money play the Jacoby rule (1) plus beavers (2);
9. the match length, 0 for money play;
10. the largest cube, as a power of two (XG writes 10; GNU Backgammon ignores it).

The players are engine/study_position.py's: the bottom player is gnubg's player 1 (X), the top player 0 (O).
An XGID cannot say that a resignation is offered; one waiting is left out when an XGID is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes
from game.tavla.engine.match_id import MOST_CUBE_POWER, MatchMoment
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPP_BAR, OPP_OFF, flip, parse_integer
from game.tavla.engine.rules import MAX_CUBE_MATCH
from game.tavla.engine.study_position import BOTTOM, TOP, Setup

PREFIX = "XGID="
FIELDS = 10
BOARD_CHARS = 26
MOST_SCORE = 2**15 - 1  # what a Match ID holds, for the points won in a money session
MOST_MAX_CUBE = 15
_EMPTY = "-"
_Refuse = Callable[..., NoReturn]  # says which field is wrong, and raises


def write_xgid(setup: Setup) -> str:
    """The XGID of `setup` (with `XGID=`)."""
    moment = setup.moment
    board = setup.state if moment.on_roll == BOTTOM else flip(setup.state)  # the bottom player's view
    chars = [_char(-board[OPP_BAR])]
    chars.extend(_char(board[point]) for point in range(1, 25))
    chars.append(_char(board[BAR]))
    owner = 0 if moment.owner is None else (1 if moment.owner == BOTTOM else -1)
    dice = "D" if moment.doubled else "00" if moment.dice is None else f"{moment.dice[0]}{moment.dice[1]}"
    rules = int(moment.crawford) if moment.length else int(moment.jacoby) + 2 * int(setup.beavers)
    fields = [
        "".join(chars),
        str(moment.cube.bit_length() - 1),
        str(owner),
        "1" if moment.on_roll == BOTTOM else "-1",
        dice,
        str(moment.score[BOTTOM]),
        str(moment.score[TOP]),
        str(rules),
        str(moment.length),
        str(setup.max_cube),
    ]
    return PREFIX + ":".join(fields)


def _char(count: int) -> str:
    """A point's letter: capitals for the bottom player's checkers (positive), small for the top's."""
    if count > 0:
        return chr(ord("A") + count - 1)
    if count < 0:
        return chr(ord("a") - count - 1)
    return _EMPTY


def read_xgid(text: str) -> Setup:
    """The setup an XGID holds, `XGID=` optional; a UserError names the field that is wrong and what it
    may be."""
    shown = in_quotes(text) if isinstance(text, str) else repr(text)
    cleaned = text.strip() if isinstance(text, str) else ""
    if cleaned[: len(PREFIX)].upper() == PREFIX:
        cleaned = cleaned[len(PREFIX) :]
    fields = cleaned.split(":")
    if len(fields) != FIELDS:
        # Translators: {text} is the XGID given, quoted; {count} how many fields it has
        message = _("not an XGID: {text} has {count} fields separated by ':', an XGID has 10")
        raise UserError(message.format(text=shown, count=len(fields)))

    def refuse(problem: str, **values: object) -> NoReturn:
        # Translators: {id} is the XGID given, quoted; {problem} names the wrong field and what it may be
        raise UserError(_("XGID {id}: {problem}").format(id=shown, problem=problem.format(**values)))

    def number(index: int, name: str, low: int, high: int, allowed: str) -> int:
        value = parse_integer(fields[index])
        if value is None or not low <= value <= high:
            # Translators: {field} names an XGID field (e.g. "the cube"); {value} is what it holds, quoted;
            # {allowed} says what it may be
            refuse(
                _("{field} is {value}; {allowed}"),
                field=name,
                value=in_quotes(fields[index]),
                allowed=allowed,
            )
        return value

    board = _board(fields[0], refuse)
    power = number(
        1, _("the cube (field 2)"), 0, MOST_CUBE_POWER, _("a power of two from 0 to 6 (the cube 1 to 64)")
    )
    where = number(
        2,
        _("the cube's place (field 3)"),
        -1,
        1,
        _("0 in the centre, 1 with the bottom player, -1 with the top player"),
    )
    if (power == 0) != (where == 0):
        refuse(_("the cube stands in the centre at 1 (fields 2 and 3 both 0) and with a player above 1"))
    owner = None if where == 0 else (BOTTOM if where == 1 else TOP)
    turn = parse_integer(fields[3])
    if turn not in (1, -1):
        refuse(
            _("the player on roll (field 4) is {value}; 1 for the bottom player, -1 for the top player"),
            value=in_quotes(fields[3]),
        )
    on_roll = BOTTOM if turn == 1 else TOP
    doubled, dice = _dice(fields[4], refuse)
    length = number(
        8,
        _("the match length (field 9)"),
        0,
        MAX_CUBE_MATCH,
        _("0 for money play, else 1 to {most}").format(most=MAX_CUBE_MATCH),
    )
    most = length - 1 if length else MOST_SCORE
    allowed = _("a whole number from 0 to {most}").format(most=most)
    bottom = number(5, _("the bottom player's score (field 6)"), 0, most, allowed)
    top = number(6, _("the top player's score (field 7)"), 0, most, allowed)
    if length:
        rules = number(7, _("the Crawford field (field 8)"), 0, 1, _("1 for the Crawford game, else 0"))
        if rules and length - 1 not in (bottom, top):
            refuse(_("the Crawford game (field 8) is played when a player needs one point"))
    else:
        rules = number(
            7,
            _("the rules field (field 8)"),
            0,
            3,
            _("in money play 0 to 3: the Jacoby rule 1, plus 2 with beavers"),
        )
    max_cube = number(
        9,
        _("the largest cube (field 10)"),
        0,
        MOST_MAX_CUBE,
        _("a power of two from 0 to {most}").format(most=MOST_MAX_CUBE),
    )
    crawford = bool(length and rules)
    cube = 1 << power
    if crawford and cube > 1:
        refuse(
            _("the Crawford game (field 8) is played with the cube at 1 in the centre, not at {cube}"),
            cube=cube,
        )
    if doubled and (crawford or owner == 1 - on_roll or power == MOST_CUBE_POWER):
        refuse(
            _(
                "the player on roll doubles (field 5, D) but may not: the Crawford game, the cube "
                "is the opponent's or at 64"
            )
        )
    score = (top, bottom)  # by player number: TOP is 0, BOTTOM 1
    moment = MatchMoment(
        length, score, on_roll, cube, owner, crawford, dice, doubled, not length and bool(rules & 1)
    )
    state = board if on_roll == BOTTOM else flip(board)
    return Setup(state, moment, max_cube, not length and bool(rules & 2))


def _board(text: str, refuse: _Refuse) -> tuple[int, ...]:
    """The 28-integer state of an XGID's board, seen by the bottom player."""
    if len(text) != BOARD_CHARS:
        refuse(
            _("the board (field 1) has {count} characters; it has 26: the two bars and 24 points"),
            count=len(text),
        )
    board = [0] * 28
    for index, char in enumerate(text):
        bottom = "A" <= char <= "O" and index != 0
        top = "a" <= char <= "o" and index != BOARD_CHARS - 1
        if not (char == _EMPTY or bottom or top):
            refuse(
                _(
                    "character {index} of the board is {char}; '-' for none, A to O for the bottom "
                    "player's checkers, a to o for the top player's (only a to o on the first, the top "
                    "player's bar, only A to O on the last, the bottom player's bar)"
                ),
                index=index + 1,
                char=in_quotes(char),
            )
        count = 0 if char == _EMPTY else ord(char.upper()) - ord("A") + 1
        if index == 0:
            board[OPP_BAR] = count
        elif index == BOARD_CHARS - 1:
            board[BAR] = count
        else:
            board[index] = count if bottom else -count
    own = board[BAR] + sum(count for count in board[1:25] if count > 0)
    other = board[OPP_BAR] - sum(count for count in board[1:25] if count < 0)
    for name, count in ((_("the bottom player"), own), (_("the top player"), other)):
        if count > CHECKERS:
            refuse(
                _("{player} has {count} checkers on the board (field 1); 15 at most"),
                player=name,
                count=count,
            )
    board[OFF], board[OPP_OFF] = CHECKERS - own, CHECKERS - other
    if board[OFF] == CHECKERS and board[OPP_OFF] == CHECKERS:
        refuse(_("the board (field 1) has no checkers"))
    return tuple(board)


def _dice(text: str, refuse: _Refuse) -> tuple[bool, tuple[int, int] | None]:
    """(a double offered, the dice or None) of an XGID's dice field."""
    if text == "D":
        return True, None
    if text == "00":
        return False, None
    if len(text) == 2 and all(char in "123456" for char in text):
        return False, (int(text[0]), int(text[1]))
    refuse(
        _(
            "the dice (field 5) are {value}; 00 before the roll, D when a double is offered, or two "
            "dice 1 to 6 such as 52"
        ),
        value=in_quotes(text),
    )
