"""The analysis screen into the position lab, headless: C copies the chosen moment's IDs (the Match ID
with its dice, cube and score, and the XGID), E and the Set up button open that moment on the set-up
screen, whose Back returns to the analysis at the same move."""

import pytest
from arcade import key

from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.engine.xgid import read_xgid
from game.tavla.screens.table.setup_view import SetupView
from tests.views.driver import click, press_key
from tests.views.tavla import test_analysis_view
from tests.views.tavla.table import centre

pytestmark = pytest.mark.slow  # each test here takes over 5 s
analysed = test_analysis_view.analysed  # the analysis screen's fixtures: the match analysed once
judged = test_analysis_view.judged


class Clipboard:
    def __init__(self, window) -> None:
        self.text = ""
        window.set_clipboard_text = lambda text: setattr(self, "text", text)


def test_c_copies_the_chosen_moments_ids_both_notations(window, analysed):
    view = analysed()
    clipboard = Clipboard(window)
    press_key(view, key.DOWN)
    decision = view.mistake
    press_key(view, key.C)
    gnubg, xgid = clipboard.text.splitlines()
    assert gnubg == ":".join(decision.gnubg_ids)
    assert read_xgid(xgid) == read_gnubg_id(gnubg), "the XGID says what the GNU Backgammon IDs say"
    assert view.toast.message.startswith("Copied")


def test_set_up_opens_the_moment_and_back_returns_to_the_same_move(window, analysed):
    view = analysed()
    press_key(view, key.DOWN)
    chosen, decision = view.chosen, view.mistake
    click(view, *centre(view.setup_button))
    setup_view = window.current_view
    assert isinstance(setup_view, SetupView)
    expected = read_gnubg_id(":".join(decision.gnubg_ids))
    assert setup_view.board.to_setup() == expected, "the lab holds the moment: position, dice, cube, score"
    press_key(setup_view, key.ESCAPE)
    assert window.current_view is view and view.chosen == chosen
    press_key(view, key.E)
    assert isinstance(window.current_view, SetupView)
