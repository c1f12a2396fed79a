"""The headless screen tests: every test that shows a screen in the one headless window lives here, in the
folder of the code whose screen it drives (menu/ for game/menu, puzzle/ for game/puzzle/screens, tavla/
for game/tavla/screens), with that folder's helpers (menu/menus.py, puzzle/screen.py, tavla/table.py);
tests of every screen at once (text that fits, idle frames, sounds, the animation speed) stay at this
level, beside driver.py and text.py. A test of a screen's parts that needs no window (captions, layout,
pacing) goes beside its game's other tests, in tests/<game>/screens/; tests/e2e drives the real program
under Xvfb, and tests/faults holds the reliability suite, whatever screen it touches.

The fixture here: a clipboard for a headless window."""

import pytest


@pytest.fixture
def clipboard(window, monkeypatch) -> dict:
    """The window's clipboard as a dict (a headless window has none of its own)."""
    held = {"text": ""}
    monkeypatch.setattr(window, "set_clipboard_text", lambda text: held.update(text=text), raising=False)
    monkeypatch.setattr(window, "get_clipboard_text", lambda: held["text"], raising=False)
    return held
