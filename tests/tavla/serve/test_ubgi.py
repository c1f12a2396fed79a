"""Our UBGI v0.2 engine line by line, in this process (game/tavla/serve/ubgi.py): the handshake, keys,
positions from every notation, the answers, and every malformed or misplaced line answered with one of
the four error codes while the engine goes on."""

import pytest

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.moves import check_play
from game.tavla.engine.position import OPENING, flip, position_id
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup
from game.tavla.engine.xgid import write_xgid
from game.tavla.players.ubgi_lines import (
    ERROR_CODES,
    moves_of,
    payload,
    position_line,
    resolve_play,
)
from game.tavla.serve.ubgi import UbgiEngine
from tests.tavla.builders import position, random_game_positions

OPENING_ID = "4HPwATDgc/ABMA"
BAR_PROBE, OFF_PROBE = "Np7BQSCYZ/AAWA", "/z0AADDeaxsAAA"  # bgci's notation probes: 5-3 enters, 5-5 bears off


@pytest.fixture(scope="module")
def engine():
    return UbgiEngine(Rules.STANDARD)


def ask(engine, *lines):
    answer = []
    for line in lines:
        replies = engine.handle(line)
        assert replies is not None
        answer += replies
    return answer


def test_the_handshake_and_readiness(engine):
    hello = ask(engine, "ubgi")
    assert hello[0].startswith("id name ") and hello[1].startswith("id author ")
    assert hello[2:] == ["proto 0.2", "info game.variant backgammon", "ubgiok"]
    assert ask(engine, "isready") == ["readyok"]
    assert engine.handle("quit") is None


def test_keys_get_and_set(engine):
    keys = ask(engine, "keys")
    assert "key engine.ply int 1..3 1 root-inclusive checker-play depth" in keys
    assert "key game.variant enum tavla|backgammon backgammon rule set" in keys
    values = ["value engine.ply 1", "value game.variant backgammon"]
    assert ask(engine, "get engine.ply", "get game.variant") == values
    assert ask(engine, "set engine.ply 2", "get engine.ply", "set engine.ply 1") == ["value engine.ply 2"]
    assert ask(UbgiEngine(Rules.TAVLA, "master"), "get engine.ply", "get game.variant") == [
        "value engine.ply 2",
        "value game.variant tavla",
    ]


def test_bestmove_writes_bar_and_off_and_is_legal(engine):
    assert ask(engine, f"position gnubgid {OPENING_ID}", "dice 3 1", "go") == ["bestmove 8/5 6/5"]
    entered = ask(engine, f"position gnubgid {BAR_PROBE}", "dice 5 3", "go chequer")[0]
    assert "bar/" in entered
    borne = ask(engine, f"position gnubgid {OFF_PROBE}", "dice 5 5", "go chequer")[0]
    assert "/off" in borne and borne.startswith("bestmove ")


def test_pass_when_nothing_moves(engine):
    closed = position({13: 1}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}, own_bar=1)
    assert ask(engine, f"position gnubgid {position_id(closed)}", "dice 6 6", "go") == ["bestmove pass"]


def test_every_bestmove_is_legal_on_random_positions(engine):
    for state, die1, die2 in random_game_positions(40, seed=11, rules=Rules.STANDARD):
        (line,) = ask(engine, f"position gnubgid {position_id(state)}", f"dice {die1} {die2}", "go chequer")
        moves = moves_of(line.removeprefix("bestmove "))
        assert moves is not None
        check_play(state, die1, die2, tuple(moves), Rules.STANDARD)


def test_xgid_and_match_id_positions_and_turns(engine):
    setup = Setup(OPENING)
    assert ask(engine, f"position xgid {write_xgid(setup)}", "dice 3 1", "go") == ["bestmove 8/5 6/5"]
    assert ask(engine, f"position xgid {write_xgid(setup.with_dice((3, 1)))}", "go") == ["bestmove 8/5 6/5"]
    (turn,) = ask(engine, position_line(OPENING, Cube()), "dice 3 1", "go turn")
    assert turn == "bestturn cube=nodouble move=8/5 6/5"


