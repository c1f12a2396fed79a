"""The analysis judges match play at the score: plays ranked by match-winning chances through the
match equity table, written as EMG; every roll a player could have doubled before is a cube decision,
missed doubles counted; the figures in the `analyse` report and its JSON."""

import functools
import itertools
import json
from pathlib import Path

import pytest

from game import cli
from game.tavla.analysis.cube import CLOSE, could_double
from game.tavla.analysis.decisions import BAD, ranked_plays
from game.tavla.analysis.match import analyse_match
from game.tavla.analysis.report import analysis_json, report
from game.tavla.analysis.stakes import stakes_at
from game.tavla.engine.cube import Cube, CubeEvent, CubeOwner, MatchScore
from game.tavla.engine.game import CubeTurn, GameResult, Turn
from game.tavla.engine.match import Match
from game.tavla.engine.match_equity import shipped_table
from game.tavla.engine.moves import apply_play, legal_plays
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import TurnInProgress
from game.tavla.eval.doubling import network_decision, pre_roll_chances
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.neural import equities, shipped_evaluator
from game.tavla.eval.stakes import Stakes
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.table import hint_captions, hints, tutor
from tests.tavla.builders import position, random_game_positions

DATA = Path(__file__).parents[1] / "data"
STANDARD = Rules.STANDARD
CERTAIN = {  # chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of one result
    "single win": (1.0, 0.0, 0.0, 0.0, 0.0),
    "gammon win": (1.0, 1.0, 0.0, 0.0, 0.0),
    "backgammon win": (1.0, 1.0, 1.0, 0.0, 0.0),
    "single loss": (0.0, 0.0, 0.0, 0.0, 0.0),
    "gammon loss": (0.0, 0.0, 0.0, 1.0, 0.0),
    "backgammon loss": (0.0, 0.0, 0.0, 1.0, 1.0),
}
POINTS = {"single": 1, "gammon": 2, "backgammon": 3}


@functools.cache
def ours_judge():
    """The shipped networks at 0-ply: the analyses here are checked against them."""
    return NetworkJudge(STANDARD, JudgeLevel.EXPERT)


def ours(net):
    """Our networks at 0-ply, as the judge these tests were measured with."""
    return NetworkJudge(STANDARD, JudgeLevel.EXPERT, net)


@pytest.fixture(scope="module")
def net():
    return shipped_evaluator(STANDARD)


def table_emg(score: MatchScore, cube: int, result: str) -> float:
    """The EMG of one certain result, straight from the table: the MWC after it, mapped so that a single
    game won at the cube is +1 and lost -1."""
    post = score.crawford or score.post_crawford

    def mwc(points: int) -> float:
        away, their_away = score.away - max(points, 0), score.their_away + min(points, 0)
        return shipped_table().win_chance(away, their_away, post_crawford=post)

    kind, outcome = result.split()
    points = POINTS[kind] * cube * (1 if outcome == "win" else -1)
    won, lost = mwc(cube), mwc(-cube)
    return 2.0 * (mwc(points) - lost) / (won - lost) - 1.0


@pytest.mark.parametrize(
    "score",
    [
        MatchScore(5),
        MatchScore(5, 1, 2),
        MatchScore(3, 2, 0, crawford=True),
        MatchScore(3, 0, 2, crawford=True),
        MatchScore(3, 2, 1),  # after the Crawford game
        MatchScore(7, 3, 5),
        MatchScore(1),
    ],
)
@pytest.mark.parametrize("cube", [1, 2, 4])
def test_a_single_game_won_or_lost_at_the_cube_is_plus_or_minus_one_emg(score, cube):
    stakes = Stakes(STANDARD, score, cube)
    assert stakes.equities(CERTAIN["single win"]) == pytest.approx(1.0)
    assert stakes.equities(CERTAIN["single loss"]) == pytest.approx(-1.0)
    for result, chances in CERTAIN.items():
        assert stakes.equities(chances) == pytest.approx(table_emg(score, cube, result))
    # and back: the EMG of a single win is the match-winning chance after winning the cube's points
    assert stakes.mwc(1.0) == pytest.approx(stakes.value(cube))
    assert stakes.emg(stakes.mwc(0.3)) == pytest.approx(0.3)


