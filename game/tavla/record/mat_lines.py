r"""The lines of a Jellyfish `.mat` file as every reader of them sees them, before any play is replayed:
the pattern of each kind of line (the match length, a game's title, our header and its tags, a numbered
line's cells), a score line split by hand, a cell's moves as a play, and `written_dice`, the rolls of a
file read from its cells alone (for `dice verify`, so that a roll changed by hand is still read).

Every pattern runs in time linear in the line: possessive blanks (`\s*+`) never give back what they took,
so no two of them can share out one run of blanks; the score line is split by hand (`score_line`).
"""

import io
import itertools
import re
from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes
from game.tavla.engine.notation import MAX_MOVES, Move, Play
from game.tavla.engine.position import BAR, OFF

MAT_DEFAULT_NAMES = ("Player 1", "Player 2")
PROGRAM = "Fifteen & Tavla"
RIGHT_COLUMN = 20  # a lone cell starting at or after this column is the second player's
LENGTH_LINE = re.compile(r"\s*+(\d{1,4})\s++point\s++match\s*+", re.IGNORECASE)
GAME_LINE = re.compile(r"\s*+Game\s++(\d{1,4})\s*+(\(.*\))?\s*+", re.IGNORECASE)
_SCORE_NUMBER = re.compile(r"\s*+(\d{1,4})")  # after a score line's colon
NUMBERED = re.compile(r"\s*+(\d{1,4})\)")
OUR_HEADER = re.compile(r"^;\s*+" + re.escape(PROGRAM) + r",\s*+(\w{1,20}) rules", re.MULTILINE)
OPTION_TAG = re.compile(r";\s*+\[(Jacoby|Beaver)\s++\"(On|Off)\"\]\s*+", re.IGNORECASE)
DICE_TAG = re.compile(r";\s*+\[(DiceCommitment|DiceSeed)\s++\"([0-9a-fA-F]{1,128})\"\]\s*+", re.IGNORECASE)
EVENT_DATE_TAG = re.compile(r";\s*+\[EventDate\s++\"(\d{4})\.(\d{2})\.(\d{2})\"\]\s*+", re.IGNORECASE)
_MOVE = r"(?:\d{1,2}|bar)\*?(?:/(?:\d{1,2}|off)\*?)++(?:\(\d\))?"
CELL_ITEM = re.compile(
    rf"(?P<roll>[1-6][1-6]):(?P<moves>(?:[ \t]++{_MOVE},?+)*+)(?:[ \t]++(?:Cannot\s++Move|\?{{3,4}}))?+"
    r"|Doubles\s*+=>\s*+(?P<double>\d{1,2})"
    r"|Beavers\s*+=>\s*+(?P<beaver>\d{1,2})"
    r"|(?P<take>Takes|Accepts)"
    r"|(?P<drop>Drops|Passes|Rejects|Refuses)"
    r"|Wins\s++(?P<wins>\d{1,4})\s++points?(?:\s++and\s++the\s++match)?"
    r"|(?P<losses>Losses\s++\d{1,4}\s++points?(?:\s++and\s++the\s++match)?)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class WrittenDice:
    """What a match file says of its dice: the commitment and the seed of its header (None where it has
    none), the rule set its header names (None: another program's file), and each game's rolls in order,
    each (its line, the seat of its column, the two dice as written)."""

    commitment: str | None
    seed: str | None
    rules: str | None
    games: list[list[tuple[int, int, tuple[int, int]]]]


def written_dice(text: str) -> WrittenDice:
    """The dice of a match file, read without replaying its plays, so that a roll changed by hand is
    read even where the play beside it no longer fits it; UserError names a line that cannot be read
    at all."""
    tags: dict[str, str] = {}
    games: list[list[tuple[int, int, tuple[int, int]]]] = []
    scored = False
    for number, line in enumerate(io.StringIO(text, newline=None), 1):
        line = line.removesuffix("\n")
        stripped = line.strip()
        if not games and (tag := DICE_TAG.fullmatch(stripped)) is not None:
            tags[tag.group(1).lower()] = tag.group(2).lower()
            continue
        if not stripped or stripped.startswith(";") or LENGTH_LINE.fullmatch(line) is not None:
            continue
        if GAME_LINE.fullmatch(line) is not None:
            games.append([])
            scored = False
            continue
        if not games:
            continue
        if not scored and score_line(line) is not None:
            scored = True
            continue
        numbered = NUMBERED.match(line)
        try:
            cells = line_cells(line, numbered.end() if numbered else 0, numbered is not None)
        except UserError as error:
            # Translators: {line} is a line number of a match file; {problem} says what is wrong there
            raise UserError(_("line {line}: {problem}").format(line=number, problem=error)) from None
        for seat, item in cells:
            if (roll := item.group("roll")) is not None:
                games[-1].append((number, seat, (int(roll[0]), int(roll[1]))))
    named = OUR_HEADER.search(text[: text.find(" Game ")])
    rules = named.group(1) if named else None
    return WrittenDice(tags.get("dicecommitment"), tags.get("diceseed"), rules, games)


def line_cells(line: str, start: int, numbered: bool) -> list[tuple[int, re.Match[str]]]:
    """The items of a line as (seat, match): two cells are both seats, a lone one goes by its column."""
    items = []
    position = start
    rest = line.rstrip()
    while position < len(rest):
        if rest[position].isspace():
            position += 1
            continue
        found = CELL_ITEM.match(rest, position)
        if found is None:
            message = _(
                "cannot read {text}: expected dice and moves such as '64: 24/18 13/9', or a cube action"
            )
            raise UserError(message.format(text=in_quotes(rest[position:].strip())))
        items.append(found)
        position = found.end()
    if not items:
        raise UserError(_("a numbered line with nothing on it"))
    if len(items) > 2:
        raise UserError(_("more than two cells on one line"))
    if len(items) == 2:
        return [(0, items[0]), (1, items[1])]
    column = items[0].start() - (start if numbered else 0)
    return [(1 if column >= RIGHT_COLUMN else 0, items[0])]


def score_line(line: str) -> tuple[str, int, str, int] | None:
    """` Name1 : 0   Name2 : 0` as (name, score, name, score), else None: what the old pattern of two
    lazy groups took (`OLD_SCORE` in tests/faults/test_match_files.py), found in time linear in the
    line where that pattern took time cubic in it.

    The second score follows the last colon; the first, the first colon followed by a number and a
    blank. A name may hold a colon otherwise."""
    last = line.rfind(":")
    second = _SCORE_NUMBER.match(line, last + 1) if last >= 0 else None
    if second is None or line[second.end() :].strip():
        return None
    colon = line.find(":")
    while colon < last:
        first = _SCORE_NUMBER.match(line, colon + 1)
        if first is not None and first.end() < last and line[first.end()].isspace():
            return line[:colon].strip(), int(first[1]), line[first.end() : last].strip(), int(second[1])
        colon = line.find(":", colon + 1)
    return None


def written_play(moves: str) -> Play:
    """A cell's moves, `24/18/13* 13/7(2)`, as its single (from, to) moves in our notation's order, the bar
    25 and off 0; more than a roll's four moves refused here, before any list of them grows with the line."""
    play: list[Move] = []
    for token in moves.replace("*", "").replace(",", " ").lower().split():
        token, _paren, repeat = token.partition("(")
        steps = [BAR if step == "bar" else OFF if step == "off" else int(step) for step in token.split("/")]
        play.extend(list(itertools.pairwise(steps)) * (int(repeat.rstrip(")")) if repeat else 1))
        if len(play) > MAX_MOVES:
            # Translators: {moves} is a cell of a match file, cut; 4 is the most moves a roll can give
            message = _("{moves}: a play has at most 4 moves (doubles)")
            raise UserError(message.format(moves=in_quotes(moves.strip())))
    return tuple(sorted(play, reverse=True))
