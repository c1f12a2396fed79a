"""GNU Backgammon's `.sgf` match files: gnubg's own read move for move (the same match as its `.mat`),
ours loaded by gnubg move for move (read back through its `.mat` export), our export read back here, and
broken files refused with the line and what was expected.

gnubg runs in a child process: its Python module (the `gnubg` extra) saves, imports and plays; its
SGF reader is a stub in the module's builds that crashes `load match`, so loading uses the `gnubg`
program where one is installed (Debian's `gnubg` package). Each half is skipped without them."""

import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.match import Match
from game.tavla.engine.position import OPENING, winner_gammon_level
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.players.random_bot import RandomBot
from game.tavla.record.mat import Stopped, read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.record.sgf import export_sgf, parse_sgf, read_sgf, write_sgf
from tests.tavla.matches import ContraryBot, advance, scripted_match
from tests.tavla.money import money_session

DATA = Path(__file__).parents[1] / "data"
GNUBG_FILES = sorted(DATA.glob("gnubg-*.mat"))
NAMES = ("You", "random")
GNUBG_MISSING = (
    "GNU Backgammon is not installed (neither its Python module, the gnubg extra, nor the program)"
)
NO_SGF_LOADER = (
    "no GNU Backgammon here loads .sgf: the module's SGF reader is a stub; install the gnubg program"
)
SESSION_SECONDS = 300
_MODULE_SCRIPT = "import sys, gnubg\nfor line in sys.argv[1:]:\n    gnubg.command(line)\n"
_SETUP = ["set threads 1", "set confirm new off", "set confirm save off"]
_TINY = "(;FF[4]GM[6]CA[UTF-8]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]\n;W[31hefe])\n"


# GNU Backgammon in a child process


def _program() -> str | None:
    found = shutil.which("gnubg") or "/usr/games/gnubg"
    return found if os.access(found, os.X_OK) else None


def _module() -> bool:
    return find_spec("gnubg") is not None


def _run(commands: list[str], folder: Path, program: str | None) -> subprocess.CompletedProcess[bytes]:
    """gnubg's command interpreter on `commands` (after `set threads 1`, no confirmations): the program
    given, else the Python module; stdout (its boards) thrown away."""
    lines = [*_SETUP, *commands]
    if program is not None:
        script = folder / "commands.txt"
        script.write_text("\n".join(lines) + "\n")
        command = [program, "-t", "-q", "-r", "-c", str(script)]
    else:
        command = [sys.executable, "-c", _MODULE_SCRIPT, *lines]
    environment = {**os.environ, "HOME": str(folder)}  # gnubg keeps its settings in ~/.gnubg
    return subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=environment,
        timeout=SESSION_SECONDS,
        check=False,
    )


