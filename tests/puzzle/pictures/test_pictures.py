"""The pictures folder: what counts as a picture, the names it gets, and copying a file in."""

import os
from pathlib import Path

import pytest
from PIL import Image

from game.puzzle.pictures import folder as pictures
from game.puzzle.pictures.folder import NotAPicture, content_key, copy_in, free_name, scan


def make_image(path: Path, fmt: str = "PNG", colour: tuple[int, int, int] = (200, 40, 40)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (48, 32), colour).save(path, fmt)
    return path


def test_every_image_is_a_picture_named_by_its_file(tmp_path):
    make_image(tmp_path / "beach.png")
    make_image(tmp_path / "Cat photo.JPG", "JPEG")
    make_image(tmp_path / "leaf.webp", "WEBP")
    found = scan(tmp_path)
    assert found.names == ["Cat photo", "beach", "leaf"]
    assert found.path("leaf") == tmp_path / "leaf.webp"
    assert found.unreadable == ()


def test_other_files_folders_and_hidden_files_are_passed_over(tmp_path):
    make_image(tmp_path / "beach.png")
    (tmp_path / "notes.txt").write_text("not a picture")
    (tmp_path / "album.png").mkdir()
    make_image(tmp_path / ".hidden.png")
    make_image(tmp_path / "sub" / "deep.png")
    found = scan(tmp_path)
    assert found.names == ["beach"] and found.unreadable == ()


def test_unreadable_images_are_listed_and_skipped(tmp_path):
    make_image(tmp_path / "good.png")
    (tmp_path / "broken.jpg").write_bytes(b"\xff\xd8\xff not really a jpeg")
    (tmp_path / "text.png").write_text("a text file called .png")
    found = scan(tmp_path)
    assert found.names == ["good"]
    assert found.unreadable == (tmp_path / "broken.jpg", tmp_path / "text.png")


def test_a_name_that_is_taken_gets_a_number(tmp_path):
    make_image(tmp_path / "sunset.png")
    make_image(tmp_path / "numbers.png")
    make_image(tmp_path / "cat.jpg", "JPEG")
    make_image(tmp_path / "cat.png")
    found = scan(tmp_path, taken=["numbers", "sunset", "sunset (2)"])
    assert [(p.name, p.path.name) for p in found.pictures] == [
        ("cat", "cat.jpg"),
        ("cat (2)", "cat.png"),
        ("numbers (2)", "numbers.png"),
        ("sunset (3)", "sunset.png"),
    ]


def test_a_missing_folder_holds_nothing(tmp_path):
    assert scan(tmp_path / "nowhere").names == []


def test_each_file_is_opened_once_until_it_changes(tmp_path, monkeypatch):
    picture = make_image(tmp_path / "beach.png")
    opened = []
    decodes = pictures._decodes
    monkeypatch.setattr(pictures, "_decodes", lambda path, size: opened.append(path) or decodes(path, size))
    assert scan(tmp_path).names == ["beach"]
    assert scan(tmp_path).names == ["beach"]
    assert len(opened) == 1
    picture.write_text("now broken")
    os.utime(picture, ns=(1, 1))
    assert scan(tmp_path).unreadable == (picture,)
    assert len(opened) == 2


def test_the_content_key_follows_the_bytes_not_the_name(tmp_path):
    first = make_image(tmp_path / "a" / "cat.png", colour=(1, 2, 3))
    same = make_image(tmp_path / "b" / "cat.png", colour=(1, 2, 3))
    other = make_image(tmp_path / "c" / "cat.png", colour=(9, 9, 9))
    assert content_key(first) == content_key(same) != content_key(other)
    assert len(content_key(first)) == pictures.KEY_CHARS


def test_copy_in_copies_and_never_overwrites(tmp_path):
    source = make_image(tmp_path / "from" / "beach.png")
    folder = tmp_path / "pictures"
    first = copy_in(source, folder)
    assert first == folder / "beach.png" and first.read_bytes() == source.read_bytes()
    assert source.is_file(), "copied, not moved"
    other = make_image(tmp_path / "elsewhere" / "beach.png", colour=(0, 0, 255))
    second = copy_in(other, folder)
    assert second == folder / "beach (2).png"
    assert first.read_bytes() == source.read_bytes(), "the first copy is untouched"
    make_image(folder / "boat.jpg", "JPEG")
    assert copy_in(make_image(tmp_path / "x" / "boat.png"), folder) == folder / "boat (2).png"
    kept = sorted(path.name for path in folder.iterdir())
    assert kept == ["beach (2).png", "beach.png", "boat (2).png", "boat.jpg"]


def test_a_picture_of_the_folder_is_not_copied_again(tmp_path):
    folder = tmp_path / "pictures"
    inside = make_image(folder / "beach.png")
    assert copy_in(inside, folder) == inside
    assert [path.name for path in folder.iterdir()] == ["beach.png"]


def test_copy_in_refuses_what_is_not_a_picture(tmp_path):
    folder = tmp_path / "pictures"
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    fake = tmp_path / "fake.png"
    fake.write_text("hello")
    album = tmp_path / "album.png"
    album.mkdir()
    for path in (text, fake, album, tmp_path / "gone.png"):
        with pytest.raises(NotAPicture):
            copy_in(path, folder)
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe.png"
        os.mkfifo(pipe)
        with pytest.raises(NotAPicture):
            copy_in(pipe, folder)
    assert not folder.exists() or list(folder.iterdir()) == []


def test_free_name_counts_up():
    assert free_name("a", set()) == "a"
    assert free_name("a", {"a", "a (2)"}) == "a (3)"


def test_the_folder_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    assert pictures.pictures_dir() == tmp_path / "pictures"


def test_unreadable_files_are_reported_once(tmp_path):
    (tmp_path / "broken.png").write_text("x")
    found = scan(tmp_path)
    assert pictures.unreported(found) == (tmp_path / "broken.png",)
    assert pictures.unreported(scan(tmp_path)) == ()
