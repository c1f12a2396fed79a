"""The seed's move notation (docs/notation.md): `from/to` pairs separated by spaces, one pair per die,
and the form players read (GNU Backgammon's), which the table, the hints and the analysis show.

25 is the bar and 0 is off. Pairs are never combined (`24/13` is not written), a move always goes from
a higher number to a lower one, and the empty string (or None) means "no legal move". Parsing is
tolerant of extra spaces and strict about everything else, because an unclear answer from a bot must
disqualify it with a message its author can act on.
"""

import re
from collections.abc import Iterable, Sequence

from game.core.errors import UserError
from game.core.text.i18n import N_, _
from game.tavla.engine.position import BAR, OFF

Move = tuple[int, int]
Play = tuple[Move, ...]

MAX_MOVES = 4
_MOVE = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")
# Translators: FROM/TO, 25 and 0 are the notation a bot or a player types; keep them as they are
_EXAMPLE = N_("write moves as FROM/TO separated by spaces, e.g. '24/18 13/11' (25 = bar, 0 = off)")


def parse_move(token: str) -> Move:
    """One `from/to` pair, checked for range and direction."""
    match = _MOVE.fullmatch(token)
    if not match:
        # Translators: {token} is what was typed, quoted; {example} is the sentence on how to write moves
        raise UserError(_("{token} is not a move: {example}").format(token=repr(token), example=_(_EXAMPLE)))
    return check_move((int(match.group(1)), int(match.group(2))), token)


def check_move(move: Move, label: str | None = None) -> Move:
    """Range and direction of a (from, to) pair: from 1-25, to 0-24, from above to."""
    if len(move) != 2 or not all(isinstance(n, int) and not isinstance(n, bool) for n in move):
        raise UserError(_("a move is two integers (from, to), not {move}").format(move=repr(move)))
    start, end = move
    text = label if label is not None else f"{start}/{end}"
    if not 1 <= start <= BAR:
        # Translators: {move} is the move as written, e.g. 26/20
        message = _("{move}: a move starts on a point 1-24 or on the bar (25), not {start}")
        raise UserError(message.format(move=text, start=start))
    if not OFF <= end <= 24:
        message = _("{move}: a move ends on a point 1-24 or off the board (0), not {end}")
        raise UserError(message.format(move=text, end=end))
    if end >= start:
        raise UserError(_("{move}: moves go from a higher number to a lower one").format(move=text))
    return start, end


def parse_play(text: str | None) -> Play:
    """The moves of a play in the order written; None, "" and blank text are the empty play."""
    if text is None:
        return ()
    if not isinstance(text, str):
        # Translators: {type} is a Python type name such as int or list
        message = _("a play must be text such as '24/18 13/11', not {type}")
        raise UserError(message.format(type=type(text).__name__))
    tokens = text.split()
    if len(tokens) > MAX_MOVES:
        message = _("a play has at most 4 moves (doubles), got {count}: {play}")
        raise UserError(message.format(count=len(tokens), play=repr(text.strip())))
    try:
        return tuple(_READ_MOVES[token] for token in tokens)
    except KeyError:
        return tuple(parse_move(token) for token in tokens)


# Every well-formed move as its canonical text, read once: a bot's answer is mostly these tokens, and a
# lookup is a tenth of the regular expression and the checks (anything else takes parse_move's way).
_READ_MOVES: dict[str, Move] = {
    f"{start}/{end}": (start, end) for start in range(1, BAR + 1) for end in range(OFF, start)
}


def format_move(move: Move) -> str:
    """`from/to`, numbers only, as the seed writes it."""
    return f"{move[0]}/{move[1]}"


def format_play(play: Iterable[Move] | None) -> str:
    """The play in canonical order: highest `from` first, ties by highest `to`; "" for no move."""
    if not play:
        return ""
    return " ".join(f"{start}/{end}" for start, end in sorted(play, reverse=True))


def format_play_hits(state: Sequence[int], play: Iterable[Move] | None) -> str:
    """The play from `state` (the mover's side) in canonical order, a `*` after each move that hits a
    blot, as GNU Backgammon writes it (`13/7* 6/5`): the record shows what was hit, not only where."""
    if not play:
        return ""
    opponent = {point: -count for point, count in enumerate(state[1:BAR], start=1) if count < 0}
    words = []
    for start, end in sorted(play, reverse=True):
        hit = end != OFF and opponent.get(end) == 1
        if hit:
            opponent[end] = 0
        words.append(f"{start}/{end}{'*' if hit else ''}")
    return " ".join(words)


def display_play(state: Sequence[int], play: Iterable[Move] | None) -> str:
    """The play from `state` (the mover's side) as GNU Backgammon writes it for players: the moves of one
    checker joined (`24/18 18/16` is `24/16`), a `*` on each point where it hits (`24/18*/16`), the bar
    and off by name (`bar/20`, `6/off`), repeated moves counted (`13/11(2) 6/4(2)`); "" for no move.

    The per-die form (`format_play`) stays where it is a contract: `.mat` files, the bot protocol and
    the `moves` and `bot` commands.
    """
    if not play:
        return ""
    opponent = {point: -count for point, count in enumerate(state[1:BAR], start=1) if count < 0}
    paths: list[tuple[int, list[tuple[int, bool]]]] = []  # a checker's start, then (point, hit) per die
    for start, end in sorted(play, reverse=True):
        hit = end != OFF and opponent.get(end) == 1
        if hit:
            opponent[end] = 0
        paths.append((start, [(end, hit)]))
    joined = True
    while joined:  # a move that starts where another ends goes on with the same checker
        joined = False
        for first, (_start, steps) in enumerate(paths):
            end = steps[-1][0]
            after = next((i for i, path in enumerate(paths) if i != first and path[0] == end), None)
            if after is not None:
                steps.extend(paths.pop(after)[1])
                joined = True
                break
    counted: dict[tuple[int, tuple[int, ...]], tuple[int, list[bool]]] = {}
    for start, steps in paths:  # identical moves once, counted; a hit by any of them is shown
        key = (start, tuple(point for point, _ in steps))
        count, hits = counted.get(key, (0, [False] * len(steps)))
        counted[key] = (count + 1, [had or hit for had, (_, hit) in zip(hits, steps, strict=True)])
    words = []
    for (start, points), (count, hits) in counted.items():
        shown = "".join(
            f"/{_point_name(point)}{'*' if hit else ''}"
            for index, (point, hit) in enumerate(zip(points, hits, strict=True))
            if hit or index == len(points) - 1
        )
        words.append(f"{_point_name(start)}{shown}{f'({count})' if count > 1 else ''}")
    return " ".join(words)


def display_dice(die1: int, die2: int) -> str:
    """A roll as players write it, the higher die first: `41`, `66`."""
    return f"{max(die1, die2)}{min(die1, die2)}"


def _point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)