@functools.cache
def _module_loads_sgf() -> bool:
    """Whether the module's `load match` reads an SGF file (in the builds on PyPI it crashes)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tiny.sgf"
        path.write_text(_TINY)
        done = _run([f'load match "{path}"', f'export match mat "{path}.mat"'], Path(folder), None)
        return done.returncode == 0 and Path(f"{path}.mat").exists()


def gnubg(commands: list[str], folder: Path, loads_sgf: bool = False) -> None:
    """Run `commands` in whichever gnubg can (the module first, the program to load .sgf), or skip."""
    program = _program()
    if loads_sgf and not (_module() and _module_loads_sgf()):
        if program is None:
            pytest.skip(NO_SGF_LOADER if _module() else GNUBG_MISSING)
    elif _module():
        program = None
    elif program is None:
        pytest.skip(GNUBG_MISSING)
    done = _run(commands, folder, program)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]


def assert_same(ours: MatchRecord, theirs: MatchRecord) -> None:
    """The same match: players, length, rules, options and every game (what a reader may warn of aside,
    and the dice a game was resigned with: the .sgf reader reads gnubg's `PL[W]DI[52]` past, the .mat
    reader keeps the `52:` written alone as `resigned_roll`)."""
    assert (ours.names, ours.length, ours.rules) == (theirs.names, theirs.length, theirs.rules)
    assert (ours.jacoby, ours.beavers) == (theirs.jacoby, theirs.beavers)
    for number, (mine, other) in enumerate(zip(ours.games, theirs.games, strict=True), 1):
        assert mine == replace(other, resigned_roll=mine.resigned_roll), f"game {number}"


# Matches to write


def played(match: Match, seed: int, games: int = 4) -> Match:
    """`match` played by seeded random bots to its end (a money session: `games` games), the cube turned
    (doubles taken and dropped, beavers where allowed) and games resigned, before the roll and with
    the dice rolled, at every level."""
    rng = random.Random(seed)
    bots = (RandomBot(seed, match.rules), RandomBot(seed + 1, match.rules))
    while not match.over:
        game = match.current
        if game is None or game.over:
            if match.money and len(match.games) == games:
                match.stop()
                continue
            match.next_game().start()
        elif game.may_resign() and len(game.record) > 6 and rng.random() < 0.02:
            game.resign(rng.choice(match.rules.resignations))
            game.accept_resignation()
        elif game.dice is None and game.may_double() and rng.random() < 0.1:
            game.double()
            if game.may_beaver() and rng.random() < 0.5:
                game.beaver()
            game.take() if rng.random() < 0.7 else game.pass_double()
        elif game.dice is None:
            game.roll()
        else:
            game.play(bots[game.turn].play(list(game.state), *game.dice))
    return match


def cases() -> list[Match]:
    """Matches and money sessions with every kind of turn, cube action and ending."""
    return [
        played(Match(5, Rules.STANDARD, 1, cube=True), 1),
        played(Match(7, Rules.STANDARD, 2, cube=True), 2),
        played(Match(MONEY, Rules.STANDARD, 3, cube=True, jacoby=True, beavers=True), 3, games=6),
        played(Match(MONEY, Rules.STANDARD, 4, cube=True, jacoby=False, beavers=True), 4, games=6),
        money_session(),
        played(Match(5, Rules.TAVLA, 5), 5),
        advance(Match(5, Rules.TAVLA, 9), 9, bot=ContraryBot),
        advance(Match(3, Rules.STANDARD, 6), 6, 300),
        scripted_match(),
    ]


def read_back(match: Match, names: tuple[str, str] = NAMES) -> MatchRecord:
    """What reading our .sgf of `match` gives: its record, but a game resigned or won by a disqualification
    reads as resigned at its points over the cube (a Jacoby gammon resigned at 1 point, a single game), and
    a tavla game won with the loser in the winner's home as resigned the roll before (gnubg would count a
    backgammon)."""
    record = MatchRecord.from_match(match, names)
    games = []
    for mine, game in zip(record.games, [game for game in match.games if game.turn is not None], strict=True):
        result = game.result
        turns, resigned = mine.turns, mine.resigned
        if result is not None and (result.disqualified is not None or result.resigned is not None):
            levels = len(record.rules.resignations)
            resigned = Resignation(min(max(result.points // result.cube, 1), levels))
        elif (
            result is not None
            and result.kind is not Outcome.PASSED
            and _beyond_tavla(game.state, record.rules)
        ):
            turns, resigned = turns[:-1], Resignation(result.points)
        games.append(GameRecord(turns, mine.cube, mine.score, mine.winner, mine.points, resigned))
    beavered = any(action.event is CubeEvent.BEAVER for game in record.games for action in game.cube)
    return MatchRecord(
        record.names, record.length, record.rules, tuple(games), record.jacoby, record.beavers and beavered
    )


def _beyond_tavla(state, rules: Rules) -> bool:
    """Whether gnubg would score this finished board higher than `rules` do (tavla's mars, a backgammon)."""
    level = winner_gammon_level(state)
    return rules.points(level) != level


# Our export, read back here


@pytest.mark.parametrize("match", cases())
def test_our_export_reads_back_as_the_same_match(match):
    assert parse_sgf(export_sgf(MatchRecord.from_match(match, NAMES))) == read_back(match)


def test_the_cases_hold_every_kind_of_action_and_ending():
    kinds = set()
    for match in cases():
        for game in match.games:
            kinds.update(action.event for action in game.cube_record)
            result = game.result
            if result is not None:
                kinds.add(
                    "resigned"
                    if result.resigned
                    else "disqualified"
                    if result.disqualified is not None
                    else result.kind
                )
            kinds.update("pass" for turn in game.record if not turn.play)
            kinds.update("seat 1 opens" for turn in game.record[:1] if turn.player == 1)
    assert kinds >= {
        *CubeEvent,
        "resigned",
        "disqualified",
        "pass",
        "seat 1 opens",
        Outcome.SINGLE,
        Outcome.GAMMON,
        Outcome.MARS,
    }, kinds


def test_a_game_is_written_as_gnubg_writes_it():
    match = scripted_match()
    text = export_sgf(MatchRecord.from_match(match, ("Ann [A]", "Bob\\")))
    first = text.splitlines()[0]
    assert first.startswith("(;FF[4]GM[6]CA[UTF-8]AP[Fifteen & Tavla]MI[length:3][game:0][ws:0][bs:0]")
    assert "PW[Ann [A\\]]PB[Bob\\\\]" in first and "RU[NoCube:Tavla]" in first and "RE[W+2R]" in first
    assert text.splitlines()[1:3] == [";B[31qtst]", ";W[64xrmi]"]  # 8/5 6/5 by Black; 24/18 13/9 by White
    assert parse_sgf(text).names == ("Ann [A]", "Bob\\")


def test_money_sessions_carry_the_jacoby_rule_and_beavers():
    session = MatchRecord.from_match(money_session(), NAMES)
    text = export_sgf(session)
    assert text.count("RU[Jacoby]") == len(session.games) and "MI[length:0]" in text
    assert ";W[double]\n;B[double]\n;W[take]" in text or ";B[double]\n;W[double]\n;B[take]" in text
    read = parse_sgf(text)
    assert (read.jacoby, read.beavers) == (True, True)


def test_a_position_set_up_and_other_games_of_the_board_are_not_written():
    match = Match(3, Rules.STANDARD, 1)
    state = list(OPENING)
    state[6], state[5] = state[6] - 1, 1
    game = match.next_game(start_state=state)
    game.start()
    game.play(game.legal_plays()[0])
    with pytest.raises(UserError, match="starts from a position set up"):
        export_sgf(MatchRecord.from_match(match, NAMES))
    plakoto = advance(Match(1, Rules.PLAKOTO, 1), 1, 20)
    with pytest.raises(UserError, match=r"plakoto match cannot be written as \.sgf"):
        export_sgf(MatchRecord.from_match(plakoto, NAMES))


def test_write_sgf_writes_at_once_and_never_over_a_folder(tmp_path):
    record = MatchRecord.from_match(scripted_match(), NAMES)
    path = write_sgf(tmp_path / "match.sgf", record)
    assert read_sgf(path) == parse_sgf(export_sgf(record))
    (tmp_path / "folder.sgf").mkdir()
    with pytest.raises(UserError, match="folder"):
        write_sgf(tmp_path / "folder.sgf", record)


# GNU Backgammon's files, read here


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda path: path.name)
def test_gnubg_saved_matches_read_move_for_move(path, tmp_path):
    saved = tmp_path / "match.sgf"
    gnubg([f'import mat "{path}"', f'save match "{saved}"'], tmp_path)
    assert "GM[6]" in saved.read_text()
    assert_same(read_sgf(saved), read_mat(path))


