"""Issue 47, item 2: the menu's Matches names each match's game, and a match the analysis cannot judge (an
unfinished Plakoto match, a kept Fevga file, a Tavli match) is listed greyed with "no analysis yet" and a
caption saying what the analysis covers; it never opens an analysis that fails with a raw KeyError."""

import shutil
import time

import pytest
from arcade.types import LBWH

from game.core.errors import UserError
from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match import Match
from game.tavla.engine.rules import TAVLI, Rules
from game.tavla.players.random_bot import RandomBot
from game.tavla.record.archive import archive_dir
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import save_table
from tests.faults.test_match_files import DATA
from tests.faults.test_other_game_mat import MATCH
from tests.tavla.matches import step as match_step
from tests.views.driver import click, screenshot
from tests.views.text import assert_text_fits


def unfinished(rules: Rules, rotation: tuple[Rules, ...] = ()) -> Match:
    """A 3-point match of random bots a dozen actions in (its first game under way)."""
    match = Match(3, rules, seed=3, rotation=rotation)
    bots = (RandomBot(3, rules), RandomBot(4, rules))
    for _ in range(12):
        assert match_step(match, bots)
    return match


def shown_matches(window, tmp_path, monkeypatch, saved: Match):
    """The Matches screen over `saved` (the table's unfinished match), a kept Fevga file and a kept
    GNU Backgammon file, once every file is read."""
    from game.tavla.screens.matches import MatchesView

    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    save_table(Records(), saved, "random", "white")
    archive_dir().mkdir(parents=True)
    (archive_dir() / "match-20261203-101500.mat").write_text(MATCH.format(rules="fevga"), encoding="utf-8")
    shutil.copy(DATA / "gnubg-3pt-seed7.mat", archive_dir() / "match-20261202-101500.mat")
    view = MatchesView()
    window.show_view(view)
    deadline = time.monotonic() + 30
    while not view.listing.done and time.monotonic() < deadline:
        view.on_update(1 / 60)
        time.sleep(0.01)
    assert view.listing.done
    return view


def test_each_match_names_its_game_and_one_the_analysis_cannot_judge_is_not_opened(
    window, tmp_path, monkeypatch
):
    from game.tavla.screens.matches import MatchesView

    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PLAKOTO))
    labels = [row.label for row in view.rows[:3]]
    assert labels[0].startswith("Plakoto · Unfinished: You 0–0 Random") and labels[0].endswith(
        "no analysis yet"
    )
    assert labels[1] == "Fevga · 3 Dec 2026, 10:15 · no analysis yet"
    assert labels[2].startswith("Standard backgammon · 2 Dec 2026") and "no analysis" not in labels[2]
    assert [row.enabled for row in view.rows[:3]] == [False, False, True]
    caption = view.coverage.text
    assert caption == "Not analysed yet: Plakoto, Fevga; the analysis covers backgammon, tavla and portes."
    image = screenshot(window)
    image.save(tmp_path / "matches.png")
    row = view.rows[0].rect
    click(view, row.x, row.y)
    assert window.current_view is view, "a Plakoto match is not opened for an analysis that would fail"
    click(view, view.rows[2].rect.x, view.rows[2].rect.y)
    assert type(window.current_view).__name__ == "AnalysisView", "a backgammon match still opens"
    window.show_view(MatchesView())


def test_a_tavli_match_is_listed_as_one_and_not_analysed(window, tmp_path, monkeypatch):
    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PORTES, TAVLI.rotation))
    assert view.rows[0].label.startswith("Tavli match · Unfinished") and not view.rows[0].enabled
    assert "Tavli match, Fevga" in view.coverage.text


def test_a_portes_match_opens_and_the_caption_is_left_out_when_every_match_can_be(
    window, tmp_path, monkeypatch
):
    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PORTES))
    assert view.rows[0].label.startswith("Portes · Unfinished") and view.rows[0].enabled
    (archive_dir() / "match-20261203-101500.mat").unlink()
    view.leave()
    from game.tavla.screens.matches import MatchesView

    again = MatchesView()
    window.show_view(again)
    deadline = time.monotonic() + 30
    while not again.listing.done and time.monotonic() < deadline:
        again.on_update(1 / 60)
        time.sleep(0.01)
    assert all(row.enabled for row in again.rows[:2]) and again.coverage.text == ""


def test_the_analysis_of_another_game_says_what_it_covers_not_a_key_error():
    record = MatchRecord.from_match(unfinished(Rules.PLAKOTO), ("You", "Random"))
    with pytest.raises(UserError, match="a Plakoto match cannot be analysed yet: the analysis covers"):
        analyse_match(record)
    from game.tavla.analysis.match import analyses

    assert {rules for rules in Rules if analyses(rules)} == {Rules.TAVLA, Rules.STANDARD, Rules.PORTES}, (
        "the caption names what the analysis covers"
    )


def test_the_list_and_its_caption_fit_in_every_language_and_at_800x500(
    window, tmp_path, monkeypatch, language
):
    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PLAKOTO))
    assert view.coverage.text
    assert_text_fits(window, "matches")
    view.camera.viewport = LBWH(0, 0, 800, 500)
    view.rescale()
    try:
        assert view.compact
        assert_text_fits(window, "matches at 800x500")
        image = screenshot(window)
        image.crop((0, image.height - 500, 800, image.height)).save(tmp_path / f"matches-800-{language}.png")
    finally:
        view.on_resize(*window.get_size())
