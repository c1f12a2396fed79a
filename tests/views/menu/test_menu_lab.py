"""The menu's Position lab, headless: the footer's buttons evenly spaced in their order, Position lab
opening the set-up screen on the opening of the rules chosen, and Back returning to the menu."""

import itertools

import pytest
from arcade import key

from game.menu.layout import FOOTER, footer_x
from game.menu.main_menu import MainMenuView
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.screens.table.setup_view import SetupView
from tests.views.driver import click, press_key
from tests.views.tavla.table import centre


def test_the_footer_is_evenly_spaced_in_its_order():
    xs = [footer_x(name) for name in FOOTER]
    steps = {round(b - a, 6) for a, b in itertools.pairwise(xs)}
    assert len(steps) == 1 and xs == sorted(xs)
    assert round(xs[0] + xs[-1], 6) == 1280, "centred"


@pytest.mark.slow
def test_position_lab_opens_the_set_up_screen_and_back_returns(window):
    menu = MainMenuView()
    window.show_view(menu)
    assert menu.lab_button.rect.x == footer_x("lab")
    click(menu, *centre(menu.lab_button))
    lab = window.current_view
    assert isinstance(lab, SetupView)
    assert lab.board.state() == OPENING and lab.board.rules in (Rules.TAVLA, Rules.STANDARD)
    press_key(lab, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView)
