"""Quoting a value from outside (a file name, an argument, a bot's answer) in a message, cut to a length
a player can read: a 5 MB line or a 5,000-digit number never becomes a 5 MB message.
"""

import os

QUOTE_CHARS = 80  # the most of a quoted value a message shows


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """`value` as text, control characters shown escaped (a newline stays on its row), cut to `limit`
    characters with the middle left out and how much was left out said."""
    text = os.fspath(value) if isinstance(value, os.PathLike) else value
    text = text if isinstance(text, str) else str(text)
    shown = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    if len(shown) <= limit:
        return shown
    keep = max(limit - 12, 2)
    head, tail = shown[: keep - keep // 3], shown[len(shown) - keep // 3 :]
    return f"{head}…[{len(shown) - len(head) - len(tail):,} more]…{tail}"
