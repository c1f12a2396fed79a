"""The analysis: losses and marks on gnubg's scale, luck, ratings, ranked plays, and the `analyse` command."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game import cli
from game.core.errors import UserError
from game.tavla.analysis.decisions import Mark, mark, ranked_plays, rating
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.moves import legal_plays, legal_results
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import OPENING
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.neural import shipped_evaluator
from game.tavla.eval.stakes import Stakes
from game.tavla.players import get_bot
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from tests.tavla.builders import random_game_positions

DATA = Path(__file__).parents[1] / "data"
GNUBG_3 = DATA / "gnubg-3pt-seed7.mat"


def one_turn(state, dice, play, rules=Rules.TAVLA):
    """The analysis of a money game of one turn made by seat 0 (money: judged in points, as the bots
    and ranked_plays judge by default)."""
    record = MatchRecord(("A", "B"), 0, rules, (GameRecord((Turn(0, dice, play, state),)),))
    return analyse_match(record)


def test_gnubgs_thresholds_and_rating_words():
    assert [mark(loss) for loss in (0.0, 40.0, 40.5, 80.0, 80.5, 160.0, 161.0)] == [
        Mark.NONE, Mark.NONE, Mark.DOUBTFUL, Mark.DOUBTFUL, Mark.BAD, Mark.BAD, Mark.VERY_BAD,
    ]  # fmt: skip
    words = [rating(rate) for rate in (0.0, 2.0, 5.0, 8.0, 12.0, 18.0, 26.0, 34.9, 35.0)]
    assert words == [
        "Supernatural", "World class", "Expert", "Advanced", "Intermediate", "Casual player", "Beginner",
        "Beginner", "Awful!",
    ]  # fmt: skip


def test_a_forced_play_loses_nothing_and_is_not_counted():
    state, d1, d2 = next(
        (s, a, b) for s, a, b in random_game_positions(3000, 5) if len(legal_plays(s, a, b, Rules.TAVLA)) == 1
    )
    analysis = one_turn(state, (d1, d2), legal_plays(state, d1, d2, Rules.TAVLA)[0])
    (decision,) = analysis.decisions
    assert decision.forced and decision.loss == 0.0 and decision.mark is Mark.NONE
    assert analysis.players[0].decisions == 0 and analysis.players[0].error_rate == 0.0


def test_the_worst_opening_play_is_a_very_bad_blunder_and_the_best_loses_nothing():
    judge = judge_for(Rules.TAVLA, DEFAULT_LEVEL)
    worst = ranked_plays(OPENING, (6, 4), judge, n=None)[-1]
    # as the analysis judges a play made: at the full depth, beside the best
    results = legal_results(OPENING, 6, 4, Rules.TAVLA)
    ranked = judge.rank_results(OPENING, (6, 4), results, Stakes(Rules.TAVLA), keep=[worst.after])
    best, worst = ranked[0], next(play for play in ranked if play.after == worst.after)
    blunder = one_turn(OPENING, (6, 4), worst.play).decisions[0]
    assert blunder.mark is Mark.VERY_BAD and not blunder.forced
    assert blunder.loss == pytest.approx(1000.0 * (best.equity - worst.equity))
    assert blunder.best == best.text and blunder.ranked[0].play == best.play
    assert blunder.ranked[-1].play == worst.play  # the play made is listed even outside the top five
    right = one_turn(OPENING, (6, 4), best.play)
    assert right.decisions[0].loss == 0.0 and right.players[0].rating == "Supernatural"


def test_ranked_plays_are_best_first_with_their_chances():
    net = shipped_evaluator()
    plays = ranked_plays(OPENING, (3, 1), NetworkJudge(Rules.STANDARD, JudgeLevel.EXPERT, net))
    assert len(plays) == 5 and plays[0].text == "8/5 6/5"
    assert [p.equity for p in plays] == sorted((p.equity for p in plays), reverse=True)
    for play in plays:
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = play.chances
        assert 0.0 <= win_backgammon <= win_gammon <= win <= 1.0 and lose_backgammon <= lose_gammon
    deep = ranked_plays(OPENING, (3, 1), NetworkJudge(Rules.STANDARD, JudgeLevel.MASTER, net), n=3)
    assert deep[0].plies >= 1 and len(deep) == 3  # the filter may settle it before the second ply
    assert ranked_plays(OPENING, (6, 6), NetworkJudge(Rules.TAVLA, JudgeLevel.EXPERT, net), n=1)[0].plies == 0


@pytest.mark.slow
def test_the_luck_of_a_roll_averages_zero_over_the_36_rolls():
    state = random_game_positions(60, 3)[-1][0]
    total = 0.0
    for d1, d2, weight in ROLLS:
        plays = legal_plays(state, d1, d2, Rules.TAVLA)
        total += weight * one_turn(state, (d1, d2), plays[0] if plays else ()).decisions[0].luck
    assert total / 36.0 == pytest.approx(0.0, abs=1e-3)  # millipoints; the network is float32
    opening = [one_turn(OPENING, (a, b), legal_plays(OPENING, a, b)[0]).decisions[0].luck
               for a in range(1, 7) for b in range(a + 1, 7)]  # fmt: skip
    assert sum(opening) == pytest.approx(0.0, abs=1e-3)
    assert max(opening) > 0.0 > min(opening)


@pytest.mark.slow
def test_the_expert_bot_loses_nothing_at_expert_level_in_money_play():
    match = Match(1, Rules.TAVLA, seed=4)
    game = match.next_game()
    game.start()
    bot = get_bot("expert", rules=Rules.TAVLA)
    while not game.over:
        if game.dice is None:
            game.roll()
        game.play(bot.play(game.state, *game.dice))
    # the bot plays for money points: judged as a money game (a 1-point match ranks by the win alone)
    record = replace(MatchRecord.from_match(match, ("expert", "expert")), length=0)
    analysis = analyse_match(record, level="expert")
    assert all(decision.loss < 1e-9 for decision in analysis.decisions)
    assert [p.rating for p in analysis.players] == ["Supernatural", "Supernatural"]
    assert len(analysis.series) == len(game.record)
    last = analysis.series[-1]
    assert last.win == (1.0 if game.result.winner == 0 else 0.0)
    first, second = analysis.players
    assert first.result == -second.result and first.luck_adjusted == pytest.approx(-second.luck_adjusted)


@pytest.mark.slow
def test_a_gnubg_match_is_analysed_with_its_cube_actions():
    analysis = analyse_match(read_mat(DATA / "gnubg-5pt-seed11.mat"))
    judged = [d for d in analysis.decisions if d.kind == "cube"]
    cube = [d for d in judged if d.action != "no double"]  # the recorded actions; the rest are the rolls
    assert len(judged) > len(cube)  # before which the player could have doubled, judged as well
    actions = [d.action for d in cube]
    assert set(actions[0::2]) == {"double"} and set(actions[1::2]) == {"take", "drop"} and len(actions) == 12
    assert all(answer.player != double.player for double, answer in zip(cube[0::2], cube[1::2], strict=True))
    assert all(
        d.dice is None and d.luck is None and d.best in ("double", "no double", "take", "drop") for d in cube
    )
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert len(moves) == sum(len(game.turns) for game in analysis.record.games)
    for player in analysis.players:
        counted = [d for d in analysis.decisions if d.player == analysis.players.index(player) and d.counted]
        assert player.decisions == len(counted)
        assert player.error_rate == pytest.approx(sum(d.loss for d in counted) / len(counted))
    assert analysis.worst(5) == sorted(analysis.worst(5), key=lambda d: -d.loss)


@pytest.mark.slow
def test_the_analyse_command_prints_the_report_and_writes_the_json(tmp_path, capsys):
    out = tmp_path / "analysis.json"
    assert cli.main(["analyse", str(GNUBG_3), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Game 2" in printed and "Worst decisions" in printed and "gnubg: error rate" in printed
    data = json.loads(out.read_text())
    for name in ("gnubg", "root"):
        assert set(data["players"][name]) >= {
            "decisions",
            "error_rate",
            "doubtful",
            "bad",
            "very_bad",
            "luck",
        }
    first = data["decisions"][0]
    assert set(first) >= {"position", "dice", "play", "best", "loss", "mark", "luck"}
    assert len(first["ranked"]) <= 6 and first["player"] == "root"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["analyse", "missing.mat"], "missing.mat does not exist"),
        (["analyse", str(GNUBG_3), "--json", "."], "is a folder"),
        (["analyse", str(GNUBG_3), "--rules", "chess"], "invalid choice"),
    ],
)
def test_the_analyse_command_refuses_bad_input_in_one_line(argv, fragment, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    try:
        code = cli.main(argv)
    except SystemExit as stop:
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and fragment in err and err.count("\n") == 1


def test_a_bad_file_names_its_line(tmp_path, capsys):
    path = tmp_path / "bad.mat"
    path.write_text(" 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/4\n")
    assert cli.main(["analyse", str(path)]) == 2
    assert "line 5:" in capsys.readouterr().err


def test_a_play_illegal_under_the_rules_asked_for_is_named():
    play = parse_play("6/5")  # a record edited by hand: half of a 31
    record = MatchRecord(("A", "B"), 1, Rules.TAVLA, (GameRecord((Turn(0, (3, 1), play, OPENING),)),))
    with pytest.raises(UserError, match="the play 6/5 is not legal under the standard rules"):
        analyse_match(record, Rules.STANDARD)
