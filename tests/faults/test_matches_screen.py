"""Issue 27, item 12: the menu's Matches reads its files off the window's thread, shows how far it is,
and can be left at any time; the loading apart from the screen (game/tavla/record/kept_loading.py), then
the screen itself, headless, with files that take a while to read."""

import os
import shutil
import time

import pytest
from arcade import key

from game.core.records import Records
from game.tavla.record.kept_loading import KeptLoader
from tests.faults.test_match_files import DATA, long_match

SMALL = DATA / "gnubg-3pt-seed7.mat"
SLOW_CHARS = 1_500_000  # about a second and a half to read, here and in CI


@pytest.fixture(scope="module")
def slow_text() -> str:
    return long_match(SLOW_CHARS)


def kept_folder(folder, slow_text: str, slow: int = 2) -> None:
    """A small match newest, then `slow` long ones, then a FIFO and a folder named like match files."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SMALL, folder / "match-20261203-000000.mat")
    for number in range(slow):
        (folder / f"match-20261202-00000{number}.mat").write_text(slow_text, encoding="utf-8")
    os.mkfifo(folder / "match-20261201-000000.mat")
    (folder / "match-20261130-000000.mat").mkdir()


def test_the_loader_lists_every_row_at_once_then_reads_them_in_order(tmp_path):
    kept_folder(tmp_path / "kept", long_match(200_000), slow=1)
    loader = KeptLoader(Records(tmp_path / "records.db"), tmp_path / "kept")
    seen = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        listing = loader.poll()
        if listing is not None:
            seen.append((listing.listed, listing.read, len(listing.kept)))
            if listing.done:
                break
        time.sleep(0.005)
    assert loader.wait(1) and seen[-1] == (True, 4, 4)
    listed = [state for state in seen if state[0]]
    assert [read for _, read, _ in listed] == sorted(read for _, read, _ in listed), "read in order"
    assert all(total == 4 for _, _, total in listed), "every row is there from the moment it is listed"
    assert loader.poll() is None, "nothing new once all is read"
    kept = loader.listing.kept
    assert [row.path.name for row in kept] == sorted(
        (p.name for p in (tmp_path / "kept").iterdir()), reverse=True
    )
    assert kept[0].record is not None and kept[1].record is not None and len(kept[1].record.games) > 50
    assert "not a regular file" in kept[2].error and "is a folder" in kept[3].error


def test_cancel_stops_the_reading_within_a_line_of_a_long_file(tmp_path, slow_text):
    kept_folder(tmp_path / "kept", slow_text, slow=2)
    loader = KeptLoader(Records(tmp_path / "records.db"), tmp_path / "kept")
    deadline = time.monotonic() + 10
    while loader.listing.read < 1 and time.monotonic() < deadline:
        time.sleep(0.005)  # the small file read: the thread is into the first long one
    time.sleep(0.05)
    loader.cancel()
    start = time.monotonic()
    assert loader.wait(5)
    assert time.monotonic() - start < 0.5, "called off within a line, not at the end of the file"
    listing = loader.listing
    assert listing.read == 1 and not listing.done and listing.reading(1)


@pytest.mark.usefixtures("at_the_menu")
def test_the_screen_shows_at_once_stays_responsive_and_esc_leaves_while_files_are_read(
    window, tmp_path, monkeypatch, slow_text
):
    """Two long files (seconds to read): the screen is built and updated without waiting for them, each
    row still read says so, the note counts, and Esc goes back to the menu at once and stops the
    reading."""
    from game.menu.main_menu import MainMenuView
    from game.tavla.screens.matches import MatchesView
    from tests.views.driver import press_key, screenshot

    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    kept_folder(tmp_path / "matches", slow_text, slow=2)
    start = time.monotonic()
    view = MatchesView()
    window.show_view(view)
    assert time.monotonic() - start < 0.5, "the screen does not wait for the files"
    slowest = 0.0
    deadline = time.monotonic() + 10
    while view.listing.read < 1 and time.monotonic() < deadline:
        before = time.monotonic()
        view.on_update(1 / 60)
        slowest = max(slowest, time.monotonic() - before)
        time.sleep(1 / 60)
    assert view.listing.listed and not view.listing.done, "the long files are still being read"
    assert slowest < 0.1, f"a frame's update waited {slowest:.2f} s"
    assert view.rows[0].enabled and not view.rows[1].enabled
    assert view.rows[1].label.endswith("reading…") and "Reading the matches: 1 of 5" in view.note.text
    screenshot(window)
    press_key(view, key.ESCAPE)
    assert isinstance(window.current_view, MainMenuView), "Esc leaves while the files are read"
    assert view.loader.wait(1), "and the reading stops"
    assert not view.loader.listing.done
