"""End to end: one practice round in a real window: Progress from the menu, Practice, the position on the
table with its roll, the best play dragged with a real mouse and committed, the answer judged over the
board and the card rescheduled in the records."""

import pytest

from game.core.records import Records
from game.menu.layout import FOOTER_BUTTON_Y, footer_x
from game.tavla.engine.rules import Rules
from game.tavla.progress.practice import Deck
from game.tavla.screens import layout
from game.tavla.screens.progress.practice_view import PANEL_HEIGHT, PANEL_WIDTH, PANEL_X, PANEL_Y
from tests.e2e.harness import difference

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

OPENING_31 = "4HPwATDgc/ABMA:cIkFAAAAAAAE"  # the opening, money play, seat 0 to play 3-1 (best 8/5 6/5)
PRACTICE_BUTTON = (1010, 150)  # game/tavla/screens/progress/view.py


def test_one_practice_round_with_a_real_mouse(launch, tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    card = Deck(records).add_by_id(OPENING_31, Rules.STANDARD)
    assert card.best_play == "8/5 6/5"
    game = launch()
    game.click(footer_x("progress"), FOOTER_BUTTON_Y)
    game.settle(1.0)
    game.click(*PRACTICE_BUTTON)
    game.settle(2.5)
    for source, count in ((8, 3), (6, 5)):
        start = layout.checker_position(0, source, count - 1, count)
        game.drag(start, layout.checker_position(0, 5, 0, 1))
        game.settle(0.8)
    before = game.screenshot(tmp_path / "played.png")
    game.key("space")
    reviewed = game.wait_for(lambda: Deck(records).cards()[0].reviews == 1, timeout=20)
    assert reviewed, "the card was rescheduled"
    kept = Deck(records).cards()[0]
    assert kept.due > card.due + 60, "the best play waits longer than a minute"
    box = (PANEL_X - PANEL_WIDTH / 2, PANEL_Y - PANEL_HEIGHT / 2, PANEL_X + PANEL_WIDTH / 2, PANEL_Y)
    shown = game.wait_until(lambda image: difference(image, before, box) > 10, timeout=10)
    assert difference(shown, before, box) > 10, "the judgement is shown over the board"
