"""Jellyfish `.mat` match files written from a MatchRecord (a match played here, `MatchRecord.from_match`,
or one read from any file), so that every match can be kept as `.mat`; mat.py reads them back.

The `.mat` export follows GNU Backgammon's own exporter (`ExportGameJF`): seat 0 in the left column, the
left cell of the first line empty when seat 1 opens, 25 for the bar, 0 for off, `*` on hits, a pass
written as the dice alone, cube actions as ` Doubles => 2`, ` Takes` and ` Drops` in the column of the
player acting (a line of a cube action alone padded as gnubg pads it: its importer reads a short line with
the right cell of the line before), and `Wins N point(s)` (the cube's value included) in the winner's
column; a roll not yet played is left out (`export_mat`). A resigned game ends, as gnubg writes it, with
the winner's `Wins N points` (the level's points times the cube) after the last play, and the dice alone
before it when the loser resigned with them rolled (gnubg reads "Rolled 52, resigns gammon"; the record's
`resigned_roll`); the offer has no line of its own, nor has an offer declined.
GNU Backgammon replays a file with the standard rules; where tavla scores differently, see `_mat_game`.
A money session's options and its beavers are written as mat.py describes them.
"""

import time
from pathlib import Path

from game.core.files.writing import write_atomically
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import CubeTurn, Turn
from game.tavla.engine.notation import format_move
from game.tavla.engine.position import winner_gammon_level
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record.mat_lines import MAT_DEFAULT_NAMES, PROGRAM
from game.tavla.record.match_record import GameRecord, MatchRecord, date_text

MAT_NAME_CHARS = 31  # GNU Backgammon keeps no more of a name
MAT_NAME_FORBIDDEN = ":,;"  # the score line splits on ':'; ',' would start a GamesGrid rating
MAT_NAME_WIDTH = 31  # the score line: " name : 0" padded, then the second name
MAT_LEFT_WIDTH = 27  # a move line: "%3d) " then the left cell padded, a space, the right cell
MAT_LEFT_INDENT = 6  # where "Wins" starts in the left column
MAT_RIGHT_INDENT = 34  # and in the right one
MAT_CUBE = {
    CubeEvent.DOUBLE: " Doubles => {value}",
    CubeEvent.TAKE: " Takes",
    CubeEvent.PASS: " Drops",
    CubeEvent.BEAVER: " Doubles => {value}",
}
MAT_BEAVER_TAKEN = " Beavers => {value}"  # a beaver whose take the doubler's roll implies
MAT_TAGS = {"jacoby": "Jacoby", "beavers": "Beaver"}  # a money session's options, as XG's header tags
MAX_EXPORTS_PER_SECOND = 1000


def new_export_path(folder: Path, text: str, now: float | None = None, suffix: str = ".mat") -> Path:
    """Write a match export as a new file in `folder`, never over an earlier one: `match-<date>-<time>`
    and `suffix`, then `-2`, `-3`... for more exports in the same second. Returns its path; OSError if it
    cannot."""
    stem = time.strftime("match-%Y%m%d-%H%M%S", time.localtime(now))
    for number in range(1, MAX_EXPORTS_PER_SECOND + 1):
        path = folder / (f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}")
        try:
            write_atomically(path, text, exclusive=True)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(str(folder / f"{stem}{suffix}"))


