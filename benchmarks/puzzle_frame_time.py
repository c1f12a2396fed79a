"""Frame time of the Fifteen scene while tiles glide, as a ratio to a bare Arcade scene.

Run: `python benchmarks/puzzle_frame_time.py [--frames N]`. Both scenes run in the same process and
window, offscreen (ARCADE_HEADLESS), and each frame ends with `ctx.finish()` so the GPU work is
counted. The reference draws the same number of sprites with the same textures and nothing else.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
os.environ.setdefault("FIFTEEN_TAVLA_DATA_DIR", tempfile.mkdtemp(prefix="fifteen-tavla-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arcade

from game.app import GameWindow
from game.puzzle.model.size import BoardSize
from game.puzzle.screens.view import PuzzleView
from game.settings import load_config

FRAME = 1 / 60
SIZE = BoardSize(6, 5)


def frame_times(window: arcade.Window, frame, frames: int) -> list[float]:
    times = []
    for i in range(frames):
        start = time.perf_counter()
        frame(i)
        window.ctx.finish()
        window.ctx.gc()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    window = GameWindow(load_config())
    picture = window.settings.puzzle.images[0].name
    window.show_view(PuzzleView(size=SIZE, image=picture, seed=5))
    view = window.current_view
    assert isinstance(view, PuzzleView)

    def puzzle_frame(i: int) -> None:
        if not view.animating:
            column, row = view.game.board.empty_cell
            far = (0 if column > 2 else 5, row) if i % 2 else (column, 0 if row > 2 else 4)
            view._animate(view.game.click(far))
        view.on_update(FRAME)
        view.on_draw()

    bare = arcade.SpriteList()
    for sprite in view.tile_sprites:
        copy = arcade.Sprite(sprite.texture, center_x=sprite.center_x, center_y=sprite.center_y)
        copy.width, copy.height = sprite.width, sprite.height
        bare.append(copy)

    def bare_frame(i: int) -> None:
        window.clear()
        for sprite in bare:
            sprite.center_x += 0.1 if i % 2 else -0.1
        bare.draw()

    frame_times(window, puzzle_frame, 60)
    frame_times(window, bare_frame, 60)
    puzzle = frame_times(window, puzzle_frame, args.frames)
    reference = frame_times(window, bare_frame, args.frames)
    moved = view.game.moves
    p_med, r_med = statistics.median(puzzle) * 1000, statistics.median(reference) * 1000
    print(
        f"{SIZE} puzzle while gliding ({moved} tiles moved): median {p_med:.2f} ms/frame, "
        f"p95 {sorted(puzzle)[int(0.95 * len(puzzle))] * 1000:.2f} ms"
    )
    print(f"bare scene, same {len(bare)} sprites: median {r_med:.2f} ms/frame")
    print(f"ratio puzzle / bare: {p_med / r_med:.2f}")


if __name__ == "__main__":
    main()
