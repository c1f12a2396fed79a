"""The analysis and Matches screens on the smallest window (640x400), in every language: every word at
least SMALLEST_PIXELS and within its box, in the states with the most text, while the player can still do
everything (step through the mistakes, choose one, go back, open a match); and the full layout back on a
large window.

The match is analysed once for the module (the 5-point match: a long list of mistakes, cube decisions
among them) and handed to every screen that asks for it.
"""

import shutil
from pathlib import Path

import pytest
from arcade import key

from game.core.text.i18n import _
from game.tavla.analysis import figures
from game.tavla.analysis.decisions import Decision, MatchAnalysis
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.game import Turn
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis import view as analysis_view
from game.tavla.screens.analysis.stepper import Listing
from game.tavla.screens.analysis.view import COMPACT, FULL, GRAPH, AnalysisView
from game.tavla.screens.matches import MatchesView, game_row
from tests.views.driver import click, press_key
from tests.views.text import assert_readable, small_window

DATA = Path(__file__).parents[2] / "tavla" / "data"
MATCH = DATA / "gnubg-5pt-seed11.mat"
KEPT = 23
"""Matches in the folder: more than two pages of the compact list."""


@pytest.fixture(scope="module")
def judged() -> MatchAnalysis:
    return analyse_match(read_mat(MATCH), level="expert")  # the text the same at any depth


@pytest.fixture
def analysed(window, judged, monkeypatch):
    """Opens the analysis screen of the module's match, its analysis ready at once; a record of another
    match is analysed as the screen would."""

    def analyse(record: MatchRecord, *arguments: object) -> MatchAnalysis:
        return judged if record == judged.record else analyse_match(record, *arguments)

    monkeypatch.setattr(analysis_view, "analyse_match", analyse)

    def open_analysis(record: MatchRecord | None = None) -> AnalysisView:
        view = AnalysisView(judged.record if record is None else record)
        window.show_view(view)
        return view

    return open_analysis


def rank(decision: Decision) -> int:
    """Where the play made stands in the ranking (past its end when it is not ranked)."""
    plays = [play.text for play in decision.ranked]
    return plays.index(decision.action) if decision.action in plays else len(plays)


def finish(view: AnalysisView) -> None:
    view.future.result(timeout=60)
    view.on_update(1 / 60)


