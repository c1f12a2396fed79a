"""Fixtures of the headless screen tests: every language in turn, and a clipboard for a headless window."""

import pytest

from game import i18n


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request, window):
    window.settings = window.settings.model_copy(update={"language": request.param})
    window.apply_language()
    yield request.param
    window.settings = window.settings.model_copy(update={"language": "en"})
    window.apply_language()


@pytest.fixture
def clipboard(window, monkeypatch) -> dict:
    """The window's clipboard as a dict (a headless window has none of its own)."""
    held = {"text": ""}
    monkeypatch.setattr(window, "set_clipboard_text", lambda text: held.update(text=text), raising=False)
    monkeypatch.setattr(window, "get_clipboard_text", lambda: held["text"], raising=False)
    return held
