"""UBGI v0.2's wire format, both ways: what our engine reads and writes (serve/ubgi.py) and what
the `ubgi:` wrapper sends to another engine and reads back (players/ubgi_bot.py). docs/engines.md is the
contract for engine authors; the protocol is docs/ubgi-v0.2-spec.md of github.com/bungogood/bgci.

A move payload is `from/to` tokens separated by spaces, `bar` for the bar and `off` for bearing off,
`pass` when no checker can move (`bestmove 24/18 13/12`, `bestmove bar/22 6/off`). We write one token per
die, as the seed's notation does (`25/22 6/0` there). We read what engines write besides: a `*` after a
hit, a count (`13/11(2)`), one checker's moves joined (`24/18/13`, `24/13`), in any case; a joined move
whose landing points are not written is resolved against the legal plays (`resolve_play`).

The cube travels in GNU Backgammon's Match ID after the Position ID (`position gnubgid POS:MATCH`):
seat 1 (gnubg's X, the bottom player) is the engine asked, seat 0 its opponent. Before a roll the
player on roll is asked; while a double waits the Position ID is the doubler's side (as gnubg writes
it) and the engine answers for the taker.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.match_id import MatchMoment, match_id
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import BAR, OFF, OPP_BAR, flip, position_id
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import BOTTOM, TOP

PROTOCOL = "0.2"
BAD_COMMAND, BAD_VALUE, BAD_STATE, UNSUPPORTED = "bad_command", "bad_value", "bad_state", "unsupported"
ERROR_CODES = (BAD_COMMAND, BAD_VALUE, BAD_STATE, UNSUPPORTED)
PASS = "pass"
DOUBLE, NO_DOUBLE, TAKE = "double", "nodouble", "take"
PASS_ANSWERS = ("pass", "drop")  # `drop` is gnubg's word for a pass
GO_KINDS = ("chequer", "cube", "turn")
# Variant names: ours, and the UBGI names of the games we do not play (refused as unsupported).
VARIANTS = {"tavla": Rules.TAVLA, "backgammon": Rules.STANDARD}
OTHER_VARIANTS = ("nackgammon", "hypergammon", "hypergammon2", "hypergammon4", "hypergammon5", "longgammon")

_TOKEN = re.compile(r"(bar|[0-9]{1,2})((?:/(?:off|[0-9]{1,2})\*?)+)(?:\(([1-4])\))?")
_STEP = re.compile(r"/(off|[0-9]{1,2})\*?")


def variant_name(rules: Rules) -> str:
    """The `game.variant` value of a rule set."""
    return next(name for name, value in VARIANTS.items() if value is rules)


def payload(play: str | None) -> str:
    """A play in the seed's notation (`25/22 6/0`, "" for none) as a `bestmove` payload (`bar/22 6/off`)."""
    if not play:
        return PASS
    words = []
    for move in play.split():
        start, end = move.split("/")
        words.append(f"{'bar' if int(start) == BAR else start}/{'off' if int(end) == OFF else end}")
    return " ".join(words)


def moves_of(text: str) -> list[tuple[int, int]] | None:
    """The moves a payload writes, one (from, to) per step a checker takes as written (a count repeats
    them, `*` is dropped); [] for `pass`; None when it is not a payload at all."""
    words = text.lower().split()
    if words == [PASS]:
        return []
    moves: list[tuple[int, int]] = []
    for word in words:
        found = _TOKEN.fullmatch(word)
        if found is None:
            return None
        points = [_point(found.group(1))] + [_point(step) for step in _STEP.findall(found.group(2))]
        steps = list(itertools.pairwise(points))
        moves += steps * int(found.group(3) or 1)
    return moves


def resolve_play(state: Sequence[int], die1: int, die2: int, text: str, rules: Rules) -> str:
    """The seed's notation of an engine's `bestmove` payload. Moves one die each are passed on as they
    are (the referee judges them); a joined move (`24/13`) is matched with the legal play that reaches
    the same position. What cannot be read is returned as it was written, for the referee to refuse."""
    moves = moves_of(text)
    if moves is None:
        return text
    dice = {die1, die2}
    if all(start - end in dice or (end == OFF and start - end < max(dice)) for start, end in moves):
        return " ".join(f"{start}/{end}" for start, end in moves)
    reached = _walked(state, moves)
    for play, after in legal_results(tuple(state), die1, die2, rules):
        if after == reached:
            return format_play(play)
    return " ".join(f"{start}/{end}" for start, end in moves)


def _walked(state: Sequence[int], moves: Sequence[tuple[int, int]]) -> tuple[int, ...] | None:
    """The position after moving one checker per move as written (a blot where one lands is hit)."""
    board = list(state)
    for start, end in moves:
        if not 1 <= start <= BAR or not OFF <= end < start or board[start] <= 0:
            return None
        board[start] -= 1
        if end != OFF and board[end] == -1:
            board[end], board[OPP_BAR] = 0, board[OPP_BAR] + 1
        board[end] += 1
    return tuple(board)


def _point(word: str) -> int:
    return BAR if word == "bar" else OFF if word == "off" else int(word)


def moment_for(cube: Cube | None, doubled: bool = False) -> MatchMoment:
    """The Match ID's moment of a cube question asked of seat 1 (BOTTOM). `cube` is seen by that seat:
    before its roll when it may double, or as the taker (`doubled`), the opponent on roll."""
    cube = cube if cube is not None else Cube()
    on_roll = TOP if doubled else BOTTOM
    owner = {CubeOwner.CENTRE: None, CubeOwner.ME: BOTTOM, CubeOwner.OPPONENT: TOP}[cube.owner]
    score = cube.score
    length, points = (0, (0, 0)) if score is None else (score.length, (score.theirs, score.mine))
    crawford = score is not None and score.crawford
    return MatchMoment(length, points, on_roll, cube.value, owner, crawford, None, doubled, cube.jacoby)


def position_line(state: Sequence[int], cube: Cube | None = None, doubled: bool = False) -> str:
    """`position gnubgid ...` for a decision of the engine asked: its checker play (no cube: the Position
    ID alone), its double (`cube`), or its answer to a double (`doubled`: `state` and `cube` seen by the
    taker; the Position ID is written from the doubler's side, as gnubg writes it)."""
    if cube is None:
        return f"position gnubgid {position_id(state)}"
    board = flip(state) if doubled else state
    return f"position gnubgid {position_id(board)}:{match_id(moment_for(cube, doubled))}"


def cube_of(moment: MatchMoment) -> Cube:
    """The cube of a Match ID's moment as the player on roll sees it (the doubler, while a double waits)."""
    on_roll = moment.on_roll
    owner = CubeOwner.CENTRE
    if moment.owner is not None:
        owner = CubeOwner.ME if moment.owner == on_roll else CubeOwner.OPPONENT
    score = None
    if moment.length:
        mine, theirs = moment.score[on_roll], moment.score[1 - on_roll]
        score = MatchScore(moment.length, mine, theirs, moment.crawford)
    return Cube(moment.cube, owner, score, moment.jacoby and not moment.length)
