"""Finished matches kept for analysis: each one's `.mat` (backgammon) or `.tgr` (the other games of the
board) written once into the data folder `matches/`.
The menu's Matches lists and reads them (with the saved unfinished match) in kept_loading.py."""

from dataclasses import dataclass
from pathlib import Path

from game.core.files.folders import data_dir
from game.core.text.i18n import _
from game.tavla.engine.match import Match
from game.tavla.engine.rules import TAVLI, TableGames
from game.tavla.record.formats import export_record
from game.tavla.record.mat_export import new_export_path
from game.tavla.record.match_record import MatchRecord

ARCHIVE_FOLDER = "matches"


def archive_dir() -> Path:
    return data_dir() / ARCHIVE_FOLDER


def from_opening(match: Match) -> bool:
    """Whether every game of `match` began at its game's opening position (not a set-up one)."""
    return all(game.record[0].state == game.variant.opening for game in match.games if game.record)


class MatchArchive:
    """Writes a finished match's file once, however often the table asks (it asks at every redraw of
    the end card)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._kept: list[Match] = []

    def keep(self, match: Match, names: tuple[str, str]) -> str | None:
        """Write `match` unless done already or set up from another position than the opening (a `.mat`
        file always starts there); the reason when it could not be written, else None."""
        if any(kept is match for kept in self._kept) or not from_opening(match):
            return None
        self._kept.append(match)
        try:
            text, suffix = export_record(MatchRecord.from_match(match, names))
            new_export_path(self.folder or archive_dir(), text, suffix=suffix)
        except OSError as error:
            # Translators: a finished match could not be kept for the analysis; {error} says why
            return _("could not keep the match for analysis: {error}").format(error=error)
        return None


def games_of(match: Match) -> TableGames:
    """The game `match` plays: the Tavli match's three in turn, or its one rule set's."""
    return TAVLI if match.rotation else TableGames.of(match.rules)


@dataclass(frozen=True)
class KeptMatch:
    """A match the menu lists: its record (None when the file cannot be read, with `error`), its file
    (None for the saved unfinished match), when it was played (seconds since the epoch; None for the
    saved match), and which game it is (`games`: one rule set's, or the Tavli match's; None when the
    file cannot be read as a match of any game), so the list can say so, and whether it is analysed."""

    record: MatchRecord | None
    path: Path | None
    error: str = ""
    when: float | None = None
    games: TableGames | None = None