def test_the_v01_forms_controllers_still_send(engine):
    v01 = ask(engine, f"position gnubgid {OPENING_ID}", "dice 3 1", "go role chequer")
    assert v01 == ["bestmove 8/5 6/5"]
    assert ask(engine, "setoption name Variant value backgammon") == []
    assert ask(engine, "setoption name Threads value 4")[0].startswith("error unsupported ")


def last_roll(own: dict[int, int]):
    """The roller's chance to bear off with this roll (the opponent bears off with any next roll)."""
    from game.tavla.engine.moves import legal_results

    state = position(own, {24: 1})
    wins = sum(
        any(after[0] == 15 for _, after in legal_results(state, d1, d2, Rules.STANDARD))
        for d1 in range(1, 7)
        for d2 in range(1, 7)
    )
    return state, wins / 36


@pytest.mark.parametrize(
    "own", [{1: 1}, {6: 2}, {6: 1, 1: 1}, {5: 1, 1: 1}, {4: 1, 1: 1}, {2: 2}, {5: 1, 2: 1}]
)
def test_last_roll_cube_answers_are_the_dead_cube_rule(engine, own):
    """Money, the cube in the centre, the opponent off next roll for sure: double above 50% to win,
    pass above 75%."""
    state, chance = last_roll(own)
    assert abs(chance - 0.5) > 0.02 and abs(chance - 0.75) > 0.02
    (double,) = ask(engine, position_line(state, Cube()), "go cube")
    assert double == f"bestcube {'double' if chance > 0.5 else 'nodouble'}"
    (take,) = ask(engine, position_line(flip(state), Cube(), doubled=True), "go cube")
    assert take == f"bestcube {'pass' if chance > 0.75 else 'take'}"


def test_the_match_id_brings_the_score_and_crawford_into_the_cube(engine):
    state, chance = last_roll({5: 1, 1: 1})
    assert 0.5 < chance < 0.75  # double/take for money
    assert ask(engine, position_line(state, Cube()), "go cube") == ["bestcube double"]
    crawford = Cube(score=MatchScore(5, 2, 4, crawford=True))
    assert ask(engine, position_line(state, crawford), "go cube") == ["bestcube nodouble"]
    owned = Cube(2, CubeOwner.OPPONENT)
    assert ask(engine, position_line(state, owned), "go cube") == ["bestcube nodouble"]
    behind, chance = last_roll({6: 1, 1: 1})
    assert chance < 0.5  # no double for money ...
    assert ask(engine, position_line(behind, Cube()), "go cube") == ["bestcube nodouble"]
    trailer = Cube(score=MatchScore(5, 1, 4))  # ... but 4-away against 1-away after the Crawford game
    assert ask(engine, position_line(behind, trailer), "go cube") == ["bestcube double"]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("", None),
        ("hello", "bad_command"),
        ("UBGI", "bad_command"),
        ("ubgi now", "bad_command"),
        ("isready please", "bad_command"),
        ("newgame 3", "bad_command"),
        ("keys all", "bad_command"),
        ("position", "bad_command"),
        ("position gnubgid", "bad_command"),
        ("position gnubgid a b", "bad_command"),
        ("position fen 8/8/8", "unsupported"),
        ("position gnubgid 4HPw", "bad_value"),
        ("position gnubgid !!!!!!!!!!!!!!", "bad_value"),
        ("position gnubgid 4HPwATDgc/ABMA:cAmg", "bad_value"),
        ("position gnubgid 4HPwATDgc/ABMA:x:y", "bad_value"),
        ("position xgid XGID=nonsense", "bad_value"),
        ("dice", "bad_command"),
        ("dice 3", "bad_command"),
        ("dice 3 1 2", "bad_command"),
        ("dice 0 1", "bad_value"),
        ("dice 7 1", "bad_value"),
        ("dice a b", "bad_value"),
        ("dice 3 ١", "bad_value"),
        ("go sideways", "bad_command"),
        ("go chequer now", "bad_command"),
        ("go role", "bad_command"),
        ("set", "bad_command"),
        ("set engine.ply", "bad_command"),
        ("set engine.ply 1 2", "bad_command"),
        ("set engine.ply 0", "bad_value"),
        ("set engine.ply 4", "bad_value"),
        ("set engine.ply two", "bad_value"),
        ("set game.variant chess", "bad_value"),
        ("set game.variant nackgammon", "unsupported"),
        ("set engine.threads 4", "unsupported"),
        ("get", "bad_command"),
        ("get a b", "bad_command"),
        ("get engine.threads", "unsupported"),
        ("setoption name Variant", "bad_command"),
        ("setoption name Variant value chess", "bad_value"),
    ],
)
def test_every_malformed_line_is_one_error_and_the_engine_goes_on(line, code):
    engine = UbgiEngine(Rules.STANDARD)
    replies = engine.handle(line)
    if code is None:
        assert replies == []
    else:
        assert len(replies) == 1 and replies[0].startswith(f"error {code} ")
        assert replies[0].split()[1] in ERROR_CODES
    assert ask(engine, f"position gnubgid {OPENING_ID}", "dice 3 1", "go") == ["bestmove 8/5 6/5"]


