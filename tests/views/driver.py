"""Drives a headless scene as a player would: clicks and keys at logical positions, time in steps."""

import arcade
from PIL import Image

from game.ui.scene import SceneView

FRAME = 1 / 60


def to_screen(view: SceneView, x: float, y: float) -> tuple[float, float]:
    """A logical position in window pixels, where a real mouse would be."""
    screen = view.camera.project((x, y))
    return screen[0], screen[1]


def click(view: SceneView, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    sx, sy = to_screen(view, x, y)
    view.on_mouse_motion(int(sx), int(sy), 0, 0)
    view.on_mouse_press(int(sx), int(sy), button, 0)
    view.on_mouse_release(int(sx), int(sy), button, 0)


def press_key(view: SceneView, symbol: int, modifiers: int = 0) -> None:
    view.on_key_press(symbol, modifiers)
    view.on_key_release(symbol, modifiers)


def step(view: SceneView, seconds: float, dt: float = FRAME) -> None:
    """Advance the scene's time by `seconds` in frames of `dt`."""
    frames = max(1, round(seconds / dt))
    for _ in range(frames):
        view.on_update(dt)


def screenshot(window: arcade.Window) -> Image.Image:
    """Draw one frame of the current view and read it back (top-down, RGB)."""
    draw_frame(window)
    return arcade.get_image().convert("RGB")


def draw_frame(window: arcade.Window) -> None:
    """Draw one frame of the current view, with no read-back: what a check of its labels needs (what a
    frame lays out), a third cheaper than a screenshot."""
    window.switch_to()
    window.current_view.on_draw()
