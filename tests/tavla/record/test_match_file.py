"""Saving and resuming a match, and the Jellyfish .mat export checked by importing it into GNU Backgammon."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import UserError
from game.core.records import Records
from game.tavla.engine.match import Match
from game.tavla.engine.moves import legal_plays
from game.tavla.engine.position import position_id, winner_gammon_level
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import HUMAN
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import SAVE_VERSION, dump_match, load_match, player_names, save_table, saved_table
from tests.tavla.matches import ContraryBot, advance, scripted_match

NAMES = ("You", "random")
GNUBG_MISSING = "gnubg (GNU Backgammon's Python bindings, a test extra) is not installed"


def assert_same(restored, original):
    assert (restored.length, restored.rules, restored.seed) == (
        original.length,
        original.rules,
        original.seed,
    )
    assert restored.scores == original.scores and restored.winner == original.winner
    assert len(restored.games) == len(original.games)
    for mine, theirs in zip(restored.games, original.games, strict=True):
        assert mine.opening_rolls == theirs.opening_rolls
        assert mine.record == theirs.record
        assert (mine.state, mine.turn, mine.dice) == (theirs.state, theirs.turn, theirs.dice)
        assert mine.result == theirs.result


# Saving and restoring


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    length=st.integers(3, 5),
    rules=st.sampled_from(list(Rules.backgammon())),
    steps=st.integers(0, 900),
)
def test_a_restored_match_equals_the_original_and_goes_on_with_the_same_dice(seed, length, rules, steps):
    original = advance(Match(length, rules, seed), seed, steps)
    restored, names = load_match(dump_match(original, NAMES))
    assert names == NAMES
    assert_same(restored, original)
    advance(original, seed + 7, 300)
    advance(restored, seed + 7, 300)
    assert_same(restored, original)


def test_a_roll_not_yet_played_comes_back_with_the_same_dice():
    match = advance(Match(3, seed=11), 1, 40)
    game = match.current
    while game.dice is None or game.over:
        advance(match, 1, 1)
        game = match.current
    dice = game.dice
    restored, _ = load_match(dump_match(match, NAMES))
    assert restored.current.dice == dice
    with pytest.raises(UserError, match="already rolled"):
        restored.current.roll()


def test_opening_ties_and_an_unplayed_opening_roll_are_kept():
    seed = next(s for s in range(200) if len(advance(Match(3, seed=s), 0, 2).current.opening_rolls) > 1)
    match = advance(Match(3, seed=seed), 0, 2)
    restored, _ = load_match(dump_match(match, NAMES))
    assert restored.current.opening_rolls == match.current.opening_rolls
    assert restored.current.dice == match.current.dice and restored.current.turn == match.current.turn


def test_an_empty_match_a_game_not_started_and_a_disqualification_round_trip():
    for match in (Match(1), advance(Match(2, seed=3), 0, 1), scripted_match()):
        restored, _ = load_match(dump_match(match, NAMES))
        assert_same(restored, match)
    assert load_match(dump_match(scripted_match(), NAMES))[0].games[0].result.reason == "left the table"


def edit(change):
    """The save of a finished match of several games, changed by `change(data)`, as text."""
    data = json.loads(dump_match(advance(Match(3, seed=5), 5), NAMES))
    change(data)
    return json.dumps(data)


def set_play(game, turn, play):
    def change(data):
        data["games"][game]["turns"][turn]["play"] = play

    return change


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[" * 100_000, "not valid JSON"),
        ("x" * 3_000_000, "longer than"),
        ('{"format": "something else"}', "not a saved tavla match"),
        (edit(lambda d: d.update(version=SAVE_VERSION + 1)), "saved by a newer version of the game"),
        (edit(lambda d: d.update(names=["You"])), "'names' must be two texts"),
        (edit(lambda d: d.update(length=0)), "'length' must be a match of 1 to 25 points, not 0"),
        (edit(lambda d: d.update(rules="chess")), "unknown rule set"),
        (edit(lambda d: d.update(seed="abc")), "seed must be a whole number from 0 to"),
        (edit(lambda d: d.update(rng=[3, [1, 2], None])), "dice generator"),
        (edit(lambda d: d.update(games={})), "'games' must be a list"),
        (edit(set_play(0, 6, "24/1")), "game 1 turn 7: "),
        (edit(set_play(0, 2, 17)), "game 1 turn 3: the play must be text"),
        (
            edit(lambda d: d["games"][0]["turns"][3].update(dice=[7, 1])),
            "game 1 turn 4 dice must be two dice",
        ),
        (edit(lambda d: d["games"][0]["turns"][0].update(dice=[6, 6])), "differ from the opening roll"),
        (
            edit(lambda d: d["games"][0]["turns"][2].pop("play")),
            "game 1 turn 3 has no play but is not the last",
        ),
        (edit(lambda d: d["games"][0]["turns"].append({"dice": [1, 2]})), "after the end of the game"),
        (edit(lambda d: d["games"][0].update(opening=[[2, 2]])), "cannot be a tie"),
        (edit(lambda d: d["games"][0].update(opening=[[2, 1], [2, 1]])), "before the last must be a tie"),
        (edit(lambda d: d["games"][0].update(opening=[])), "turns but no opening roll"),
        (edit(lambda d: d["games"].__setitem__(1, 5)), "game 2 must be an object"),
        (edit(lambda d: d["games"][0]["turns"].pop()), "game 2 follows game 1, which is unfinished"),
        (edit(lambda d: d.update(length=1)), "game 2 follows the end of the match"),
    ],
)
def test_a_damaged_save_is_refused_with_what_is_wrong(text, message):
    with pytest.raises(UserError, match="cannot restore the saved match") as error:
        load_match(text)
    assert message in str(error.value)


def test_saving_refuses_names_that_could_not_be_restored():
    with pytest.raises(UserError, match="names"):
        dump_match(Match(3), ("You", "x" * 1_001))


def test_an_illegal_play_late_in_a_game_names_its_game_and_turn():
    data = json.loads(dump_match(advance(Match(3, seed=8), 8), NAMES))
    data["games"][1]["turns"][6]["play"] = "6/1 6/1"
    with pytest.raises(UserError, match="game 2 turn 7: "):
        load_match(json.dumps(data))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    position=st.integers(0, 10**9),
    replacement=st.sampled_from('0123456789[]{}",:-. aelnrstu'),
    cut=st.booleans(),
)
def test_a_randomly_damaged_save_is_refused_or_restored_whole(position, replacement, cut):
    text = dump_match(advance(Match(3, seed=2), 2, 120), NAMES)
    index = position % len(text)
    damaged = text[:index] if cut else text[:index] + replacement + text[index + 1 :]
    try:
        match, names = load_match(damaged)
    except UserError:
        return
    assert_same(load_match(dump_match(match, names))[0], match)


# The .mat export


def test_the_mat_text_follows_the_jellyfish_layout():
    assert export_mat(MatchRecord.from_match(scripted_match(), ("You: me", "pub,eval"))) == (
        "; Fifteen & Tavla, tavla rules\n"
        "\n"
        " 3 point match\n"
        "\n"
        " Game 1\n"
        " You me : 0                     pub eval : 0\n"
        "  1)                             31: 8/5 6/5\n"
        "  2) 64: 24/18 13/9              62: 13/11 13/7*\n"
        "  3) 43: 25/21 21/18*            66:\n"
        "  4) 21: 13/11 6/5\n"
        "      Wins 2 points\n"
        "\n"
        " Game 2\n"
        " You me : 2                     pub eval : 0\n"
        "  1) 52: 13/11 13/8\n"
    ), "the 31 rolled but not played is left out: the dice alone would read as a pass"


def test_a_roll_not_yet_played_is_left_out_of_the_export_and_a_pass_kept():
    match = scripted_match()
    game = match.current
    assert game.dice == (3, 1) and len(legal_plays(game.state, 3, 1)) > 1, "a roll with plays to choose"
    text = export_mat(MatchRecord.from_match(match, NAMES))
    last = text.rstrip().splitlines()[-1]
    assert "31" not in last, "no cell for the roll in the middle of its turn"
    assert "66:" in text, "a roll that could not be played is still written as the dice alone (a pass)"
    imported = parse_mat(text)
    assert imported.games[-1].turns == tuple(game.record), "read back: the turns played, nothing more"
    opening = Match(3, seed=4)
    opening.next_game().start()  # the opening roll made, not played yet
    text = export_mat(MatchRecord.from_match(opening, NAMES))
    assert text.rstrip().endswith("You : 0                        random : 0")


def test_a_match_with_no_game_yet_is_just_its_header():
    header = "; Fifteen & Tavla, standard rules\n\n 7 point match\n"
    assert export_mat(MatchRecord.from_match(Match(7, Rules.STANDARD), ("", ""))) == header


def gnubg_cases():
    """Finished and unfinished matches in both rule sets, with passes, hits, the bar and tavla-only plays."""
    cases = []
    for seed in range(6):
        for rules in Rules.backgammon():
            steps = None if seed % 2 else 150 + 97 * seed
            cases.append(advance(Match(3, rules, seed), seed, steps))
    cases += [advance(Match(5, Rules.TAVLA, seed), seed, bot=ContraryBot) for seed in (2, 9)]
    cases.append(scripted_match())
    return cases


def test_gnubg_imports_every_move_position_and_result(tmp_path):
    gnubg = pytest.importorskip("gnubg", reason=GNUBG_MISSING)
    seen = {
        "pass": 0,
        "bar": 0,
        "hit": 0,
        "off": 0,
        "tavla only": 0,
        "seat 1 opens": 0,
        "resigned": 0,
        "pending roll": 0,
    }
    for index, match in enumerate(gnubg_cases()):
        names = ("You", f"random {index}")
        path = tmp_path / f"match{index}.mat"
        path.write_text(export_mat(MatchRecord.from_match(match, names)))
        gnubg.command(f'import mat "{path}"')
        imported = gnubg.match()
        info = imported["match-info"]
        assert (info["X"]["name"], info["O"]["name"], info["match-length"]) == (*names, match.length)
        started = [game for game in match.games if game.turn is not None]
        assert len(imported["games"]) == len(started)
        points = {"X": 0, "O": 0}
        for theirs, ours in zip(imported["games"], started, strict=True):
            compare_game(theirs, ours, points, seen)
            if ours.result is not None:
                points["XO"[ours.result.winner]] += ours.result.points
    assert all(seen.values()), seen


def compare_game(theirs, ours, points, seen):
    """gnubg's record of one game against ours: players, dice, positions (as Position IDs), moves, result."""
    assert (theirs["info"]["score-X"], theirs["info"]["score-O"]) == (points["X"], points["O"])
    moves = [entry for entry in theirs["game"] if entry["action"] == "move"]
    record = ours.record
    result = ours.result
    if result is not None and not result.disqualified and winner_gammon_level(ours.state) != result.points:
        record = record[:-1]
        seen["resigned"] += 1
    assert len(moves) == len(record)
    for entry, turn in zip(moves, record, strict=True):
        assert (entry["player"], entry["dice"], entry["board"]) == (
            "XO"[turn.player],
            turn.dice,
            position_id(turn.state),
        )
        assert sorted(entry["move"], reverse=True) == sorted(turn.play, reverse=True)
        seen["pass"] += not turn.play
        seen["bar"] += any(start == 25 for start, _ in turn.play)
        seen["off"] += any(end == 0 for _, end in turn.play)
        seen["hit"] += any(0 < end < 25 and turn.state[end] < 0 for _, end in turn.play)
        standard = legal_plays(turn.state, *turn.dice, Rules.STANDARD)
        seen["tavla only"] += bool(turn.play) and turn.play not in standard
    seen["seat 1 opens"] += bool(ours.record) and ours.record[0].player == 1
    if result is not None:
        assert theirs["info"]["winner"] == "XO"[result.winner]
        assert theirs["info"]["points-won"] == result.points
    elif ours.dice is not None and len(legal_plays(ours.state, *ours.dice, Rules.STANDARD)) > 1:
        assert theirs["game"] and theirs["game"][-1]["action"] != "set", "gnubg sees no roll in the middle"
        assert len(moves) == len(record), "nor a move made of it"
        seen["pending roll"] += 1


def test_the_table_keeps_its_match_under_english_names_and_forgets_it_once_decided(tmp_path):
    records = Records(tmp_path / "records.sqlite")
    assert saved_table(records) is None
    assert player_names("pubeval", "white") == ("You", "pubeval")
    assert player_names(HUMAN, "black") == ("Black", "White")
    match = Match(3, Rules.TAVLA, seed=5)
    match.next_game().start()
    save_table(records, match, "pubeval", "white")
    restored, opponent = saved_table(records)
    assert opponent == "pubeval" and restored.scores == match.scores
    save_table(records, match, HUMAN, "black")
    assert saved_table(records)[1] == HUMAN
    while match.winner is None:
        game = match.current
        if game.over:
            match.next_game().start()
        else:
            game.disqualify("gone")
    save_table(records, match, "pubeval", "white")
    assert saved_table(records) is None