@pytest.mark.parametrize(
    ("lines", "detail"),
    [
        (["go"], "missing position"),
        (["go cube"], "missing position"),
        ([f"position gnubgid {OPENING_ID}", "go"], "missing dice"),
        ([f"position gnubgid {OPENING_ID}", "go turn"], "missing dice"),
        ([f"position gnubgid {OPENING_ID}", "dice 3 1", "newgame", "go"], "missing position"),
        ([position_line(OPENING, Cube(), doubled=True), "dice 3 1", "go chequer"], "a double waits"),
        ([position_line(OPENING, Cube(), doubled=True), "dice 3 1", "go turn"], "a double waits"),
    ],
)
def test_misplaced_commands_are_bad_state(lines, detail):
    engine = UbgiEngine(Rules.STANDARD)
    *before, last = lines
    assert ask(engine, *before) == []
    (reply,) = engine.handle(last)
    assert reply.startswith("error bad_state ") and detail in reply


def test_a_new_position_forgets_the_dice_it_does_not_carry():
    engine = UbgiEngine(Rules.STANDARD)
    ask(engine, f"position gnubgid {OPENING_ID}", "dice 3 1", f"position gnubgid {OPENING_ID}")
    assert ask(engine, "go")[0] == "error bad_state missing dice"


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("pass", []),
        ("24/18 13/12", [(24, 18), (13, 12)]),
        ("bar/22 6/off", [(25, 22), (6, 0)]),
        ("BAR/22* 6/OFF", [(25, 22), (6, 0)]),
        ("13/11(2) 6/4(2)", [(13, 11), (13, 11), (6, 4), (6, 4)]),
        ("24/18*/13", [(24, 18), (18, 13)]),
        ("24/13", [(24, 13)]),
        ("", []),
    ],
)
def test_payloads_are_read_as_engines_write_them(text, moves):
    assert moves_of(text) == (moves if text else [])


@pytest.mark.parametrize("text", ["24-18", "24/", "/18", "bar", "24/18/", "x/y", "24/18(5)", "pass 24/18"])
def test_what_is_no_payload_is_none(text):
    assert moves_of(text) is None


def test_payload_round_trip_and_joined_moves_resolved():
    assert payload("25/22 6/0") == "bar/22 6/off" and payload("") == "pass"
    assert resolve_play(OPENING, 6, 5, "24/13", Rules.STANDARD) == "24/18 18/13"
    assert resolve_play(OPENING, 6, 5, "24/18 18/13", Rules.STANDARD) == "24/18 18/13"
    assert resolve_play(OPENING, 3, 1, "8/5 6/5", Rules.STANDARD) == "8/5 6/5"
    assert resolve_play(OPENING, 3, 1, "hello", Rules.STANDARD) == "hello"  # for the referee to refuse
