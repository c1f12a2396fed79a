"""Frame time of the table while the computer's checkers glide, as a ratio to a bare Arcade scene.

Run: `python benchmarks/tavla_frame_time.py [--frames N]`. Both run in one process and window,
offscreen; each frame ends with `ctx.finish()` so the GPU's work counts. The table plays pubeval
against pubeval (both seats' moves glide; frames are timed while checkers glide); the reference draws
the same sprites and nothing else.
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
from game.settings import load_config
from game.tavla.engine.notation import parse_play
from game.tavla.players import get_bot
from game.tavla.screens.table.view import TableView

FRAME = 1 / 60


def timed(window: arcade.Window, frame, frames: int, counts=lambda: True) -> list[float]:
    """Time `frames` frames for which `counts()` holds when they start (others run untimed)."""
    times: list[float] = []
    i = 0
    while len(times) < frames:
        timing = counts()
        start = time.perf_counter()
        frame(i)
        window.ctx.finish()
        window.ctx.gc()
        if timing:
            times.append(time.perf_counter() - start)
        i += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    window = GameWindow(load_config())
    window.show_view(TableView(opponent="pubeval", seed=1))
    view = window.current_view
    assert isinstance(view, TableView)
    seat0 = get_bot("pubeval")

    def table_frame(i: int) -> None:
        session = view.session
        idle = not view.animating and not view.auto_commit
        turn = session.turn
        if session.phase.value == "human" and idle and turn is not None and not turn.steps:
            game = session.game
            answer = seat0.play(list(game.state), *game.dice)
            for move in sorted(parse_play(answer), reverse=True):
                step = next(s for s in turn.options() if s.move == move)
                view._play_steps([step])
        elif session.phase.value == "human" and idle and turn is not None and turn.done:
            view.finish_turn()
        elif session.phase.value in ("game over", "match over") and not view.animating:
            view.new_match()
        view.on_update(FRAME)
        view.on_draw()

    bare = arcade.SpriteList()
    for sprite in [*view.board.sprites, *view.checkers.sprites, *view.dice.sprites]:
        copy = arcade.Sprite(sprite.texture, center_x=sprite.center_x, center_y=sprite.center_y)
        copy.width, copy.height = sprite.width, sprite.height
        bare.append(copy)

    def bare_frame(i: int) -> None:
        window.clear()
        for sprite in bare[1:]:
            sprite.center_x += 0.1 if i % 2 else -0.1
        bare.draw()

    timed(window, table_frame, 60)
    timed(window, bare_frame, 60)
    table = timed(window, table_frame, args.frames, lambda: bool(view.checkers.glides))
    reference = timed(window, bare_frame, args.frames)
    t_med, r_med = statistics.median(table) * 1000, statistics.median(reference) * 1000
    p95 = sorted(table)[int(0.95 * len(table))] * 1000
    print(f"table while checkers glide ({len(table)} frames): median {t_med:.2f} ms, p95 {p95:.2f} ms")
    print(f"bare scene, same {len(bare)} sprites: median {r_med:.2f} ms/frame")
    print(f"ratio table / bare: {t_med / r_med:.2f}")


if __name__ == "__main__":
    main()
