"""Matches of ours written as eXtreme Gammon's text export writes a match: the Jellyfish `.mat` layout
with XG's header tags (`; [Site "eXtreme Gammon"]`, the players, their ratings, the date, `Jacoby` and
`Beaver` for money, `Crawford` for a match), `N point match` at the margin, two columns 34 wide with
the trailing blanks kept, `Bar/22` and `6/Off`, a checker's steps joined into one move (`24/15*`),
`(n)` after the hit mark, `Cannot Move`, ` Doubles => 2`, ` Takes`, ` Drops`, and `Wins N point`.
Written from what XG's exports look like, not copied from anyone's file."""

from collections import Counter

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import Turn
from game.tavla.engine.rules import MONEY
from game.tavla.record.match_record import GameRecord, MatchRecord

CELL = 34
SCORE = 39  # the second name's column on a game's score line
CUBE = {CubeEvent.DOUBLE: " Doubles => {value}", CubeEvent.TAKE: " Takes", CubeEvent.PASS: " Drops"}


def xg_text(record: MatchRecord, joined: bool = True, cannot_move: bool = True) -> str:
    """`record` as XG's text export (`joined`: a checker's steps as one move; `cannot_move`: a roll that
    could not be played as `Cannot Move`, else as its dice alone). Seat 0 plays in the left column, as
    XG's Player 2 does; the tags name the seats the other way round, as XG's do."""
    left, right = record.names
    money = record.length == MONEY
    tags = {
        "Site": "eXtreme Gammon",
        "Match ID": "31337",
        "Player 1": right,
        "Player 2": left,
        "Player 1 Elo": "1600.00/0",
        "Player 2 Elo": "1712.50/84",
        "EventDate": "2025.02.14",
        "EventTime": "21.05",
        "Variation": "Backgammon",
        "Unrated": "Off",
    }
    if money:
        tags |= {"Jacoby": "On" if record.jacoby else "Off", "Beaver": "On" if record.beavers else "Off"}
    else:
        tags["Crawford"] = "On"
    tags["CubeLimit"] = "1024"
    lines = [f'; [{name} "{value}"]' for name, value in tags.items()]
    lines += ["", f"{record.length} point match", ""]
    for number, game in enumerate(record.games, 1):
        last = not money and number == len(record.games)
        lines += [f" Game {number}", f" {f'{left} : {game.score[0]}':<{SCORE - 1}}{right} : {game.score[1]}"]
        lines += game_lines(game, joined, cannot_move, last)
        lines.append("")
    return "\n".join(lines) + "\n\n\n"


def game_lines(game: GameRecord, joined: bool, cannot_move: bool, last: bool) -> list[str]:
    """The numbered rows of a game, then `Wins N point` in the winner's column."""
    cells = [""] if game.turns and game.turns[0].player == 1 else []
    before: list[list] = [[] for _ in range(len(game.turns) + 1)]
    for action in game.cube:
        before[action.before_turn].append(action)
    for index, turn in enumerate(game.turns):
        cells += [CUBE[action.event].format(value=action.value) for action in before[index]]
        cells.append(turn_cell(turn, joined, cannot_move))
    cells += [CUBE[action.event].format(value=action.value) for action in before[-1]]
    rows = [cells[index : index + 2] for index in range(0, len(cells), 2)]
    lines = [f"{n:3d}) " + "".join(f"{cell:<{CELL}}" for cell in row) for n, row in enumerate(rows, 1)]
    if game.winner is not None:
        wins = f"Wins {game.points} point" + (" and the match" if last else "")
        if game.winner == 1 and len(cells) % 2:
            lines[-1] = lines[-1] + wins
        else:
            lines.append(" " * (6 if game.winner == 0 else 5 + CELL + 1) + wins)
    return lines


def turn_cell(turn: Turn, joined: bool, cannot_move: bool) -> str:
    dice = f"{max(turn.dice)}{min(turn.dice)}:"  # XG writes the higher die first
    if not turn.play:
        return f"{dice} Cannot Move" if cannot_move else dice
    moves = Counter(paths(turn, joined))
    written = [f"{move}({count})" if count > 1 else move for move, count in moves.items()]
    return f"{dice} {' '.join(written)}"


def paths(turn: Turn, joined: bool) -> list[str]:
    """Each checker's move as XG writes it: its steps joined where it goes on from a point it did not
    hit on (when `joined`), the hit mark after the point, the bar and off as words."""
    steps = sorted(turn.play, reverse=True)
    blots = {point for point in range(1, 25) if turn.state[point] == -1}
    written = []
    while steps:
        start, end = steps.pop(0)
        hit = end in blots
        blots.discard(end)
        while joined and not hit and end and (follow := next((s for s in steps if s[0] == end), None)):
            steps.remove(follow)
            end = follow[1]
            hit = end in blots
            blots.discard(end)
        written.append(f"{point(start)}/{point(end)}{'*' if hit else ''}")
    return written


def point(number: int) -> str:
    return "Bar" if number == 25 else "Off" if number == 0 else str(number)
