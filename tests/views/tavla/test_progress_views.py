"""The Progress screen and a practice round, headless: the kept match plotted with its figures, the best
match opened on the analysis screen, an empty history said so; a practice round's card played on the
table, judged, rescheduled at once and the round left with nothing lost; the text fits in every language."""

import json
import time
from dataclasses import replace
from pathlib import Path

import pytest
from arcade import key

from game.core.records import Records
from game.core.text.i18n import _
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match_id import MatchMoment, match_id
from game.tavla.engine.table_session import Phase
from game.tavla.progress.history import keep_analysis
from game.tavla.progress.practice import Deck, judge_move
from game.tavla.record.mat import read_mat
from game.tavla.screens.analysis.view import AnalysisView
from game.tavla.screens.progress.practice_view import PracticeView
from game.tavla.screens.progress.view import ProgressView
from game.tavla.screens.table.hints import take_play
from tests.views.driver import draw_frame, press_key
from tests.views.tavla.table import settle
from tests.views.text import assert_text_fits

ONE_POINT = Path(__file__).parents[2] / "tavla" / "data" / "gnubg-1pt-seed5.mat"
START = 1.8e9


@pytest.fixture(scope="module")
def analysis():
    return analyse_match(read_mat(str(ONE_POINT)))


@pytest.fixture
def kept(tmp_path, monkeypatch, analysis) -> Records:
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    records = Records()
    keep_analysis(records, analysis, 1, ONE_POINT.read_text(), "test", START)
    return records


def test_the_progress_screen_plots_the_match_and_opens_the_best(window, kept, analysis):
    window.show_view(ProgressView())
    view = window.current_view
    draw_frame(window)
    assert len(view.points) == 1 and view.empty_label.text == ""
    root = analysis.players[1]  # the player kept (seat 1), as analyse reports it
    assert view.best_label.text.endswith(f"{root.error_rate:.1f}")
    assert "Play a few more matches" in view.trend_label.text
    assert view.practice_button.label.startswith("Practice (")
    view.open_match(True)
    assert isinstance(window.current_view, AnalysisView)


def test_an_empty_history_says_so_on_the_screen(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "empty"))
    window.show_view(ProgressView())
    view = window.current_view
    assert view.points == [] and "No matches yet" in view.empty_label.text
    assert not view.best_button.enabled


@pytest.mark.slow
def test_a_practice_round_judges_the_play_and_keeps_the_schedule(window, kept):
    deck = Deck(kept, clock=lambda: START + 1)
    due = deck.due()
    window.show_view(PracticeView(deck))
    view = window.current_view
    settle(view, 0.5)
    card = view.card
    assert card.kind == "move" and view.session.phase is Phase.HUMAN
    settle(view, 1.5)  # the dice have landed
    view.finish_turn()  # Done before a checker moved: said, not judged
    assert view.judgement is None and view.toast.message == "Use every die that can be used first."
    best = view.ranked[0]
    assert view.session.turn is not None
    assert take_play(view.session.turn, best.after)
    view.checkers.glide_to(view.session.turn.state, 0)
    settle(view, 1.0)
    view.finish_turn()
    assert view.judgement is not None and view.judgement.right
    assert view.verdict.text == "Right: that is the best."
    after = {c.gnubg_id: c for c in Deck(kept, clock=lambda: START + 1).cards()}
    assert after[card.gnubg_id].reviews == 1 and after[card.gnubg_id].due > START + 1
    view.next_card()
    assert view.judgement is None and view.index == 1
    view.to_menu()  # stopped mid-round: the answer is kept, the rest still due
    assert Deck(kept, clock=lambda: START + 1).due_count() == len(due) - 1


def test_a_practice_card_has_no_hint_export_or_resign(window, kept):
    window.show_view(PracticeView(Deck(kept, clock=lambda: START + 1)))
    view = window.current_view
    settle(view, 0.5)
    panel = view.panel
    assert not panel.hint_button.enabled and not panel.export_button.enabled
    assert panel.resign_button is None or not panel.resign_button.enabled
    for symbol in (key.H, key.G, key.E):
        press_key(view, symbol)
    assert window.current_view is view and not view.hint_panel.shown and view.driver.hint_pending is False
    assert view.overlays.top is None, "no resign dialog either"


def test_a_cube_card_is_answered_with_the_tables_question(window, kept):
    deck = Deck(kept, clock=lambda: START + 1)
    card = next(c for c in deck.cards() if c.kind == "move")
    equities = json.dumps([0.5, 0.8, 1.0])
    money = card.gnubg_id.split(":")[0]  # a Position ID alone: money play, the cube in the centre
    cube = {"kind": "cube", "your_play": "drop", "best_play": "take", "dice": "", "stakes": ""}
    taker = replace(card, gnubg_id=money, cube_equities=equities, **cube)
    deck.due = lambda games=None: [taker]
    deck.answer = lambda card, judgement: card
    window.show_view(PracticeView(deck))
    view = window.current_view
    settle(view, 0.5)
    assert view.session.phase is Phase.ANSWER
    view.pass_double()
    assert not view.judgement.right and "200.0" in view.loss_line.text


