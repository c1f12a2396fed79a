"""GNU Backgammon's Match ID: the 12 characters that, with the Position ID (position.py `position_id`),
let a player paste a moment of a match into gnubg (`set gnubgid POSITION:MATCH`, or the Edit menu).

The ID is 66 bits, lowest first (gnubg's matchid.c, documented in its manual, "Match ID"), base64 of
9 bytes, little-endian: the cube's value as a power of two (4 bits), its owner (2: player 0, player 1,
or 3 for the centre), the player on roll (1), the Crawford game (1), the game's state (3: 1 while it is
played), the player to decide (1: the one on roll, or the one who must answer a double or an offer
to resign), a double offered (1), a resignation offered (2: its level, 0 for none), the two dice (3
each, 0 before the roll), the match length (15, 0 for money play), each player's score (15 each), and
one more bit that gnubg 1.x sets unless the Jacoby rule is in force (so always in the IDs it writes of
a match; checked against gnubg's own IDs). Player 0 is the first player of the record (the left column
of a `.mat` file), as gnubg reads one.

An ID read and written again is the text it was: the dice keep their order (gnubg writes them as
rolled) and the Jacoby bit its value, even in a match where it means nothing (other programs leave it
clear there: `...AAAA` is not rewritten as gnubg's `...AAAE`).
"""

import base64
from dataclasses import dataclass
from typing import NoReturn

from game.core.errors import UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import in_quotes
from game.tavla.engine.match import Match
from game.tavla.engine.rules import MAX_CUBE_MATCH

PLAYING = 1
CENTRE = 3


@dataclass(frozen=True)
class MatchMoment:
    """What a Match ID holds, seats as the record numbers them: `dice` None before the roll, `owner`
    None for the cube in the centre, `doubled` while a double waits for its answer and `resigned` the
    level of an offer to resign that waits (0: none; then `deciding` is the player who answers);
    `jacoby` the Jacoby rule of money play (in a match, only the ID's bit, kept so that the ID reads
    back as it was written; nothing plays by it there); `beavered` a beaver waits for the doubler's
    answer (the cube, at twice its double, with the player who beavered: gnubg's state after its
    `redouble`)."""

    length: int
    score: tuple[int, int]
    on_roll: int
    cube: int = 1
    owner: int | None = None
    crawford: bool = False
    dice: tuple[int, int] | None = None
    doubled: bool = False
    jacoby: bool = False
    resigned: int = 0
    beavered: bool = False

    @property
    def deciding(self) -> int:
        waits = (self.doubled and not self.beavered) or self.resigned
        return 1 - self.on_roll if waits else self.on_roll


def match_id(moment: MatchMoment) -> str:
    """The moment's Match ID, as gnubg writes it: the dice in the moment's order, the Jacoby bit clear
    only where the moment says so."""
    first, second = moment.dice or (0, 0)
    fields = [  # (value, bits), from the lowest bit
        (moment.cube.bit_length() - 1, 4),
        (CENTRE if moment.owner is None else moment.owner, 2),
        (moment.on_roll, 1),
        (int(moment.crawford), 1),
        (PLAYING, 3),
        (moment.deciding, 1),
        (int(moment.doubled), 1),
        (moment.resigned, 2),
        (first, 3),
        (second, 3),
        (moment.length, 15),
        (moment.score[0], 15),
        (moment.score[1], 15),
        (int(not moment.jacoby), 1),
    ]
    bits = width = 0
    for value, size in fields:
        bits |= value << width
        width += size
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def match_moment(match: Match) -> MatchMoment:
    """The moment the match's current game stands at, as its Match ID holds it: the score before that
    game, the cube, the player on roll (the doubler while a double waits, the offerer while an offer to
    resign waits) and the dice rolled, if any (the higher die first, as players write a roll)."""
    game = match.current
    if game is None:
        return MatchMoment(match.length, (0, 0), 0)
    scores = list(match.scores)
    if game.result is not None:
        scores[game.result.winner] -= game.result.points
    terms = game.terms
    offer = game.resign_offer
    return MatchMoment(
        match.length,
        (scores[0], scores[1]),
        game.turn or 0,
        game.cube_value,
        game.cube_owner,
        terms is not None and terms.crawford,
        None if game.dice is None else (max(game.dice), min(game.dice)),
        game.offered_by is not None,
        terms is not None and terms.jacoby,
        0 if offer is None else int(offer.level),
        game.beavered,
    )


_MATCH_ID_CHARS = 12
_FIELDS = (  # the Match ID's fields from the lowest bit, with their widths (gnubg's matchid.c)
    ("cube", 4),
    ("owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die1", 3),
    ("die2", 3),
    ("length", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),
)
MOST_CUBE_POWER = 6  # the cube goes to 64 = 2**6 (game/tavla/engine/cube.py MAX_CUBE)
_STATES = {  # what a Match ID's game state (3 bits) says, besides 1: a game in play
    # Translators: the state of a game in a GNU Backgammon Match ID: no game has started
    0: N_("not started"),
    # Translators: the state of a game in a GNU Backgammon Match ID: the game has ended
    2: N_("over"),
    # Translators: the state of a game in a GNU Backgammon Match ID: a player resigned
    3: N_("resigned"),
    # Translators: the state of a game in a GNU Backgammon Match ID: a double was passed
    4: N_("ended by a pass"),
}


