"""The analysis screen, headless: the graph's points (the match-winning chance in a match), games, move
numbers and marks, the mistakes worst first, every move stepped through, choosing one (a row, a mark or a
turn on the graph, the keys), plays in gnubg's form, a cube decision's three equities, gnubg's IDs, the
end card's Analyse and the menu's Matches; and tutor mode's warning and take-back at the table."""

import re
import threading
import time
from pathlib import Path

import pytest
from arcade import key

from game.core.settings.fields import with_value
from game.tavla.analysis.decisions import Mark, MatchAnalysis, level_text
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.record.archive import MatchArchive
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import GameRecord, MatchRecord
from game.tavla.screens.analysis import view as analysis_view
from game.tavla.screens.analysis.graph import GraphBox, graph, nearest_marker
from game.tavla.screens.analysis.stepper import Listing
from game.tavla.screens.analysis.view import FULL, GRAPH, AnalysisView
from game.tavla.screens.matches import MatchesView
from game.tavla.screens.table.hint_captions import signed
from game.ui import theme
from tests.tavla.matches import advance
from tests.views.driver import click, press_key, screenshot
from tests.views.tavla.table import THREE_ONE, drag, open_table, point_centre, set_up, settle, top_checker

DATA = Path(__file__).parents[2] / "tavla" / "data"


