"""GNU Backgammon's Match ID: the 12 characters that, with the Position ID (position.py `position_id`),
let a player paste a moment of a match into gnubg (`set gnubgid POSITION:MATCH`, or the Edit menu).

The ID is 66 bits, lowest first (gnubg's matchid.c, documented in its manual, "Match ID"), base64 of
9 bytes, little-endian: the cube's value as a power of two (4 bits), its owner (2: player 0, player 1,
or 3 for the centre), the player on roll (1), the Crawford game (1), the game's state (3: 1 while it is
played), the player to decide (1: the one on roll, or the one who must answer a double or an offer
to resign), a double offered (1), a resignation offered (2: its level, 0 for none), the two dice (3
each, 0 before the roll), the match length (15, 0 for money play), each player's score (15 each), and
one more bit that gnubg 1.x sets unless the Jacoby rule is in force (so always in a match; checked
against gnubg's own IDs). Player 0 is the first player of the record (the left column of a `.mat`
file), as gnubg reads one.
"""

import base64
from dataclasses import dataclass

from game.tavla.engine.match import Match

PLAYING = 1
CENTRE = 3


@dataclass(frozen=True)
class MatchMoment:
    """What a Match ID holds, seats as the record numbers them: `dice` None before the roll, `owner`
    None for the cube in the centre, `doubled` while a double waits for its answer and `resigned` the
    level of an offer to resign that waits (0: none; then `deciding` is the player who answers);
    `jacoby` the Jacoby rule of money play."""

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

    @property
    def deciding(self) -> int:
        return 1 - self.on_roll if self.doubled or self.resigned else self.on_roll


def match_id(moment: MatchMoment) -> str:
    """The moment's Match ID, as gnubg writes it (the higher die first, as players write a roll)."""
    high, low = (max(moment.dice), min(moment.dice)) if moment.dice else (0, 0)
    fields = [  # (value, bits), from the lowest bit
        (moment.cube.bit_length() - 1, 4),
        (CENTRE if moment.owner is None else moment.owner, 2),
        (moment.on_roll, 1),
        (int(moment.crawford), 1),
        (PLAYING, 3),
        (moment.deciding, 1),
        (int(moment.doubled), 1),
        (moment.resigned, 2),
        (high, 3),
        (low, 3),
        (moment.length, 15),
        (moment.score[0], 15),
        (moment.score[1], 15),
        (int(not (moment.jacoby and moment.length == 0)), 1),
    ]
    bits = width = 0
    for value, size in fields:
        bits |= value << width
        width += size
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def match_moment(match: Match) -> MatchMoment:
    """The moment the match's current game stands at, as its Match ID holds it: the score before that
    game, the cube, the player on roll (the doubler while a double waits, the offerer while an offer to
    resign waits) and the dice rolled, if any."""
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
        game.dice,
        game.offered_by is not None,
        terms is not None and terms.jacoby,
        0 if offer is None else int(offer.level),
    )
