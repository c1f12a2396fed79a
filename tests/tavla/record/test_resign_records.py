"""Resignations in the records: the save keeps a resigned game, a declined offer and an offer waiting
for its answer (before the roll or with the dice rolled); the .mat export writes a resigned game as GNU
Backgammon does and reads it back; the analysis reads a game that ends before its last checker."""

import json
import random

import pytest

from game.core.errors import UserError
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import OPENING
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import HUMAN, Phase, TableSession
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import FIRST_VERSION, RESIGN_VERSION, SAVE_VERSION, dump_match, load_match

NAMES = ("You", "expert")
STANDARD, TAVLA = Rules.STANDARD, Rules.TAVLA
GNUBG_MISSING = "GNU Backgammon's Python module (the gnubg extra) is not installed"


def play_turn(session: TableSession) -> None:
    turn = session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    session.commit_turn()


def step(session: TableSession, rng: random.Random) -> None:
    """One thing done at a desk of two people, at random, offers to resign among them (half of them
    declined): every phase of the table comes, with every kind of entry in the save."""
    phase = session.phase
    if phase is Phase.GAME_OVER:
        session.new_game()
    elif phase is Phase.RESIGN_ANSWER:
        session.answer_resignation(rng.random() < 0.3)
    elif phase is Phase.ANSWER:
        session.answer(rng.random() < 0.7)
    elif session.may_resign and rng.random() < 0.08:
        session.resign(rng.choice(session.rules.resignations))
    elif phase is Phase.ROLL:
        session.double() if rng.random() < 0.1 else session.roll()
    elif phase is Phase.PASS:
        session.pass_turn()
    else:
        play_turn(session)


def round_trip(session: TableSession) -> None:
    text = dump_match(session.match, NAMES)
    restored, _names = load_match(text)
    assert dump_match(restored, NAMES) == text
    game, again = session.game, restored.current
    assert again.resign_record == game.resign_record
    assert (again.result, again.dice, again.state) == (game.result, game.dice, game.state)
    assert TableSession.resume(restored, HUMAN).phase is session.phase


@pytest.mark.slow
@pytest.mark.parametrize("rules, cube", [(STANDARD, True), (TAVLA, False)])
def test_a_match_with_resignations_is_restored_at_every_step(rules, cube):
    session = TableSession(rules, 7, HUMAN, 11, cube=cube)
    rng = random.Random(5)
    while session.phase is not Phase.MATCH_OVER:
        round_trip(session)
        step(session, rng)
    offers = [offer for game in session.match.games for offer in game.resign_record]
    assert {offer.accepted for offer in offers} == {True, False}
    assert {offer.rolled for offer in offers} == (
        {True, False} if cube else {True}
    )  # no cube: rolled at once
    assert any(game.result.resigned for game in session.match.games)


def test_an_offer_waiting_with_the_dice_rolled_keeps_them():
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5)
    turn = session.turn
    turn.apply(turn.options()[0])
    session.resign(Resignation.GAMMON)
    data = json.loads(dump_match(session.match, NAMES))
    assert data["version"] == RESIGN_VERSION
    assert data["games"][-1]["turns"][-2:] == [{"dice": [3, 1]}, {"resign": "gammon"}]
    resumed = TableSession.resume(load_match(json.dumps(data))[0], "expert")
    assert resumed.phase is Phase.COMPUTER_RESIGN_ANSWER and resumed.game.dice == (3, 1)
    resumed.computer_answer_resignation(False)
    assert resumed.phase is Phase.HUMAN and resumed.game.resign_offer is None


def test_a_computers_offer_before_its_roll_waits_for_the_person():
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5, cube=True)
    play_turn(session)
    session.computer_double(False)  # expert rolls ...
    assert session.phase is Phase.COMPUTER
    session.computer_resign(Resignation.SINGLE)  # ... and offers with the dice rolled
    resumed = TableSession.resume(load_match(dump_match(session.match, NAMES))[0], "expert")
    assert resumed.phase is Phase.RESIGN_ANSWER and resumed.game.dice == session.game.dice
    resumed.answer_resignation(True)
    assert (resumed.result.winner, resumed.result.points, resumed.result.resigned) == (0, 1, 1)


def test_a_save_without_resignations_stays_version_1():
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5)
    assert json.loads(dump_match(session.match, NAMES))["version"] == FIRST_VERSION


@pytest.mark.parametrize(
    "entries, message",
    [
        ([{"resign": "mars"}], "'single', 'gammon' or 'backgammon', not 'mars'"),
        ([{"resign": 2}], "'single', 'gammon' or 'backgammon', not 2"),
        ([{"resign": "single", "answer": "yes"}], "'accept' or 'decline', not 'yes'"),
        ([{"resign": "single"}, {"dice": [3, 1], "play": "8/5 6/5"}], "no answer must come last"),
        ([{"resign": "single", "answer": "accept"}, {"dice": [3, 1], "play": "8/5 6/5"}], "after the end"),
        ([{"resign": "single", "answer": "decline"}, {"resign": "single", "answer": "accept"}], None),
        ([{"dice": [3, 1]}, {"dice": [3, 1], "play": "8/5 6/5"}], "no play but is not the last"),
    ],
)
def test_a_damaged_resignation_in_a_save_is_refused(entries, message):
    session = TableSession.from_position(OPENING, (3, 1), STANDARD, "expert", 5)
    data = json.loads(dump_match(session.match, NAMES))
    data["version"] = SAVE_VERSION
    data["games"][-1]["turns"] = entries
    if message is None:
        assert load_match(json.dumps(data))[0].current.result.resigned is Resignation.SINGLE
        return
    with pytest.raises(UserError, match=message):
        load_match(json.dumps(data))


