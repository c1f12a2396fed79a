"""Issue 47, item 2, and issue 49, item 3: the menu's Matches names each match's game; a match of every
game (an unfinished Plakoto match, a Tavli match) opens in the analysis, never one that fails with a raw
KeyError; an old `.mat` of another game, which no longer reads, is listed greyed with "no analysis yet"."""

import shutil
import time

from arcade.types import LBWH

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


def test_each_match_names_its_game_and_a_match_of_every_game_opens(window, tmp_path, monkeypatch):
    from game.tavla.screens.matches import MatchesView

    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PLAKOTO))
    labels = [row.label for row in view.rows[:3]]
    assert labels[0].startswith("Plakoto · Unfinished: You 0–0 Random")
    assert not labels[0].endswith("no analysis yet")
    assert labels[1] == "Fevga · 3 Dec 2026, 10:15 · no analysis yet", "an old .mat of Fevga does not read"
    assert labels[2].startswith("Standard backgammon · 2 Dec 2026") and "no analysis" not in labels[2]
    assert [row.enabled for row in view.rows[:3]] == [True, False, True]
    assert view.coverage.text == "", "the analysis covers every game: the old file's row says why"
    image = screenshot(window)
    image.save(tmp_path / "matches.png")
    click(view, view.rows[1].rect.x, view.rows[1].rect.y)
    assert window.current_view is view, "a file that does not read opens nothing"
    click(view, view.rows[0].rect.x, view.rows[0].rect.y)
    assert type(window.current_view).__name__ == "AnalysisView", "a Plakoto match opens"
    window.show_view(MatchesView())


def test_a_tavli_match_is_listed_as_one_and_opens(window, tmp_path, monkeypatch):
    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PORTES, TAVLI.rotation))
    assert view.rows[0].label.startswith("Tavli match · Unfinished") and view.rows[0].enabled


def test_every_game_of_the_board_is_analysed_not_refused_with_a_key_error():
    from game.tavla.analysis.match import analyses

    assert all(analyses(rules) for rules in Rules)
    record = MatchRecord.from_match(unfinished(Rules.PLAKOTO), ("You", "Random"))
    analysis = analyse_match(record, level="expert")
    assert analysis.players[0].decisions + analysis.players[1].decisions > 0


def test_the_list_and_its_caption_fit_in_every_language_and_at_800x500(
    window, tmp_path, monkeypatch, language
):
    view = shown_matches(window, tmp_path, monkeypatch, unfinished(Rules.PLAKOTO))
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
