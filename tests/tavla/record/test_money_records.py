"""Money sessions in the records: the save keeps and resumes one with beavers (version 3), the .mat export
writes a ` 0 point match` with its options and beavers and reads it back, GNU Backgammon imports it, and
the analysis judges it in points with the cube where the beavers left it."""

import json

import pytest

from game.core.errors import UserError
from game.tavla.analysis.cube import cube_states
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.match_id import match_id, match_moment, read_match_id
from game.tavla.engine.position import position_id
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import MONEY_VERSION, RESIGN_VERSION, dump_match, load_match
from tests.tavla.money import money_session

NAMES = ("You", "expert")
GNUBG_MISSING = "GNU Backgammon's Python module (the gnubg extra) is not installed"


def _beaver_waiting(seed: int = 3):
    """A money session of two games, then a third whose double was just beavered (the doubler to answer)."""
    match = money_session(seed, ("beaver-take", "beaver-pass"))
    game = match.next_game()
    game.start()
    while not game.may_double():
        if game.dice is None:
            game.roll()
        game.play(game.legal_plays()[0])
    game.double()
    game.beaver()
    return match


def test_a_money_session_with_beavers_is_saved_as_version_3_and_resumed_as_it_stood():
    match = _beaver_waiting()
    text = dump_match(match, NAMES)
    data = json.loads(text)
    assert (data["version"], data["length"], data["jacoby"], data["beavers"]) == (
        MONEY_VERSION,
        MONEY,
        True,
        True,
    )
    assert {"cube": "beaver"} in data["games"][0]["turns"]
    restored, names = load_match(text)
    assert names == NAMES and dump_match(restored, NAMES) == text
    assert (restored.money, restored.jacoby, restored.beavers, restored.scores) == (
        True,
        True,
        True,
        match.scores,
    )
    for again, game in zip(restored.games, match.games, strict=True):
        assert again.cube_record == game.cube_record and again.result == game.result
    game = restored.current
    assert game.beavered and (game.cube_value, game.cube_owner) == (
        match.current.cube_value,
        match.current.cube_owner,
    )
    session = TableSession.resume(restored, "expert")
    waiting = Phase.ANSWER if game.offered_by == 1 else Phase.COMPUTER_ANSWER
    assert session.phase is waiting  # the doubler answers the beaver


def test_a_match_without_beavers_or_money_keeps_the_older_versions():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    assert json.loads(dump_match(session.match, NAMES))["version"] < MONEY_VERSION
    money = TableSession(Rules.TAVLA, MONEY, "expert", 3)
    assert json.loads(dump_match(money.match, NAMES))["version"] == MONEY_VERSION


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(version=RESIGN_VERSION), "'length' must be a match of 1 to 25 points"),
        (lambda data: data.update(jacoby="yes"), "'jacoby' must be true or false"),
        (lambda data: data.update(beavers=1), "'beavers' must be true or false"),
        (lambda data: data.update(length=5), "Jacoby rule is for money play"),
        (lambda data: data.update(cube=False, jacoby=False), "beavers are for money play with the cube"),
    ],
)
def test_a_damaged_money_save_is_refused_with_its_reason(change, message):
    data = json.loads(dump_match(money_session(3, ("beaver-take",)), NAMES))
    change(data)
    with pytest.raises(UserError, match=message):
        load_match(json.dumps(data))


def test_the_mat_export_writes_a_money_session_and_its_beavers_as_gnubg_and_xg_read_them():
    match = money_session(3)
    text = export_mat(MatchRecord.from_match(match, NAMES))
    header = text[: text.index(" Game 1")]
    assert " 0 point match" in header and '; [Jacoby "On"]' in header and '; [Beaver "On"]' in header
    game_text = [part for part in text.split(" Game ")[1:]]
    assert " Beavers => 4" in game_text[0] and " Takes" not in game_text[0]  # taken: the roll follows
    assert " Doubles => 2" in game_text[1] and " Doubles => 4" in game_text[1]  # passed: gnubg's form
    assert " Drops" in game_text[1] and "Wins 2 points" in game_text[1]


@pytest.mark.parametrize("seed", [3, 5])
def test_a_money_session_reads_back_from_its_export_as_played(seed):
    match = money_session(seed)
    record = parse_mat(export_mat(MatchRecord.from_match(match, NAMES)))
    ours = MatchRecord.from_match(match, NAMES)
    assert (record.length, record.jacoby, record.beavers) == (MONEY, True, True)
    assert record.games == ours.games
    events = [action.event for action in record.games[0].cube]
    assert events == [CubeEvent.DOUBLE, CubeEvent.BEAVER, CubeEvent.TAKE]


def test_a_beaver_taken_last_and_one_waiting_read_back():
    match = _beaver_waiting()
    match.current.take()  # taken, the doubler's roll not yet made: the file says Takes
    record = parse_mat(export_mat(MatchRecord.from_match(match, NAMES)))
    assert record.games[-1].cube == tuple(match.current.cube_record)


