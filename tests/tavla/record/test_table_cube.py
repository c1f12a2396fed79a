"""The doubling cube at the table: the session's phases before a roll, its save and its .mat export."""

import json
import random
import re

import pytest

from game.core.errors import UserError
from game.tavla.engine.cube import CubeEvent, accepts_double, wants_double
from game.tavla.engine.game import GameResult
from game.tavla.engine.position import flip
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.players import get_bot
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import dump_match, load_match

NAMES = ("You", "expert")
GNUBG_MISSING = "GNU Backgammon's Python module (the gnubg extra) is not installed"


def play_human_turn(session: TableSession) -> None:
    turn = session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    session.commit_turn()


def to_roll(session: TableSession) -> None:
    """Play on (the human's first plays, expert's answers) until the human may double before a roll."""
    bot = get_bot("expert", rules=Rules.STANDARD)
    while session.phase is not Phase.ROLL:
        step(session, bot, random.Random(0), double=0.0)


def step(session: TableSession, bot, rng: random.Random, double: float = 0.3) -> None:
    """One thing done at the table: the human at random, the computer by expert's judgement."""
    phase, game = session.phase, session.game
    if phase is Phase.GAME_OVER:
        session.new_game()
    elif phase is Phase.ROLL:
        session.double() if rng.random() < double else session.roll()
    elif phase is Phase.ANSWER:
        session.answer(rng.random() < 0.5)
    elif phase is Phase.COMPUTER_DOUBLE:
        session.computer_double(wants_double(bot, game.state, session.cube))
    elif phase is Phase.COMPUTER_ANSWER:
        session.computer_answer(accepts_double(bot, flip(game.state), session.cube.flipped()))
    elif phase is Phase.PASS:
        session.pass_turn()
    elif phase is Phase.COMPUTER:
        session.computer_play(bot.play(list(game.state), *game.dice))
    else:
        play_human_turn(session)


def cube_match(seed: int, on_step=lambda session: None) -> TableSession:
    session = TableSession(Rules.STANDARD, 5, "expert", seed, cube=True)
    bot, rng = get_bot("expert", rules=Rules.STANDARD), random.Random(seed)
    while session.phase is not Phase.MATCH_OVER:
        on_step(session)
        step(session, bot, rng)
    return session


def test_the_human_doubles_before_a_roll_and_the_computer_answers():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    assert session.phase is Phase.COMPUTER, "nobody doubles on the opening roll"
    to_roll(session)
    assert session.turn is None and session.game.dice is None
    session.double()
    assert session.phase is Phase.COMPUTER_ANSWER
    session.computer_answer(True)
    game = session.game
    assert (game.cube_value, game.cube_owner) == (2, 1)
    assert session.phase in (Phase.HUMAN, Phase.PASS) and game.dice is not None, "the doubler rolls"
    assert [action.event for action in game.cube_record] == [CubeEvent.DOUBLE, CubeEvent.TAKE]


def test_a_passed_double_ends_the_game_at_the_cubes_value():
    session = TableSession(Rules.STANDARD, 5, "human", 3, cube=True)
    while session.phase is not Phase.ROLL:
        step(session, None, random.Random(0), double=0.0)
    doubler = session.seat
    session.double()
    assert session.phase is Phase.ANSWER, "a second person at the desk answers"
    session.answer(False)
    result = session.result
    assert session.phase is Phase.GAME_OVER
    assert (result.winner, result.points, result.kind) == (doubler, 1, Outcome.PASSED)


def test_a_computer_that_fails_to_answer_a_double_is_disqualified():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    to_roll(session)
    session.double()
    session.opponent_failed("no answer")
    result = session.result
    assert (result.winner, result.disqualified) == (0, 1)
    restored, _names = load_match(dump_match(session.match, NAMES))
    assert restored.current.result.disqualified == 1


def test_cube_questions_are_refused_out_of_turn():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    for call in (session.roll, session.double, lambda: session.answer(True)):
        with pytest.raises(UserError):
            call()


def end_game(session: TableSession, winner: int, points: int) -> None:
    """Decide the game on the table at once (the tests need a score, not the game)."""
    session.game.result = GameResult(winner, points, Outcome.SINGLE, len(session.game.record))
    session.turn = None


def test_no_doubling_in_the_crawford_game_and_free_doubling_after_it():
    session = TableSession(Rules.STANDARD, 5, "expert", 7, cube=True)
    bot, rng = get_bot("expert", rules=Rules.STANDARD), random.Random(1)
    end_game(session, 1, 4)
    session.new_game()
    assert session.game.terms.crawford
    for _ in range(40):
        assert session.phase not in (Phase.ROLL, Phase.COMPUTER_DOUBLE, Phase.ANSWER, Phase.COMPUTER_ANSWER)
        if session.game.over:
            break
        step(session, bot, rng, double=1.0)
    end_game(session, 0, 1)
    session.new_game()
    assert not session.game.terms.crawford and session.match.scores == (1, 4)
    while session.phase is not Phase.ROLL:
        step(session, bot, rng, double=1.0)
    session.double()
    assert session.phase is Phase.COMPUTER_ANSWER, "the trailer doubles freely after the Crawford game"