RESIGNED_WITH_THE_DICE_ROLLED = """ 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2) 52:
                                  Wins 2 points

 Game 2
 Ann : 0                        Bob : 2
  1) 31: 8/5 6/5                 64: 24/18 13/9
"""


def test_a_resignation_with_the_dice_rolled_and_a_roll_left_unplayed_read_as_gnubg_saves_them(tmp_path):
    """gnubg saves the dice of the resigned game as `PL[W]DI[52]`, and the roll of the game in play as
    the dice without a move; both read past, the game after the resignation the Crawford game."""
    source, saved = tmp_path / "resigned.mat", tmp_path / "resigned.sgf"
    source.write_text(RESIGNED_WITH_THE_DICE_ROLLED)
    commands = [
        f'import mat "{source}"',
        "set player 0 human",
        "set player 1 human",
        "roll",
        f'save match "{saved}"',
    ]
    gnubg(commands, tmp_path)
    assert "RE[B+2R]" in saved.read_text() and "RU[Crawford:CrawfordGame]" in saved.read_text()
    record = read_sgf(saved)
    assert_same(record, read_mat(source))
    assert [(game.winner, game.points, game.resigned) for game in record.games] == [
        (1, 2, Resignation.GAMMON),
        (None, 0, None),
    ]


def test_a_money_session_gnubg_played_and_analysed_reads_as_its_mat(tmp_path):
    """gnubg's own play, with the analysis it writes of every move and cube decision."""
    saved, exported = tmp_path / "session.sgf", tmp_path / "session.mat"
    commands = [
        "set rng mersenne",
        "set seed 3",
        "set display off",
        "set automatic game off",
        "set automatic roll on",
        "set jacoby on",
        "set beavers 3",
        "set player 0 gnubg",
        "set player 1 gnubg",
    ]
    for player in (0, 1):
        commands += [
            f"set player {player} chequerplay evaluation plies 0",
            f"set player {player} chequerplay evaluation noise 0.3",
            f"set player {player} cubedecision evaluation plies 0",
            f"set player {player} cubedecision evaluation noise 0.3",
        ]
    commands += [
        "new session",
        "new game",
        "new game",
        "new game",
        f'save match "{saved}"',
        f'export match mat "{exported}"',
    ]
    gnubg(commands, tmp_path)
    text = saved.read_text()
    assert "A[" in text  # the analysis of every move, read past (and of the cube where it was turned)
    record = read_sgf(saved)
    assert_same(record, read_mat(exported))
    assert record.length == MONEY and record.jacoby