def test_money_files_of_other_programs_read_with_their_tags_and_jacoby_by_default():
    text = """ 0 point match

 Game 1
 Alice : 0                          Bob : 0
  1) 31: 8/5 6/5                    64: 24/18 13/9
  2)  Doubles => 2                   Beavers => 4
  3)  Drops                          Wins 2 points
"""
    record = parse_mat(text)  # XG's beaver, then the doubler's drop
    assert record.jacoby and record.beavers and (record.games[0].winner, record.games[0].points) == (1, 2)
    assert not parse_mat('; [Jacoby "Off"]\n' + text).jacoby
    taken = parse_mat(
        text.replace("  3)  Drops                          Wins 2 points", "  3) 62: 13/7 13/11")
    )
    assert [action.event for action in taken.games[0].cube][-1] is CubeEvent.TAKE  # implied by the roll
    with pytest.raises(UserError, match=r"line 6: a beaver in a match"):
        parse_mat(text.replace(" 0 point", " 5 point"))


def gnubg_money_rules(gnubg) -> None:
    """gnubg's own defaults for money play (Jacoby on, beavers allowed): it reads past the file's Jacoby
    and Beaver tags and uses its settings, which another test in the same process (the gnubg bot sets
    both off) may have changed."""
    gnubg.command("set jacoby on")
    gnubg.command("set beavers 3")


def test_gnubg_imports_a_money_session_with_beavers_move_for_move(tmp_path):
    gnubg = pytest.importorskip("gnubg", reason=GNUBG_MISSING)
    kinds = {"double": CubeEvent.DOUBLE, "take": CubeEvent.TAKE, "drop": CubeEvent.PASS}
    for seed in (3, 8):
        match = money_session(seed)
        path = tmp_path / f"money{seed}.mat"
        path.write_text(export_mat(MatchRecord.from_match(match, NAMES)))
        gnubg_money_rules(gnubg)
        gnubg.command(f'import mat "{path}"')
        imported = gnubg.match()
        assert imported["match-info"]["match-length"] == 0
        assert len(imported["games"]) == len(match.games)
        for theirs, ours in zip(imported["games"], match.games, strict=True):
            moves = [entry for entry in theirs["game"] if entry["action"] == "move"]
            assert [(m["player"], m["dice"], m["board"]) for m in moves] == [
                ("XO"[turn.player], turn.dice, position_id(turn.state)) for turn in ours.record
            ]
            actions = [
                ("XO".index(e["player"]), kinds[e["action"]]) for e in theirs["game"] if e["action"] in kinds
            ]
            # gnubg records a beaver as the doubled player's double
            beaver_as_double = [
                CubeEvent.DOUBLE if a.event is CubeEvent.BEAVER else a.event for a in ours.cube_record
            ]
            assert actions == list(zip([a.player for a in ours.cube_record], beaver_as_double, strict=True))
            info = theirs["info"]
            assert (info["winner"], info["points-won"]) == ("XO"[ours.result.winner], ours.result.points)


@pytest.mark.slow
def test_the_analysis_judges_a_money_session_in_points_with_the_cube_after_a_beaver():
    match = money_session(3, ("beaver-take",))
    record = parse_mat(export_mat(MatchRecord.from_match(match, NAMES)))
    game = match.games[0]
    doubled_at = game.cube_record[0].before_turn
    states = cube_states(record.games[0])
    assert states[doubled_at - 1] == (1, None) and states[doubled_at] == (4, 1 - game.cube_record[0].player)
    analysis = analyse_match(record)
    assert not analysis.emg  # money: points per cube
    cube = [d for d in analysis.decisions if d.kind == "cube" and d.turn == doubled_at]
    assert [d.action for d in cube] == ["double", "take"]  # the beaver judged as the take it is
    assert all(d.stakes.score is None for d in cube)


def test_the_match_id_of_a_beaver_waiting_reads_back_and_is_gnubgs(tmp_path):
    match = _beaver_waiting()
    ours = match_id(match_moment(match))
    moment = read_match_id(ours)
    assert (moment.beavered, moment.doubled, moment.deciding, moment.length) == (
        True,
        True,
        match.current.turn,
        0,
    )
    assert (moment.cube, moment.owner) == (match.current.cube_value, match.current.cube_owner)
    gnubg = pytest.importorskip("gnubg", reason=GNUBG_MISSING)
    path = tmp_path / "beaver.mat"
    path.write_text(export_mat(MatchRecord.from_match(match, NAMES)))
    gnubg_money_rules(gnubg)
    gnubg.command(f'import mat "{path}"')  # gnubg stands where the file ends: the beaver waits
    assert (gnubg.match_id(), gnubg.position_id()) == (ours, position_id(match.current.state))
