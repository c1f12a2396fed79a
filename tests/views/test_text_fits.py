"""Every screen in every language, headless: no text runs out of the button or panel it belongs to.

Each screen is brought into its states with the most text (HUD, panels over the board, offers, toasts),
a frame is drawn, and every label reachable from the view is asked whether it fits its box. A plain
`arcade.Text` in a view would escape this check, so finding one fails too.
"""

from types import SimpleNamespace

import pytest
from arcade.types import LBWH

from game.core.text import i18n
from game.menu.settings import SettingsView
from game.puzzle.model.size import BoardSize
from game.puzzle.screens import captions as captions_puzzle
from game.puzzle.solver.background_solver import Shortest
from game.tavla.analysis.decisions import Mark
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.engine.turn import Refusal, Refused
from game.tavla.screens.table import captions, cube_captions, refusal_captions
from game.tavla.screens.table.tutor import TutorWarning, warning_texts
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, step
from tests.views.puzzle.screen import ONE_FROM_GOAL, open_puzzle, wait_for
from tests.views.tavla.table import open_table, settle, wait_for_hint
from tests.views.text import assert_readable, assert_text_fits, small_window, smallest_text

WON_WITH_MARS = (14, 1, *([0] * 22), -15, 0, 0, 0)
"""Seat 0 bears off its last checker with any roll; seat 1 has borne off none: a mars."""
TAVLA = Rules.TAVLA
LONG_TURNS = [captions.MoveRow(str(n), n % 2, "66: 24/18* 24/18* 13/7* 13/7*") for n in range(12)]
"""Twelve turns of doubles that hit four times: the move list's longest rows."""


@pytest.fixture(autouse=True)
def menu_choices_in_memory(monkeypatch) -> None:
    """The menu keeps each choice in the window's settings as ever but writes no file: these tests step
    every selector through every choice in every language, and a save (two loads of the config, two
    atomic writes) was most of their time. That the menu's choices reach the file is
    tests/views/menu/test_menu.py's to check."""
    monkeypatch.setattr("game.menu.main_menu.save_setting", lambda *_args, **_kwargs: None)


def fitting_and_smallest(window, where: str) -> list[tuple[str, float]]:
    """The screen's text fits its boxes (asserted); its labels drawn under READABLE pixels (returned),
    from the one frame drawn."""
    assert_text_fits(window, where)
    return smallest_text(window, where, drawn=True)


def test_the_settings_fit_in_each_language_of_its_selector(window, language):
    """(Every state of the menu is checked to fit in test_the_menu_and_settings_text_is_readable.)"""
    window.show_view(SettingsView(window.config_file))
    for _ in window.current_view.language_selector.choices:
        assert_text_fits(window, "settings")
        window.current_view.language_selector.step(1)
    assert i18n.current_language() == language, "a full turn of the selector comes back"