# Ours, loaded by GNU Backgammon


def _sources() -> list[tuple[str, MatchRecord]]:
    records = [(path.name, read_mat(path)) for path in GNUBG_FILES]
    return records + [
        (f"case {index}", MatchRecord.from_match(match, NAMES)) for index, match in enumerate(cases())
    ]


def test_gnubg_loads_our_export_move_for_move(tmp_path):
    """Each written, loaded into gnubg and exported as .mat by it: that .mat read here is the match our
    reader reads in our file, game by game (moves, cube actions, scores, winners, points, resignations)."""
    sources = _sources()
    commands = []
    for index, (_name, record) in enumerate(sources):
        (tmp_path / f"ours{index}.sgf").write_text(export_sgf(record))
        commands += [
            f'load match "{tmp_path}/ours{index}.sgf"',
            f'export match mat "{tmp_path}/back{index}.mat"',
        ]
    gnubg(commands, tmp_path, loads_sgf=True)
    for index, (name, record) in enumerate(sources):
        ours = read_sgf(tmp_path / f"ours{index}.sgf")
        theirs = read_mat(tmp_path / f"back{index}.mat", record.rules)
        assert (theirs.names, theirs.length) == (ours.names, ours.length), name
        assert theirs.games == ours.games, name


# Broken files


def _game(moves: str, root: str = "") -> str:
    """A game of a 3-point match between Ann (White) and Bob, its root on line 1, a node a line."""
    return f"(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]{root}\n{moves})\n"


