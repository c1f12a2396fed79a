"""Issue 45: other programs' `.mat` files read as GNU Backgammon's importer reads them. Backgammon Galaxy's
`Losses N point` cells and `Wins N point and the match`, Backgammon Studio's combined moves, moves in any
order, `Cannot Move`, resignations and empty games; points counted from each game's end and the cube,
one warning line where the file writes others. Each fixture (tests/tavla/data/dialects/, written by
tests/tavla/record/dialect_writer.py from matches our engine played) is imported into gnubg too and
compared game by game: the same games, scores, winners, points, resignations, cube actions and moves."""

import json
from pathlib import Path

import pytest

from game import cli
from game.core.errors import UserError
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.position import position_id
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules
from game.tavla.record.mat import parse_mat, read_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.record.dialect_writer import NAMES, galaxy, galaxy_turn, played

DIALECTS = Path(__file__).parents[1] / "data" / "dialects"
FILES = sorted(DIALECTS.glob("*.mat"))
HEADER = " 3 point match\n\n Game 1\n Ayla : 0                       Deniz : 0\n"
GNUBG_ACTIONS = {"double": CubeEvent.DOUBLE, "take": CubeEvent.TAKE, "drop": CubeEvent.PASS}

# Ayla's 64 is one move; Deniz's blot on Ayla's 10 is hit (the moves written lowest first) and he enters
# with 31 written as one move, `25/21` (the "die 4 is not available"); Ayla's 22 takes two
# checkers 13/9 each; Deniz's 54 is one move again.
COMBINED = HEADER + (
    "  1) 64: 24/14                   36: 24/15\n"
    "  2) 42: 13/11 14/10*            31: 25/21\n"
    "  3) 22: 13/9 13/9               54: 13/4\n"
)


def test_the_fixtures_hold_what_each_dialect_writes():
    galaxy = "".join(path.read_text() for path in FILES if path.name.startswith("galaxy"))
    studio = "".join(path.read_text() for path in FILES if path.name.startswith("studio"))
    assert "point and the match" in galaxy and ")  Losses" not in galaxy
    assert any("Losses" in line and "Wins" in line for line in galaxy.splitlines())
    assert any(line.lstrip()[:1].isdigit() and "Losses" in line for line in galaxy.splitlines())
    assert "Cannot Move" in studio and "24/14" in studio and "25/16" in studio and "Wins" in studio
    assert "bar/" in galaxy and "25/" in studio


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_each_fixture_reads_a_whole_match(path):
    record = read_mat(path)
    points = list(record.games[0].score)
    for game in record.games:
        assert game.score == tuple(points)
        if game.winner is not None:
            points[game.winner] += game.points
    assert max(points) >= record.length
    assert any(game.resigned for game in record.games), "one game of each was resigned"
    if path.name.startswith("studio"):
        empty = record.games[2]
        assert not empty.turns and empty.winner is None and empty.score == record.games[3].score


def test_galaxy_writes_fewer_points_than_the_match_winning_game_counts():
    record = read_mat(DIALECTS / "galaxy-5pt.mat")
    assert (record.games[-1].winner, record.games[-1].points) == (1, 4)
    assert record.warnings == (
        "points counted as GNU Backgammon counts them, from each game's end and the cube, where the file "
        "writes others: game 3: 3 written, 4 counted",
    )


def test_combined_moves_and_moves_in_any_order_are_the_legal_plays_they_stand_for():
    plays = [turn.play for turn in parse_mat(COMBINED).games[0].turns]
    assert plays[0] in (((24, 20), (20, 14)), ((24, 18), (18, 14)))
    assert plays[3][0][0] == 25 and {move[1] for move in plays[3]} in ({24, 21}, {22, 21})
    assert sorted(plays[4]) == [(11, 9), (11, 9), (13, 11), (13, 11)]
    assert plays[5] in (((13, 9), (9, 4)), ((13, 8), (8, 4)))