@pytest.fixture
def players_home(window, tmp_path, monkeypatch):
    """A home of its own with the config and data folders where a player's are: the screens that name
    them (Settings, the matches) read as they would for a player, not with a test's long temporary path."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / ".local" / "share" / "fifteen-tavla"))
    config = tmp_path / ".config" / "fifteen-tavla" / "config.yaml"
    config.parent.mkdir(parents=True)
    monkeypatch.setattr(window, "config_file", config)
    return tmp_path


@pytest.mark.slow
def test_the_menu_and_settings_text_is_readable(window, language, players_home):
    """At 1280x800 all text of the menu fits and none of the menu or Settings is under 12 px, in any state;
    on a 640x400 window (half the logical canvas) none is under 10 px and all fits, in every state of the
    menu and of Settings in this language (so every language of Settings over the four runs; English's
    adds the "System" choice, which speaks the system's English: each run stepped through all five, each
    checked four times)."""
    window.show_menu()
    small = fitting_and_smallest(window, "menu")
    for selector in window.current_view.selectors:
        for _ in selector.choices:
            selector.step(1)
            small += fitting_and_smallest(window, f"menu, {selector.describe(selector.value)}")
    window.show_view(SettingsView(window.config_file))
    small += smallest_text(window, "settings")
    assert small == []
    window.show_menu()
    view = window.current_view
    with small_window(view):
        assert view.cards.previews is False, "a small window's cards leave the previews out"
        for selector in view.selectors:
            for _ in selector.choices:
                selector.step(1)
                assert_readable(window, f"small menu, {selector.describe(selector.value)}", every_label=True)
        skipped = ", ".join(f"holiday-{number}.heic" for number in range(6))
        view.toast.show(f"Not pictures the game can read, left out: {skipped}")
        assert_readable(window, "small menu with a notice", every_label=True)
    assert view.cards.previews, "the full cards are back on a large window"
    window.show_view(SettingsView(window.config_file))
    view = window.current_view
    with small_window(view):
        assert_readable(window, "small settings", every_label=True)
    if language == i18n.system_language():
        view.language_selector.step(-1)
        view = window.current_view
        assert view.language_selector.value == i18n.AUTO and i18n.current_language() == language
        with small_window(view):
            assert_readable(window, "small settings, the system's language", every_label=True)


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_puzzle_is_readable_on_a_small_window(window, language):
    """At 640x400 every word of the Fifteen screen is at least SMALLEST_PIXELS: the keys help turns
    short, the game ID shorter, while playing, on a practice board solved, and with a message up."""
    view = open_puzzle(window, size="6x5", image="numbers", seed=3)
    with small_window(view):
        view.ask_hint()
        step(view, 0.1)
        view.texts["solver"].text = captions_puzzle.preparing(0.42, view.compact)
        assert_readable(window, "puzzle", every_label=True)
        assert view.texts["keys"].text == captions_puzzle.keys_help(compact=True)
    assert view.texts["keys"].text == captions_puzzle.keys_help(), "the full help is back on a large window"
    view = open_puzzle(window, game_id=ONE_FROM_GOAL, image="numbers")
    with small_window(view):
        click(view, *view.cell_centre((3, 3)))
        step(view, 1.5)
        assert view.panel_visible
        view.show_message(captions_puzzle.verdict(True, False, False))
        assert_readable(window, "puzzle solved", every_label=True)
        summary, verdict, _records, optimal = view.panel_texts[1:]
        summary.text = captions_puzzle.solved_summary(1234, 3599, compact=True)
        for line in (
            captions_puzzle.call_out(False, False, ["ao100", "time", "moves"], compact=True),
            captions_puzzle.call_out(False, True, [], compact=True),
        ):
            verdict.text = line
            for shortest in (Shortest(1234, proven=False), Shortest(80, proven=True), None):
                optimal.text = captions_puzzle.optimal(shortest, False, 1234, compact=True)
                assert_readable(window, "puzzle solved, the longest lines", every_label=True)


@pytest.mark.slow
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
    window.show_view(TableView(opponent="expert"))
    assert window.current_view.saved is not None
    assert_text_fits(window, "resume offer")


def fill_questions(view) -> None:
    """The tutor's and the cube's questions with their longest words: a big loss, a long best play, the
    cube at 64."""
    warning = TutorWarning(1312.5, Mark.VERY_BAD, "24/18* 18/12* 13/7* 7/1*")
    view.tutor.dialog.texts[0].text, view.tutor.dialog.texts[1].text = warning_texts(warning)
    doubled = SimpleNamespace(seat=1, game=SimpleNamespace(cube_value=32), beavered=False, may_beaver=False)
    take = view.take_question.texts
    take[0].text, take[1].text = cube_captions.take_texts(doubled, view.players)
    may_beaver = SimpleNamespace(seat=1, game=SimpleNamespace(cube_value=8), beavered=False, may_beaver=True)
    beaver = view.beaver_question.texts
    beaver[0].text, beaver[1].text = cube_captions.take_texts(may_beaver, view.players)


def assert_table_readable(window, where: str) -> None:
    assert_text_fits(window, where)
    small = smallest_text(window, where, drawn=True)
    assert small == [], f"{i18n.current_language()}: {small}"


@pytest.mark.slow
def test_the_table_is_readable_with_its_move_list_notes_and_notices(window, language, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="expert", seed=4)
    settle(view, 2.0)
    view.show_hint()
    wait_for_hint(view)
    view.panel.moves.set_rows(LONG_TURNS)
    view.note.show(refusal_captions.refusal_text(Refused(Refusal.FULL_ROLL, 13, 7), [6, 5]))
    assert_table_readable(window, "table with a note")
    for reason in Refusal:
        view.note.show(refusal_captions.refusal_text(Refused(reason, 25, 0), [6, 6, 6]))
        assert_table_readable(window, f"refusal {reason}")
    path = "/home/a-player-with-a-long-name/.local/share/fifteen-tavla/exports/match-2026-12-01-1305.mat"
    view.toast.show(captions.export_text(path))
    assert_table_readable(window, "the export notice")
    fill_questions(view)
    assert_table_readable(window, "the tutor's and the cube's questions")
    view.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), TAVLA, "expert", match_length=1))
    settle(view, 3.0)
    assert_table_readable(window, "match over")


@pytest.mark.slow
def test_the_table_is_readable_on_a_small_window(window, language, tmp_path, monkeypatch):
    """At 640x400 every word of the table is at least SMALLEST_PIXELS: the side panel drops its title and
    position ID and writes its lines short, the move list wraps a long turn onto two lines, the ranked hint
    stays off (its line and arrows show), and the notes, notices and cards keep their words."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="expert", seed=4)
    with small_window(view):
        settle(view, 2.0)
        unseen = tuple(view.hint_panel.labels)
        view.show_hint()
        wait_for_hint(view)
        assert not view.hint_panel.shown and view.panel.texts["hint"].text
        assert_readable(window, "table with a hint", every_label=True, unseen=unseen)
        view.panel.moves.set_rows(LONG_TURNS)
        for reason in Refusal:
            view.note.show(refusal_captions.refusal_text(Refused(reason, 25, 0), [6, 6, 6]))
            assert_readable(window, f"refusal {reason}", every_label=True, unseen=unseen)
        view.note.show(refusal_captions.refusal_text(Refused(Refusal.LIMIT, 13, 11), [2], Rules.MOULTEZIM))
        assert_readable(window, "Moultezim's limit", every_label=True, unseen=unseen)
        path = "/home/a-player-with-a-long-name/.local/share/fifteen-tavla/exports/match-2026-12-01-1305.mat"
        view.toast.show(captions.export_text(path, home="/home/a-player-with-a-long-name", compact=True))
        assert_readable(window, "the export notice", every_label=True, unseen=unseen)
        fill_questions(view)
        assert_readable(window, "the tutor's and the cube's questions", every_label=True, unseen=unseen)
        view.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), TAVLA, "expert", match_length=3))
        settle(view, 3.0)
        assert view.session.phase is Phase.GAME_OVER
        assert_readable(window, "game over", every_label=True, unseen=unseen)
    assert view.panel.texts["title"].text and not view.panel.compact, (
        "the full panel is back on a large window"
    )
    view = open_table(window, opponent="human", seed=5)
    with small_window(view):
        settle(view, 2.0)
        assert_readable(
            window, "two players at one desk", every_label=True, unseen=tuple(view.hint_panel.labels)
        )


