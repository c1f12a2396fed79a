"""eXtreme Gammon `.xg` files written from our own match records, to test the reader on: the records
laid out as XG's published format lays them out (extremegammon.com/XGformat.aspx), built with Open
Sage's record builders where it has them, and packed with its archive writer. Nobody else's match
file is copied here.

Before each turn a cube record says what its player did with the cube (no access at the opening, no
double, or a double and its answer), then a move record holds the dice and the steps, in XG's codes."""

import struct
from pathlib import Path

from bgsage import xg_file

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.moves import apply_play
from game.tavla.engine.position import OPP_BAR, flip, winner_gammon_level
from game.tavla.engine.rules import MONEY, crawford_game
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.xg import RECORD, XG_MONEY

VERSION = 30  # the version XG 2.x writes; names are in Unicode from 24
XG_OPENING_P1 = [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0]
NO_ACCESS, NO_DOUBLE = -2, 0


def blank(kind: int) -> bytearray:
    """An empty TSaveRec of `kind`."""
    record = bytearray(RECORD)
    record[8] = kind
    return record


def board(state) -> list[int]:
    """Our state (the mover's view) as Open Sage's board: the opponent's bar, the points, the bar."""
    return [state[OPP_BAR], *state[1:25], state[25]]


def actif(seat: int) -> int:
    return 1 if seat == 0 else -1


def match_header(record: MatchRecord, version: int = VERSION, crawford: bool = True) -> bytes:
    header = blank(xg_file.TS_HEADER_MATCH)
    for seat, name in enumerate(record.names):
        ansi = name.encode("cp1252", errors="replace")[:40]
        start = 9 + 41 * seat
        header[start] = len(ansi)
        header[start + 1 : start + 1 + len(ansi)] = ansi
        if version >= 24:
            wide = name.encode("utf-16-le")[:256]
            start = 880 + 258 * seat
            header[start : start + len(wide)] = wide
    length = XG_MONEY if record.length == MONEY else record.length
    struct.pack_into("<ii", header, 92, length, 0)  # MatchLength, Variation: backgammon
    header[100:103] = bytes([crawford, record.jacoby, record.beavers])
    if record.played_at is not None:  # Date: a Delphi TDateTime, days since 30 December 1899
        struct.pack_into("<d", header, 128, (record.played_at + 2_209_161_600) / 86_400)
    struct.pack_into("<ii", header, 552, version, xg_file.MAGIC_DMLI)
    return bytes(header)


def game_records(record: MatchRecord, index: int) -> list[bytes]:
    """One game's records: its header, a cube and a move record per turn, the cube after the last
    turn, and its footer when it ended."""
    game = record.games[index]
    crawford = record.length != MONEY and crawford_game(
        record.length, [g.score for g in record.games[: index + 1]]
    )
    header = bytearray(
        xg_file.build_game_header(blank(xg_file.TS_HEADER_GAME), XG_OPENING_P1, index + 1, *game.score)
    )
    header[20] = crawford
    records = [bytes(header)]
    actions: list[list] = [[] for _ in range(len(game.turns) + 1)]
    for action in game.cube:
        actions[action.before_turn].append(action)
    after = None
    for number, turn in enumerate(game.turns):
        records.extend(cube_records(turn.state, turn.player, actions[number], number == 0))
        after = apply_play(turn.state, turn.play)
        move = xg_file.build_move_record(
            blank(xg_file.TS_MOVE), board(turn.state), board(after), *turn.dice, [], actif(turn.player)
        )
        records.append(with_steps(move, turn))
    if actions[-1]:
        last = game.turns[-1]
        records.extend(cube_records(flip(after), 1 - last.player, actions[-1], False))
    if game.winner is not None:
        if game.resigned is not None:
            termination = 100 + game.resigned.value
        elif game.cube and game.cube[-1].event is CubeEvent.PASS:
            termination = 0
        else:
            termination = winner_gammon_level(after)
        score = list(game.score)
        score[game.winner] += game.points
        footer = blank(xg_file.TS_FOOTER_GAME)
        records.append(
            xg_file.build_game_footer(footer, *score, actif(game.winner), game.points, termination)
        )
    return records


def cube_records(state, seat: int, actions, opening: bool) -> list[bytes]:
    """The cube record before a turn of `seat` at `state`: its doubles and their answers, or none."""
    template = blank(xg_file.TS_CUBE)
    if not actions:
        double = NO_ACCESS if opening else NO_DOUBLE
        return [xg_file.build_cube_record(template, board(state), actif(seat), double, -1)]
    records = []
    events = [action.event for action in actions]
    for index, action in enumerate(actions):
        if action.event is not CubeEvent.DOUBLE:
            continue
        answers = events[index + 1 : index + 3]
        take = (
            {CubeEvent.TAKE: 1, CubeEvent.PASS: 0, CubeEvent.BEAVER: 2}.get(answers[0], -1) if answers else -1
        )
        record = bytearray(xg_file.build_cube_record(template, board(state), actif(action.player), 1, take))
        beaver_answer = -1
        if take == 2 and len(answers) > 1:
            beaver_answer = {CubeEvent.TAKE: 1, CubeEvent.PASS: 0}[answers[1]]
        struct.pack_into("<ii", record, 24, beaver_answer, -1)
        records.append(bytes(record))
    return records


def with_steps(move: bytes, turn) -> bytes:
    """`move` with `turn`'s steps as XG writes them: 0-based points, the bar 24, and a checker borne
    off as its point less the die (-1 for the exact die, down to -6 for a larger one); -1 ends them."""
    dice = list(turn.dice) * (2 if turn.dice[0] == turn.dice[1] else 1)
    for start, end in turn.play:
        if end:
            dice.remove(start - end)
    codes = []
    for start, end in turn.play:
        if not end:
            die = min(die for die in dice if die >= start)
            dice.remove(die)
        codes += [start - 1, end - 1 if end else start - 1 - die]
    codes += [-1, -1] * (4 - len(turn.play))
    record = bytearray(move)
    struct.pack_into("<8i", record, 68, *codes)
    return bytes(record)


def match_footer(record: MatchRecord) -> bytes:
    footer = blank(xg_file.TS_FOOTER_MATCH)
    score = [0, 0]
    for game in record.games:
        if game.winner is not None:
            score = list(game.score)
            score[game.winner] += game.points
    winner = 1 if score[0] > score[1] else -1
    struct.pack_into("<iii", footer, 12, score[0], score[1], winner)
    return bytes(footer)


def xg_records(record: MatchRecord, version: int = VERSION) -> list[bytes]:
    """Every record of `record`'s `.xg`, in order."""
    records = [match_header(record, version)]
    for index in range(len(record.games)):
        records.extend(game_records(record, index))
    records.append(match_footer(record))
    return records


def rich_header() -> bytes:
    """The archive's RichGameHeader: the RGMH mark, its version and size, no thumbnail."""
    header = bytearray(xg_file.RICH_HEADER_SIZE)
    struct.pack_into("<4sII", header, 0, b"RGMH", 1, xg_file.RICH_HEADER_SIZE)
    return bytes(header)


def write_xg(path: Path, records: list[bytes]) -> Path:
    """`records` packed as XG packs them: `temp.xg`, and `temp.xgi` (its first and last record)."""
    data = b"".join(records)
    archive = xg_file.XgArchive(rich_header(), [])
    archive.set("temp.xgi", xg_file.rebuild_xgi(data))
    archive.set("temp.xg", data)
    archive.save(path)
    return path
