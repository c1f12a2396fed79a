"""The progress as the Progress screens and the `progress` and `practice` commands report it
(game/tavla/commands/): the progress read from the records, its dates and lengths, and the rows left out
because they cannot be read. The words of the figures are the analysis report's
(game/tavla/analysis/figures.py), the units the history's (millipoints of EMG in a match, of a point for
money).
"""

from __future__ import annotations

import dataclasses
import time

from game.core.records import Records
from game.core.text.i18n import _, ngettext
from game.tavla.progress.history import History, MatchEntry
from game.tavla.progress.summary import Progress, progress


def date_text(when: float) -> str:
    """A day as the history shows it: 2026-12-02 (local time)."""
    return time.strftime("%Y-%m-%d", time.localtime(when))


def length_text(entry: MatchEntry) -> str:
    # Translators: the length column of the history: money play (not a match to a number of points)
    return str(entry.length) if entry.length else _("money")


def read_progress(records: Records, rules: str | None = None, opponent: str | None = None) -> Progress:
    """The player's progress, of one rule set and/or opponent when given."""
    history = History(records)
    matches = history.matches(rules, opponent)
    decisions = history.decisions([entry.id for entry in matches if entry.id is not None])
    shown = progress(matches, decisions)
    return dataclasses.replace(shown, skipped=matches.skipped + decisions.skipped)


def history_left_out_text(count: int) -> str:
    """Rows of the history left out because a value in them is not one the game writes (a file edited
    by hand, or damaged): said, so a missing match is not a mystery."""
    # Translators: {count} matches or decisions kept in the records file could not be read
    message = ngettext(
        "{count} kept match or decision could not be read (a value in the records file is damaged) "
        "and is left out.",
        "{count} kept matches or decisions could not be read (a value in the records file is damaged) "
        "and are left out.",
        count,
    )
    return message.format(count=count)


def deck_left_out_text(count: int) -> str:
    """Cards of the practice deck left out because a value in them is not one the game writes."""
    # Translators: {count} practice cards kept in the records file could not be read
    message = ngettext(
        "{count} practice card could not be read (a value in the records file is damaged) and is left out.",
        "{count} practice cards could not be read (a value in the records file is damaged) and are left out.",
        count,
    )
    return message.format(count=count)