def wait_for_analysis(view: AnalysisView, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while view.future is not None and time.monotonic() < deadline:
        view.on_update(1 / 60)
        time.sleep(0.02)
    assert view.analysis is not None, view.error or "the analysis did not finish"


@pytest.fixture(scope="module")
def judged() -> list[MatchAnalysis]:
    """The analyses of the module's matches, each made once (at expert, 0-ply: what these tests check is
    the screen, the same at any depth; tests/tavla/analysis checks the judging): a match analysed at
    master for each of the six tests that open one was most of their time."""
    return []


@pytest.fixture
def analysed(window, judged, monkeypatch):
    """Opens the analysis screen of a match of tests/tavla/data (or of a record): its analysis runs in the
    screen's thread as ever, made once for the module, and is done on return."""

    def analyse(record: MatchRecord, *_arguments: object) -> MatchAnalysis:
        for analysis in judged:
            if analysis.record == record:
                return analysis
        judged.append(analyse_match(record, level="expert"))
        return judged[-1]

    monkeypatch.setattr(analysis_view, "analyse_match", analyse)

    def open_analysis(match: str | MatchRecord = "gnubg-3pt-seed7.mat") -> AnalysisView:
        view = AnalysisView(read_mat(DATA / match) if isinstance(match, str) else match)
        window.show_view(view)
        assert "Analysing" in view.status.text, "the progress shows while the thread works"
        screenshot(window)
        wait_for_analysis(view)
        return view

    return open_analysis


@pytest.mark.slow
def test_the_graph_has_a_point_a_turn_both_players_lines_and_a_mark_on_each_mistake(analysed):
    view = analysed()
    analysis = view.analysis
    drawn = view.graph
    assert len(drawn.points) == len(analysis.series) == len(drawn.mirror)
    xs = [x for x, _ in drawn.points]
    assert xs == sorted(xs) and xs[0] == GRAPH.left and xs[-1] == GRAPH.left + GRAPH.width
    for (x, y), (mx, my), point in zip(drawn.points, drawn.mirror, analysis.series, strict=True):
        assert x == mx and y == pytest.approx(GRAPH.bottom + point.mwc * GRAPH.height), "a match: the MWC"
        assert my == pytest.approx(GRAPH.bottom + (1 - point.mwc) * GRAPH.height)
    assert len(drawn.borders) == len(analysis.games) - 1
    assert len(drawn.markers) == len(view.mistakes) > 0
    box = GraphBox(0, 0, 100, 10)
    small = graph(analysis, box, view.mistakes[:1])
    line = small.points if view.mistakes[0].player == 0 else small.mirror
    assert small.markers[0] in line
    assert nearest_marker([(0, 0), (5, 5)], 4, 4, 3) == 1 and nearest_marker([(0, 0)], 9, 9, 3) is None


@pytest.mark.slow
def test_the_graph_labels_its_games_and_move_numbers_and_heads_the_match_winning_chance(analysed):
    view = analysed("gnubg-5pt-seed11.mat")
    panel = view.graph_panel
    assert panel.heading.text == "Match-winning chance"
    assert [label.text for label in panel.games] == ["Game 1 · 0–0", "Game 2 · 2–0", "Game 3 · 2–2"]
    numbers = [int(label.text) for label in panel.ticks]
    assert numbers and all(number % 10 == 0 for number in numbers) and 50 in numbers
    spans = view.graph.spans
    for label, (start, end) in zip(panel.games, spans, strict=True):
        assert start <= label.x < end and label.fits(), "each game's label inside its span"
    money = MatchRecord(("You", "expert"), 0, Rules.TAVLA, read_mat(DATA / "gnubg-1pt-seed5.mat").games)
    other = analysed(money)
    assert other.graph_panel.heading.text == "Chance of winning the game"
    assert [label.text for label in other.graph_panel.games] == ["Game 1"], "no score in money play"
    point = other.analysis.series[3]
    assert other.graph.points[3][1] == pytest.approx(GRAPH.bottom + point.win * GRAPH.height)


def test_the_mistakes_are_listed_worst_first_and_a_row_shows_both_boards_and_the_ranking(window, analysed):
    view = analysed()
    losses = [decision.loss for decision in view.mistakes]
    assert losses == sorted(losses, reverse=True)
    assert all(decision.mark is not Mark.NONE for decision in view.mistakes)
    assert view.chosen == 0 and len(view.panel.boards) == 2
    first = view.mistakes[0]
    assert view.rows[0].text.text.startswith(f"{first.game}·{first.move} ")
    row = view.rows[2]
    click(view, row.rect.x, row.rect.y)
    chosen = view.mistakes[2]
    assert view.chosen == 2 and view.rows[2].chosen
    labels = view.panel.board_labels
    if chosen.kind == "move":
        assert labels[0].text.startswith("Played: ") and labels[1].text.startswith("Best: ")
        assert view.panel.ranked[0].text.startswith("1. ")
        judged = level_text(view.analysis.level)
        assert view.panel.heading.text == f"{judged} · EMG at the score", "the judge is named"
    press_key(view, key.DOWN)
    assert view.chosen == 3
    press_key(view, key.UP)
    click(view, view.previous_button.rect.x, view.previous_button.rect.y)
    assert view.chosen == 1
    x, y = view.graph.markers[4]
    click(view, x + 2, y - 2)
    assert view.chosen == 4, "a click on a mark on the graph chooses its mistake"
    screenshot(window)
    click(view, view.back_button.rect.x, view.back_button.rect.y)
    assert type(window.current_view).__name__ == "MainMenuView"


def test_plays_read_as_gnubg_writes_them_and_moves_as_the_move_list_numbers_them(analysed):
    view = analysed("gnubg-5pt-seed11.mat")
    index = next(i for i, d in enumerate(view.mistakes) if d.action == "25/22 22/18")
    view.choose(index)
    decision = view.mistake
    assert view.panel.board_labels[0].text.startswith("Played: 43: bar/18\n")
    assert view.panel.where.text == f"Game {decision.game}, move {decision.move} · GNU Backgammon to play 43"
    assert decision.move == decision.turn // 2 + 1
    assert any("bar/18" in label.text for label in view.panel.ranked), "the ranking in gnubg's form too"
    position, match = decision.gnubg_ids
    assert view.panel.ids.text == f"Position ID {position} · Match ID {match}"


def test_every_move_can_be_stepped_through_not_only_the_mistakes(window, analysed):
    view = analysed()
    every = view.tabs[1]
    assert every.label.startswith("All moves (") and view.tabs[0].label.startswith("Mistakes (")
    worst = view.mistake
    click(view, every.rect.x, every.rect.y)
    items = view.stepper.items
    assert view.mistake is worst, "the mistake chosen stays chosen, now among every move"
    assert [d for d in items if d.kind == "move"] == [d for d in view.analysis.decisions if d.kind == "move"]
    view.choose(0)
    for step in range(1, 6):
        click(view, view.next_button.rect.x, view.next_button.rect.y)
        assert view.mistake is items[step], "Next goes on move by move, mistakes or not"
    assert any(d.mark is Mark.NONE for d in items[:6])
    press_key(view, key.TAB)
    assert view.stepper.listing.value == "mistakes"
    box = GRAPH
    point = next(i for i, p in enumerate(view.analysis.series) if p.game == 2)
    x = view.graph.points[point][0]
    y = box.bottom + 2 if abs(view.graph.points[point][1] - box.bottom) > 20 else box.bottom + box.height - 2
    click(view, x, y)
    assert view.mistake.game == 2 and view.mistake.kind == "move", "a click on the graph chooses that turn"
    screenshot(window)


def test_a_cube_decision_shows_its_position_once_with_the_three_equities(window, analysed):
    view = analysed("gnubg-5pt-seed11.mat")
    index = next(i for i, d in enumerate(view.mistakes) if d.kind == "cube")
    view.choose(index)
    decision = view.mistake
    panel = view.panel
    assert len(panel.boards) == 1, "one position, not the same board twice"
    rows = [label.text for label in panel.ranked[:3]]
    no_double, take, drop = decision.cube_equities
    assert re.match(rf"No (re)?double   {re.escape(signed(no_double))}", rows[0]), rows[0]
    assert re.match(rf"(Re)?[dD]ouble, take   {re.escape(signed(take))}", rows[1]), rows[1]
    assert re.match(rf"(Re)?[dD]ouble, pass   {re.escape(signed(drop))}", rows[2]), rows[2]
    assert panel.ranked_chances[0].text.startswith("MWC "), "each option's match-winning chance"
    assert "Proper cube action: " in panel.board_labels[0].text
    assert panel.heading.text.startswith(f"Cube decision · {level_text(view.analysis.level)}")
    lit = [label for label in panel.ranked[:3] if label.color[:3] == theme.ACCENT]
    assert len(lit) == 1, "the action taken stands out"
    passed = next(d for d in view.stepper.every if d.action == "drop")
    view.show_listing(Listing.EVERY)
    view.choose(view.stepper.every.index(passed))
    assert (
        "pass" in view.rows[view.chosen % FULL.list_rows].text.text
        and "drop" not in panel.board_labels[0].text
    )
    screenshot(window)


def test_the_end_card_analyses_the_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    state = [0] * 28
    state[0], state[1], state[24] = 14, 1, -15
    view = open_table(window, opponent="random")
    view.start_session(
        TableSession.from_position(tuple(state), (2, 1), Rules.TAVLA, "random", match_length=1)
    )
    settle(view, 3.0)
    assert view.session.phase is Phase.MATCH_OVER
    assert not (tmp_path / "matches").exists(), (
        "a set-up position is no match to keep (a .mat starts at the opening)"
    )
    analyse = view.over.buttons[2]
    assert analyse.label == "Analyse"
    click(view, analyse.rect.x, analyse.rect.y)
    analysis = window.current_view
    assert isinstance(analysis, AnalysisView)
    wait_for_analysis(analysis)
    assert analysis.mistakes == [] and analysis.list_note.text.startswith("No mistakes")
    assert analysis.mistake is not None and analysis.panel.where.text, "the right half shows the first move"
    assert analysis.stepper.listing is Listing.EVERY and analysis.rows[1].shown


@pytest.mark.slow
def test_a_finished_match_is_kept_once_and_listed_by_the_menus_matches(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    match = advance(Match(1, Rules.TAVLA, 3), 3)
    archive = MatchArchive()
    assert archive.keep(match, ("You", "random")) is None
    archive.keep(match, ("You", "random"))
    assert len(list((tmp_path / "matches").glob("*.mat"))) == 1, "kept once"
    (tmp_path / "matches" / "match-20000101-000000.mat").write_text("not a match", encoding="utf-8")
    window.show_menu()
    menu = window.current_view
    click(menu, menu.matches_button.rect.x, menu.matches_button.rect.y)
    listing = window.current_view
    assert isinstance(listing, MatchesView) and listing.loader.wait(30), "the files are read off the window"
    listing.on_update(1 / 60)
    assert len(listing.kept) == 2
    winner = match.winner
    score = "1–0" if winner == 0 else "0–1"
    assert listing.rows[0].label.endswith(f"You {score} Random · 1-point match")
    assert not listing.rows[1].enabled, "a file that cannot be read is listed with why, and not opened"
    screenshot(window)
    click(listing, listing.rows[0].rect.x, listing.rows[0].rect.y)
    again = window.current_view
    assert isinstance(again, AnalysisView)
    wait_for_analysis(again)
    click(again, again.back_button.rect.x, again.back_button.rect.y)
    assert isinstance(window.current_view, MatchesView), "Back leads to the list it came from"


def _tutored(window):
    window.settings = with_value(window.settings, ("tavla", "tutor"), True)
    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    drag(view, top_checker(view, 0, 24), point_centre(0, 21))
    settle(view, 0.5)
    drag(view, top_checker(view, 0, 24), point_centre(0, 23))
    settle(view, 0.5)
    assert view.session.turn.done
    view.finish_turn()
    return view


def test_tutor_mode_warns_before_a_bad_play_and_takes_it_back(window):
    view = _tutored(window)
    assert view.overlays.top is view.tutor.dialog and view.session.phase is Phase.HUMAN
    title, line = (text.text for text in view.tutor.dialog.texts)
    # the table's 1-point match is judged at double match point (gammons do not count): bad, not very bad
    assert title.startswith("This play loses 0.1") and title.endswith(("(bad)", "(very bad)"))
    why, best = line.split("\n")
    assert best == "Best: 8/5 6/5. Take it back?" and why.startswith("winning chances "), "and what it costs"
    take_back = view.tutor.dialog.buttons[0]
    click(view, take_back.rect.x, take_back.rect.y)
    assert view.overlays.top is None and view.session.turn.steps == []
    settle(view, 0.5)
    assert view.session.turn.state == OPENING
    drag(view, top_checker(view, 0, 8), point_centre(0, 5))
    settle(view, 0.5)
    drag(view, top_checker(view, 0, 6), point_centre(0, 5))
    settle(view, 0.5)
    view.finish_turn()
    assert view.overlays.top is None and view.session.phase is not Phase.HUMAN, "a good play goes through"


@pytest.mark.slow
def test_tutor_mode_lets_the_player_make_the_bad_play_all_the_same(window):
    view = _tutored(window)
    press_key(view, key.SPACE)
    assert view.overlays.top is None and view.session.phase is not Phase.HUMAN
    first = view.session.game.record[0]
    assert first.player == 0 and sorted(first.play) == [(24, 21), (24, 23)], "the bad play was made"


def test_without_tutor_mode_a_bad_play_is_not_questioned(window):
    view = open_table(window, opponent="random")
    set_up(view, OPENING, THREE_ONE)
    drag(view, top_checker(view, 0, 24), point_centre(0, 21))
    settle(view, 0.5)
    drag(view, top_checker(view, 0, 24), point_centre(0, 23))
    settle(view, 0.5)
    view.finish_turn()
    assert view.overlays.top is None and view.session.phase is not Phase.HUMAN


def test_a_record_the_analysis_cannot_follow_is_told_on_the_screen(window):
    illegal = Turn(0, (3, 1), ((24, 18),), OPENING)
    record = MatchRecord(("You", "expert"), 1, Rules.TAVLA, (GameRecord((illegal,)),))
    view = AnalysisView(record)
    window.show_view(view)
    deadline = time.monotonic() + 60
    while view.future is not None and time.monotonic() < deadline:
        view.on_update(1 / 60)
        time.sleep(0.02)
    assert view.analysis is None and view.status.text.startswith("The analysis failed: game 1, turn 1")
    screenshot(window)


def test_leaving_the_screen_stops_its_analysis_and_coming_back_starts_it_again(window, monkeypatch):
    """The thread ends at the next game once the screen is left (it judged on, unread, for as long as the
    match took); shown again before it ended, the screen starts it anew and finishes."""
    record = read_mat(DATA / "gnubg-3pt-seed7.mat")
    gate, games_judged = threading.Event(), []

    def analyse(match: MatchRecord, _rules, _level, _judge, progress) -> MatchAnalysis:
        for number in range(1, len(match.games) + 1):
            gate.wait(10)
            games_judged.append(number)
            progress(number, len(match.games))
        return analyse_match(match, level="expert")

    monkeypatch.setattr(analysis_view, "analyse_match", analyse)
    view = AnalysisView(record)
    window.show_view(view)
    stopped = view.future
    window.show_view(MatchesView())
    gate.set()
    with pytest.raises(analysis_view.AnalysisLeft):
        stopped.result(10)
    assert games_judged == [1] and len(record.games) > 1, "stopped after the game it was judging"

    window.show_view(view)
    view.on_update(1 / 60)
    assert view.future is not None and view.future is not stopped, "started again"
    wait_for_analysis(view)
    assert view.progress == (len(record.games), len(record.games))
