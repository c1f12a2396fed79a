"""Quoting a value from outside (a file name, an argument, a config value, a bot's answer) in a message,
cut to a length a player can read: a 5 MB line or a 5,000-digit number never becomes a 5 MB message.
Every message that shows such a value cuts it here, and every protocol line that carries one escapes
it here (`escaped`).
"""

import os

QUOTE_CHARS = 60  # the most of a quoted value a message shows
PATH_CHARS = 200  # ... and of a path (a long one keeps its start and its end, where the file's name is)


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """`value` as text (a string or path as it is, anything else as its repr), control characters
    shown escaped so a newline stays on its row, cut to about `limit` characters with the middle left
    out and how much was left out said."""
    text = os.fspath(value) if isinstance(value, os.PathLike) else value
    shown = escaped(text if isinstance(text, str) else repr(text))
    if len(shown) <= limit:
        return shown
    keep = max(limit - 12, 2)
    head, tail = shown[: keep - keep // 3], shown[len(shown) - keep // 3 :]
    return f"{head}…[{len(shown) - len(head) - len(tail):,} more]…{tail}"


def escaped(text: str) -> str:
    """`text` as it is when every character is printable, else with its control characters (a newline,
    NUL, a terminal's ESC, BEL, a line separator) and everything beyond ASCII written as Python escapes:
    one line of plain ASCII that no terminal acts on. The one escaping of outside text in our messages
    and protocol lines; `quoted` cuts it to a length besides."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


def in_quotes(value: object, limit: int = QUOTE_CHARS) -> str:
    """`quoted`, between single quotes when `value` is text, so a blank or a space in it shows."""
    shown = quoted(value, limit)
    return f"'{shown}'" if isinstance(value, str | os.PathLike) else shown
