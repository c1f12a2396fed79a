"""The whole Plakoto game of tests/e2e/plakoto_script.py, headless, on the game's own table: the same
TableView the real window shows, opened as `tavla --rules plakoto --seed` opens it with the config the
window reads, dragged and clicked at the places the real-window test drags and clicks, in step with the
script from the first roll to the end card.

The real window plays the game with a real mouse and sees the person's dice, the pin's ring and the end
card on screen; this test proves the rest: that the game of the seed is the script's stop for stop (the
position and the dice the table shows when it waits for the person), that each drag makes the move the
script expects and a pinning one leaves the checker pinned under its pinner, and that the game ends as
the script says, its record the script's.
"""

import concurrent.futures

import pytest

from game.core.settings.fields import with_value
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase
from game.tavla.screens.table.view import TableView
from tests.e2e.plakoto_script import DONE, LENGTH, OPPONENT, SLIDE_SECONDS, TABLE, timeline
from tests.views.driver import FRAME, click
from tests.views.tavla.table import drag

pytestmark = pytest.mark.slow  # each test here takes over 5 s

STOP_FRAMES = round(60 / FRAME)  # the table's time, at most, from one stop to the next


def tick(view: TableView) -> None:
    if view.driver.thinking is not None:
        concurrent.futures.wait([view.driver.thinking], timeout=10)
    view.on_update(FRAME)


def waits_for_the_person(view: TableView) -> bool:
    """The table waits for the person's play or shows the end card: nothing moving, rolling, thinking."""
    return (
        view.session.phase in (Phase.HUMAN, Phase.GAME_OVER)
        and not view.animating
        and view.driver.thinking is None
        and view.pass_wait <= 0
        and not view.auto_commit
    )


def wait(view: TableView, where: str) -> None:
    for _ in range(STOP_FRAMES):
        if waits_for_the_person(view):
            return
        tick(view)
    raise AssertionError(f"{where}: the table still in {view.session.phase}")


def table_settings(window) -> None:
    """The window's settings as the real-window test's config file gives them (no slides)."""
    settings = window.settings
    for key, value in TABLE.items():
        settings = with_value(settings, ("tavla", key), value)
    window.settings = with_value(settings, ("tavla", "animation", "duration"), SLIDE_SECONDS)


def test_the_whole_plakoto_game_on_the_table_in_step_with_its_script(window):
    script = timeline()
    table_settings(window)
    view = TableView(rules=Rules.PLAKOTO, seed=script.seed)
    window.show_view(view)
    assert (view.opponent, view.session.match.length, view.session.rules) == (OPPONENT, LENGTH, Rules.PLAKOTO)
    for stop in script.stops:
        where = f"stop {stop.index} of seed {script.seed}"
        wait(view, where)
        session = view.session
        assert session.phase is Phase.HUMAN, where
        assert (session.game.state, session.game.dice) == (stop.state, stop.dice), where
        for number, planned in enumerate(stop.drags):
            before = len(session.turn.steps)
            drag(view, planned.position(), planned.drop())
            tick(view)
            moved = session.turn.steps[before:]
            assert moved and moved[0].move[0] == planned.point, f"{where}, drag {number}"
            assert moved[-1].move[1] == planned.target, f"{where}, drag {number}"
        for point in stop.pins:
            pinned = view.checkers.pinned.get(point)
            assert pinned is not None and pinned.properties["seat"] == 1, f"{where}: pinned on {point}"
        tick(view)
        click(view, *DONE)
        tick(view)
        assert sum(turn.player == 0 for turn in session.game.record) == stop.index + 1, f"{where}: Done"
    wait(view, "the end of the game")
    session = view.session
    assert session.phase is Phase.GAME_OVER and view.overlays.top is view.over, "the end card"
    assert tuple(session.game.record) == script.record, "the game's record is the script's"
    result = session.game.result
    assert (result.winner, result.points) == (script.winner, script.points)
    assert script.pinning.pins, "the person pinned a checker"
