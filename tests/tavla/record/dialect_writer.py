"""Writes the `.mat` fixtures of other programs' dialects (tests/tavla/data/dialects/): matches our own
engine plays (seeded random bots, the cube now and then, one game resigned), written as Backgammon Galaxy
and Backgammon Studio write theirs, so that the reader can be held to GNU Backgammon's importer without
anyone's match files in the repository.

    python -m tests.tavla.record.dialect_writer tests/tavla/data/dialects

- Galaxy: `bar` and `off`, the dice alone for a roll that cannot be played, the loser's `Losses N point`
  beside the winner's `Wins N point` (the two on one line, or the loser's on the last numbered line), and
  the last game's `Wins N point and the match` with no more points than the match needed.
- Studio: `25` for the bar and `0` for off, a checker's moves combined where GNU Backgammon splits them
  again (`64: 24/14`, `36: 25/16`, `22: 25/21`), moves written lowest first every other turn,
  `Cannot Move`, a resignation's `Wins N point` and an empty game (its score line alone).
"""

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import CubeTurn, Turn
from game.tavla.engine.match import Match
from game.tavla.engine.position import BAR, OFF
from game.tavla.record.match_record import GameRecord, MatchRecord
from tests.tavla.record.cube_matches import cube_match

NAMES = ("Ayla", "Deniz")
LEFT = 27  # the left cell's width after "%3d) ", as gnubg pads it
FIXTURES = (("galaxy-5pt", 5, 3), ("galaxy-7pt", 7, 2), ("studio-5pt", 5, 4), ("studio-7pt", 7, 12))
CUBE_CELLS = {CubeEvent.DOUBLE: " Doubles => {value}", CubeEvent.TAKE: " Takes", CubeEvent.PASS: " Drops"}


def played(length: int, seed: int, resign_in: int = 1) -> Match:
    """A standard match to `length` between random bots with the cube: a double one roll in 20 where
    one may, dropped one time in 3; game `resign_in` (0 the first) resigned as a gammon after ten turns."""
    return cube_match(seed, length, resign_in, doubles=0.05, resign_after=10)


def galaxy(record: MatchRecord, turn_cell: Callable[[Turn, int], str] | None = None) -> str:
    """The match as Backgammon Galaxy exports one (`turn_cell` writes a turn's cell otherwise)."""
    lines = [
        '; [Site "Backgammon Galaxy"]',
        '; [Variation "Backgammon"]',
        "",
        f" {record.length} point match",
    ]
    for number, game in enumerate(record.games, 1):
        lines += ["", f" Game {number}", _score_line(game.score)]
        cells = list(_cells(game, turn_cell or galaxy_turn))
        last = number == len(record.games)
        needed = record.length - game.score[game.winner]
        written = min(game.points, needed) if last else game.points
        wins = f"Wins {written} point" + (" and the match" if last else "")
        losses = f"Losses {written} point"
        if number % 2 and len(cells) % 2 == 1 - game.winner:  # the loser's cell is next: on the last line
            lines += _numbered([*cells, losses])
            lines.append(f"{'':<{6 if game.winner == 0 else 34}}{wins}")
        else:
            lines += _numbered(cells)
            pair = (wins, losses) if game.winner == 0 else (losses, wins)
            lines.append(f"      {pair[0]:<28}{pair[1]}")
    return "\n".join(lines) + "\n"


def studio(record: MatchRecord, empty_after: int = 2) -> str:
    """The match as Backgammon Studio exports one, an empty game after game `empty_after`."""
    lines = ['; [Site "Backgammon Studio"]', "", f" {record.length} point match"]
    number = 0
    for index, game in enumerate(record.games):
        if index == empty_after:
            number += 1
            lines += ["", f" Game {number}", _score_line(game.score)]
        number += 1
        lines += ["", f" Game {number}", _score_line(game.score)]
        lines += _numbered(list(_cells(game, _studio_turn)))
        dropped = bool(game.cube) and game.cube[-1].event is CubeEvent.PASS
        if game.resigned is not None or dropped or game.winner is not None:
            lines.append(f"{'':<{6 if game.winner == 0 else 34}}Wins {game.points} point")
    return "\n".join(lines) + "\n"