@pytest.mark.slow
def test_the_progress_and_practice_text_fits(window, kept, language):
    window.show_view(ProgressView())
    assert_text_fits(window, f"progress {language}")
    deck = Deck(kept, clock=lambda: START + 1)
    card = deck.cards()[0]
    # money play: the table's own caption of a 1-point match's Crawford game is too long in Ukrainian
    # (the table's panel, reported apart), which is not this screen's text
    money = f"{card.gnubg_id.split(':')[0]}:{match_id(MatchMoment(0, (0, 0), 1, dice=card.roll))}"
    deck.due = lambda games=None: [replace(card, gnubg_id=money, stakes="")]
    deck.answer = lambda card, judgement: card
    window.show_view(PracticeView(deck))
    view = window.current_view
    view._judged(judge_move(view.card, view.ranked[-1].text, view.ranked))
    assert_text_fits(window, f"practice {language}")


@pytest.mark.slow
def test_p_on_the_analysis_screen_adds_the_chosen_mistake_to_the_deck(window, tmp_path, monkeypatch):
    from arcade import key

    from tests.views.driver import press_key
    from tests.views.tavla.test_analysis_view import wait_for_analysis

    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "fresh"))
    view = AnalysisView(read_mat(ONE_POINT))
    window.show_view(view)
    wait_for_analysis(view)
    chosen = view.mistake
    press_key(view, key.P)
    assert view.toast.labels[0].text == "Added to the practice deck"
    cards = Deck().cards()
    assert [(c.gnubg_id, c.your_play) for c in cards] == [(":".join(chosen.gnubg_ids), chosen.action)]


def test_the_progress_screen_is_readable_on_a_small_window(window, kept, language):
    from tests.views.text import assert_readable, small_window

    window.show_view(ProgressView())
    view = window.current_view
    with small_window(view):
        assert_readable(window, f"progress, small window, {language}")
        assert view.best_label.text.startswith(_("Best match")), "the best match is named"  # in each language
    assert_readable(window, f"progress {language}")


@pytest.mark.slow
def test_a_judged_practice_card_is_readable_on_a_small_window(window, kept):
    from tests.views.text import assert_readable, small_window

    deck = Deck(kept, clock=lambda: START + 1)
    card = deck.cards()[0]
    # money play, as in the fit test above: the table's own Crawford caption is another matter
    money = f"{card.gnubg_id.split(':')[0]}:{match_id(MatchMoment(0, (0, 0), 1, dice=card.roll))}"
    deck.due = lambda games=None: [replace(card, gnubg_id=money, stakes="")]
    deck.answer = lambda card, judgement: card
    window.show_view(PracticeView(deck))
    view = window.current_view
    view._judged(judge_move(view.card, view.ranked[-1].text, view.ranked))
    with small_window(view):
        assert_readable(window, "practice, small window")


def test_the_filters_choose_the_matches(window, kept):
    window.show_view(ProgressView(rules="tavla"))
    view = window.current_view
    assert view.points == [] and "No matches yet" in view.empty_label.text
    assert view.rules_selector.value == "tavla"
    view.rules_selector.step(1)  # round to all rule sets, then standard
    assert view.rules == "" and len(view.points) == 1
    view.rules_selector.step(1)
    assert view.rules == "standard" and len(view.points) == 1
    view.opponent_selector.step(1)
    assert view.opponent == "gnubg" and len(view.points) == 1


def test_a_position_the_table_cannot_ask_is_skipped(window, kept):
    deck = Deck(kept, clock=lambda: START + 1)
    card = deck.cards()[0]  # of a 1-point match: the cube is dead there
    equities = json.dumps([0.5, 0.8, 1.0])
    doubler = replace(card, kind="cube", your_play="no double", dice="", cube_equities=equities)
    deck.due = lambda games=None: [doubler]
    window.show_view(PracticeView(deck))
    view = window.current_view
    assert view.card is None and "cannot be practised" in view.toast.labels[0].text


def test_the_menu_counts_the_cards_due(window, tmp_path, monkeypatch, analysis):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "due"))
    keep_analysis(Records(), analysis, 1, ONE_POINT.read_text(), "test", time.time() - 10)
    window.show_menu()
    due = Deck().due_count()
    assert due > 0 and window.current_view.progress_button.label == f"Progress ({due})"
    assert_text_fits(window, "menu with cards due")
