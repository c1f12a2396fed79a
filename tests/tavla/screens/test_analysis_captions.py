"""The analysis screen's words, alone: titles, the players' figures, the mistakes' rows, the matches list."""

from game.tavla.analysis.decisions import Decision, Mark, PlayerSummary
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
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
        dice=(3, 1),
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
    assert words.title_text(money) == "Analysis: White vs Black · money game"


def test_a_mistakes_row_says_where_who_what_and_how_much():
    row = words.mistake_row(decision(), RECORD)
    assert row == "2·12  You  31: 24/23 24/21  -0.164 very bad"
    assert words.where_text(decision()) == "Game 2, turn 12"
    assert words.played_text(decision()) == "Played: 31: 24/23 24/21\n-0.013"
    assert words.best_text(decision()) == "Best: 8/5 6/5\n+0.151"
    cube = decision(kind="cube", dice=None, action="take", best="drop", mark=Mark.BAD)
    assert words.action_text(cube) == "take" and words.best_text(cube).startswith("Best: drop")


def test_the_headings_count_the_mistakes():
    assert words.mistakes_heading(0).startswith("No mistakes")
    assert words.mistakes_heading(1) == "1 mistake, worst first (game·turn)"
    assert words.mistakes_heading(7) == "7 mistakes, worst first (game·turn)"
    assert words.progress_text(1, 3) == "Analysing… 1 of 3 games"


def test_a_players_line_gives_the_error_rate_rating_marks_and_luck():
    summary = PlayerSummary("expert", 10, 105.0, 1, 2, 0, -412.0, 2, 1.5)
    line = words.player_text(summary)
    assert line.startswith("Expert: 10.5 per decision (Advanced)")
    assert "doubtful 1, bad 2, very bad 0" in line and line.endswith("luck -0.412")
    assert words.player_text(PlayerSummary("You", 0, 0, 0, 0, 0, 0, 0, 0)) == "You: no decisions"


def test_the_matches_list_rows():
    assert words.kept_row(RECORD, "match-20261201-120000.mat", "") == (
        "20261201-120000 · You vs Expert · 0–2 (to 5)"
    )
    assert words.kept_row(RECORD, "", "").startswith("Unfinished: You vs Expert")
    assert words.kept_row(None, "x.mat", "line 3: bad") == "x.mat: line 3: bad"
