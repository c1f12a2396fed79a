"""No module in `game/` over 600 lines (the project's guide): a module that long holds more than one
purpose, and the next capability would make it longer still. Split one along a seam, a part with a
purpose of its own that its docstring states (the table view's mixins, turns.py, pointer.py, saving.py,
are the pattern), not into arbitrary halves."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 600


def lengths() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted((ROOT / "game").rglob("*.py"))
    }


def test_no_module_in_game_is_over_600_lines() -> None:
    counts = lengths()
    long = {path: count for path, count in counts.items() if count > MOST_LINES}
    assert long == {}, f"split these along a seam (tests/structure/test_module_length.py): {long}"
