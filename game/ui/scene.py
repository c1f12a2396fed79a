"""The base of every screen: a letterboxed camera over a fixed logical canvas, and button routing.

Scenes lay out in DESIGN_WIDTH x DESIGN_HEIGHT logical units; the camera scales that canvas to the
window keeping its aspect ratio, with bars on the sides. `pixel_scale` tells how many screen pixels a
logical unit covers, so scenes can build textures at screen resolution and stay sharp. A scene says
whether it needs frames (`in_motion`, `request_redraw`), so the window can rest when nothing moves.
On a small window (`compact`) the labels a scene names in `readable_labels` grow so that none is drawn
under `SMALLEST_PIXELS`; the scene picks shorter words or a sparser layout where they would not fit.

One convention for that layout: a scene lays itself out for `compact` when it is built, and again in
`on_compact_changed(compact)`, which is called only when a resize carries the window across the
small-window line; what follows the resolution alone (textures) is rebuilt in `on_scale_changed`, after
every resize.
"""

from collections.abc import Callable, Hashable, Iterable
from typing import cast

import arcade
from arcade import key
from arcade.gl.geometry import quad_2d_fs
from arcade.types import LRBT

from game.ui import theme
from game.ui.shell import Shell
from game.ui.text import Label
from game.ui.widgets import Button

KEY_BACK = [key.ESCAPE]
SMALLEST_PIXELS = 10
"""The least a label's font measures on screen, in pixels, however small the window."""
DESIGNED_SMALLEST = 12
"""The least a label measures on the logical canvas (what the full layouts are drawn for)."""
COMPACT_BELOW = SMALLEST_PIXELS / DESIGNED_SMALLEST
"""Under this many pixels a logical unit (a window under about 1066x666) the full layouts' smallest words
would be under SMALLEST_PIXELS: the scene is `compact`, with larger words and less of them."""


class CachedLayer:
    """What a screen draws that changes seldom (panels, words, buttons), painted into an offscreen
    framebuffer of the window's size only when its `key` changes, and copied to the screen each frame
    as one quad: a frame while things glide then costs little more than the gliding sprites.
    """

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self._framebuffer: arcade.gl.Framebuffer | None = None
        self._key: Hashable = None
        self._quad = quad_2d_fs()
        self.paints = 0  # how often the layer was painted (tests)

    def draw(self, key: Hashable, paint: Callable[[], None]) -> None:
        """Copy the layer to the screen, painted again first (with `paint`, over the background colour)
        if `key` differs from the last one or the window changed size."""
        ctx = self.ctx
        size = ctx.screen.size
        if self._framebuffer is None or self._framebuffer.size != size:
            texture = ctx.texture(size, components=4, filter=(ctx.NEAREST, ctx.NEAREST))
            self._framebuffer = ctx.framebuffer(color_attachments=[texture])
            self._key = None
        if key != self._key or self._key is None:
            with self._framebuffer.activate():
                self._framebuffer.clear(color=theme.BACKGROUND)
                paint()
            self._key = key
            self.paints += 1
        ctx.viewport = (0, 0, *size)
        with ctx.enabled_only():
            self._framebuffer.color_attachments[0].use(0)
            self._quad.render(ctx.utility_textured_quad_program)