def test_a_combined_move_that_no_legal_play_makes_is_refused_naming_the_line():
    with pytest.raises(UserError) as caught:
        parse_mat(COMBINED.replace("31: 25/21", "31: 24/20"))  # as long as both dice, from the bar first
    assert str(caught.value) == "line 6: 24/20: no legal play of 31 takes checkers from 24 to 20"
    with pytest.raises(UserError, match=r"^line 6: 24/21: must enter from the bar first$"):
        parse_mat(COMBINED.replace("31: 25/21", "31: 24/21"))  # a move of one die: the rule it breaks


GALAXY_ENDS = HEADER + (
    "  1) 64: 24/14                   36: 24/15\n"
    "      Losses 1 point              Wins 1 point\n"
    "\n Game 2\n Ayla : 0                       Deniz : 1\n"
    "  1) 64: 24/14                   36: 24/15\n"
    "  2)  Doubles => 2                Takes\n"
    "  3) 42: 14/10* 13/11            Losses 3 point and the match\n"
    "      Wins 3 point and the match\n"
    "\n Game 3\n Ayla : 2                       Deniz : 1\n"
    "  1) 31: 8/5 6/5\n"
)


def test_galaxy_losses_are_read_past_a_resignation_counted_at_its_level_and_one_line_says_so():
    record = parse_mat(GALAXY_ENDS)
    first, second = record.games
    assert (first.winner, first.points, first.resigned) == (1, 1, 1)
    assert (second.winner, second.points, second.resigned) == (0, 2 * 2, 2), "3 on a 2-cube: a gammon"
    assert record.warnings == (
        "points counted as GNU Backgammon counts them, from each game's end and the cube, where the file "
        "writes others: game 2: 3 written, 4 counted",
        "the match was over after game 2: the game after it is not read (nor does GNU Backgammon read it)",
    )


