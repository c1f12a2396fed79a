"""What the game reads that others may have put there: the pictures folder (link loops, links it may not
follow, truncated pictures, giant files, names no config line could hold) and its own caches (a bear-off
database or a pattern database that lies about its size, or is a device)."""

import io
import os
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from game.core.files.folders import CACHE_DIR_ENV
from game.core.files.reading import NotReadable
from game.core.settings.user_file import _scalar
from game.puzzle.pictures import folder as pictures
from game.puzzle.solver import pdb, table_file
from game.puzzle.solver.pattern import Pattern
from game.settings import load_config, save_setting
from game.tavla.eval import bearoff
from tests.faults.helpers import game


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """An empty pictures folder of this test's own."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "data" / "pictures"
    path.mkdir(parents=True)
    return path


def put(folder: Path, name: str, form: str = "PNG") -> Path:
    path = folder / name
    Image.effect_noise((120, 90), 50).convert("RGB").save(path, form)
    return path


def test_a_link_loop_in_the_pictures_folder_is_named_unreadable_and_the_game_starts(folder, tmp_path):
    put(folder, "cat.png")
    (folder / "loop.png").symlink_to("loop.png")
    found = pictures.scan(folder)
    assert found.names == ["cat"] and found.unreadable == (folder / "loop.png",)
    ran = game("puzzle", "--image", "loop", FIFTEEN_TAVLA_DATA_DIR=str(tmp_path / "data"))
    assert ran.returncode == 2, ran.stderr
    assert "picture 'loop' is not one of" in ran.stderr and "Traceback" not in ran.stderr
    assert not (tmp_path / "data" / "crash.log").exists()


def test_a_link_the_player_may_not_follow_is_named_unreadable(folder, monkeypatch):
    """Root follows every link, so the refusal the system gives another user is played by the entry."""
    put(folder, "cat.png")
    real_scandir = os.scandir

    class Refused:
        name, path = "secret.png", str(folder / "secret.png")

        def is_dir(self) -> bool:
            raise PermissionError(13, "Permission denied", self.path)

    monkeypatch.setattr(pictures.os, "scandir", lambda where: [*real_scandir(where), Refused()])
    found = pictures.scan(folder)
    assert found.names == ["cat"] and found.unreadable == (folder / "secret.png",)


@pytest.mark.parametrize("form, suffix", [("JPEG", "jpg"), ("GIF", "gif"), ("BMP", "bmp"), ("WEBP", "webp")])
def test_a_truncated_picture_is_found_unreadable_by_the_scan(folder, form, suffix):
    whole = put(folder, f"whole.{suffix}", form)
    data = whole.read_bytes()
    (folder / f"cut.{suffix}").write_bytes(data[: len(data) * 2 // 3])
    found = pictures.scan(folder)
    assert found.names == ["whole"] and found.unreadable == (folder / f"cut.{suffix}",)


def test_a_giant_sparse_file_is_refused_before_a_byte_is_hashed(tmp_path):
    giant = tmp_path / "giant.png"
    with giant.open("wb") as stream:
        stream.truncate(50 * 1024**3)
    started = time.monotonic()
    with pytest.raises(NotReadable, match="larger than"):
        pictures.content_key(giant)
    assert pictures.picture_key(giant) is None
    assert time.monotonic() - started < 1.0


def test_a_fifo_is_never_hashed(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    with pytest.raises(NotReadable, match="not a regular file"):
        pictures.content_key(fifo)


@pytest.mark.parametrize(
    "name", ["a long name " * 15, "two\nlines", "tab\there", 'quote " and \\ slash', "日本語の写真 ✓"]
)
def test_any_picture_name_of_the_folder_is_kept_as_the_choice(folder, tmp_path, name):
    put(folder, f"{name}.png")
    own = tmp_path / "config.yaml"
    config = save_setting(own, ("puzzle", "default_image"), name)
    assert config.puzzle.default_image == name
    assert load_config(own, remembered=True).puzzle.default_image == name
    assert len(own.read_text(encoding="utf-8").splitlines()) == 4  # the header's two lines, section, key


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_every_text_is_written_as_one_yaml_line_that_reads_back_the_same(text):
    line = _scalar(text)
    assert "\n" not in line and "\r" not in line
    assert yaml.safe_load(f"key: {line}\n") == {"key": text}


def npz_with_huge_header() -> bytes:
    """A bear-off cache whose first array's header claims 10^15 rows of float64."""
    header = {"descr": "<f8", "fortran_order": False, "shape": (10**15, 32)}
    member = io.BytesIO()
    np.lib.format.write_array_header_1_0(member, header)
    member.write(b"\0" * 64)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        for name in (*bearoff._ARRAYS, "digest"):
            zipped.writestr(f"{name}.npy", member.getvalue())
    return archive.getvalue()


@pytest.mark.parametrize("poison", ["huge header", "dev zero", "fifo", "folder", "giant"])
def test_a_poisoned_bearoff_cache_is_rebuilt(tmp_path, monkeypatch, poison):
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    cached = tmp_path / f"bearoff-v{bearoff.BUILD_VERSION}.npz"
    if poison == "huge header":
        cached.write_bytes(npz_with_huge_header())
    elif poison == "dev zero":
        cached.symlink_to("/dev/zero")
    elif poison == "fifo":
        os.mkfifo(cached)
    elif poison == "folder":
        cached.mkdir()
    else:
        with cached.open("wb") as stream:
            stream.truncate(bearoff.MAX_CACHE_BYTES + 1)
    assert bearoff._load_cached() is None


@pytest.mark.parametrize("poison", ["dev zero", "fifo", "inflates beyond", "giant"])
def test_a_poisoned_pattern_database_is_rebuilt(tmp_path, monkeypatch, poison):
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    pattern = Pattern(3, 3, (0, 1, 3))
    good = pdb.build(pattern)
    path = table_file.cache_path(pattern)
    path.parent.mkdir(parents=True)
    if poison == "dev zero":
        path.symlink_to("/dev/zero")
    elif poison == "fifo":
        os.mkfifo(path)
    elif poison == "inflates beyond":
        table_file.write(
            pattern, good + b"\0" * 50_000_000
        )  # the header claims the table the file inflates to
    else:
        with path.open("wb") as stream:
            stream.truncate(20 * 1024**3)
    pdb.forget()
    started = time.monotonic()
    assert table_file.read(pattern) is None
    assert pdb.load(pattern) == good
    assert time.monotonic() - started < 5.0