GOOD = _game(";W[31hefe]\n;B[64aglp]\n;W[double]\n;B[drop]")  # 8/5 6/5; 24/18 13/9; Bob drops


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "line 1: no game"),
        ("hello (;GM[6])", "line 1: expected '(' to start a game, found 'hello"),
        (GOOD[:-10], "line 5: the file ends inside a game"),
        (GOOD[:56], "line 1: 'PB': a value opened with '[' is never closed"),
        (GOOD.replace("GM[6]", "GM[1]"), "line 1: 'GM[1]': not a backgammon game"),
        (GOOD.replace("GM[6]", ""), "line 1: not a backgammon game"),
        (_game(";W[31hedd]"), "line 2: 'W[31hedd]': "),
        (_game(";W[31hefe]\n;W[64xrmi]"), "line 3: 'W[64xrmi]': it is B's turn"),
        (_game(";W[33hefe]"), "line 2: 'W[33hefe]': the opening roll cannot be a tie"),
        (_game(";W[31hefe]\n;B[take]"), "line 3: 'B[take]': a take or drop without a double"),
        (_game(";W[31hefe]\n;B[drop]"), "line 3: 'B[drop]': a take or drop without a double"),
        (_game(";W[31hefe]\n;W[double]"), "line 3: 'W[double]': it is B's turn"),
        (_game(";W[double]"), "line 2: 'W[double]': a double before the opening roll"),
        (_game(";W[31hefe]\n;B[double]\n;W[double]"), "line 4: 'W[double]': a beaver in a match"),
        (_game(";W[31hefe]\n;B[double]"), "line 1: a double was neither taken nor dropped"),
        (_game(";W[31he fe]"), "line 2: 'W[31he fe]': expected two dice and up to four moves"),
        (_game(";W[31hefe]\n;B[64]\n;W[52]"), "line 3: 'B[64]': the dice are not played"),
        (GOOD.replace(";B[drop]", ";B[drop]\n;W[52]"), "line 6: 'W[52]': a move after the end of the game"),
        (_game(";AB[a][b]"), "line 2: 'AB[a][b]': a position set up by hand"),
        (_game(";CP[w]"), "line 2: 'CP[w]': the cube set by hand"),
        (_game(";W[31hefe]", "CV[2]"), "line 1: 'CV[2]': the cube starts above 1"),
        (_game(";W[31hefe]", "W[31hefe]"), "line 1: 'W[31hefe]': a move in the game's first node"),
        (_game(";W[31hefe]", "RU[Nackgammon]"), "line 1: 'RU[Nackgammon]': a game of Nackgammon"),
        (
            _game(";W[31hefe]\n;B[double]", "RU[Tavla]"),
            "line 3: 'B[double]': a cube action in a game without",
        ),
        (
            GOOD.replace("length:3", "length:x"),
            "line 1: 'MI[length:x][game:0][ws:0][bs:0]': expected a whole",
        ),
        (GOOD.replace("ws:0", "ws:3"), "line 1: a score of 3–0 in a match to 3"),
        (GOOD.replace("length:3", "length:1") * 2, "line 6: a game after the end of the match"),
        (GOOD + GOOD.replace("length:3", "length:5"), "line 6: this game belongs to another match"),
        (GOOD.replace(";W[31hefe]", ";W[31hefe]B[64aglp]"), "line 2: 'B[64aglp]': a second move in one node"),
        ("(;GM[6]\n;W[31hefe](;B[64aglp]);B[64aglp])", "line 2: a node after a variation"),
        ("(;GM[6];W[31hefe]é[1])", "expected a property such as 'W[62agln]'"),
        ("(;GM[6];w[31hefe])", "line 1: 'w': a property's name holds capital letters"),
        ("(;GM[6];W)", "line 1: 'W': a property without a value"),
        ("(GM[6])", "line 1: expected ';' to start a node after '('"),
    ],
)
def test_a_broken_file_is_refused_saying_where_and_what_was_expected(text, fragment):
    with pytest.raises(UserError) as caught:
        parse_sgf(text)
    message = str(caught.value)
    assert fragment in message and "\n" not in message


def test_the_good_file_reads():
    record = parse_sgf(GOOD)
    assert (record.names, record.length, record.rules) == (("Ann", "Bob"), 3, Rules.STANDARD)
    (game,) = record.games
    assert [turn.play for turn in game.turns] == [((8, 5), (6, 5)), ((24, 18), (13, 9))]
    assert (game.winner, game.points, game.resigned) == (0, 1, None)