def test_analyse_prints_the_warnings_first_and_writes_them_in_the_json(tmp_path, capsys):
    path = tmp_path / "galaxy.mat"
    path.write_text(GALAXY_ENDS)
    json_path = tmp_path / "report.json"
    assert cli.main(["analyse", str(path), "--json", str(json_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("warning: points counted as GNU Backgammon counts them")
    assert lines[1].startswith("warning: the match was over after game 2")
    assert json.loads(json_path.read_text())["warnings"] == list(parse_mat(GALAXY_ENDS).warnings)


# A drop whose `Wins` stands in the dropper's column, with the points of the cube offered.
WRONG_WINNER = HEADER + (
    "  1) 64: 24/14                   36: 24/15\n"
    "  2)  Doubles => 2                Drops\n"
    "                                  Wins 2 point\n"
)


def test_a_winner_written_in_the_wrong_column_is_the_one_who_won_and_a_warning_says_so():
    record = parse_mat(WRONG_WINNER)
    assert (record.games[0].winner, record.games[0].points) == (0, 1)
    assert record.warnings == (
        "points counted as GNU Backgammon counts them, from each game's end and the cube, where the file "
        "writes others: game 1: Deniz 2 written, Ayla 1 counted",
    )


def forced_alone(turn: Turn, _index: int = 0) -> str:
    """A turn's cell with the dice alone where only one play was possible."""
    if turn.play and len(legal_plays(turn.state, *turn.dice, Rules.STANDARD)) == 1:
        return f"{turn.dice[0]}{turn.dice[1]}:"
    return galaxy_turn(turn)


FORCED = galaxy(MatchRecord.from_match(played(3, 1), NAMES), forced_alone)


def test_the_dice_alone_where_one_play_is_possible_are_that_play():
    record = MatchRecord.from_match(played(3, 1), NAMES)
    forced = [turn for game in record.games for turn in game.turns if forced_alone(turn).endswith(":")]
    assert any(turn.play for turn in forced), "the match has a forced play to leave out"
    assert [game.turns for game in parse_mat(FORCED).games] == [game.turns for game in record.games]


# XG's `???` after a roll the loser resigned with (gnubg: "Rolled 52, resigns").
ROLLED_AND_RESIGNED = COMBINED + "  4) 52: ???\n                                  Wins 2 point\n"


def test_a_roll_left_unplayed_before_a_resignation_is_no_turn():
    game = parse_mat(ROLLED_AND_RESIGNED).games[0]
    assert len(game.turns) == 6 and (game.winner, game.points, game.resigned) == (1, 2, 2)


# --- GNU Backgammon imports the same files --------------------------------------------------------------


@pytest.fixture(scope="module")
def gnubg():
    gnubg = pytest.importorskip("gnubg", reason="gnubg (GNU Backgammon bindings, a test extra) is missing")
    for line in ("set threads 1", "set display off"):
        gnubg.command(line)
    return gnubg


def gnubg_games(gnubg, path: Path) -> list[dict]:
    gnubg.command(f'import mat "{path}"')
    return gnubg.match(analysis=False, statistics=False)["games"]


def assert_as_gnubg(theirs: list[dict], ours: MatchRecord) -> None:
    """Game by game: the scores, the winner, the points and the resignation, the cube actions, and each
    move: its player, dice, position and the position it leads to."""
    assert len(theirs) == len(ours.games)
    for number, (their, game) in enumerate(zip(theirs, ours.games, strict=True), 1):
        info, entries = their["info"], their["game"]
        assert (info["score-X"], info["score-O"]) == game.score, number
        winner = None if game.winner is None else "XO"[game.winner]
        assert info["winner"] == winner, number
        if winner is not None:
            assert (info["points-won"], info["resigned"]) == (game.points, game.resigned is not None), number
        cube = [
            ("XO".index(e["player"]), GNUBG_ACTIONS[e["action"]])
            for e in entries
            if e["action"] in GNUBG_ACTIONS
        ]
        assert cube == [(action.player, action.event) for action in game.cube], number
        resigned = [("XO".index(e["player"]), e["points"]) for e in entries if e["action"] == "resign"]
        assert resigned == ([(1 - game.winner, int(game.resigned))] if game.resigned else []), number
        moves = [e for e in entries if e["action"] == "move"]
        assert len(moves) == len(game.turns), number
        for move, turn in zip(moves, game.turns, strict=True):
            assert (move["player"], sorted(move["dice"]), move["board"]) == (
                "XO"[turn.player],
                sorted(turn.dice),
                position_id(turn.state),
            ), (number, turn.text)
            played = tuple(tuple(step) for step in move["move"])
            assert apply_play(turn.state, played) == apply_play(turn.state, turn.play), (number, turn.text)


def test_gnubg_imports_our_export_of_a_take_then_a_resignation_without_a_second_double(gnubg, tmp_path):
    match = Match(3, Rules.STANDARD, 1, cube=True)
    game = match.next_game()
    game.start((3, 1))
    game.play("8/5 6/5")
    game.double()
    game.take()
    game.resign(Resignation.SINGLE)
    game.accept_resignation()
    path = tmp_path / "ours.mat"
    path.write_text(export_mat(MatchRecord.from_match(match, NAMES)))
    assert_as_gnubg(gnubg_games(gnubg, path), read_mat(path))


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_gnubg_imports_each_fixture_as_we_read_it(gnubg, path):
    assert_as_gnubg(gnubg_games(gnubg, path), read_mat(path))


@pytest.mark.parametrize(
    "text",
    [COMBINED, GALAXY_ENDS, WRONG_WINNER, FORCED, ROLLED_AND_RESIGNED],
    ids=["combined", "galaxy ends", "wrong winner", "forced", "???"],
)
def test_gnubg_reads_the_small_files_as_we_do(gnubg, tmp_path, text):
    path = tmp_path / "small.mat"
    path.write_text(text)
    assert_as_gnubg(gnubg_games(gnubg, path), parse_mat(text))
