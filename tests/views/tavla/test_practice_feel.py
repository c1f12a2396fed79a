"""Issue 47, practice and progress: the verdict's card is opaque and the cube's question is put away
under it; a card names no game number (one from game 2 said "game 1"); Stop and Esc go back to Progress
when the round was opened there; losses and rates in the analysis's unit (mEMG in a match); the
Progress screen has a Back button; `practice --list` writes a roll higher die first."""

import json
from dataclasses import replace

import pytest
from arcade import key

from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.commands.practice import practice_list_command
from game.tavla.engine.match_id import MatchMoment, match_id
from game.tavla.engine.table_session import Phase
from game.tavla.progress.history import keep_analysis
from game.tavla.progress.practice import Deck
from game.tavla.progress.rows import KeptRows
from game.tavla.record.mat import read_mat
from game.tavla.screens.progress.practice_view import (
    PANEL_HEIGHT,
    PANEL_WIDTH,
    PANEL_X,
    PANEL_Y,
    PracticeView,
)
from game.tavla.screens.progress.view import ProgressView
from tests.views.driver import click, press_key, screenshot, to_screen
from tests.views.tavla.table import settle
from tests.views.tavla.test_progress_views import ONE_POINT, START


@pytest.fixture(scope="module")
def analysis():
    return analyse_match(read_mat(str(ONE_POINT)))


@pytest.fixture
def kept(tmp_path, monkeypatch, analysis) -> Records:
    """A 1-point match against gnubg in the history, its mistakes in the practice deck."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    records = Records()
    keep_analysis(records, analysis, 1, ONE_POINT.read_text(), "test", START)
    return records


CUBE = {"kind": "cube", "dice": "", "cube_equities": json.dumps([0.5, 0.8, 1.0])}


def one_card_deck(records, **changes) -> Deck:
    """The kept deck with its first move card changed by `changes`, the only card due."""
    deck = Deck(records, clock=lambda: START + 1)
    card = replace(next(c for c in deck.cards() if c.kind == "move"), **changes)
    deck.due = lambda games=None: [card]
    deck.answer = lambda card, judgement: card
    return deck


def card_pixels(window, view) -> list:
    """The screen's pixels under the verdict's card, a little inside its frame."""
    image = screenshot(window)
    left, bottom = to_screen(view, PANEL_X - PANEL_WIDTH / 2 + 4, PANEL_Y - PANEL_HEIGHT / 2 + 4)
    right, top = to_screen(view, PANEL_X + PANEL_WIDTH / 2 - 4, PANEL_Y + PANEL_HEIGHT / 2 - 4)
    box = (int(left), image.height - int(top), int(right), image.height - int(bottom))
    return list(image.crop(box).getdata())


@pytest.mark.slow
def test_the_verdict_card_is_opaque_and_the_cube_question_is_put_away(window, kept, tmp_path):
    money = Deck(kept).cards()[0].gnubg_id.split(":")[0]  # money play, the cube in the centre
    deck = one_card_deck(kept, gnubg_id=money, your_play="no double", best_play="double", stakes="", **CUBE)
    window.show_view(PracticeView(deck))
    view = window.current_view
    settle(view, 0.5)
    assert view.session.phase is Phase.ROLL and view.overlays.top is view.roll_question
    view.double()
    assert view.judgement is not None
    assert view.overlays.top is None, "the Double/Roll question is put away under the verdict"
    alone = card_pixels(window, view)
    screenshot(window).save(tmp_path / "verdict.png")
    view.roll_question.shown = lambda: True  # a dialog drawn under the card all the same
    assert card_pixels(window, view) == alone, "nothing shows through the card"


def test_a_card_from_a_later_game_names_no_game_number(window, kept):
    card = Deck(kept).cards()[0]
    at_score = match_id(MatchMoment(0, (1, 0), 3, dice=card.roll))  # game 2 of a 3-point match
    deck = one_card_deck(kept, gnubg_id=f"{card.gnubg_id.split(':')[0]}:{at_score}")
    window.show_view(PracticeView(deck))
    view = window.current_view
    settle(view, 0.5)
    assert view.session.phase is Phase.HUMAN
    assert view.panel.texts["rules"].text == "Rules: standard", "no 'game 1' for a card of game 2"


def test_the_loss_is_in_the_analysiss_unit(window, kept):
    deck = one_card_deck(kept)
    assert deck.due()[0].stakes, "a card of a 1-point match: its losses are mEMG"
    window.show_view(PracticeView(deck))
    view = window.current_view
    settle(view, 0.5)
    from game.tavla.progress.practice import judge_move

    view._judged(judge_move(view.card, view.ranked[-1].text, view.ranked))
    assert view.loss_line.text.endswith("mEMG worse") and "millipoints" not in view.loss_line.text


@pytest.mark.slow
def test_stop_and_esc_go_back_to_progress_when_practice_was_opened_there(window, kept):
    window.show_view(ProgressView())
    window.current_view.practise()
    practice = window.current_view
    assert isinstance(practice, PracticeView)
    practice.stop_button.on_click()
    assert isinstance(window.current_view, ProgressView), "Stop goes back to Progress"
    window.current_view.practise()
    press_key(window.current_view, key.ESCAPE)
    assert isinstance(window.current_view, ProgressView), "and Esc"
    window.show_view(PracticeView(Deck(kept, clock=lambda: START + 1)))
    press_key(window.current_view, key.ESCAPE)
    assert type(window.current_view).__name__ == "MainMenuView", "opened elsewhere, the menu"


def test_progress_rates_are_in_the_analysiss_unit(window, kept):
    window.show_view(ProgressView())
    heading = window.current_view.phase_rows[0].text
    assert "(mEMG per decision)" in heading, "the analysis's unit, not millipoints"


def test_progress_has_a_back_button(window, kept):
    window.show_view(ProgressView())
    view = window.current_view
    back = view.back_button
    assert back in view.buttons and back.label == "Back"
    click(view, back.rect.x, back.rect.y)
    assert type(window.current_view).__name__ == "MainMenuView"


def test_practice_list_writes_the_higher_die_first(kept):
    deck = Deck(kept, clock=lambda: START + 1)
    card = replace(deck.cards()[0], dice="12")
    deck.cards = lambda games=None: KeptRows([card])
    line = practice_list_command(deck, None)[0]
    assert f"{card.gnubg_id} 21: " in line and " 12: " not in line