def test_a_dead_cube_is_not_offered_at_double_match_point_nor_to_the_leader_after_crawford():
    """At 2-2 to 3 the cube at 1 already wins the match for either side: no "Double, or roll?" and no
    computer asked; after the Crawford game only the trailer is asked, never the leader."""
    session = TableSession(Rules.STANDARD, 3, "expert", 7, cube=True)
    bot, rng = get_bot("expert", rules=Rules.STANDARD), random.Random(2)
    end_game(session, 0, 2)
    session.new_game()  # 2-0: the Crawford game
    end_game(session, 1, 1)
    session.new_game()  # 2-1 after it: the leader's cube (seat 0) is dead, the trailer's alive
    asked = set()
    for _ in range(40):
        if session.game.over:
            break
        if session.phase in (Phase.ROLL, Phase.COMPUTER_DOUBLE):
            asked.add(session.seat)
        if session.phase is Phase.COMPUTER_DOUBLE:
            session.computer_double(False)
        else:
            step(session, bot, rng, double=0.0)
    assert asked == {1}
    end_game(session, 1, 1)
    session.new_game()
    assert session.match.scores == (2, 2)
    for _ in range(40):
        assert session.phase not in (Phase.ROLL, Phase.COMPUTER_DOUBLE), "the cube is dead at 2-2 to 3"
        if session.game.over:
            break
        step(session, bot, rng, double=1.0)


def test_the_tavla_rule_set_plays_as_before_without_a_cube():
    before = TableSession(Rules.TAVLA, 3, "random", 5)
    assert before.cube is None
    with pytest.raises(UserError):
        TableSession(Rules.TAVLA, 3, "random", 5, cube=True)


def test_a_cube_match_is_restored_at_every_step_with_its_cube():
    def round_trip(session: TableSession) -> None:
        text = dump_match(session.match, NAMES)
        restored, _names = load_match(text)
        assert dump_match(restored, NAMES) == text
        game, again = session.game, restored.current
        assert (again.cube_value, again.cube_owner, again.offered_by) == (
            game.cube_value,
            game.cube_owner,
            game.offered_by,
        )
        assert again.cube_record == game.cube_record
        resumed = TableSession.resume(restored, "expert")
        assert resumed.phase is session.phase

    session = cube_match(4, round_trip)
    assert any(game.cube_record for game in session.match.games)


def test_a_pending_double_is_kept_by_the_save():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    to_roll(session)
    session.double()
    data = json.loads(dump_match(session.match, NAMES))
    assert data["cube"] is True and data["games"][-1]["turns"][-1] == {"cube": "double"}
    resumed = TableSession.resume(load_match(json.dumps(data))[0], "expert")
    assert resumed.phase is Phase.COMPUTER_ANSWER


def test_an_old_save_without_the_cube_loads_as_a_match_without_it():
    session = TableSession(Rules.STANDARD, 3, "expert", 3)
    data = json.loads(dump_match(session.match, NAMES))
    del data["cube"]
    match, _names = load_match(json.dumps(data))
    assert not match.cube and match.current.terms is None


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda data: data.update(cube="yes"), "'cube' must be true or false"),
        (lambda data: data["games"][-1]["turns"].append({"cube": "raccoon"}), "'take', 'pass' or 'beaver'"),
        (lambda data: data["games"][-1]["turns"].append({"cube": "beaver"}), "cannot beaver"),
        (lambda data: data["games"][-1]["turns"].append({"cube": "take"}), "there is no double to answer"),
    ],
)
def test_a_damaged_cube_in_a_save_is_refused(change, message):
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    to_roll(session)
    data = json.loads(dump_match(session.match, NAMES))
    change(data)
    with pytest.raises(UserError, match=message):
        load_match(json.dumps(data))


def test_the_mat_export_writes_cube_actions_as_gnubg_does():
    session = TableSession(Rules.STANDARD, 5, "expert", 3, cube=True)
    to_roll(session)
    session.double()
    session.computer_answer(True)
    text = export_mat(MatchRecord.from_match(session.match, NAMES))
    lines = text.splitlines()
    line = next(line for line in lines if "Doubles" in line)
    assert re.fullmatch(r" *\d+\)  Doubles => 2 +Takes", line), "You double on the left, expert takes"
    assert line.index("Takes") == 34, "the right column's cell, its leading space included"


def test_gnubg_reads_back_the_cube_actions_and_the_points(tmp_path):
    gnubg = pytest.importorskip("gnubg", reason=GNUBG_MISSING)
    kinds = {"double": CubeEvent.DOUBLE, "take": CubeEvent.TAKE, "drop": CubeEvent.PASS}
    for seed in (1, 4):
        session = cube_match(seed)
        path = tmp_path / f"cube{seed}.mat"
        path.write_text(export_mat(MatchRecord.from_match(session.match, NAMES)))
        gnubg.command(f'import mat "{path}"')
        imported = gnubg.match()
        assert len(imported["games"]) == len(session.match.games)
        for theirs, ours in zip(imported["games"], session.match.games, strict=True):
            actions = [entry for entry in theirs["game"] if entry["action"] in kinds]
            assert [("XO".index(a["player"]), kinds[a["action"]]) for a in actions] == [
                (action.player, action.event) for action in ours.cube_record
            ]
            info = theirs["info"]
            assert (info["winner"], info["points-won"]) == ("XO"[ours.result.winner], ours.result.points)
