"""The checkers on the table as sprites: one stack per (seat, point), and their eased glides.

Every move pops a sprite from one stack and pushes it on another, then each sprite glides to its
slot. Moves the computer made wait in `pending` and are shown one checker at a time. The game played
(its `Variant`) says how each seat's points lie on the board, whether a checker landed on hits a blot
or pins it (Plakoto: the pinned checker stays at the point's base, half under its pinners, ringed).
"""

from collections import deque
from collections.abc import Callable

import arcade

from game.tavla.engine.moves import Move
from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF, State
from game.tavla.engine.rules import Rules
from game.tavla.engine.variant import Variant
from game.tavla.screens import layout
from game.tavla.screens.board_art import Palette, checker_image, slab_image
from game.ui.text import Label
from game.ui.textures import own_texture
from game.ui.tween import Glides

Location = tuple[int, int]
PIN_OVERLAP = 0.45
"""How much of a pinned checker its first pinner covers, in checkers (the rest shows below it)."""
PIN_RING = (214, 64, 52)


class CheckerStacks:
    """All thirty checkers: where each one stands, and the glides that take it there."""

    def __init__(self, duration: float, easing: Callable[[float], float], light_seat: int) -> None:
        self.duration = duration
        self.easing = easing
        self.light_seat = light_seat
        self.sprites = arcade.SpriteList()
        self.stacks: dict[Location, list[arcade.Sprite]] = {}
        self.glides = Glides()
        self.pending: deque[tuple[int, Move]] = deque()
        self.held: arcade.Sprite | None = None  # the checker under the mouse, left where the mouse is
        self.variant: Variant = Rules.TAVLA.variant  # the game on the board, set by `sync`
        self.pinned: dict[int, arcade.Sprite] = {}  # the pinned checker of each point (seat 0's numbers)
        self.sound: Callable[[str], None] = lambda event: None  # the window's Sounds.play, once shown
        self.landing = "land"  # the sound of the next landing: land, hit or bear_off
        self._count_labels: dict[Location, Label] = {}
        self._checker_textures: list[arcade.Texture] = []
        self._slab_textures: list[arcade.Texture] = []

    def build_textures(self, palette: Palette, scale: float) -> None:
        """Checkers and tray slabs at screen resolution (`scale` pixels a unit); light for `light_seat`."""
        pixels = round(layout.CHECKER * scale)
        colours = (palette.white_checker, palette.black_checker)
        if self.light_seat == 1:
            colours = colours[::-1]
        self._checker_textures = [
            own_texture(checker_image(colour, pixels), f"checker-{colour}-{pixels}") for colour in colours
        ]
        slab = (round(layout.SLAB_WIDTH * scale), round(layout.SLAB_HEIGHT * scale))
        self._slab_textures = [
            own_texture(slab_image(colour, slab), f"slab-{colour}-{slab}") for colour in colours
        ]
        for (_seat, point), stack in self.stacks.items():
            for sprite in stack:
                self._dress(sprite, point)

    def _dress(self, sprite: arcade.Sprite, point: int) -> None:
        """A round checker on the board, a slab seen edge on in the tray."""
        seat = sprite.properties["seat"]
        if point == layout.OFF_POINT:
            sprite.texture = self._slab_textures[seat]
            sprite.width, sprite.height = layout.SLAB_WIDTH, layout.SLAB_HEIGHT
        else:
            sprite.texture = self._checker_textures[seat]
            sprite.width = sprite.height = layout.CHECKER

    @property
    def animating(self) -> bool:
        return bool(self.glides or self.pending)

    def sync(self, board: State, variant: Variant | None = None) -> None:
        """Put every checker where `board` (seat 0's side, of `variant`'s game, else the one on the board)
        says, at once."""
        if variant is not None:
            self.variant = variant
        pins = self.variant.pins(board)  # seat 0's pinned checker is not among board[point]'s
        counts: dict[Location, int] = {
            (0, layout.OFF_POINT): board[OFF],
            (0, layout.BAR_POINT): board[BAR],
            (1, layout.BAR_POINT): board[OPP_BAR],
            (1, layout.OFF_POINT): board[OPP_OFF],
        }
        for point in range(1, 25):
            if board[point] > 0:
                counts[(0, point)] = board[point]
            elif board[point] < 0:
                counts[(1, point)] = -board[point]
        self.glides.clear()
        self.pending.clear()
        self.sprites.clear()
        self.stacks = {}
        self.pinned = {}
        for point, side in pins.items():  # first, so that they are drawn under their pinners
            seat = 0 if side > 0 else 1
            self.pinned[point] = self._add(seat, point)
        for (seat, point), count in counts.items():
            for _index in range(count):
                self._add(seat, point)
        self.place(animate=False)

    def _add(self, seat: int, point: int) -> arcade.Sprite:
        sprite = arcade.Sprite(self._checker_textures[seat])
        sprite.properties["seat"] = seat
        self._dress(sprite, point)
        self.stacks.setdefault((seat, point), []).append(sprite)
        self.sprites.append(sprite)
        return sprite

    def glide_to(self, state: State, seat: int) -> None:
        """Glide every checker to a position given from `seat`'s side (after an undo): each lands on
        the nearest slot of its colour."""
        old: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
        for sprite in self.sprites:
            old[sprite.properties["seat"]].append(sprite.position)
        self.sync(state if seat == 0 else self.variant.flip(state))
        for sprite in self.sprites:
            starts = old[sprite.properties["seat"]]
            target = sprite.position
            start = min(starts, key=lambda p: (p[0] - target[0]) ** 2 + (p[1] - target[1]) ** 2)
            starts.remove(start)
            sprite.position = start
        self.place()

    def place(self, animate: bool = True, duration: float | None = None) -> None:
        """Send every checker but the held one to its slot in its stack, gliding if it is not there yet."""
        for (seat, point), stack in self.stacks.items():
            for index, sprite in enumerate(stack):
                if sprite is self.held:
                    continue
                target = self._slot(seat, point, index, len(stack))
                if self.glides.heading(sprite) == target:
                    continue
                self.glides.stop(sprite)
                if animate and sprite.position != target:
                    seconds = self.duration if duration is None else duration
                    self.glides.start(sprite, target, seconds, self.easing)
                else:
                    sprite.position = target

    def _slot(self, seat: int, point: int, index: int, count: int) -> tuple[float, float]:
        """Where the `index`-th of `count` checkers of `seat` on `point` (seat 0's numbers) stands: under
        a pin, the pinned checker at the base and its pinners from PIN_OVERLAP of a checker above it."""
        pinned = self.pinned.get(point)
        if pinned is None:
            return layout.checker_position(seat, point, index, count)
        if pinned.properties["seat"] == seat:
            pinners = len(self.stacks.get((1 - seat, point), []))
            return layout.checker_position(seat, point, 0, pinners + 1)
        return layout.checker_position(seat, point, index + 1 - PIN_OVERLAP, count + 1)

    def move(self, seat: int, move: Move) -> None:
        """One checker of `seat` moves (in that seat's own numbering): a blot landed on goes to the bar,
        or is pinned where the game pins; a pinned checker is free once its last pinner leaves."""
        source = layout.to_display(seat, move[0], self.variant)
        target = layout.to_display(seat, move[1], self.variant)
        sprite = self.stacks[(seat, source)].pop()
        pinned = self.pinned.get(source)
        if pinned is not None and pinned.properties["seat"] != seat and not self.stacks[(seat, source)]:
            del self.pinned[source]
        self.landing = "bear_off" if target == layout.OFF_POINT else "land"
        if target != layout.OFF_POINT:
            blots = self.stacks.get((1 - seat, target), [])
            if len(blots) == 1 and not self.variant.hits:
                self.pinned.setdefault(target, blots[0])
                self.landing = "hit"
            elif blots:
                self.stacks.setdefault((1 - seat, layout.BAR_POINT), []).append(blots.pop())
                self.landing = "hit"
        self.stacks.setdefault((seat, target), []).append(sprite)
        self._dress(sprite, target)
        self.raise_to_top(sprite)

    def raise_to_top(self, sprite: arcade.Sprite) -> None:
        """Draw `sprite` over every other checker."""
        self.sprites.remove(sprite)
        self.sprites.append(sprite)

    def top(self, seat: int, point: int) -> arcade.Sprite | None:
        """The top checker of `seat` on `point` (in that seat's numbering), if there is one."""
        stack = self.stacks.get((seat, layout.to_display(seat, point, self.variant)))
        if not stack or self.pinned.get(layout.to_display(seat, point, self.variant)) is stack[-1]:
            return None
        return stack[-1]

    def land_all(self) -> None:
        """Every pending move made and every glide ended, at once."""
        while self.pending:
            seat, move = self.pending.popleft()
            self.move(seat, move)
        self.place(animate=False)
        self.glides.finish()

    def update(self, delta_time: float, rolling: bool) -> None:
        """Advance the glides; once they end (and the dice no longer roll), show the next pending move."""
        if self.glides.update(delta_time):
            self.sound(self.landing)
            self.landing = "land"
        if not self.glides and self.pending and not rolling:
            seat, move = self.pending.popleft()
            self.move(seat, move)
            self.place()

    def draw(self, smallest_text: float) -> None:
        """The checkers, and the counts on tall stacks in `smallest_text` logical units or larger; a
        pinned checker ringed under its pinners."""
        for sprite in self.pinned.values():
            if sprite is not self.held:
                arcade.draw_circle_filled(*sprite.position, layout.CHECKER / 2 + 4, PIN_RING)
        self.sprites.draw()
        self._draw_counts(smallest_text)

    @property
    def count_labels(self) -> list[Label]:
        return list(self._count_labels.values())

    def draw_held(self) -> None:
        """The checker under the mouse once more, over the dice, the marks and the panel."""
        if self.held is not None:
            arcade.draw_sprite(self.held)

    def _draw_counts(self, smallest_text: float) -> None:
        """Stacks taller than the point shows are labelled with their count on the top checker."""
        for (seat, point), stack in self.stacks.items():
            if len(stack) <= layout.MAX_SPREAD or point == layout.OFF_POINT:
                continue
            label = self._count_labels.get((seat, point))
            if label is None:
                colour = (40, 40, 40) if seat == self.light_seat else (235, 235, 235)
                label = Label(
                    "",
                    0,
                    0,
                    colour,
                    16,
                    box_width=layout.CHECKER - 8,
                    anchor_x="center",
                    anchor_y="center",
                    bold=True,
                )
                self._count_labels[(seat, point)] = label
            if label.text != str(len(stack)):
                label.text = str(len(stack))
            label.keep_readable(smallest_text)
            label.position = stack[-1].position
            label.draw()
