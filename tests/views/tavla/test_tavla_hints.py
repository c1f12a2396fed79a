"""The ranked hint on the table, headless: five plays ranked with their equities and chances, a row chosen
shows its play as ghost checkers, Make this play plays it, Close hides it."""

import itertools

import pytest

from game.tavla.engine.moves import apply_play
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.engine.turn import TurnInProgress
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL
from game.tavla.screens.table import hints
from game.tavla.screens.table.hint_captions import (
    chance_columns,
    chances_text,
    column_headings,
    hint_rows,
    signed,
)
from game.tavla.screens.table.hint_panel import LINE, TEXT_SIZE
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, screenshot
from tests.views.tavla.table import THREE_ONE, open_table, set_up, settle, wait_for_hint


def test_signed_equities_and_the_chances_of_each_rule_set():
    assert (signed(0.1514), signed(-0.16), signed(-0.0001)) == ("+0.151", "-0.160", "+0.000")
    chances = (0.554, 0.136, 0.055, 0.093, 0.035)
    assert chances_text(chances, Rules.TAVLA) == "Win 55.4% · mars 13.6%"
    assert chances_text(chances, Rules.STANDARD) == "Win 55.4% · gammon 13.6% · bg 5.5%"


def test_the_rows_star_hits_and_give_the_difference_to_the_best():
    blot = list(OPENING)
    blot[4], blot[19] = -1, -4
    hint = hints.rank_hint(Rules.TAVLA, tuple(blot), (4, 2))
    rows = hint_rows(tuple(blot), hint.ranked, Rules.TAVLA)
    assert len(rows) == 5 and rows[0].difference == ""
    assert rows[0].play == "1. 8/4* 6/4"
    assert all(row.difference.startswith("-") for row in rows[1:] if row.difference != "+0.000")


def test_a_play_is_reached_from_any_partial_turn_and_its_ghosts_are_where_it_lands():
    turn = TurnInProgress(OPENING, 3, 1)
    target = apply_play(OPENING, ((8, 5), (6, 5)))
    turn.apply(next(step for step in turn.options() if step.move == (24, 21)))
    assert hints.take_play(turn, target) and turn.state == target
    assert not hints.take_play(turn, apply_play(OPENING, ((24, 18),))), "6-5 is not a play of 3-1"
    assert turn.state == target, "a play that cannot be made leaves the turn as it was"
    found = hints.ghosts(OPENING, target)
    assert [(g.point, g.index, g.count, g.own) for g in found] == [(5, 0, 2, True), (5, 1, 2, True)]
    assert hints.leaving(OPENING, target) == {6: 1, 8: 1}


def test_the_ranked_hint_rows_choose_a_play_shown_as_ghosts_and_make_it(window):
    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    view.show_hint()
    wait_for_hint(view)
    panel = view.hint_panel
    assert panel.shown and len(panel.buttons) == 5 + 3  # the rows, Make this play, Roll out, ×
    assert panel.rows[0].play.text == "1. 8/5 6/5" and panel.rows[0].difference.text == ""
    equities = [play.equity for play in panel.hint.ranked]
    assert equities[0] == max(equities)
    assert panel.rows[0].wins[0].text.startswith("Win") and panel.rows[0].losses[0].text.startswith("Lose")
    assert [label.text for label in panel.columns] == ["mars", ""], "tavla has no backgammon"
    assert all(button in view.buttons for button in panel.buttons)
    assert all(button in view.buttons for button in view.panel.moves.buttons), "the move list stays beside it"
    assert not any(button in view.buttons for button in view.panel.upper_buttons), (
        "over the panel's upper part"
    )
    third = panel.rows[2]
    click(view, third.rect.x, third.rect.y)
    assert panel.choice == 2 and view.hint == list(panel.hint.ranked[2].play)
    assert hints.ghosts(view.session.turn.state, panel.hint.ranked[2].after)
    screenshot(window)  # the ghosts and the panel draw
    chosen = panel.hint.ranked[2]
    click(view, panel.make_button.rect.x, panel.make_button.rect.y)
    assert view.session.turn.state == chosen.after and view.session.turn.done
    assert not panel.shown and view.buttons == view.panel.buttons and view.hint == []


def test_close_hides_the_ranked_hint_and_the_move_list_comes_back(window):
    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    view.show_hint()
    wait_for_hint(view)
    close = view.hint_panel.close_button
    click(view, close.rect.x, close.rect.y)
    assert not view.hint_panel.shown and view.panel.texts["hint"].text == ""
    assert all(button in view.buttons for button in view.panel.moves.buttons)