def test_money_equities_are_the_cubeless_points_whatever_the_cube():
    chances = [row for row in CERTAIN.values()] + [(0.6, 0.2, 0.05, 0.1, 0.01)]
    for cube in (1, 2, 8):
        assert list(Stakes(STANDARD, None, cube).equities(chances)) == pytest.approx(
            list(equities(chances, STANDARD))
        )
        assert not Stakes(STANDARD, None, cube).match


def test_gammons_do_not_count_where_the_match_says_so():
    dmp = Stakes(STANDARD, MatchScore(1))
    assert {dmp.equities(chances).round(9) for chances in CERTAIN.values()} == {1.0, -1.0}
    leader = Stakes(STANDARD, MatchScore(3, 2, 0, crawford=True))  # one point away: every win wins
    assert leader.equities(CERTAIN["gammon win"]) == pytest.approx(1.0)
    assert leader.equities(CERTAIN["gammon loss"]) < leader.equities(CERTAIN["single loss"])
    trailer = Stakes(STANDARD, MatchScore(3, 0, 2, crawford=True))  # the opponent needs one point
    assert trailer.equities(CERTAIN["gammon loss"]) == pytest.approx(-1.0)
    assert trailer.equities(CERTAIN["gammon win"]) > trailer.equities(CERTAIN["single win"])


def _plays(net, count=400):
    """Positions with a choice of plays, from random standard games."""
    for state, d1, d2 in random_game_positions(count, 11, STANDARD):
        if len(legal_plays(state, d1, d2, STANDARD)) > 1:
            yield state, (d1, d2)


@pytest.mark.slow
def test_at_double_match_point_plays_are_ranked_by_the_chance_of_winning_alone(net):
    dmp = Stakes(STANDARD, MatchScore(1))
    differ = 0
    for state, dice in _plays(net):
        ranked = ranked_plays(state, dice, ours(net), n=None, stakes=dmp)
        wins = [play.chances[0] for play in ranked]
        assert all(better >= worse - 1e-9 for better, worse in itertools.pairwise(wins))
        money = ranked_plays(state, dice, ours(net), n=1)[0]
        if money.play != ranked[0].play:
            differ += 1
            assert ranked[0].chances[0] >= money.chances[0]  # money played for the gammons
    assert differ  # the two scales disagree somewhere, and the match follows the score


@pytest.mark.slow
def test_in_the_crawford_game_the_trailer_plays_for_the_gammon_and_does_not_fear_losing_one(net):
    score = MatchScore(5, 1, 4, crawford=True)  # 4-away against 1-away: a loss is the match lost
    stakes = Stakes(STANDARD, score)
    post = True
    table = shipped_table()
    differ = 0
    for state, dice in _plays(net):
        ranked = ranked_plays(state, dice, ours(net), n=None, stakes=stakes)

        def mwc(chances):
            win, gammon, backgammon = chances[:3]
            return sum(
                share * table.win_chance(score.away - points, 1, post_crawford=post)
                for share, points in ((win - gammon, 1), (gammon - backgammon, 2), (backgammon, 3))
            )

        best = max(ranked, key=lambda play: mwc(play.chances))
        assert mwc(ranked[0].chances) == pytest.approx(mwc(best.chances))
        money = ranked_plays(state, dice, ours(net), n=1)[0]
        differ += money.play != ranked[0].play
    assert differ


def test_a_checker_play_at_double_match_point_loses_twice_the_winning_chance_it_gives_up(net):
    state, dice = next(
        (s, d) for s, d in _plays(net) if len({p.chances[0] for p in ranked_plays(s, d, ours(net))}) > 2
    )
    dmp = Stakes(STANDARD, MatchScore(1))
    ranked = ranked_plays(state, dice, ours(net), n=None, stakes=dmp)
    worst = ranked[-1]
    record = MatchRecord(("A", "B"), 1, STANDARD, (GameRecord((Turn(0, dice, worst.play, state),)),))
    (decision,) = [d for d in analyse_match(record, judge=ours_judge()).decisions if d.kind == "move"]
    # The networks compute in float32: the analysis's batch of the same positions may round apart by
    # 1e-7 of a chance, a ten-thousandth of a millipoint here.
    assert decision.loss == pytest.approx(2000.0 * (ranked[0].chances[0] - worst.chances[0]), abs=1e-3)
    assert decision.best == ranked[0].text


