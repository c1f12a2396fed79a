"""eXtreme Gammon `.xg` files: a match we played, written in XG's record layout (tests/tavla/record/
xg_writer.py), reads back move for move with its cube actions, scores and results; a broken file is
refused with what is wrong and where."""

import struct
import sys
import zlib
from dataclasses import replace

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.record import xg
from game.tavla.record.mat import Stopped
from game.tavla.record.match_record import MatchRecord, day_at_noon
from game.tavla.record.xg import RECORD, XG_MONEY, parse_xg_records, read_xg
from tests.tavla.money import money_session
from tests.tavla.record.cube_matches import cube_match

try:
    from tests.tavla.record import xg_writer
except ImportError:  # Open Sage is not installed: only the test of its message runs
    xg_writer = None

NAMES = ("Ann Åström", "Bob")
MOVE, CUBE, GAME = 3, 2, 1


@pytest.fixture(autouse=True)
def _open_sage(request):
    """Every test but the one of the message needs Open Sage, which writes the fixtures."""
    if xg_writer is None and "without_open_sage" not in request.node.name:
        pytest.skip("Open Sage (bgsage), which writes the fixtures, is not installed")


def written(tmp_path, record: MatchRecord, records: list[bytes] | None = None):
    return xg_writer.write_xg(
        tmp_path / "match.xg", records if records is not None else xg_writer.xg_records(record)
    )


def where(records: list[bytes], game: int, move: int, kind: int = MOVE) -> int:
    """The index of the record of `kind` at move `move` of game `game` (from 1; a cube record comes before
    its move, the game's header at move 0)."""
    games = moves = 0
    for index, record in enumerate(records):
        games += record[8] == GAME
        moves = 0 if record[8] == GAME else moves + (record[8] == MOVE)
        if games == game and record[8] == kind and moves == move - (kind == CUBE):
            return index
    raise AssertionError("no such record")


def changed(record: bytes, offset: int, fmt: str, *values: int) -> bytes:
    data = bytearray(record)
    struct.pack_into(fmt, data, offset, *values)
    return bytes(data)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_match_with_the_cube_reads_back_move_for_move(tmp_path, seed):
    match = cube_match(seed)
    ours = MatchRecord.from_match(match, NAMES)
    assert len(ours.games) > 1 and any(game.cube for game in ours.games)
    read = read_xg(written(tmp_path, ours))
    assert (read.names, read.length, read.rules, read.jacoby, read.beavers) == (
        NAMES,
        7,
        Rules.STANDARD,
        False,
        False,
    )
    for number, (mine, theirs) in enumerate(zip(read.games, ours.games, strict=True), 1):
        assert list(mine.turns) == list(theirs.turns), number
        assert mine == theirs, number
    assert read == ours


def test_the_match_s_date_is_read(tmp_path):
    day = day_at_noon(2021, 3, 14)
    ours = replace(MatchRecord.from_match(cube_match(1), NAMES), played_at=day)
    assert read_xg(written(tmp_path, ours)).played_at == pytest.approx(day, abs=1)
    assert read_xg(written(tmp_path, replace(ours, played_at=None))).played_at is None


def test_the_resigned_game_and_the_dropped_double_keep_their_ends(tmp_path):
    ours = MatchRecord.from_match(cube_match(5), NAMES)
    read = read_xg(written(tmp_path, ours))
    resigned = read.games[1]
    assert resigned.resigned is Resignation.GAMMON and len(resigned.turns) == 9
    assert resigned.points == 2 * (2 ** sum(action.event is CubeEvent.TAKE for action in resigned.cube))
    dropped = [game for game in read.games if game.cube and game.cube[-1].event is CubeEvent.PASS]
    assert dropped and all(game.points == game.cube[-1].value for game in dropped)


def test_a_money_session_keeps_its_beavers_jacoby_and_each_game(tmp_path):
    ours = MatchRecord.from_match(money_session(), NAMES)
    read = read_xg(written(tmp_path, ours))
    assert (read.length, read.jacoby, read.beavers) == (MONEY, True, True)
    events = [action.event for game in read.games for action in game.cube]
    assert CubeEvent.BEAVER in events
    assert read == ours


def test_names_before_version_24_are_read_from_the_ansi_fields(tmp_path):
    ours = MatchRecord.from_match(cube_match(2), NAMES)
    records = xg_writer.xg_records(ours, version=20)
    assert read_xg(written(tmp_path, ours, records)).names == NAMES


