"""Fixtures of the headless screen tests: a clipboard for a headless window."""

import pytest


@pytest.fixture
def clipboard(window, monkeypatch) -> dict:
    """The window's clipboard as a dict (a headless window has none of its own)."""
    held = {"text": ""}
    monkeypatch.setattr(window, "set_clipboard_text", lambda text: held.update(text=text), raising=False)
    monkeypatch.setattr(window, "get_clipboard_text", lambda: held["text"], raising=False)
    return held
