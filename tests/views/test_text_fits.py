"""Every screen in every language, headless: no text runs out of the button or panel it belongs to.

Each screen is brought into its states with the most text (HUD, panels over the board, offers, toasts),
a frame is drawn, and every label reachable from the view is asked whether it fits its box. A plain
`arcade.Text` in a view would escape this check, so finding one fails too.
"""

import arcade
import pytest
from arcade.types import LBWH

from game import i18n
from game.tavla.rules import Rules
from game.tavla.session import Phase, TableSession
from game.tavla.table import captions
from game.tavla.turn import Refusal, Refused
from game.ui.text import Label
from game.ui.widgets import SMALLEST_PIXELS
from tests.views.driver import click, screenshot, step
from tests.views.test_puzzle_view import ONE_FROM_GOAL, open_puzzle, wait_for
from tests.views.test_tavla_view import open_table, settle, wait_for_hint

WON_WITH_MARS = (14, 1, *([0] * 22), -15, 0, 0, 0)
TAVLA = Rules.TAVLA
READABLE = 12
"""Seat 0 bears off its last checker with any roll; seat 1 has borne off none: a mars."""


def _labels(view) -> tuple[list[Label], list[arcade.Text]]:
    """Every Label and every other arcade.Text reachable from the view's own objects."""
    labels: list[Label] = []
    plain: list[arcade.Text] = []
    seen: set[int] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, arcade.Window):
            continue
        seen.add(id(item))
        if isinstance(item, Label):
            labels.append(item)
        elif isinstance(item, arcade.Text):
            plain.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set):
            stack.extend(item)
        elif type(item).__module__.startswith("game.") and hasattr(item, "__dict__"):
            stack.extend(vars(item).values())
    return labels, plain


def assert_text_fits(window, where: str) -> None:
    screenshot(window)
    view = window.current_view
    labels, plain = _labels(view)
    assert labels, where
    assert plain == [], f"{where}: texts drawn without a box: {[t.text for t in plain]}"
    overflowing = [
        (label.text, round(label.content_width), round(label.box_width))
        for label in labels
        if not label.fits()
    ]
    assert overflowing == [], f"{where} in {i18n.current_language()}: {overflowing}"


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request, window):
    window.settings = window.settings.model_copy(update={"language": request.param})
    window.apply_language()
    yield request.param
    window.settings = window.settings.model_copy(update={"language": "en"})
    window.apply_language()


def test_the_menu_and_settings_fit(window, language):
    window.show_menu()
    assert_text_fits(window, "menu")
    for selector in window.current_view.selectors:
        for _ in selector.choices:
            selector.step(1)
            assert_text_fits(window, f"menu, {selector.describe(selector.value)}")
    window.show_settings()
    for _ in window.current_view.language_selector.choices:
        assert_text_fits(window, "settings")
        window.current_view.language_selector.step(1)
    assert i18n.current_language() == language, "a full turn of the selector comes back"


def smallest_text(window, where: str) -> list[tuple[str, float]]:
    """The labels of the current screen drawn under READABLE pixels, with their size on screen."""
    screenshot(window)
    view = window.current_view
    labels, _plain = _labels(view)
    return [(f"{where}: {label.text[:40]}", label.font_size * view.pixel_scale) for label in labels
            if label.font_size * view.pixel_scale < READABLE]


def test_the_menu_and_settings_text_is_readable(window, language):
    """At 1280x800 no text of the menu or Settings is under 12 px, in any state; at 640x480 (half the
    logical canvas) the help lines are still at least 10 px and fit."""
    window.show_menu()
    small = smallest_text(window, "menu")
    for selector in window.current_view.selectors:
        for _ in selector.choices:
            selector.step(1)
            small += smallest_text(window, f"menu, {selector.describe(selector.value)}")
    window.show_settings()
    small += smallest_text(window, "settings")
    assert small == []
    for show in (window.show_menu, window.show_settings):
        show()
        window.current_view.camera.viewport = LBWH(0, 0, 640, 400)
        window.current_view.on_scale_changed()
        view = window.current_view
        view.camera.viewport = LBWH(0, 0, 640, 400)
        assert view.pixel_scale == 0.5
        for line in view.help_lines:
            assert line.font_size * view.pixel_scale >= SMALLEST_PIXELS and line.fits(), line.text
        view.on_resize(*window.get_size())


def test_the_puzzle_fits_while_playing_and_solved(window, language):
    view = open_puzzle(window, size="6x5", image="numbers", seed=3)
    view.ask_hint()
    step(view, 0.5)
    assert_text_fits(window, "puzzle")
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image="numbers")
    click(view, *view.cell_centre((3, 3)))
    step(view, 1.5)
    assert view.panel_visible
    assert_text_fits(window, "puzzle solved")
    pictures = [image.name for image in window.settings.puzzle.images]
    view = open_puzzle(window, size="3x3", image=pictures[-1], seed=8)
    view.auto_solve()
    wait_for(view, lambda: view.panel_visible, 60.0)
    assert view.game.assisted
    assert_text_fits(window, "puzzle solved with help")


def test_the_table_fits_in_play_over_and_on_offer(window, language, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="expert", seed=4)
    settle(view, 2.0)
    view.show_hint()
    wait_for_hint(view)
    view.finish_turn()
    assert_text_fits(window, "table")
    view.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), TAVLA, "expert", match_length=3))
    settle(view, 3.0)
    assert view.session.phase is Phase.GAME_OVER
    assert_text_fits(window, "game over")
    view.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), TAVLA, "expert", match_length=1))
    settle(view, 3.0)
    assert view.session.phase is Phase.MATCH_OVER
    assert_text_fits(window, "match over")
    view = open_table(window, opponent="human", seed=5)
    settle(view, 2.0)
    view.finish_turn()
    assert view.toast.message, "finishing with dice left is refused with a message"
    assert_text_fits(window, "two players at one desk")
    view = open_table(window, opponent="expert", seed=None)
    settle(view, 1.0)
    window.show_menu()
    window.show_tavla(opponent="expert")
    assert window.current_view.saved is not None
    assert_text_fits(window, "resume offer")


def assert_table_readable(window, where: str) -> None:
    assert_text_fits(window, where)
    small = smallest_text(window, where)
    assert small == [], f"{i18n.current_language()}: {small}"


def test_the_table_is_readable_with_its_move_list_notes_and_notices(window, language, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="expert", seed=4)
    settle(view, 2.0)
    view.show_hint()
    wait_for_hint(view)
    doubles = [captions.MoveRow(str(n), n % 2, "66: 24/18* 24/18* 13/7* 13/7*") for n in range(12)]
    view.panel.moves.set_rows(doubles)
    view.note.show(captions.refusal_text(Refused(Refusal.FULL_ROLL, 13, 7), [6, 5]))
    assert_table_readable(window, "table with a note")
    for reason in Refusal:
        view.note.show(captions.refusal_text(Refused(reason, 25, 0), [6, 6, 6]))
        assert_table_readable(window, f"refusal {reason}")
    path = "/home/a-player-with-a-long-name/.local/share/fifteen-tavla/exports/match-2026-12-01-1305.mat"
    view.toast.show(captions.export_text(path))
    assert_table_readable(window, "the export notice")
    view.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), TAVLA, "expert", match_length=1))
    settle(view, 3.0)
    assert_table_readable(window, "match over")