def test_backgammon_is_refused_under_tavla_rules_in_a_save():
    session = TableSession.from_position(OPENING, (3, 1), TAVLA, "expert", 5)
    data = json.loads(dump_match(session.match, NAMES))
    data["games"][-1]["turns"].append({"resign": "backgammon", "answer": "accept"})
    with pytest.raises(UserError, match="levels 1, 2, not 3"):
        load_match(json.dumps(data))


def resigned_match(rules: Rules, level: Resignation, cube: bool = False) -> TableSession:
    """Two games: the person resigns `level` in the first (after a double taken, with the cube), and
    the computer's offer is declined before the person resigns a single game in the second."""
    session = TableSession.from_position(OPENING, (3, 1), rules, "expert", 7, seed=3, cube=cube)
    play_turn(session)
    if cube:
        session.computer_double(True)
        session.answer(True)
    session.computer_resign(Resignation.SINGLE)
    session.answer_resignation(False)
    steps = session.computer_play(_first_play(session))
    assert steps
    session.resign(level)
    session.computer_answer_resignation(True)
    session.new_game()
    if session.phase is Phase.COMPUTER:
        session.computer_play(_first_play(session))
    session.resign(Resignation.SINGLE)
    session.computer_answer_resignation(True)
    return session


def _first_play(session: TableSession) -> str:
    plays = session.game.legal_plays()
    return format_play(plays[0]) if plays else ""


@pytest.mark.parametrize("rules, cube", [(STANDARD, True), (TAVLA, False)])
def test_the_mat_export_writes_a_resigned_game_as_gnubg_does_and_reads_it_back(rules, cube):
    session = resigned_match(rules, Resignation.GAMMON, cube)
    first = session.match.games[0].result
    assert (first.winner, first.points, first.resigned) == (1, 4 if cube else 2, Resignation.GAMMON)
    assert first.kind is (Outcome.GAMMON if rules is STANDARD else Outcome.MARS)
    text = export_mat(MatchRecord.from_match(session.match, NAMES))
    game_one = text.split(" Game 2")[0]
    last = game_one.rstrip().splitlines()[-1]
    assert last.endswith(f"Wins {first.points} points") and last.index("Wins") == 34  # expert's column
    rolled = session.match.games[0].dice  # resigned before the roll with the cube, after it without
    assert (rolled is None) == cube
    if rolled is not None:  # the dice alone before the result, as gnubg writes a roll then a resignation
        assert last.startswith(f"  2) {rolled[0]}{rolled[1]}:{' ' * 26}Wins")
    assert "esign" not in text  # no line for the offers, as gnubg writes none
    read = parse_mat(text)
    ours = MatchRecord.from_match(session.match, NAMES)
    assert [(g.winner, g.points, g.resigned) for g in read.games] == [
        (g.winner, g.points, g.resigned) for g in ours.games
    ]
    assert read.games == ours.games


def test_the_analysis_reads_a_resigned_game():
    session = resigned_match(STANDARD, Resignation.BACKGAMMON, cube=True)
    record = parse_mat(export_mat(MatchRecord.from_match(session.match, NAMES)))
    analysis = analyse_match(record)
    assert [game.number for game in analysis.games] == [1, 2]
    assert (analysis.players[1].result, analysis.players[0].result) == (7, -7)  # a backgammon at 2, a single


@pytest.mark.parametrize("cube", [True, False])
def test_gnubg_reads_the_resigned_games_points(tmp_path, cube):
    gnubg = pytest.importorskip("gnubg", reason=GNUBG_MISSING)
    session = resigned_match(STANDARD, Resignation.GAMMON, cube=cube)
    path = tmp_path / "resigned.mat"
    path.write_text(export_mat(MatchRecord.from_match(session.match, NAMES)))
    gnubg.command(f'import mat "{path}"')
    games = gnubg.match()["games"]
    ours = [game.result for game in session.match.games]
    assert [(g["info"]["winner"], g["info"]["points-won"], g["info"]["resigned"]) for g in games] == [
        ("XO"[result.winner], result.points, True) for result in ours
    ]
    assert [g["game"][-1] for g in games] == [
        {"action": "resign", "player": "XO"[1 - result.winner], "points": int(result.resigned)}
        for result in ours
    ]
    for theirs, game in zip(games, session.match.games, strict=True):
        if game.dice is not None:  # rolled, then resigned: gnubg keeps the roll
            assert theirs["game"][-2] == {"dice": game.dice, "action": "set", "player": "XO"[game.turn]}