def _race_game(seat1_lead: bool, events=(), score=(0, 0), winner=None, points=0):
    """A game of two turns: seat 0 plays a 21 in a race, then seat 1 (on roll at turn 2, far ahead
    when `seat1_lead`, a little ahead otherwise) plays a 21; `events` are cube actions before turn 2."""
    if seat1_lead:
        start = position({8: 3, 7: 3, 6: 3, 5: 3, 4: 3}, {19: 2, 20: 3, 21: 3, 22: 3, 23: 2, 24: 2})
    else:
        start = position({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {19: 3, 20: 2, 21: 3, 22: 3, 23: 2, 24: 2})
    first = legal_plays(start, 2, 1, STANDARD)[0]
    second_state = flip(apply_play(start, first))
    second = legal_plays(second_state, 2, 1, STANDARD)[0]
    turns = (Turn(0, (2, 1), first, start), Turn(1, (2, 1), second, second_state))
    if events:
        turns = turns[:1]  # the double was the game's last action
    return GameRecord(turns, tuple(events), score, winner, points), second_state


def test_a_missed_double_in_a_recorded_match_is_found_and_counted(net):
    game, before = _race_game(seat1_lead=True)
    record = MatchRecord(("A", "B"), 5, STANDARD, (game,))
    right = network_decision(net, before, Cube(1, score=MatchScore(5)), STANDARD)
    assert min(right.double_take, right.double_pass) > right.no_double  # the position: double
    analysis = analyse_match(record, judge=ours_judge())
    cube = [d for d in analysis.decisions if d.kind == "cube"]
    assert [(d.turn, d.player) for d in cube] == [(1, 1)]  # no cube decision before the opening roll
    (missed,) = cube
    assert (missed.action, missed.best) == ("no double", "double") and missed.counted
    assert missed.loss == pytest.approx(
        1000.0 * (min(right.double_take, right.double_pass) - right.no_double)
    )
    player = analysis.players[1]
    assert player.missed_doubles == 1 and player.cube_decisions == 1 and player.cube_total == 1
    assert player.cube_error_rate == pytest.approx(missed.loss)
    assert player.decisions == player.checker_decisions + player.cube_decisions
    assert player.total_loss == pytest.approx(player.checker_loss + player.cube_loss)
    assert analysis.players[0].cube_total == 0
    cubeless = analyse_match(record, cube=False, judge=ours_judge())
    assert not [d for d in cubeless.decisions if d.kind == "cube"]

    doubled = [CubeTurn(1, CubeEvent.DOUBLE, 2, 1), CubeTurn(0, CubeEvent.PASS, 1, 1)]
    game, _ = _race_game(seat1_lead=True, events=doubled, winner=1, points=1)
    analysis = analyse_match(MatchRecord(("A", "B"), 5, STANDARD, (game,)), judge=ours_judge())
    double, answer = (d for d in analysis.decisions if d.kind == "cube")
    assert (double.action, double.loss, answer.action, answer.loss) == ("double", 0.0, "drop", 0.0)
    assert analysis.players[1].missed_doubles == 0 and analysis.players[1].doubles == 1
    assert analysis.players[0].passes == 1 and analysis.players[0].wrong_passes == 0


def test_a_clear_no_double_is_judged_but_not_counted(net):
    game, before = _race_game(seat1_lead=False)
    record = MatchRecord(("A", "B"), 0, STANDARD, (game,))  # money: a 61% race is no double
    right = network_decision(net, before, Cube(1), STANDARD)
    (decision,) = [d for d in analyse_match(record, judge=ours_judge()).decisions if d.kind == "cube"]
    assert decision.action == "no double" and decision.loss == 0.0
    assert decision.counted == (right.no_double - min(right.double_take, right.double_pass) < CLOSE)


def _post_crawford_answer(answer: CubeEvent, length: int = 3):
    """A match to 3 after the Crawford game, 2-1: the trailer (seat 1, two away) doubles a race it
    leads a little, the leader (one away) answers."""
    scores = [(2, 1)] if length else [(0, 0)]
    scores = [(0, 0), (2, 0), *scores] if length else scores
    opening = legal_plays(OPENING, 3, 1, STANDARD)[0]
    games = [
        GameRecord((Turn(0, (3, 1), opening, OPENING),), (), score, winner, 2 if winner == 0 else 1)
        for score, winner in zip(scores[:-1], (0, 1), strict=False)
    ]
    events = [
        CubeTurn(1, CubeEvent.DOUBLE, 2, 1),
        CubeTurn(0, answer, 2 if answer is CubeEvent.TAKE else 1, 1),
    ]
    winner = 1 if answer is CubeEvent.PASS else None
    last, before = _race_game(seat1_lead=False, events=events, score=scores[-1], winner=winner, points=1)
    return MatchRecord(("A", "B"), length, STANDARD, (*games, last)), before


def test_after_the_crawford_game_the_leader_drops_for_free_where_money_takes(net):
    record, before = _post_crawford_answer(CubeEvent.PASS)
    taker = 1.0 - pre_roll_chances(net, before, STANDARD, 1)[0]
    assert 0.3 < taker < 0.5  # a money take; but a drop leaves 1-away against 1-away, an even match
    drop = next(d for d in analyse_match(record, judge=ours_judge()).decisions if d.action == "drop")
    assert drop.loss == 0.0 and drop.best == "drop"
    record, _ = _post_crawford_answer(CubeEvent.TAKE)
    analysis = analyse_match(record, judge=ours_judge())
    take = next(d for d in analysis.decisions if d.action == "take")
    assert take.loss > 0.0 and take.best == "drop" and analysis.players[0].wrong_takes == 1
    money, _ = _post_crawford_answer(CubeEvent.TAKE, length=0)
    take = next(d for d in analyse_match(money, judge=ours_judge()).decisions if d.action == "take")
    assert take.loss == 0.0 and take.best == "take"


@pytest.mark.parametrize(
    ("cube", "could"),
    [
        (Cube(1), True),
        (Cube(2, CubeOwner.ME), True),
        (Cube(2, CubeOwner.OPPONENT), False),
        (Cube(1, score=MatchScore(3, 1, 2)), True),  # the trailer after the Crawford game
        (Cube(1, score=MatchScore(3, 2, 1)), False),  # the leader, one point away
        (Cube(1, score=MatchScore(3, 2, 1, crawford=True)), False),
        (Cube(2, CubeOwner.ME, MatchScore(5, 2, 0)), True),
        (Cube(2, CubeOwner.ME, MatchScore(5, 3, 0)), False),  # the cube already wins the match
    ],
)
def test_a_cube_decision_is_made_where_gnubg_makes_one(cube, could):
    assert could_double(cube) is could


def test_the_crawford_game_has_no_cube_decision():
    record, _ = _post_crawford_answer(CubeEvent.PASS)
    second, third = record.games[1:]
    turns = (*second.turns, *_race_game(seat1_lead=True)[0].turns)  # a longer Crawford game
    crawford = GameRecord(turns, (), second.score, 1, 1)
    three = MatchRecord(record.names, 3, STANDARD, (record.games[0], crawford, third))
    analysis = analyse_match(three, judge=ours_judge())
    assert not [d for d in analysis.decisions if d.game == 2 and d.kind == "cube"]
    last = [d for d in analysis.decisions if d.game == 3 and d.kind == "cube"]
    assert [(d.player, d.action) for d in last] == [(1, "double"), (0, "drop")]


@pytest.mark.slow
def test_the_report_and_the_json_carry_the_cube_figures_and_say_their_units(tmp_path, capsys):
    out = tmp_path / "analysis.json"
    assert cli.main(["analyse", str(DATA / "gnubg-5pt-seed11.mat"), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    units = printed.splitlines()[0]
    assert "mEMG" in units and "MWC" in units and "per decision" in units and "per roll" in units
    assert "missed doubles" in printed
    data = json.loads(out.read_text())
    assert data["scale"] == "emg" and data["cube"] is True and "EMG" in data["units"]["loss"]
    keys = {
        "decisions", "error_rate", "total_loss", "rating", "doubtful", "bad", "very_bad", "luck",
        "result", "luck_adjusted", "checker_decisions", "checker_error_rate", "checker_loss",
        "cube_decisions", "cube_error_rate", "cube_loss", "cube_total", "doubles", "takes", "passes",
        "missed_doubles", "wrong_doubles", "wrong_takes", "wrong_passes",
    }  # fmt: skip
    for name in ("gnubg", "root"):
        player = data["players"][name]
        assert set(player) >= keys
        assert player["decisions"] == player["checker_decisions"] + player["cube_decisions"]
        assert player["cube_total"] >= player["cube_decisions"] >= player["doubles"] + player["takes"]
        assert set(data["games"][0]["players"][name]) >= keys
    cube = [d for d in data["decisions"] if d["kind"] == "cube"]
    assert {d["play"] for d in cube} >= {"no double", "double"}
    assert all("counted" in d for d in data["decisions"])
    assert len(cube) == sum(player["cube_total"] for player in data["players"].values())


def test_a_money_session_is_reported_in_points():
    game, _ = _race_game(seat1_lead=False)
    analysis = analyse_match(MatchRecord(("A", "B"), 0, STANDARD, (game,)), judge=ours_judge())
    assert "Money" in report(analysis)[0] and "EMG" not in report(analysis)[0]
    data = analysis_json(analysis)
    assert data["scale"] == "points" and data["units"]["loss"] == "millipoints"


def test_the_table_gives_the_hint_and_the_tutor_the_score_of_the_game_played():
    match = Match(3, STANDARD, seed=1, cube=True)
    for winner, points in ((0, 2), (1, 1)):
        game = match.next_game()
        game.start()
        game.result = GameResult(winner, points, Outcome.SINGLE, 1)
    match.next_game().start()
    stakes = stakes_at(match, 1)
    assert stakes.score == MatchScore(3, 1, 2) and stakes.score.post_crawford and stakes.cube == 1
    assert stakes_at(match, 0).score == MatchScore(3, 2, 1)
    assert not stakes_at(Match(30, STANDARD), 0).match  # beyond the table: money points
    first = Match(5, STANDARD)
    first.next_game().start()
    assert stakes_at(first, 0).score == MatchScore(5)


def test_the_ranked_hint_and_the_tutor_judge_at_the_score(net):
    state, dice = next(
        (s, d)
        for s, d in _plays(net)
        if ranked_plays(s, d, ours(net), n=1)[0].play
        != ranked_plays(s, d, ours(net), n=1, stakes=Stakes(STANDARD, MatchScore(1)))[0].play
    )
    dmp = Stakes(STANDARD, MatchScore(1))
    hint = hints.rank_hint(STANDARD, state, dice, dmp)
    assert hint.emg and not hints.rank_hint(STANDARD, state, dice).emg
    judge = judge_for(STANDARD, DEFAULT_LEVEL)
    ranked = ranked_plays(state, dice, judge, n=None, stakes=dmp)
    assert [play.play for play in hint.ranked] == [play.play for play in ranked[:5]], "the analysis's five"
    assert "EMG" in hint_captions.heading_text(hint.emg) and "EMG" not in hint_captions.heading_text()
    turn = TurnInProgress(state, *dice, STANDARD)
    assert hints.take_play(turn, ranked[-1].after)
    warning = tutor.judge(turn, STANDARD, dmp)
    loss = 1000.0 * (ranked[0].equity - ranked[-1].equity)
    if loss > BAD:
        assert warning is not None and warning.loss == pytest.approx(loss)
    else:
        assert warning is None


@pytest.mark.slow
def test_the_analysis_screen_names_the_unit_and_gives_the_cube_figures():
    analysis = analyse_match(read_mat(DATA / "gnubg-5pt-seed11.mat"), judge=ours_judge())
    assert analysis.emg and analysis.cube
    summary = analysis.players[0]
    rows = {
        row.label: row.cells[0] for row in words.figure_rows(analysis.players, analysis.emg, analysis.cube)
    }
    assert words.figures_unit(analysis.emg) == "mEMG (MWC)"
    assert rows["Missed doubles"] == str(summary.missed_doubles)
    assert rows["Cube, per decision"].startswith(f"{summary.cube_error_rate:.1f} (")
    assert rows["Cube, per decision"].endswith(f" in {summary.cube_decisions}")
    compact = words.figure_rows(analysis.players, analysis.emg, analysis.cube, compact=True)
    assert len(compact) == 3 and words.figures_unit(analysis.emg, compact=True) == "mEMG"
    money = words.figure_rows(analysis.players, False, False)
    assert (
        "Cube, per decision" not in [row.label for row in money]
        and words.figures_unit(False) == "millipoints"
    )