@pytest.mark.parametrize("size", [(1060, 662), (1070, 669)], ids=["just compact", "just full"])
def test_every_screen_is_readable_either_side_of_the_compact_line(window, size, players_home):
    """Just under the compact line the small layouts show; just over it the full layouts' smallest
    words are still SMALLEST_PIXELS: no window size leaves a label under it."""
    from game.puzzle.screens.stats_view import StatsView
    from game.tavla.screens.matches import MatchesView

    def check(where: str) -> None:
        view = window.current_view
        view.camera.viewport = LBWH(0, 0, *size)
        view.rescale()
        assert view.compact == (size[0] < 1066), where
        assert_readable(window, where)
        view.on_resize(*window.get_size())

    window.show_menu()
    check("menu")
    window.show_view(SettingsView(window.config_file))
    check("settings")
    open_puzzle(window, size="6x5", image="numbers", seed=3)
    check("puzzle")
    view = open_table(window, opponent="expert", seed=4)
    settle(view, 2.0)
    view.panel.moves.set_rows(LONG_TURNS)
    fill_questions(view)
    check("table")
    window.show_view(StatsView(BoardSize(4, 4), "numbers"))
    check("statistics")
    window.show_view(MatchesView())
    assert window.current_view.loader.wait(30)
    window.current_view.on_update(1 / 60)
    check("matches")
