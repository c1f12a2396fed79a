"""Item 1 (and 9's leftovers): atomic writes never replace what is not a regular file, follow symbolic
links, leave no temporary file after a kill, and exports never overwrite one another."""

import os
import signal
import stat
import subprocess
import sys

import pytest

from game.core.errors import UserError
from game.core.files.writing import TEMP_SUFFIX, NotARegularFile, write_atomically
from game.tavla.record.mat_export import new_export_path
from tests.faults.helpers import ROOT, wait_for


def temporaries(folder):
    return [path.name for path in folder.iterdir() if path.name.endswith(TEMP_SUFFIX)]


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_a_fifo_a_device_and_a_folder_are_refused_and_left_as_they_were(tmp_path, fifo):
    for path in (fifo, tmp_path):
        with pytest.raises(NotARegularFile, match="nothing was written"):
            write_atomically(path, "x")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and tmp_path.is_dir()
    before = os.stat("/dev/null")
    with pytest.raises(UserError, match="a device, a pipe or a socket"):
        write_atomically("/dev/null", "x")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert not temporaries(tmp_path)


def test_the_refusal_is_an_os_error_too_for_writers_that_report_failed_writes():
    with pytest.raises(OSError):
        write_atomically("/dev/null", b"x")


def test_a_symbolic_link_is_followed_its_target_written_and_the_link_kept(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old")
    target.chmod(0o644)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert write_atomically(link, "new") == target
    assert link.is_symlink() and target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644, "the file keeps its permissions"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "made.txt")
    write_atomically(dangling, "made")
    assert dangling.is_symlink() and (tmp_path / "made.txt").read_text() == "made"


def test_a_link_to_a_device_is_refused(tmp_path):
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    with pytest.raises(NotARegularFile):
        write_atomically(link, "x")
    assert link.is_symlink()


def test_sigterm_during_a_write_leaves_the_old_or_the_new_file_and_no_temporary(tmp_path):
    path = tmp_path / "big.bin"
    path.write_bytes(b"old")
    code = (
        "import sys; sys.path.insert(0, sys.argv[2]); from game.core.files.writing import write_atomically\n"
        "print('ready', flush=True)\n"
        "while True: write_atomically(sys.argv[1], b'n' * 20_000_000)\n"
    )
    for _ in range(3):
        process = subprocess.Popen([sys.executable, "-c", code, str(path), str(ROOT)], stdout=subprocess.PIPE)
        assert process.stdout.readline() == b"ready\n"
        wait_for(lambda: path.stat().st_size > 3, 10)
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == -signal.SIGTERM
        assert path.read_bytes() in (b"old", b"n" * 20_000_000)
        assert not temporaries(tmp_path), "the write finished before the signal took effect"


def test_a_temporary_left_by_sigkill_is_removed_by_the_next_write(tmp_path):
    path = tmp_path / "report.json"
    code = "import os; print(os.getpid())"
    dead = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    left = tmp_path / f".report.json.{dead.stdout.strip()}.abcd1234{TEMP_SUFFIX}"
    left.write_text("half")
    mine = tmp_path / f".report.json.{os.getpid()}.ffff0000{TEMP_SUFFIX}"
    mine.write_text("in progress here")
    write_atomically(path, "{}")
    assert not left.exists(), "a dead writer's temporary is removed"
    assert mine.exists(), "a live writer's is not"
    mine.unlink()


def test_two_exports_in_one_second_keep_both(tmp_path):
    first = new_export_path(tmp_path, "one", now=1_700_000_000)
    second = new_export_path(tmp_path, "two", now=1_700_000_000)
    third = new_export_path(tmp_path, "three", now=1_700_000_000)
    assert len({first, second, third}) == 3
    assert [p.read_text() for p in (first, second, third)] == ["one", "two", "three"]
    assert second.name == first.stem + "-2.mat"


def test_an_exclusive_write_never_replaces(tmp_path):
    path = tmp_path / "kept.mat"
    path.write_text("kept")
    with pytest.raises(FileExistsError):
        write_atomically(path, "other", exclusive=True)
    assert path.read_text() == "kept" and not temporaries(tmp_path)


def test_a_config_edit_through_a_link_writes_the_target(tmp_path):
    from game.settings import save_setting

    target = tmp_path / "settings.yaml"
    target.write_text("language: en\n")
    link = tmp_path / "config.yaml"
    link.symlink_to(target)
    save_setting(link, ("language",), "tr")
    assert link.is_symlink() and "language: tr" in target.read_text()


def test_a_config_edit_to_a_device_is_refused(tmp_path):
    from game.settings import save_setting

    link = tmp_path / "config.yaml"
    link.symlink_to("/dev/null")
    with pytest.raises(UserError):
        save_setting(link, ("language",), "tr")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and link.is_symlink()


def test_a_file_written_in_parts_is_their_bytes_in_order_and_never_replaces_a_fifo(tmp_path, fifo):
    """A solver build's checkpoint: hundreds of megabytes of arrays, written without joining them."""
    import numpy as np

    path = tmp_path / "parts.bin"
    table = np.arange(6, dtype=np.uint16)
    assert write_atomically(path, [b"head", memoryview(b"-"), table]) == path
    assert path.read_bytes() == b"head-" + table.tobytes() and not temporaries(tmp_path)
    with pytest.raises(NotARegularFile):
        write_atomically(fifo, [b"x", table])
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and not temporaries(tmp_path)
