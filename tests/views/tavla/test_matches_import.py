"""The Matches screen's Import folder…, headless: a folder copied in a file manager (its address on the
clipboard) or dropped on the window is imported into the player's history, the note counting and
estimating, the player chosen on the rows when the matches have two in common; Stop keeps what is done."""

import shutil
import time
from pathlib import Path

import pytest

from game.core.records import Records
from game.tavla.progress.history import History
from game.tavla.screens.matches import MatchesView
from tests.views.driver import click, screenshot

DATA = Path(__file__).parents[2] / "tavla" / "data"


def open_matches(window) -> MatchesView:
    view = MatchesView()
    window.show_view(view)
    return view


def wait_for_import(view: MatchesView, seconds: float = 240.0) -> None:
    deadline = time.monotonic() + seconds
    while view.job is not None and time.monotonic() < deadline:
        view.on_update(1 / 60)
        time.sleep(0.05)
    assert view.job is None, view.note.text


def press(view: MatchesView, button) -> None:
    click(view, button.rect.x, button.rect.y)


@pytest.mark.slow
def test_a_folder_on_the_clipboard_is_imported_as_the_one_player_of_its_matches(window, clipboard, tmp_path):
    folder = tmp_path / "my matches"
    folder.mkdir()
    shutil.copy(DATA / "gnubg-1pt-seed5.mat", folder)
    shutil.copy(DATA / "gnubg-3pt-seed7.mat", folder)
    (folder / "broken.mat").write_text(" 1 point match\n\n Game 1\n gnubg : 0   root : 0\n  1) 31: 8/5 6/6\n")
    view = open_matches(window)
    clipboard["text"] = ""
    press(view, view.import_button)
    assert "Copy a folder of match files" in view.note.text, "how to import, when nothing was copied"
    clipboard["text"] = f"file://{str(folder).replace(' ', '%20')}\n"
    press(view, view.import_button)
    assert view.choice is not None, "gnubg and root play every match: whose are they?"
    assert [row.label for row in view.rows[:2]] == ["Import as gnubg", "Import as root"]
    screenshot(window)
    press(view, view.rows[1])
    assert view.job is not None and view.import_button.label == "Stop import"
    assert view.note.text.startswith("Importing root's matches: 0 of 3")
    wait_for_import(view)
    assert view.note.text.startswith("2 matches kept in root's history (see Progress), 0 kept before, 1 not")
    assert "broken.mat" in view.note.text and "line 5" in view.note.text
    assert view.import_button.label == "Import folder…"
    kept = [entry for entry in History(Records()).matches() if "my matches" in entry.source]
    assert {entry.player for entry in kept} == {"root"} and len(kept) == 2


def test_files_dropped_on_the_screen_are_imported_and_stop_keeps_what_is_done(window, tmp_path):
    view = open_matches(window)
    paths = [str(DATA / "gnubg-1pt-seed5.mat"), str(DATA / "gnubg-5pt-seed11.mat")]
    assert view.on_file_drop(0, 0, paths) is True, "taken here, not as pictures"
    assert view.choice is not None
    press(view, view.rows[0])
    press(view, view.import_button)  # Stop at once
    assert view.job is None and "stopped after" in view.note.text
    view.on_update(1 / 60)
    assert view.import_button.label == "Import folder…"
