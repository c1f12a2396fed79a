"""A UBGI engine as the table's opponent (`ubgi:<command line>`): it plays the computer's turns, and a
crashing one is a message and the player's win, as a `cmd:` program's crash is."""

import time

import pytest

from game.tavla.screens.table.captions import short_name
from tests.faults.test_table_bot import computer_to_play, open_table, run_frames
from tests.tavla.bots import ubgi_engine_command
from tests.views.driver import FRAME


def test_a_ubgi_engine_plays_the_computers_turn(window):
    view = open_table(window, "ubgi:" + ubgi_engine_command("legal"))
    computer_to_play(view)
    before = len(view.session.game.record)
    deadline = time.monotonic() + 15
    while len(view.session.game.record) == before and time.monotonic() < deadline:
        view.on_update(FRAME)
        time.sleep(FRAME)
    assert len(view.session.game.record) > before, "the engine's play was played"
    assert view.session.result is None
    view.leave()


@pytest.mark.slow
def test_a_crashing_ubgi_engine_is_a_message_and_the_player_wins(window):
    view = open_table(window, "ubgi:" + ubgi_engine_command("crash"))
    computer_to_play(view)
    run_frames(view, 10)
    result = view.session.result
    assert result is not None and result.winner == 0 and result.disqualified == 1
    assert "exited with status 3 (stderr: crashing on purpose)" in result.reason
    assert view.toast.message.startswith("The opponent failed: ")
    view.leave()


def test_the_table_names_a_ubgi_engine_by_its_words():
    assert short_name("ubgi:/opt/engines/wildbg -u") == "ubgi:wildbg -u"
