"""The player's pictures folder: which files in it are pictures, under what names, and copying one in.

Pure (Pillow and the file system, no Arcade): the menu, the command line and the config all ask here.
A scan opens each file once; it is asked again only when the file's size or time changes, so the menu
can scan on every visit. A file the game cannot read is reported, never fatal.
"""

from __future__ import annotations

import functools
import hashlib
import os
import stat
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.core.files.folders import data_dir
from game.core.files.reading import read_regular
from game.core.files.writing import write_atomically
from game.puzzle.pictures.limits import ALLOWED_FORMATS, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS

FOLDER_NAME = "pictures"
KEY_CHARS = 16  # hex digits of the content hash kept with each solve: 64 bits, no clash in a lifetime


@functools.cache
def picture_extensions() -> frozenset[str]:
    """File endings of the formats the puzzle can cut; other files in the folder are not pictures
    (Pillow's, asked the first time a folder is scanned)."""
    from PIL import Image

    return frozenset(
        extension for extension, kind in Image.registered_extensions().items() if kind in ALLOWED_FORMATS
    )


_verdicts: dict[tuple[str, int, int], bool] = {}
_keys: dict[tuple[str, int, int], str] = {}


@dataclass(frozen=True)
class FolderPicture:
    """A picture of the folder: its name in the menu and for ``--image``, and its file."""

    name: str
    path: Path


@dataclass(frozen=True)
class Scan:
    """What the folder holds: the pictures in name order, and the image files that cannot be read."""

    pictures: tuple[FolderPicture, ...] = ()
    unreadable: tuple[Path, ...] = ()

    def path(self, name: str) -> Path | None:
        """The file of the folder picture called `name`, or None."""
        return next((picture.path for picture in self.pictures if picture.name == name), None)

    @property
    def names(self) -> list[str]:
        return [picture.name for picture in self.pictures]


def pictures_dir() -> Path:
    """``pictures/`` in the player's data folder (``$FIFTEEN_TAVLA_DATA_DIR`` in tests)."""
    return data_dir() / FOLDER_NAME


def is_picture_name(path: Path) -> bool:
    """Whether a file's name says it is a picture of a format the puzzle reads (``.png``, ``.jpg``...)."""
    return path.suffix.lower() in picture_extensions() and not path.name.startswith(".")


def readable(path: Path) -> bool:
    """Whether the puzzle can cut this file: a regular file of an allowed format, within the size and
    pixel limits, that the decoder reads through. Remembered per (file, size, time)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    key = (str(path), info.st_size, info.st_mtime_ns)
    if key not in _verdicts:
        _verdicts[key] = _decodes(path, info.st_size)
    return _verdicts[key]


def _decodes(path: Path, size: int) -> bool:
    from PIL import Image

    if size > MAX_PICTURE_BYTES:
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path, formats=ALLOWED_FORMATS) as image:
                if image.width * image.height > MAX_PICTURE_PIXELS:
                    return False
                if image.format == "PNG":
                    image.verify()  # every chunk's checksum: a cut or damaged file fails here
                else:
                    # verify() checks little of the other formats (a truncated JPEG, GIF or BMP passes):
                    # decode the picture, a JPEG at an eighth of its size (which still reads every byte).
                    image.draft("RGB", (max(image.width // 8, 1), max(image.height // 8, 1)))
                    image.load()
    except Exception:  # noqa: BLE001 - a decoder may raise anything on a hostile file
        return False
    return True


def scan(folder: Path, taken: Iterable[str] = ()) -> Scan:
    """The pictures in `folder`, each named by its file name without the extension.

    A name already `taken` (a configured picture, ``numbers``) or given to an earlier file of the
    folder (``cat.png`` before ``cat.jpg``) gets the first free ``name (2)``, ``name (3)``...; the
    configured picture keeps its name. Folders, hidden files and other kinds of file are passed over.
    A missing folder holds nothing.
    """
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return Scan()
    used = set(taken)
    pictures: list[FolderPicture] = []
    unreadable: list[Path] = []
    for entry in entries:
        path = Path(entry.path)
        if not is_picture_name(path) or _is_folder(entry):
            continue
        if not readable(path):
            unreadable.append(path)
            continue
        name = free_name(path.stem, used)
        used.add(name)
        pictures.append(FolderPicture(name, path))
    return Scan(tuple(pictures), tuple(unreadable))


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether a folder entry is a folder (a link to one included). A link that leads round in a circle
    or that the player may not follow raises an OSError here: it is no folder, and `readable` then says
    the file cannot be read."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def free_name(stem: str, used: set[str]) -> str:
    """`stem`, or ``stem (2)``, ``stem (3)``... whichever is not in `used` first."""
    if stem not in used:
        return stem
    number = 2
    while f"{stem} ({number})" in used:
        number += 1
    return f"{stem} ({number})"


def content_key(path: Path) -> str:
    """A short hash of the file's bytes: the records of a picture follow its content, so another file
    put in its place under the same name starts with no records. Remembered per (file, size, time)."""
    info = os.stat(path)
    key = (str(path), info.st_size, info.st_mtime_ns)
    if key not in _keys:
        # A picture is never larger than the puzzle reads: a bigger file (a 50 GB sparse one) or one that
        # is not regular is refused before a byte of it is hashed.
        _keys[key] = hashlib.sha256(read_regular(path, MAX_PICTURE_BYTES)).hexdigest()[:KEY_CHARS]
    return _keys[key]


def picture_key(path: Path | None) -> str | None:
    """The content key the records keep with a solve of the picture in `path` (game/core/records.py):
    ``""`` for number tiles (no file), None when the file cannot be read now."""
    if path is None:
        return ""
    try:
        return content_key(path)
    except OSError:
        return None


class NotAPicture(ValueError):
    """A file offered to the folder is not a picture the puzzle can read."""


def copy_in(source: Path, folder: Path) -> Path:
    """Copy `source` into `folder` (made if missing) under its own name, or ``name (2).ext``... when
    that is taken: the original stays where it was and no file of the folder is ever replaced.

    A picture of the folder itself is not copied again. Raises NotAPicture (a folder, a device,
    another kind of file, an unreadable image) or OSError.
    """
    if not is_picture_name(source) or not readable(source):
        raise NotAPicture(str(source))
    if source.resolve().parent == folder.resolve():
        return folder / source.name
    with source.open("rb") as stream:
        data = stream.read(MAX_PICTURE_BYTES + 1)
    folder.mkdir(parents=True, exist_ok=True)
    stems = {Path(entry.name).stem for entry in os.scandir(folder)}
    while True:
        target = folder / f"{free_name(source.stem, stems)}{source.suffix}"
        try:
            return write_atomically(target, data, exclusive=True)
        except FileExistsError:
            stems.add(target.stem)  # another copy landed there first: take the next name


_reported: set[Path] = set()


def unreported(found: Scan) -> tuple[Path, ...]:
    """The unreadable files of a scan not yet reported in this run: each is listed in one message once."""
    new = tuple(path for path in found.unreadable if path not in _reported)
    _reported.update(new)
    return new