def test_a_step_over_both_dice_is_read_as_the_play_it_makes(tmp_path):
    ours = MatchRecord.from_match(cube_match(1), NAMES)
    records = xg_writer.xg_records(ours)
    number, turn = next(
        (n, t)
        for n, t in enumerate(ours.games[0].turns, 1)
        if len(t.play) == 2 and t.play[0][1] == t.play[1][0]
    )
    (start, _middle), (_same, end) = turn.play
    index = where(records, 1, number)
    records[index] = changed(records[index], 68, "<4i", start - 1, end - 1, -1, -1)
    assert read_xg(written(tmp_path, ours, records)) == ours


def test_a_game_saved_before_its_roll_was_played_reads_unfinished(tmp_path):
    ours = MatchRecord.from_match(cube_match(2), NAMES)
    records = xg_writer.xg_records(ours)
    index = max(i for i, record in enumerate(records) if record[8] == MOVE)
    records = [*records[:index], changed(records[index], 68, "<8i", *[0] * 8)]
    read = read_xg(written(tmp_path, ours, records))
    assert read.games[:-1] == ours.games[:-1]
    last, played = read.games[-1], ours.games[-1]
    assert list(last.turns) == list(played.turns[:-1]) and last.winner is None and last.points == 0
    assert last.cube == tuple(action for action in played.cube if action.before_turn < len(played.turns))


def test_reading_is_called_off_when_asked(tmp_path):
    path = written(tmp_path, MatchRecord.from_match(cube_match(2), NAMES))
    with pytest.raises(Stopped):
        read_xg(path, stop=lambda: True)


def refused(tmp_path, records: list[bytes], match: str) -> None:
    with pytest.raises(UserError, match=match) as error:
        read_xg(written(tmp_path, MatchRecord.from_match(cube_match(1), NAMES), records))
    assert str(error.value).startswith(f"'{tmp_path / 'match.xg'}': ") or "match.xg" in str(error.value)


@pytest.fixture
def records() -> list[bytes]:
    return xg_writer.xg_records(MatchRecord.from_match(cube_match(1), NAMES))


def test_an_illegal_move_names_its_game_and_move(tmp_path, records):
    index = where(records, 2, 5)
    records[index] = changed(records[index], 68, "<4i", 23, 9, -1, -1)  # 24/10: no die of a roll goes 14
    refused(tmp_path, records, r"game 2, move 5: ")


def test_a_move_by_the_player_not_on_roll_is_refused(tmp_path, records):
    index = where(records, 1, 4)
    active = struct.unpack_from("<i", records[index], 64)[0]
    records[index] = changed(records[index], 64, "<i", -active)
    refused(tmp_path, records, r"game 1, move 4: it is the other player's turn")


def test_a_point_off_the_board_is_refused(tmp_path, records):
    index = where(records, 1, 3)
    records[index] = changed(records[index], 68, "<2i", 30, 2)
    refused(tmp_path, records, r"game 1, move 3: a move from 30 to 2")


def test_a_double_by_the_player_who_does_not_own_the_cube_is_refused(tmp_path):
    ours = MatchRecord.from_match(cube_match(1), NAMES)
    records = xg_writer.xg_records(ours)
    number, game, take = next(
        (n, game, action)
        for n, game in enumerate(ours.games, 1)
        for action in game.cube
        if action.event is CubeEvent.TAKE and len(game.turns) > action.before_turn + 3
    )
    doubler = 1 - take.player  # owns the cube no more; plays the turn after the take, then again two on
    move = take.before_turn + 3
    assert game.turns[move - 1].player == doubler
    index = where(records, number, move, CUBE)
    records[index] = changed(records[index], 12, "<3i", 1 if doubler == 0 else -1, 1, 1)
    refused(tmp_path, records, rf"game {number}, move {move}: a double the rules do not allow here")


def test_a_crawford_game_where_nobody_needs_one_point_is_refused(tmp_path, records):
    index = where(records, 1, 0, GAME)
    records[index] = changed(records[index], 20, "<B", 1)
    refused(
        tmp_path, records, "game 1, move 1: the Crawford game is played only when a player needs one point"
    )


def test_a_footer_naming_the_loser_the_winner_is_refused(tmp_path, records):
    index = next(i for i, record in enumerate(records) if record[8] == 4)
    winner = struct.unpack_from("<i", records[index], 24)[0]
    records[index] = changed(records[index], 24, "<i", -winner)
    refused(tmp_path, records, "game 1, move .*the winner named is not the player who won")


