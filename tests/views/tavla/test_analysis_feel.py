"""The analysis screen, round three of its feel (issue 47): the graph's game labels and move numbers never
run into each other, a short game (a move or two, resigned) beside long ones included, at full size and at
800x500, in every language.

The match is analysed once for the module: GNU Backgammon's 5-point match with a one-move and a two-move
game put between its first and second games.
"""

import dataclasses
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from arcade.types import LBWH

from game.tavla.analysis.decisions import Mark, MatchAnalysis
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.results import Resignation
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis import view as analysis_view
from game.tavla.screens.analysis.decision_panel import BEST
from game.tavla.screens.analysis.geometry import COMPACT, FULL
from game.tavla.screens.analysis.stepper import Listing
from game.tavla.screens.analysis.view import AnalysisView
from game.tavla.screens.table import verdict
from game.ui import theme
from game.ui.text import Label
from tests.views.driver import draw_frame, screenshot
from tests.views.tavla.test_tavla_verdict import near

DATA = Path(__file__).parents[2] / "tavla" / "data"


def short_games_match() -> MatchRecord:
    """The 5-point match with a game of one move and one of two (each resigned) after its first game."""
    record = read_mat(DATA / "gnubg-5pt-seed11.mat")
    first, second = record.games[:2]
    one = GameRecord(first.turns[:1], score=(2, 0), winner=0, points=1, resigned=Resignation.SINGLE)
    two = GameRecord(first.turns[:2], score=(3, 0), winner=1, points=1, resigned=Resignation.SINGLE)
    return dataclasses.replace(record, games=(first, one, two, dataclasses.replace(second, score=(3, 1))))


@pytest.fixture(scope="module")
def judged() -> MatchAnalysis:
    return analyse_match(short_games_match(), level="expert")


@pytest.fixture
def analysed(window, judged, monkeypatch):
    """The analysis screen of the module's match, its analysis ready at once."""
    monkeypatch.setattr(analysis_view, "analyse_match", lambda record, *arguments: judged)

    def open_analysis() -> AnalysisView:
        view = AnalysisView(judged.record)
        window.show_view(view)
        view.future.result(timeout=60)
        view.on_update(1 / 60)
        assert view.analysis is judged
        return view

    return open_analysis


@contextmanager
def window_of(view: AnalysisView, width: int, height: int) -> Iterator[None]:
    """The view as a window of width x height shows it, then as it was."""
    view.camera.viewport = LBWH(0, 0, width, height)
    view.rescale()
    try:
        yield
    finally:
        view.on_resize(*view.window.get_size())


def extent(label: Label) -> tuple[float, float]:
    """Where a label's glyphs run, left to right."""
    left = {
        "left": label.x,
        "center": label.x - label.content_width / 2,
        "right": label.x - label.content_width,
    }
    start = left[label.anchor_x]
    return start, start + label.content_width


def assert_apart(labels: list[Label], where: str) -> None:
    spans = sorted(extent(label) for label in labels if label.text)
    crossing = [(a, b) for a, b in itertools.pairwise(spans) if a[1] > b[0]]
    assert crossing == [], f"{where}: {[label.text for label in labels]} overlap at {crossing}"


def numbers_named(texts: list[str]) -> set[int]:
    """The games the labels name: "Game 4 · 3–1" names 4, "2–3" names 2 and 3, "1" names 1."""
    named: set[int] = set()
    for text in texts:
        if text.isdigit():
            named.add(int(text))
        elif "–" in text and text.replace("–", "").isdigit():
            first, last = (int(part) for part in text.split("–"))
            named.update(range(first, last + 1))
        else:
            named.add(int("".join(ch for ch in text.split("·")[0] if ch.isdigit())))
    return named


@pytest.mark.slow
@pytest.mark.usefixtures("language")
def test_the_graph_labels_of_short_games_never_overlap(window, analysed):
    """A one-move and a two-move game beside long ones: the games' labels (and the move numbers) stand
    apart and inside the graph, and every game is named, at full size and on an 800x500 window."""
    view = analysed()
    for size, layout in (((1280, 800), FULL), ((800, 500), COMPACT)):
        with window_of(view, *size):
            assert view.layout is layout
            draw_frame(window)
            panel = view.graph_panel
            box = layout.graph
            where = f"{size[0]}x{size[1]}"
            assert_apart(panel.games, f"{where} games")
            assert_apart(panel.ticks, f"{where} move numbers")
            for label in panel.games:
                left, right = extent(label)
                assert box.left <= left and right <= box.left + box.width, f"{where}: {label.text} inside"
                assert label.fits(), f"{where}: {label.text} fits its box"
            assert numbers_named([label.text for label in panel.games]) == {1, 2, 3, 4}, where


def test_a_cube_decision_lists_its_three_actions_unnumbered_the_one_taken_lit_and_the_best_named(
    window, analysed
):
    """A double that was passed: No double, Double/take and Double/pass with their equities and no
    numbers (they are no ranking), the pass lit as the action taken (not the take), the right action
    saying "best"."""
    view = analysed()
    view.show_listing(Listing.EVERY)
    passed = next(
        index
        for index, decision in enumerate(view.stepper.items)
        if decision.kind == "cube"
        and decision.action == "double"
        and any(
            action.event is CubeEvent.PASS and action.before_turn == decision.turn
            for action in view.record.games[decision.game - 1].cube
        )
    )
    view.choose(passed)
    decision = view.mistake
    rows = [label for label in view.panel.ranked if label.text]
    names = [label.text.split("   ")[0] for label in rows]
    assert names in (
        ["No double", "Double, take", "Double, pass"],
        ["No redouble", "Redouble, take", "Redouble, pass"],
    )
    lit = [name for label, name in zip(rows, names, strict=True) if label.color[:3] == theme.ACCENT]
    assert lit == [names[2]], "the action taken: the double was passed"
    best = words.cube_best(decision)
    assert rows[best].text.endswith("best") and sum(label.text.endswith("best") for label in rows) == 1
    if best != 2:
        assert rows[best].color[:3] == BEST, "the best action stands out too"
    screenshot(window)


def test_the_played_moves_arrows_are_in_its_verdicts_colour_and_the_best_plays_in_green(window, analysed):
    """The worst mistake (a very bad play) and a play without a mark: the played board's arrows in the
    mark's colour over the board, its label in that colour naming the verdict; the best play's in green."""
    view = analysed()
    view.show_listing(Listing.EVERY)
    worst = next(d for d in view.mistakes if d.kind == "move" and d.mark is Mark.VERY_BAD)
    fine = next(d for d in view.stepper.items if d.kind == "move" and d.mark is Mark.NONE and not d.forced)
    for decision in (worst, fine):
        view.stepper.choose_decision(decision)
        view.choose(view.chosen)
        colour = verdict.colour(decision.mark)
        label = view.panel.board_labels[0]
        assert label.color[:3] == colour and label.text.endswith(verdict.verdict_word(decision.mark))
        (played, played_colour), (_best, best_colour) = view.panel.arrows
        assert played_colour == colour and best_colour == verdict.GOOD and played.arrows
        image = screenshot(window)
        board = view.panel.boards[0]
        for a, b in played.arrows:
            assert board.left <= min(a[0], b[0]) and max(a[0], b[0]) <= board.right, "on the played board"
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert near(image, *middle, colour) > 0, f"{decision.action}: the arrow at {middle}"