def test_gnubgs_properties_variations_and_comments_are_read_past():
    text = (
        "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07]MI[length:0][game:0][ws:0][bs:0]PW[A\\]nn]PB[Bo\\\nb]"
        "RU[Jacoby]RE[B+4R]GS[M:0 0 1 1][D:0 0]GC[a \\] comment]\n"
        ";W[31hefe]A[0][hefe E ver 3 0.5 0.1 0 0 0 0.0 0C 0 1 0.0 1]MR[]LU[0.1]GB[1]C[nice]BM[1]\n"
        "(;B[64aglp]DA[E ver 3 0C 1 0 1 0.5]\n;W[double]\n;B[double]\n;W[take]\n;PL[B]DI[52])"
        "(;B[64]C[a variation gnubg does not restore]))\n"
    )
    record = parse_sgf(text)
    assert record.names == ("A]nn", "Bob") and record.length == MONEY and record.jacoby and record.beavers
    (game,) = record.games
    assert [turn.play for turn in game.turns] == [((8, 5), (6, 5)), ((24, 18), (13, 9))]
    assert [action.event for action in game.cube] == [CubeEvent.DOUBLE, CubeEvent.BEAVER, CubeEvent.TAKE]
    assert (game.winner, game.points, game.resigned) == (1, 4, Resignation.SINGLE)  # 4 over a cube of 4


def test_a_game_ended_on_the_board_follows_the_board_not_re():
    moves = GOOD.replace("[Bob]", "[Bob]RE[B+3]")
    game = parse_sgf(moves).games[0]
    assert (game.winner, game.points, game.resigned) == (0, 1, None)  # Bob dropped: Ann wins 1


def test_latin1_names_are_read_as_the_file_says(tmp_path):
    text = GOOD.replace("PW[Ann]", "CA[ISO-8859-1]PW[Zoë]").encode("latin-1")
    path = tmp_path / "latin.sgf"
    path.write_bytes(text)
    assert read_sgf(path).names == ("Zoë", "Bob")


def test_read_sgf_names_the_file_and_reads_only_regular_files(tmp_path, monkeypatch):
    with pytest.raises(UserError, match=r"missing\.sgf does not exist"):
        read_sgf(tmp_path / "missing.sgf")
    with pytest.raises(UserError, match="is a folder"):
        read_sgf(tmp_path)
    bad = tmp_path / "bad.sgf"
    bad.write_text(_game(";W[31hedd]"))
    with pytest.raises(UserError, match=r"bad\.sgf: line 2: 'W\[31hedd\]'"):
        read_sgf(bad)
    monkeypatch.setattr("game.tavla.record.sgf.MAX_SGF_BYTES", 10)
    with pytest.raises(UserError, match="larger than 10 bytes"):
        read_sgf(bad)


def test_stop_calls_the_reading_off():
    with pytest.raises(Stopped):
        parse_sgf(GOOD, stop=lambda: True)


@pytest.mark.slow
def test_deep_variations_need_no_deep_stack():
    depth = 200_000
    text = "(;GM[6]" + "(;C[x]" * depth + ")" * (depth + 1)
    assert parse_sgf(text).games[0].turns == ()


TEXT = export_sgf(MatchRecord.from_match(played(Match(3, Rules.STANDARD, 8, cube=True), 8), NAMES))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(cut=st.integers(0, len(TEXT)), junk=st.text(max_size=8), where=st.integers(0, len(TEXT)))
def test_cut_or_spoilt_files_are_read_or_refused_on_one_line(cut, junk, where):
    for text in (TEXT[:cut], TEXT[:where] + junk + TEXT[where:]):
        try:
            parse_sgf(text)
        except UserError as error:
            assert str(error).startswith("line ") and "\n" not in str(error)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="()[];\\:+ \nBWGMIRUEabcdefghxyz0123456", max_size=120))
def test_garbage_is_refused_with_a_user_error(text):
    for attempt in (text, "(;GM[6]" + text):
        try:
            parse_sgf(attempt)
        except UserError as error:
            assert str(error).startswith("line ") and "\n" not in str(error)
