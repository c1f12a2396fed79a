"""The table on a small window (800x500 and less): the move list shows as many turns as its room holds,
a long turn wrapping onto a second line, and Replay stands where the list's heading was."""

import pytest

from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table import captions
from tests.tavla.matches import advance
from tests.views.driver import click
from tests.views.tavla.table import open_table, settle
from tests.views.text import small_window

pytestmark = pytest.mark.slow  # each test here takes over 5 s

SHORT = [captions.MoveRow(str(n), n % 2, "64: 24/18 13/9") for n in range(9)]
LONG = [captions.MoveRow(str(n), n % 2, "44: bar/21* 22/18* 19/15* 16/12") for n in range(9)]


def test_the_small_move_list_shows_four_short_turns_or_two_long_ones_the_newest_last(window):
    view = open_table(window, opponent="random")
    with small_window(view):
        settle(view, 0.5)
        moves = view.panel.moves
        assert view.panel.compact
        moves.set_rows(SHORT)
        assert moves.shown == 4 and [label.text for label in moves.labels[1:]][-1] == SHORT[-1].text
        moves.set_rows(LONG)
        assert moves.shown == 2, "a turn too long for a line takes two"
        ys = [label.y for label in moves.labels[1:3]]
        assert ys[0] - ys[1] >= 2 * moves.layout.height - 1, "the wrapped rows do not overlap"
        moves.set_rows([*SHORT[:3], LONG[0]])
        assert moves.shown == 3 and moves.first == 1, "two short turns and the long newest fill the room"


def test_replay_is_on_the_small_window_and_shows_the_computers_last_play(window):
    view = open_table(window, opponent="random")
    match = advance(Match(3, Rules.TAVLA, 3), 3, steps=14)
    view.start_session(TableSession.resume(match, "random"))
    for _ in range(300):  # until the player is on roll with the board still
        settle(view, 0.1)
        if view.session.phase is Phase.HUMAN and not view.animating and not view.auto_commit:
            break
    with small_window(view):
        settle(view, 0.5)
        button = view.panel.replay_button
        assert button is not None and button.enabled and view.panel.moves.heading.text == ""
        click(view, button.rect.x, button.rect.y)
        assert view.replay is not None, "the computer's last play moves again"