def read_match_id(text: str) -> MatchMoment:
    """The moment a GNU Backgammon Match ID holds, every field read and checked; a UserError names the
    field that is wrong and what it may be (the inverse of `match_id` for every moment it writes)."""
    cleaned = text.strip() if isinstance(text, str) else ""
    try:
        if len(cleaned) != _MATCH_ID_CHARS:
            raise ValueError
        raw = base64.b64decode(cleaned, validate=True)
    except ValueError:
        message = _("not a GNU Backgammon Match ID (12 base64 characters): {text}")
        shown = text if isinstance(text, str) else repr(text)
        raise UserError(message.format(text=in_quotes(shown))) from None
    bits = int.from_bytes(raw, "little")
    field: dict[str, int] = {}
    for name, width in _FIELDS:
        field[name] = bits & ((1 << width) - 1)
        bits >>= width
    return _checked_moment(field, cleaned)


def _checked_moment(field: dict[str, int], shown: str) -> MatchMoment:
    def refuse(message: str, **values: object) -> NoReturn:
        # Translators: {id} is the Match ID given; {problem} says which field is wrong and what it may be
        raise UserError(_("Match ID {id}: {problem}").format(id=shown, problem=message.format(**values)))

    if field["cube"] > MOST_CUBE_POWER:
        power = field["cube"]
        refuse(_("the cube is 2 to the power {power}; it goes from 1 to 64 (power 0 to 6)"), power=power)
    if field["owner"] == 2:
        refuse(_("the cube's owner is 2; it is 0 or 1 for a player, 3 for the centre"))
    cube, owner = 1 << field["cube"], None if field["owner"] == CENTRE else field["owner"]
    if (cube == 1) != (owner is None):
        refuse(
            _("the cube stands in the centre at 1 and with a player above 1, not {where} at {cube}"),
            where=_("in the centre") if owner is None else _("with player {seat}").format(seat=owner),
            cube=cube,
        )
    if field["state"] != PLAYING:
        number = field["state"]
        state = f"{number} ({_(_STATES[number])})" if number in _STATES else str(number)
        refuse(_("the game's state is {state}; only a game in play (1) is a position"), state=state)
    dice = (field["die1"], field["die2"])
    if dice != (0, 0) and not all(1 <= die <= 6 for die in dice):
        shown_dice = f"{dice[0]} {dice[1]}"
        refuse(_("the dice are {dice}; 0 and 0 before the roll, else each 1 to 6"), dice=shown_dice)
    doubled, resigned, on_roll = bool(field["doubled"]), field["resigned"], field["on_roll"]
    if doubled and (resigned or dice != (0, 0)):
        refuse(_("a double is offered before the roll, with no resignation pending"))
    length = field["length"]
    beavered = doubled and not length and owner == 1 - on_roll and field["turn"] == on_roll
    turn = 1 - on_roll if (doubled and not beavered) or resigned else on_roll
    if field["turn"] != turn:
        message = _("player {turn} is to decide, but player {seat} is on roll and nothing waits an answer")
        refuse(message, turn=field["turn"], seat=on_roll)
    if length > MAX_CUBE_MATCH:
        refuse(
            _("the match length is {length}; 0 for money play, else 1 to {most}"),
            length=length,
            most=MAX_CUBE_MATCH,
        )
    score = (field["score0"], field["score1"])
    if length and not all(points < length for points in score):
        refuse(
            _("the score is {score} in a match to {length}; each is below the length"),
            score=f"{score[0]}-{score[1]}",
            length=length,
        )
    crawford = bool(field["crawford"])
    if crawford and not length:
        refuse(_("money play (match length 0) has no Crawford game"))
    if crawford and length - 1 not in score:
        refuse(
            _("the Crawford game is played when a player needs one point, not at {score} to {length}"),
            score=f"{score[0]}-{score[1]}",
            length=length,
        )
    if crawford and cube > 1:
        refuse(_("the Crawford game is played with the cube at 1 in the centre, not at {cube}"), cube=cube)
    if doubled and not beavered and (crawford or owner == 1 - on_roll or field["cube"] == MOST_CUBE_POWER):
        message = _("player {seat} doubles but may not (the Crawford game, the opponent's cube, or at 64)")
        refuse(message, seat=on_roll)
    return MatchMoment(
        length,
        score,
        on_roll,
        cube,
        owner,
        crawford,
        dice if dice != (0, 0) else None,
        doubled,
        not field["no_jacoby"],
        resigned,
        beavered,
    )