def export_mat(record: MatchRecord) -> str:
    """The match, finished or not, as a Jellyfish `.mat` text that GNU Backgammon imports: one played
    here (`MatchRecord.from_match`) or read from any file, so that every match can be kept as `.mat`.

    Seat 0 plays in the left column. A roll not yet played (a match exported in the middle of a turn)
    is left out, as the record holds only the turns played: the format records what was played, and the
    dice alone are how it writes a roll that could not be played, so every program reading the file
    (gnubg too, when anything follows) would take it for a pass. The file ends where the turn began, the
    player to roll, as gnubg shows it.
    """
    left, right = (
        _mat_name(name, default) for name, default in zip(record.names, MAT_DEFAULT_NAMES, strict=True)
    )
    lines = [f"; {PROGRAM}, {record.rules} rules"]
    if record.played_at is not None:
        lines.append(f'; [EventDate "{date_text(record.played_at, ".")}"]')
    if record.dice_commitment is not None:
        lines.append(f'; [DiceCommitment "{record.dice_commitment}"]')
    if record.dice_commitment is not None and record.dice_seed is not None:
        lines.append(f'; [DiceSeed "{record.dice_seed}"]')
    if record.length == MONEY and record.cube and record.rules.has_cube:
        options = {"jacoby": record.jacoby, "beavers": record.beavers}
        lines += [f'; [{MAT_TAGS[name]} "{"On" if on else "Off"}"]' for name, on in options.items()]
    lines += ["", f" {record.length} point match", ""]
    for number, game in enumerate(record.games, 1):
        score = game.score
        lines.append(f" Game {number}")
        lines.append(f" {f'{left} : {score[0]}':<{MAT_NAME_WIDTH}}{right} : {score[1]}")
        lines.extend(_mat_game(record.rules, game))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _mat_game(rules: Rules, game: GameRecord) -> list[str]:
    """The numbered move lines (two columns, the left one empty when seat 1 opens) and the result.

    A tavla game won with the loser still in the winner's home or on the bar is a mars (2 points),
    but GNU Backgammon would score that last bear-off as a backgammon (3) and end the match early;
    so that game stops before the winning roll, and `Wins 2 points` reads as the loser resigning a mars.
    """
    mars = _backgammon_scored_as_mars(rules, game)
    turns = game.turns[:-1] if mars else game.turns
    cells = [""] if _opener(game) == 1 else []
    actions = game.cube_actions_by_turn()
    for turn, before in zip(turns, actions, strict=False):
        cells.extend(_mat_cube(before, rolled=True))
        cells.append(_mat_turn(turn))
    if not mars:
        rolled = game.resigned_roll
        cells.extend(_mat_cube(actions[-1], rolled is not None))
        if rolled is not None:
            cells.append(f"{rolled[0]}{rolled[1]}:")  # gnubg: "Rolled 52, resigns gammon"
    lines = []
    for index in range(0, len(cells), 2):
        pair = cells[index : index + 2]
        line = f"{index // 2 + 1:3d}) {' '.join((f'{pair[0]:<{MAT_LEFT_WIDTH}}', *pair[1:]))}".rstrip()
        if ":" not in line:  # a cube action alone (`  2)  Takes`), padded as gnubg pads it: its importer
            line = f"{line:<{MAT_RIGHT_INDENT}}"  # reads a short line with the line before's right cell
        if any(pair):
            lines.append(line)
    if game.winner is not None:
        wins = f"Wins {game.points} point{'s' if game.points > 1 else ''}"
        if game.winner == 1 and len(cells) % 2 == 1 and lines:
            lines[-1] = f"{lines[-1]:<{MAT_RIGHT_INDENT}}{wins}"  # beside a drop, as gnubg writes it
        else:
            indent = MAT_LEFT_INDENT if game.winner == 0 else MAT_RIGHT_INDENT
            lines.append(f"{'':<{indent}}{wins}")
    return lines


def _opener(game: GameRecord) -> int:
    """The seat that began the game: its first turn's; before any turn, the first cube action's (a game
    set up in the position lab may begin with a double), else the loser's who resigned with the dice."""
    if game.turns:
        return game.turns[0].player
    if game.cube:
        return game.cube[0].player
    return 1 - game.winner if game.winner is not None and game.resigned_roll is not None else 0


def _mat_cube(actions: list[CubeTurn], rolled: bool) -> list[str]:
    """The cells of cube actions before a turn; a beaver taken before the doubler's roll (`rolled`: a
    roll follows) as ` Beavers => 4` without its take, so that roll stays in the doubler's column."""
    cells = []
    events = [action.event for action in actions]
    for index, action in enumerate(actions):
        implied = rolled and events[index : index + 2] == [CubeEvent.BEAVER, CubeEvent.TAKE]
        if implied:
            cells.append(MAT_BEAVER_TAKEN.format(value=action.value))
        elif not (rolled and events[index - 1 : index + 1] == [CubeEvent.BEAVER, CubeEvent.TAKE]):
            cells.append(MAT_CUBE[action.event].format(value=action.value))
    return cells


def _backgammon_scored_as_mars(rules: Rules, game: GameRecord) -> bool:
    """True when the last bear-off won fewer points than GNU Backgammon's standard rules would give: the
    game ended on the board (not by a drop, a resignation or a disqualification) at a level that `rules`
    score lower."""
    if game.winner is None or game.resigned is not None or not game.turns:
        return False
    last = game.turns[-1]
    variant = rules.variant
    after = variant.apply_play(last.state, last.play) if last.play else last.state
    if not variant.is_over(after):
        return False
    level = winner_gammon_level(after)
    return rules.points(level) != level


def _mat_turn(turn: Turn) -> str:
    """`64: 24/18 13/9*`: the dice, then each move with `*` where it hits (once per point hit)."""
    moves = []
    landed: set[int] = set()
    for move in sorted(turn.play, reverse=True):
        end = move[1]
        hit = 0 < end < 25 and turn.state[end] < 0 and end not in landed
        landed.add(end)
        moves.append(format_move(move) + ("*" if hit else ""))
    return f"{turn.dice[0]}{turn.dice[1]}: {' '.join(moves)}".rstrip()


def _mat_name(name: str, default: str) -> str:
    """A name the .mat score line can carry: no colon, comma or semicolon, one line, not empty."""
    cleaned = "".join(" " if char in MAT_NAME_FORBIDDEN or not char.isprintable() else char for char in name)
    cleaned = " ".join(cleaned.split())[:MAT_NAME_CHARS].strip()
    return cleaned or default
