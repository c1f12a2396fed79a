"""The words of the statistics that the `stats` command (game/puzzle/commands/stats.py) and the screens
share: a time as speedsolvers write it, and the solves left out because they cannot be read."""

from __future__ import annotations

from game.core.text.i18n import ngettext

NONE = "–"


def format_time(seconds: float | None) -> str:
    """A time as speedsolvers write it: ``12.345`` below a minute, ``1:02.345`` from one on."""
    if seconds is None:
        return NONE
    minutes, rest = divmod(round(seconds * 1000), 60_000)
    return f"{minutes}:{rest / 1000:06.3f}" if minutes else f"{rest / 1000:.3f}"


def unreadable_text(count: int) -> str:
    """The rows of the records left out of the statistics because a value in them is not one the game
    writes (a file edited by hand, or damaged): said, so a missing solve is not a mystery."""
    # Translators: {count} solves kept in the records file could not be read (a value in them is damaged)
    message = ngettext(
        "{count} kept solve could not be read (a value in the records file is damaged) and is left out.",
        "{count} kept solves could not be read (a value in the records file is damaged) and are left out.",
        count,
    )
    return message.format(count=count)