class SceneView(arcade.View):
    """A screen with a letterbox camera; subclasses add buttons to `self.buttons` and draw in `draw_scene`."""

    def __init__(self) -> None:
        super().__init__()
        half_w, half_h = theme.DESIGN_WIDTH / 2, theme.DESIGN_HEIGHT / 2
        self.camera = arcade.Camera2D(
            projection=LRBT(-half_w, half_w, -half_h, half_h), position=(half_w, half_h)
        )
        self.buttons: list[Button] = []
        self._changed = True
        self._fit_camera()
        self._laid_out_compact = self.compact

    @property
    def shell(self) -> Shell:
        """The window this screen is shown in, as a screen may use it (game/ui/shell.py)."""
        return cast(Shell, self.window)

    @property
    def pixel_scale(self) -> float:
        """Screen pixels per logical unit."""
        return self.camera.viewport.width / theme.DESIGN_WIDTH

    def _fit_camera(self) -> None:
        self.camera.match_window(projection=False, aspect=theme.DESIGN_WIDTH / theme.DESIGN_HEIGHT)

    @property
    def compact(self) -> bool:
        """A small window: text grows to stay readable, so scenes show less of it."""
        return self.pixel_scale < COMPACT_BELOW

    def readable_labels(self) -> Iterable[Label]:
        """The labels kept at `SMALLEST_PIXELS` or more on screen (a scene names its own)."""
        return ()

    @property
    def smallest_text(self) -> float:
        """The least font size, in logical units, that is `SMALLEST_PIXELS` on screen now."""
        return SMALLEST_PIXELS / self.pixel_scale

    def keep_text_readable(self) -> None:
        smallest = self.smallest_text
        for label in self.readable_labels():
            label.keep_readable(smallest)

    def on_show_view(self) -> None:
        self._fit_camera()
        self.keep_text_readable()
        self.request_redraw()

    @property
    def in_motion(self) -> bool:
        """Whether something on the screen moves or changes by itself now (a glide, a fade, a toast):
        then every frame is drawn. A screen that does not say is always in motion."""
        return True

    def request_redraw(self) -> None:
        """Something drawn changed without input (a timer's text): draw the next frame."""
        self._changed = True

    def wants_frame(self) -> bool:
        """The window asks once a frame: draw when the scene moves or changed since the last ask."""
        changed, self._changed = self._changed, False
        return changed or self.in_motion

    def on_resize(self, width: int, height: int) -> None:
        self._fit_camera()
        self.rescale()

    def rescale(self) -> None:
        """After the camera's viewport changed: the layout again if the window crossed the small-window
        line, then the scene's rebuild for the new resolution, then its text kept readable."""
        compact = self.compact
        if compact != self._laid_out_compact:
            self._laid_out_compact = compact
            self.on_compact_changed(compact)
        self.on_scale_changed()
        self.keep_text_readable()
        self.request_redraw()

    def on_compact_changed(self, compact: bool) -> None:
        """Called after a resize that flipped `compact` (before `on_scale_changed`): a scene with a
        compact layout lays itself out again for it here, keeping what it shows."""

    def on_scale_changed(self) -> None:
        """Called after every resize: scenes with screen-resolution textures rebuild them here."""

    def to_world(self, x: float, y: float) -> tuple[float, float]:
        """A window position (from a mouse event) in logical coordinates."""
        world = self.camera.unproject((x, y))
        return world[0], world[1]

    def on_draw(self) -> None:
        self.clear(color=theme.BACKGROUND)
        with self.camera.activate():
            self.draw_scene()
            for button in self.buttons:
                button.draw()

    def draw_scene(self) -> None:
        """Draw the screen's content in logical coordinates."""

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        wx, wy = self.to_world(x, y)
        for button in self.buttons:
            button.on_mouse_motion(wx, wy)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        wx, wy = self.to_world(x, y)
        if button == arcade.MOUSE_BUTTON_LEFT and any(b.on_mouse_press(wx, wy) for b in self.buttons):
            return
        self.on_scene_press(wx, wy, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        wx, wy = self.to_world(x, y)
        if button == arcade.MOUSE_BUTTON_LEFT and any(b.on_mouse_release(wx, wy) for b in list(self.buttons)):
            return
        self.on_scene_release(wx, wy, button, modifiers)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in KEY_BACK and self.has_menu_behind:
            self.shell.show_menu()
        else:
            self.on_scene_key(symbol, modifiers)

    has_menu_behind = True
    """Esc returns to the main menu from every screen but the menu itself."""

    def leave(self) -> None:
        """Called when the screen goes away (another screen, or quitting): save what must survive, stop
        background work."""

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        """A key press other than Esc."""

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A press that no button took, in logical coordinates."""

    def on_scene_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A release that no button took, in logical coordinates."""
