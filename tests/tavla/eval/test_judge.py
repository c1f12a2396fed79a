"""The judge's seam: both engines answer the same questions the same way; Open Sage hidden, ours answer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import NO_SAGE_VARIABLE, luck, roll_table, roll_weights, sage_available
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.stakes import Stakes
from game.tavla.players import get_bot

ROOT = Path(__file__).resolve().parents[3]
needs_sage = pytest.mark.skipif(not sage_available(), reason="Open Sage is not installed here")
# A middle game with a blot on each side and a checker of the opponent's on the bar.
BAR_GAME = (0, -2, 0, 2, 0, 2, 4, 0, 2, 0, 0, 0, -4, 3, 0, 0, 0, -3, 0, -4, 0, 1, 0, 0, 1, 0, 1, 0)


def judges(rules: Rules) -> list:
    found = [NetworkJudge(rules, JudgeLevel.EXPERT)]
    if sage_available():
        found.append(judge_for(rules, JudgeLevel.EXPERT))
    return found


@pytest.mark.parametrize("rules", [Rules.STANDARD, Rules.TAVLA])
def test_every_legal_play_is_ranked_once_best_first(rules: Rules) -> None:
    for judge in judges(rules):
        for state in (OPENING, BAR_GAME):
            for dice in ((3, 1), (6, 6), (5, 2)):
                legal = {after for _play, after in legal_results(state, *dice, rules)}
                ranked = judge.rank(state, dice)
                assert {play.after for play in ranked} == legal
                depths = [play.plies for play in ranked]
                assert depths == sorted(depths, reverse=True)
                for depth in set(depths):
                    values = [play.equity for play in ranked if play.plies == depth]
                    assert values == sorted(values, reverse=True)
                for play in ranked:
                    assert len(play.chances) == 5 and 0.0 <= play.chances[0] <= 1.0


@needs_sage
def test_open_sage_reads_our_positions_as_we_do() -> None:
    """A hit sends the blot to the bar on both sides of the conversion: Open Sage's best play of its own
    list is one of ours, with the same resulting position."""
    import bgsage

    from game.tavla.eval.sage_judge import board_of

    for state, dice in ((BAR_GAME, (4, 2)), (flip(BAR_GAME), (6, 1)), (OPENING, (6, 4))):
        ours = {tuple(board_of(after)) for _play, after in legal_results(state, *dice, Rules.STANDARD)}
        listed = bgsage.BgBotAnalyzer().checker_play(board_of(state), *dice).moves
        theirs = {tuple(move.board) for move in listed}
        assert ours == theirs


@needs_sage
def test_cubeful_equity_at_double_match_point_is_the_win_chance() -> None:
    judge = judge_for(Rules.STANDARD, JudgeLevel.EXPERT)
    stakes = Stakes(Rules.STANDARD, MatchScore(5, 4, 4))
    for play in judge.rank(OPENING, (3, 1), stakes):
        assert play.equity == pytest.approx(2 * play.chances[0] - 1, abs=1e-4)


@needs_sage
def test_open_sage_and_the_analysis_share_one_match_equity_table() -> None:
    import bgbot_cpp

    from game.tavla.engine.match_equity import shipped_table

    table = shipped_table()
    for away in range(2, 16):
        for their_away in range(2, 16):
            ours = table.win_chance(away, their_away, post_crawford=False)
            assert bgbot_cpp.get_met(away, their_away, False) == pytest.approx(ours, abs=1e-6)


@pytest.mark.parametrize("rules", [Rules.STANDARD, Rules.TAVLA])
def test_luck_averages_zero_over_the_rolls(rules: Rules) -> None:
    """gnubg's luck: weighted over every roll as they come, the luck of the rolls is nothing."""
    for judge in judges(rules):
        for opening, state in ((True, OPENING), (False, BAR_GAME)):
            equities = judge.roll_equities([state], [Stakes(rules)], [opening])[0]
            weights = roll_weights(opening)
            rolls = zip(weights, roll_table(opening), strict=True)
            total = sum(weight * luck(equities, dice, opening) for weight, dice in rolls)
            assert total == pytest.approx(0.0, abs=1e-9)
            assert len(equities) == (15 if opening else 21)


def test_the_hint_and_the_tutor_agree_at_one_setting() -> None:
    """The hint's first play loses nothing by the tutor's measure at the same level."""
    from game.tavla.analysis.decisions import ranked_plays

    for level in (JudgeLevel.EXPERT, JudgeLevel.MASTER):
        judge = judge_for(Rules.STANDARD, level)
        for dice in ((3, 1), (5, 2), (6, 4)):
            hint = ranked_plays(BAR_GAME, dice, judge, n=1)[0]
            tutor = ranked_plays(BAR_GAME, dice, judge, n=None)
            assert tutor[0].equity - next(p.equity for p in tutor if p.after == hint.after) == 0.0


def test_cube_decisions_come_from_the_judge() -> None:
    for judge in judges(Rules.STANDARD):
        decision = judge.cube_decision(OPENING, Cube())
        assert not decision.action.doubles
        assert decision.double_pass == pytest.approx(1.0, abs=1e-5)
        owned = judge.cube_decision(BAR_GAME, Cube(2, CubeOwner.ME))
        assert -3.0 < owned.no_double < 3.0
        chances = judge.pre_roll(OPENING)
        assert 0.45 < chances[0] < 0.6 and np.all(chances >= 0)


@pytest.mark.slow
def test_the_levels_play_as_bots() -> None:
    for name in ("expert", "master", "grandmaster"):
        bot = get_bot(name, rules=Rules.STANDARD)
        play = bot.play(list(OPENING), 3, 1)
        assert play == judge_for(Rules.STANDARD, name).rank(OPENING, (3, 1))[0].text


def test_a_judge_says_which_it_is() -> None:
    expected = "Open Sage 2-ply" if sage_available() else "our networks 2-ply"
    assert judge_for(Rules.STANDARD, JudgeLevel.MASTER).title().startswith(expected)
    assert judge_for(Rules.TAVLA, JudgeLevel.MASTER).title().endswith("cubeless")


@pytest.mark.slow
def test_with_open_sage_hidden_our_networks_answer(tmp_path: Path) -> None:
    """Where Open Sage's wheel cannot load, every judge test passes on our networks and says so: a
    `bgsage` that fails to import stands first on the path, and this file's tests run again."""
    if os.environ.get("TAVLA_JUDGE_HIDDEN_RUN"):
        assert not sage_available()
        assert judge_for(Rules.STANDARD).engine == "our networks"
        return
    hidden = tmp_path / "bgsage"
    hidden.mkdir()
    (hidden / "__init__.py").write_text("raise ImportError('Open Sage hidden by the test')\n")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "TAVLA_JUDGE_HIDDEN_RUN": "1"}
    env.pop(NO_SAGE_VARIABLE, None)
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", __file__]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "skipped" in done.stdout  # the Open Sage tests stood aside