@pytest.mark.slow
@pytest.mark.usefixtures("language")
def test_the_analysis_is_readable_on_a_small_window(window, analysed):
    """The progress, the analysis done, every page of mistakes, the cube decisions and the longest plays
    chosen, the heading of a match without mistakes: each word readable, the rows short (a dot for the
    player, the mark in its colour, both named on the chosen one's line)."""
    view = analysed()
    with small_window(view):
        assert view.layout is COMPACT and len(view.rows) == COMPACT.list_rows
        assert_readable(window, "analysing", every_label=True)
        finish(view)
        assert view.analysis is not None and not view.graph_panel.heading.text, "the legend names the lines"
        assert_readable(window, "analysis done", every_label=True)
        mistakes = view.mistakes
        longest = sorted(range(len(mistakes)), key=lambda i: -len(figures.play_text(mistakes[i])))[:3]
        cubes = [i for i, decision in enumerate(mistakes) if decision.kind == "cube"]
        assert cubes, "the match has cube mistakes"
        pages = list(range(0, len(mistakes), COMPACT.list_rows))
        for index in (*pages, *cubes, *longest, len(mistakes) - 1):
            view.choose(index)
            decision = view.mistake
            name = words.shown_name(view.record.names[decision.player])
            assert view.panel.where.text.endswith(f" · {_(decision.mark)}") and name in view.panel.where.text
            shown = [row for row in view.rows if row.shown]
            assert all(name not in row.text.text and row.dot is not None for row in shown)
            assert_readable(window, f"mistake {index}", every_label=True)
        view.show_listing(Listing.EVERY)
        for index in (0, 1, len(view.stepper.every) // 2, len(view.stepper.every) - 1):
            view.choose(index)
            assert_readable(window, f"move {index}", every_label=True)
        view.list_note.text = words.no_mistakes_text(compact=True)
        assert_readable(window, "a match without mistakes", every_label=True)


@pytest.mark.slow
def test_a_player_steps_through_the_mistakes_on_a_small_window(window, analysed):
    """Next, Previous, the keys, a row, a mark on the graph and Back all work on the compact layout; the
    page of rows follows the chosen mistake, and the play made shows among the fewer ranked plays."""
    view = analysed()
    with small_window(view):
        finish(view)
        click(view, view.next_button.rect.x, view.next_button.rect.y)
        press_key(view, key.DOWN)
        assert view.chosen == 2
        click(view, view.previous_button.rect.x, view.previous_button.rect.y)
        assert view.chosen == 1
        row = view.rows[5]
        click(view, row.rect.x, row.rect.y)
        assert view.chosen == 5 and row.chosen
        x, y = view.graph.markers[COMPACT.list_rows + 1]
        click(view, x + 3, y - 3)
        assert view.chosen == COMPACT.list_rows + 1, "a mark on the graph chooses its mistake"
        assert view.rows[1].chosen, "the page of rows that holds it is shown"
        far = next(
            i
            for i, decision in enumerate(view.mistakes)
            if COMPACT.ranked_rows <= rank(decision) < len(decision.ranked)
        )
        view.choose(far)
        made = rank(view.mistake)
        assert view.panel.ranked[-1].text.startswith(f"{made + 1}. "), "the play made takes the last row"
        assert_readable(window, "the play made far down the ranking", every_label=True)
    assert view.layout is FULL and len(view.rows) == FULL.list_rows
    heading = view.graph_panel.heading.text
    assert heading == words.graph_heading(emg=True) and view.graph.points[0][0] == GRAPH.left
    assert len(view.panel.ranked) == FULL.ranked_rows and view.rows[view.chosen % FULL.list_rows].chosen
    assert view.panel.where.text == words.chosen_text(view.mistake, view.record), "the full line is back"
    click(view, view.back_button.rect.x, view.back_button.rect.y)
    assert type(window.current_view).__name__ == "MainMenuView"


@pytest.mark.usefixtures("language")
def test_a_failed_analysis_is_readable_on_a_small_window(window, analysed):
    illegal = Turn(0, (3, 1), ((24, 18),), OPENING)
    view = analysed(MatchRecord(("You", "expert"), 1, Rules.TAVLA, (GameRecord((illegal,)),)))
    with small_window(view):
        view.future.exception(timeout=60)
        view.on_update(1 / 60)
        assert view.error
        assert_readable(window, "the analysis failed", every_label=True)


@pytest.mark.slow
@pytest.mark.usefixtures("language")
def test_the_matches_are_readable_on_a_small_window(window, tmp_path, monkeypatch):
    """A long list of kept matches and a file that cannot be read, every page: six rows a page (each on
    up to two lines, the game first), the note on two lines with the home folder as ~; a row opens its
    match, and the full list is back on a large window."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "matches"
    folder.mkdir(parents=True)
    names = sorted(DATA.glob("gnubg-*.mat"))
    for number in range(KEPT - 1):
        shutil.copy(
            names[number % len(names)], folder / f"match-2026{number % 12 + 1:02d}01-1{number:05d}.mat"
        )
    (folder / "match-20000101-000000.mat").write_text("not a match", encoding="utf-8")
    window.show_menu()
    menu = window.current_view
    click(menu, menu.matches_button.rect.x, menu.matches_button.rect.y)
    view = window.current_view
    assert isinstance(view, MatchesView) and view.loader.wait(60), "the files are read off the window"
    view.on_update(1 / 60)
    assert len(view.kept) == KEPT
    with small_window(view):
        assert len(view.rows) == 6 and "~/data/matches" in view.note.text
        for page in range(4):
            assert view.first == 6 * page
            assert_readable(window, f"page {page + 1}", every_label=True)
            click(view, view.down_button.rect.x, view.down_button.rect.y)
        assert view.rows[4].label == words.kept_row(None, "match-20000101-000000.mat", "", compact=True)
        assert not view.rows[4].enabled, "the file that cannot be read is not opened"
        press_key(view, key.UP)
        assert view.first == 12
        click(view, view.rows[0].rect.x, view.rows[0].rect.y)
    opened = window.current_view
    assert isinstance(opened, AnalysisView) and opened.record == view.kept[12].record
    opened.back()
    listing = window.current_view
    assert isinstance(listing, MatchesView) and len(listing.rows) == 14
    assert view.layout.rows == 14 and view.first == 0
    first = view.kept[0]
    full = words.kept_row(first.record, first.path.name, "", when=first.when)
    assert view.rows[0].label == game_row(first, full) and "2026" in full and full in game_row(first, full), (
        "the full list is back on a large window"
    )
