"""Every match file a player may bring, read through one door: the reader of each format by its suffix
(`.mat` and `.txt`: Jellyfish, as GNU Backgammon, the online sites and XG's text export write it; `.sgf`:
GNU Backgammon's own; `.xg` and `.xgp`: eXtreme Gammon's; `.tgr`: our table-games record of the other
games of the board), each giving the one MatchRecord the analysis reads; and the match files of folders,
for a whole archive at once. A match played here is written in the one format its games fit
(`export_record`): `.mat` for backgammon, `.tgr` for the rest.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import unquote, urlparse

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.engine.rules import Rules
from game.tavla.record.mat import parse_mat, read_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.sgf import read_sgf
from game.tavla.record.tgr import HEADER, TGR_SUFFIX, export_tgr, parse_tgr, read_tgr, uses_tgr
from game.tavla.record.xg import read_xg

MAT_SUFFIXES = (".mat", ".txt")
MATCH_SUFFIXES = (*MAT_SUFFIXES, ".sgf", ".xg", ".xgp", TGR_SUFFIX)
KEPT_SUFFIXES = (".mat", TGR_SUFFIX)  # what the game writes of a match played here
MAX_ARCHIVE_FILES = 100_000  # far beyond any player's archive; a folder such as / is refused early


def read_match(
    path: str | Path, rules: Rules | None = None, stop: Callable[[], bool] | None = None
) -> MatchRecord:
    """The match of a file in any format read here, chosen by its suffix; UserError naming the file (and
    the line, game or move) when it cannot be read, or when its suffix is none of MATCH_SUFFIXES.
    `rules` applies to the `.mat` formats, which do not always say theirs (the others do)."""
    suffix = Path(path).suffix.lower()
    if suffix in MAT_SUFFIXES:
        return read_mat(path, rules, stop)
    if suffix == ".sgf":
        return read_sgf(path, stop)
    if suffix in (".xg", ".xgp"):
        return read_xg(path, stop)
    if suffix == TGR_SUFFIX:
        return read_tgr(path, stop)
    # Translators: {path} is a file given to read a match from; {suffixes} e.g. ".mat, .txt, .sgf, .xg"
    message = _("{path}: not a match file this game reads (it reads {suffixes})")
    raise UserError(message.format(path=quoted(path), suffixes=", ".join(MATCH_SUFFIXES)))


def export_record(record: MatchRecord) -> tuple[str, str]:
    """The match as the text of the one format its games fit, and that format's suffix: `.mat` for
    backgammon (GNU Backgammon reads it), our table-games record for the other games of the board."""
    suffix = export_suffix(record.rotation or (record.rules,))
    return (export_tgr(record) if suffix == TGR_SUFFIX else export_mat(record)), suffix


def export_suffix(rotation: tuple[Rules, ...]) -> str:
    """The suffix of the file a match of the games `rotation` is exported as (the table's Export button
    names it)."""
    return TGR_SUFFIX if any(uses_tgr(rules) for rules in rotation) else ".mat"


def parse_record(text: str, rules: Rules | None = None) -> MatchRecord:
    """The match in a text `export_record` wrote (a table-games record by its first line, else `.mat`,
    read under `rules` where given); UserError naming the line when it cannot be read."""
    if text.startswith(HEADER):
        return parse_tgr(text)
    return parse_mat(text, rules)


def match_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and every match file in the folders named (and their folders, hidden ones left
    out), each once, in a stable order; UserError for a path that does not exist, or a folder with no
    match file."""
    found: dict[Path, None] = {}
    for given in paths:
        path = Path(given)
        if path.is_dir():
            inside = _in_folder(path)
            if not inside:
                # Translators: {path} is a folder given to read matches from; {suffixes} the file kinds read
                message = _("{path}: no match file in this folder (looked for {suffixes})")
                raise UserError(message.format(path=quoted(path), suffixes=", ".join(MATCH_SUFFIXES)))
            found.update(dict.fromkeys(inside))
        elif path.exists():
            found[path] = None
        else:
            # Translators: {path} is a file or folder given on the command line that is not there
            raise UserError(_("{path}: no such file or folder").format(path=quoted(path)))
    return list(found)


def _in_folder(folder: Path) -> list[Path]:
    """The match files under `folder`, sorted by path; symbolic links to folders are not followed."""
    files = []
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(names):
            if not name.startswith(".") and Path(name).suffix.lower() in MATCH_SUFFIXES:
                files.append(Path(root) / name)
                if len(files) > MAX_ARCHIVE_FILES:
                    # Translators: {path} is a folder; {count} the most match files read from one
                    message = _("{path}: more than {count} match files; name a smaller folder")
                    raise UserError(message.format(path=quoted(folder), count=f"{MAX_ARCHIVE_FILES:,}"))
    return files


def pasted_paths(text: str) -> list[Path]:
    """The files and folders named in pasted text, one a line, as file managers copy them (a path, quoted
    or not, or a file:// address); only those that exist."""
    found = []
    for line in text.splitlines():
        line = line.strip().strip("'\"")
        if line.startswith("file://"):
            parsed = urlparse(line)
            line = unquote(parsed.path)
        if line and os.path.exists(line):
            found.append(Path(line))
    return found