def _score_line(score: tuple[int, int]) -> str:
    return f" {f'{NAMES[0]} : {score[0]}':<31}{NAMES[1]} : {score[1]}"


def _cells(game: GameRecord, turn_cell: Callable[[Turn, int], str]) -> Iterator[str]:
    """Each player's cells in turn, the first one empty when the second player opens."""
    if game.turns[0].player == 1:
        yield ""
    for index, turn in enumerate(game.turns):
        yield from _cube(game.cube, index)
        yield turn_cell(turn, index)
    yield from _cube(game.cube, len(game.turns))


def _cube(actions: tuple[CubeTurn, ...], before: int) -> Iterator[str]:
    for action in actions:
        if action.before_turn == before:
            yield CUBE_CELLS[action.event].format(value=action.value)


def _numbered(cells: list[str]) -> list[str]:
    """The numbered lines, the left cell padded as gnubg pads it, and two blanks at least before the
    right one: gnubg's importer finds a right cell that is not a roll after two blanks, and reads a line
    of 15 characters or fewer with no colon (`  3)  Drops`) with the right cell of the line before it."""
    lines = []
    for index in range(0, len(cells), 2):
        left, *right = cells[index : index + 2]
        lines.append(f"{index // 2 + 1:3d}) {left:<{max(LEFT, len(left) + 1)}} {' '.join(right)}")
    return lines


def _hits(turn: Turn) -> set[int]:
    """The points where the turn's play hits a blot."""
    return {end for _start, end in turn.play if 0 < end < BAR and turn.state[end] == -1}


def galaxy_turn(turn: Turn, _index: int = 0) -> str:
    """A turn's cell as Galaxy writes it: `64: bar/21 13/7*`, the dice alone for a pass."""
    hits = _hits(turn)
    moves = [f"{_point(start, 'bar')}/{_point(end, 'off')}{'*' * (end in hits)}" for start, end in turn.play]
    return f"{turn.dice[0]}{turn.dice[1]}: {' '.join(moves)}".rstrip()


def _studio_turn(turn: Turn, index: int) -> str:
    dice = f"{turn.dice[0]}{turn.dice[1]}:"
    if not turn.play:
        return f"{dice} Cannot Move"
    hits = _hits(turn)
    paths = _paths(turn, hits)
    moves = [f"{path[0]}/{path[-1]}{'*' if path[-1] in hits else ''}" for path in paths]
    return f"{dice} {' '.join(reversed(moves) if index % 2 else moves)}"


def _paths(turn: Turn, hits: set[int]) -> list[list[int]]:
    """The play's moves joined where one checker goes on (`24/18 18/14` as `24/14`) and GNU Backgammon's
    importer splits the joined move again as it was played (`_joins`)."""
    paths: list[list[int]] = []
    for start, end in turn.play:
        path = next((path for path in paths if path[-1] == start and _joins(path, end, turn, hits)), None)
        if path is None:
            paths.append([start, end])
        else:
            path.append(end)
    return paths


def _joins(path: list[int], end: int, turn: Turn, hits: set[int]) -> bool:
    """Whether the checker that came to `path[-1]` may be written going on to `end`: it hit nothing
    there, and with two different dice the move is of both (bearing off only with their sum exactly),
    with a double of the die a whole number of times (not bearing off)."""
    if path[-1] in hits or turn.state[path[-1]] < 0:
        return False
    if turn.dice[0] == turn.dice[1]:
        return end != OFF
    return len(path) == 2 and (end != OFF or path[0] == sum(turn.dice))


def _point(point: int, word: str) -> str:
    return word if point in (BAR, OFF) else str(point)


def main(folder: str) -> None:
    """Write the fixtures into `folder`."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, length, seed in FIXTURES:
        record = MatchRecord.from_match(played(length, seed), NAMES)
        text = galaxy(record) if name.startswith("galaxy") else studio(record)
        (out / f"{name}.mat").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
