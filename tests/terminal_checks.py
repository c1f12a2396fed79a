"""Checks for what a command prints to a terminal: every line fits its width, no word is broken.

A terminal of W columns shows a line of more than W cells cut at the last column, mid-word; a table
laid out too narrow folds its cells anywhere (`pubeva|l`). Both leave pieces of a word as words of
their own, which `assert_whole` and `assert_unbroken` look for. `on_terminal` makes rich and the
command line take the test's output for a terminal of that width (rich's TTY_COMPATIBLE and COLUMNS).
"""

import re

import pytest

from game.core.text.terminal import cells

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
SEPARATORS = re.compile(r"[\s\u2500-\u257f]+")  # blanks and the box-drawing characters


def on_terminal(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """What the test prints goes to a terminal `width` columns wide, as far as rich and
    game.core.text.terminal can tell (the real one, a pseudo-terminal, is tests/test_terminal_output.py's)."""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("NO_COLOR", "1")


def plain(text: str) -> str:
    """`text` without terminal escape sequences and carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


def words(text: str) -> list[str]:
    """The words of `text` as a reader sees them: between blanks and box-drawing lines."""
    return [word for word in SEPARATORS.split(plain(text)) if word]


def assert_fits(text: str, width: int) -> None:
    """Every line takes at most `width` cells (a Korean character takes two)."""
    long = [line for line in plain(text).splitlines() if cells(line.rstrip()) > width]
    assert not long, f"{len(long)} lines wider than {width}:\n" + "\n".join(long[:5])


def assert_whole(text: str, phrases: list[str]) -> None:
    """Every word of every phrase appears whole in `text`."""
    found = set(words(text))
    missing = sorted({word for phrase in phrases for word in phrase.split() if word not in found})
    assert not missing, f"not found whole: {missing}\n{plain(text)}"


def assert_unbroken(text: str, phrases: list[str]) -> None:
    """No word of `text` is a piece cut off a longer word of `phrases` (`pubeva` and `l`, `+0.62` and
    `5`): each word of `text` that begins or ends one of theirs is one of theirs."""
    theirs = {word for phrase in phrases for word in phrase.split()}
    pieces = sorted(
        {
            word
            for word in set(words(text)) - theirs
            for whole in theirs
            if len(whole) > len(word) and (whole.startswith(word) or whole.endswith(word))
        }
    )
    assert not pieces, f"pieces of words: {pieces}\n{plain(text)}"
