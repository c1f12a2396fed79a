"""The table's rules line in the Crawford game, in every language and on a small window: "Rules:" is
left out where the line says more (the Crawford game, beavers), so the line keeps the readable size."""

import pytest

from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.screens.table import cube_captions
from game.ui.scene import SMALLEST_PIXELS
from tests.views.driver import draw_frame
from tests.views.tavla.table import open_table, settle
from tests.views.text import assert_readable, small_window

pytestmark = pytest.mark.slow  # each test here takes over 5 s


def crawford_table(view):
    session = TableSession.from_position(
        OPENING, (3, 1), Rules.STANDARD, "expert", match_length=3, cube=True, scores=(2, 0), crawford=True
    )
    view.start_session(session)
    settle(view, 0.5)
    assert session.game.terms.crawford
    return view


def test_the_crawford_games_rules_line_is_readable(window, language):
    view = crawford_table(open_table(window, opponent="expert"))
    assert view.panel.texts["rules"].text.endswith(cube_captions.rules_note(view.session))
    assert_readable(window, f"{language}: the Crawford game's rules line")


def test_the_crawford_games_rules_line_is_readable_on_a_small_window(window, language):
    view = open_table(window, opponent="expert")
    with small_window(view):
        crawford_table(view)
        line = view.panel.texts["rules"]
        draw_frame(window)
        assert line.font_size * view.pixel_scale >= SMALLEST_PIXELS, (language, line.text)
        assert line.content_width <= line.box_width + 1, (language, line.text)
