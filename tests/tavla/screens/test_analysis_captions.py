"""The analysis screen's words, alone: titles, the players' figures in named units, the list's rows (plays
in gnubg's form, moves numbered as the move list numbers them), the cube's equities and the matches list
(by date, players and score)."""

import time

from game.tavla.analysis.decisions import Decision, Mark, PlayerSummary
from game.tavla.engine.cube import MatchScore
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.eval.stakes import Stakes
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.screens.analysis import captions as words

RECORD = MatchRecord(("You", "expert"), 5, Rules.TAVLA, (GameRecord((), (), (0, 0), 1, 2),))


def decision(**changes) -> Decision:
    values = dict(
        kind="move",
        game=2,
        turn=11,
        player=0,
        state=OPENING,
        dice=(1, 3),
        action="24/21 24/23",
        best="8/5 6/5",
        equity=-0.013,
        best_equity=0.151,
        loss=164.0,
        mark=Mark.VERY_BAD,
        luck=0.0,
        forced=False,
    )
    values.update(changes)
    return Decision(**values)


def test_the_title_names_the_players_in_the_players_words_and_the_length():
    assert words.title_text(RECORD) == "Analysis: You vs Expert · 5-point match"
    money = MatchRecord(("White", "Black"), 0, Rules.STANDARD, ())
    assert words.title_text(money) == "Analysis: White vs Black · money session"
    jacoby = MatchRecord(("You", "Expert"), 0, Rules.STANDARD, (), jacoby=True)
    assert words.title_text(jacoby) == "Analysis: You vs Expert · money session, Jacoby"


def test_a_row_says_where_who_what_and_how_much_in_gnubgs_form():
    row = words.list_row(decision(), RECORD)
    assert row == "2·6  You  31: 24/23 24/21  -0.164 very bad", "move 6: the move list's line of turn 12"
    assert words.where_text(decision()) == "Game 2, move 6"
    assert words.chosen_text(decision(), RECORD) == "Game 2, move 6 · You to play 31"
    assert words.played_text(decision()) == "Played: 31: 24/23 24/21\n-0.013 · very bad", "its verdict"
    assert words.best_text(decision()) == "Best: 8/5 6/5\n+0.151"
    joined = decision(action="24/23 23/20")
    assert words.played_text(joined).startswith("Played: 31: 24/20\n"), "one checker's moves joined"
    fine = decision(loss=0.0, mark=Mark.NONE)
    assert words.list_row(fine, RECORD) == "2·6  You  31: 24/23 24/21"


def test_a_drop_reads_pass_and_a_cube_decision_gives_its_three_equities():
    stakes = Stakes(Rules.STANDARD, MatchScore(5, 0, 0), 1)
    cube = decision(
        kind="cube", dice=None, action="drop", best="take", mark=Mark.BAD, cube_equities=(0.3, 0.5, 1.0),
        stakes=stakes,
    )  # fmt: skip
    assert words.list_row(cube, RECORD).startswith("2·6  You  pass  -0.164")
    assert words.chosen_text(cube, RECORD) == "Game 2, move 6 · You: answer to the double"
    rows = words.cube_rows(cube)
    assert [row.play for row in rows] == ["No double", "Double, take", "Double, pass"], "not a ranking"
    assert [row.equity for row in rows] == ["+0.300", "+0.500", "+1.000"]
    assert [row.difference for row in rows] == ["-0.200", "best", "+0.500"], "against the best, as gnubg"
    assert words.cube_best(cube) == 1, "the answer's right one: take"
    assert all(row.chances.startswith("MWC ") for row in rows)
    assert words.cube_taken(cube) == 2 and words.proper_text(cube) == "Proper cube action: Double, take"
    assert "pass" in words.cube_played_text(cube, emg=True) and "mEMG" in words.cube_played_text(cube, True)
    redouble = decision(kind="cube", dice=None, action="double", best="double", cube_equities=(0.3, 0.5, 1.0),
                        stakes=Stakes(Rules.STANDARD, MatchScore(5, 0, 0), 2))  # fmt: skip
    assert words.cube_rows(redouble)[0].play == "No redouble"
    assert words.cube_best(redouble) == 1, "a double gains: double, and the take is right"
    too_good = decision(kind="cube", dice=None, action="no double", best="no double",
                        cube_equities=(1.2, 1.5, 1.0), stakes=stakes)  # fmt: skip
    assert words.cube_best(too_good) == 0 and words.cube_rows(too_good)[0].difference == "best"


def test_the_players_figures_name_their_units_as_the_report_does():
    summary = PlayerSummary(
        "expert", 10, 105.0, 1, 2, 0, -41.0, 2, 1.5, rolls=20, mwc_loss=0.02, mwc_luck=-0.01
    )
    rows = words.figure_rows((summary, summary), emg=True, cube=False)
    assert words.figures_unit(True) == "mEMG (MWC)" and words.figures_unit(False) == "millipoints"
    assert [row.label for row in rows] == [
        "Error rate, per decision", "Rating", "Checker play, per move", "Luck, per roll",
        "Doubtful · bad · very bad",
    ]  # fmt: skip
    assert rows[0].cells[0] == "10.5 (0.200%)" and rows[1].cells[0] == "Advanced"
    assert rows[3].cells[0] == "-2.0 (-0.050%)", "luck per roll, in the errors' units"
    assert rows[4].cells[0] == "1 · 2 · 0"
    money = words.figure_rows((summary, summary), emg=False, cube=True)
    assert money[0].cells[0] == "10.5" and len(money) == 8
    assert words.figure_rows((summary, summary), True, True, compact=True)[0].cells[0] == "10.5 · Advanced"
    compact = words.figure_rows((summary, summary), emg=True, cube=True, compact=True)
    assert [row.label for row in compact] == ["Error rate", "Luck a roll", "?! · ? · ??"]


def test_the_headings_and_the_graph():
    assert words.mistakes_tab(7) == "Mistakes (7)" and words.every_tab(40) == "All moves (40)"
    assert words.no_mistakes_text().startswith("No mistakes")
    assert words.progress_text(1, 3) == "Analysing… 1 of 3 games"
    assert words.graph_heading(emg=True) == "Match-winning chance" and words.game_label(1, None) == "Game 1"
    assert words.game_label(2, (2, 0)) == "Game 2 · 2–0" and words.game_label(2, (2, 0), short=True) == "2"
    judged_by = "Open Sage 2-ply, cubeful at the score"
    assert words.ranking_heading(judged_by, True) == f"{judged_by} · EMG at the score"
    ids = decision(gnubg_ids=("4HPwATDgc/ABMA", "cAmrAAAAAAAE"))
    assert words.ids_text(ids) == "Position ID 4HPwATDgc/ABMA · Match ID cAmrAAAAAAAE"


def test_the_matches_list_rows_by_date_players_and_score():
    when = time.mktime(time.strptime("20261201-190311", "%Y%m%d-%H%M%S"))
    assert words.kept_row(RECORD, "match-20261201-190311.mat", "", when=when) == (
        "1 Dec 2026, 19:03 · You 0–2 Expert · 5-point match"
    )
    assert words.kept_row(RECORD, "", "").startswith("Unfinished: You 0–2 Expert")
    assert words.kept_row(None, "x.mat", "line 3: bad") == "x.mat: line 3: bad"