@pytest.mark.slow
def test_roll_out_takes_the_hinted_position_and_dice_to_the_lab_and_back(window):
    from game.tavla.lab.study_jobs import RolloutJob, SageRolloutJob
    from game.tavla.screens.table.setup_view import SetupView

    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    view.show_hint()
    wait_for_hint(view)
    button = view.hint_panel.roll_out_button
    click(view, button.rect.x, button.rect.y)
    lab = window.current_view
    assert isinstance(lab, SetupView) and lab.board.dice == THREE_ONE
    job = lab.study.job
    assert isinstance(job, RolloutJob | SageRolloutJob)
    assert job.setup.dice == THREE_ONE and len(job.candidates) > 1
    lab.back()  # Esc twice: the card, then the screen; the workers end with it
    assert window.current_view is view and job.pool is None


@pytest.mark.parametrize("rules", [Rules.STANDARD])
def test_the_standard_rules_show_backgammons(rules):
    hint = hints.rank_hint(rules, OPENING, THREE_ONE)
    assert "bg" in hint_rows(OPENING, hint.ranked, rules)[0].chances


# A standard position where the master's filter searched three plays two plies deep and the next ones one
# ply or none: ranked by depth first, the fourth row (+0.139 at 1-ply) stood above the fifth although the
# rows above it, at 2-ply, were lower (-0.177).
MIXED_DEPTHS = (0, 0, 0, 3, 1, -1, 4, 0, 0, 0, 0, -1, -2, 3, 0, -1, 0, -5, 0, -5, 1, 2, 1, 0, 0, 0, 0, 0)


def test_the_ranked_hint_is_in_the_order_of_its_equities_all_at_one_depth():
    hint = hints.rank_hint(Rules.STANDARD, MIXED_DEPTHS, (2, 4))
    equities = [play.equity for play in hint.ranked]
    assert len(equities) == 5 and equities == sorted(equities, reverse=True), equities
    assert {play.plies for play in hint.ranked} == {2}, "every row judged at the master's depth"
    assert hint.plies == 2


def test_each_play_shows_the_chances_of_winning_and_of_losing_in_columns():
    chances = (0.554, 0.136, 0.055, 0.093, 0.035)
    assert chance_columns(chances, Rules.STANDARD) == (
        ("Win 55.4%", "13.6%", "5.5%"),
        ("Lose 44.6%", "9.3%", "3.5%"),
    )
    assert chance_columns(chances, Rules.TAVLA) == (("Win 55.4%", "13.6%"), ("Lose 44.6%", "9.3%"))
    assert column_headings(Rules.STANDARD) == ("gammon", "bg") and column_headings(Rules.TAVLA) == ("mars",)
    assert column_headings(Rules.PLAKOTO) == ("gammon",), "mars is tavla's word, not Plakoto's"
    hint = hints.rank_hint(Rules.STANDARD, OPENING, THREE_ONE)
    assert hint.judged_by == judge_for(Rules.STANDARD, DEFAULT_LEVEL).title()
    row = hint_rows(OPENING, hint.ranked, Rules.STANDARD)[0]
    assert row.wins[0].startswith("Win ") and row.losses[0].startswith("Lose ") and len(row.losses) == 3


# 4-4 with three blots to hit: plays of four moves, starred, that do not fit one line of the row.
BLOTS = (0, -2, 0, 0, 0, 0, 5, 0, 3, -1, 0, 0, -4, 5, 0, 0, -1, -2, 0, -4, -1, 0, 0, 0, 2, 0, 0, 0)


@pytest.mark.slow
def test_long_plays_wrap_at_the_rows_size_and_the_rows_stand_above_the_buttons(window):
    window.show_view(TableView(opponent="random", rules=Rules.STANDARD, seed=1))
    view = window.current_view
    view.start_session(TableSession.from_position(BLOTS, (4, 3), Rules.STANDARD, "random"))
    view.session.game.dice = (4, 4)
    view.session.turn = TurnInProgress(BLOTS, 4, 4, view.session.game.rules)
    settle(view)
    view.show_hint()
    wait_for_hint(view)
    panel = view.hint_panel
    assert panel.shown and panel.depth.text == judge_for(Rules.STANDARD, DEFAULT_LEVEL).title()
    assert [label.text for label in panel.columns] == ["gammon", "bg"]
    plays = [row.play for row in panel.rows]
    assert all(label.font_size == TEXT_SIZE for row in panel.rows for label in row.texts), "no row shrinks"
    assert any(label.content_height > 1.5 * LINE for label in plays), "a long play takes a second line"
    rects = [row.rect for row in panel.rows]
    for upper, lower in itertools.pairwise(rects):
        assert upper.y - upper.height / 2 >= lower.y + lower.height / 2, "the rows do not overlap"
    assert rects[-1].y - rects[-1].height / 2 > panel.make_button.rect.y + panel.make_button.rect.height / 2
    for row in panel.rows:
        assert row.wins[0].y < row.play.y - (row.play.content_height - 4), "the chances under the whole play"
    screenshot(window)
