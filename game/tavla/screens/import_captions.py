"""The words of the Matches screen's import of an archive (game/tavla/screens/matches.py)."""

from game.core.text.i18n import _, ngettext
from game.tavla.progress.archive_import import ImportTally


def import_label() -> str:
    # Translators: button of the list of matches: bring a folder of match files into the player's history
    return _("Import folder…")


def stop_import_label() -> str:
    # Translators: button of the list of matches while an import runs
    return _("Stop import")


def import_how() -> str:
    # Translators: the note after Import folder… found no folder or file on the clipboard
    return _(
        "Copy a folder of match files in your file manager (.mat, .txt, .sgf, .xg), "
        "then Import folder…; or drop it on this window."
    )


def import_whose() -> str:
    # Translators: the note above the names to choose from: the matches have two players in common
    return _("Whose matches are these? Choose the player whose history keeps them.")


def import_as(name: str) -> str:
    # Translators: a row to choose the player an archive is imported for; {name} a player of the matches
    return _("Import as {name}").format(name=name)


def import_no_player() -> str:
    # Translators: the note when the matches to import have no player in common
    return _("These matches have no player in common: import a folder of one player's matches.")


def _minutes_left(tally: ImportTally) -> str:
    if not tally.done:
        return ""
    left = tally.seconds / tally.done * (tally.total - tally.done)
    minutes = max(1, round(left / 60))
    # Translators: the time an import still needs, in minutes
    return ngettext("about {count} minute left", "about {count} minutes left", minutes).format(count=minutes)


def import_progress(player: str, tally: ImportTally) -> str:
    # Translators: the note while an import runs; {done} of {total} files analysed; {name} the player;
    # {left} e.g. "about 3 minutes left" (empty at first)
    text = _("Importing {name}'s matches: {done} of {total} analysed and kept… {left}")
    return text.format(name=player, done=tally.done, total=tally.total, left=_minutes_left(tally)).strip()


def import_done(player: str, tally: ImportTally) -> str:
    # Translators: the note after an import; {kept}, {again}, {failed} count matches; {name} the player
    text = _("{kept} matches kept in {name}'s history (see Progress), {again} kept before, {failed} not read")
    words = text.format(kept=tally.kept, name=player, again=tally.again, failed=len(tally.failed))
    if tally.stopped:
        # Translators: after an import's note when it was stopped; {done} of {total} files were done
        words += " · " + _("stopped after {done} of {total}").format(done=tally.done, total=tally.total)
    if tally.failed:
        first = tally.failed[0]
        words += f" · {first.path.name}: {first.reason}"
    return words