def test_a_game_set_up_from_a_position_is_no_match(tmp_path, records):
    index = where(records, 1, 0, GAME)
    records[index] = changed(records[index], 21, "<26b", *([0, -2] + [0] * 22 + [2, 0]))
    refused(tmp_path, records, "game 1, move 1: the game starts from a position set up")


def test_a_game_with_automatic_doubles_is_refused(tmp_path, records):
    index = where(records, 2, 0, GAME)
    records[index] = changed(records[index], 64, "<i", 1)
    refused(tmp_path, records, "game 2, move 1: a game with automatic doubles")


def test_a_match_of_another_variant_is_refused(tmp_path, records):
    records[0] = changed(records[0], 96, "<i", 1)
    refused(tmp_path, records, "the match header: a match of Nackgammon: only backgammon is read")


def test_a_header_without_xg_s_mark_is_refused(tmp_path, records):
    records[0] = changed(records[0], 556, "<i", 0)
    refused(tmp_path, records, "the match header: no eXtreme Gammon match header")


def test_a_record_of_unknown_kind_is_refused(tmp_path, records):
    index = where(records, 1, 2)
    records[index] = changed(records[index], 8, "<B", 9)
    refused(tmp_path, records, "game 1, move 2: a record of unknown kind 9")


def test_a_match_length_of_99999_is_money_and_others_beyond_reach_are_refused(tmp_path, records):
    records[0] = changed(records[0], 92, "<i", XG_MONEY + 1)
    refused(tmp_path, records, "a match to 100000 points")


def test_a_file_that_is_no_archive_is_refused(tmp_path):
    path = tmp_path / "notes.xg"
    path.write_text('; [Site "eXtreme Gammon"]\n 5 point match\n')
    with pytest.raises(UserError, match=r"notes\.xg.*not an eXtreme Gammon file"):
        read_xg(path)


def test_a_cut_short_file_is_refused(tmp_path):
    path = written(tmp_path, MatchRecord.from_match(cube_match(1), NAMES))
    data = path.read_bytes()
    for length in (len(data) - 1, len(data) // 2, 9000, 8300, 100, 4):
        path.write_bytes(data[:length])
        with pytest.raises(UserError, match=r"match\.xg: (the file is cut short or damaged|not an eXtreme)"):
            read_xg(path)


def test_a_damaged_byte_in_the_archive_is_refused(tmp_path):
    path = written(tmp_path, MatchRecord.from_match(cube_match(1), NAMES))
    data = bytearray(path.read_bytes())
    data[9000] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(UserError, match="cut short or damaged"):
        read_xg(path)


def test_a_stream_cut_inside_a_sound_archive_or_unpacking_too_large_is_refused(
    tmp_path, records, monkeypatch
):
    from bgsage.xg_file import ArchiveEntry, XgArchive

    data = b"".join(records)
    packed = zlib.compress(data)
    path = tmp_path / "match.xg"
    XgArchive(xg_writer.rich_header(), [ArchiveEntry("temp.xg", len(data), 0, packed[:-50], True)]).save(path)
    with pytest.raises(UserError, match="cut short or damaged"):
        read_xg(path)
    xg_writer.write_xg(path, records)
    monkeypatch.setattr(xg, "MAX_RECORDS_BYTES", 10 * RECORD)
    with pytest.raises(UserError, match="unpacks to more than 25,600 bytes"):
        read_xg(path)


def test_records_cut_in_the_middle_or_no_match_at_all_are_refused(records):
    data = b"".join(records)
    with pytest.raises(UserError, match="in the middle of a record"):
        parse_xg_records(data[:-100])
    with pytest.raises(UserError, match="no match header"):
        parse_xg_records(b"")
    with pytest.raises(UserError, match="no game"):
        parse_xg_records(records[0] + records[-1])
    with pytest.raises(UserError, match="a second match header"):
        parse_xg_records(records[0] + data)
    assert len(data) % RECORD == 0


def test_a_folder_is_refused_as_no_file(tmp_path):
    with pytest.raises(UserError, match="is a folder"):
        read_xg(tmp_path)


def test_without_open_sage_the_message_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "bgsage", None)
    with pytest.raises(UserError, match=r"needs Open Sage \(bgsage\).*pip install -e \."):
        read_xg(tmp_path / "match.xg")
