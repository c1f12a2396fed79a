"""The table screen, headless: open one, set a position, let frames pass, drag checkers; and a standard
table with the cube against a bot that answers as told."""

import concurrent.futures
import time

import arcade

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.screens import layout
from game.tavla.screens.table.opponent import OpponentDriver
from game.tavla.screens.table.view import TableView
from tests.views.driver import FRAME, to_screen

# Seat 0 to play 3-1 from the opening position.
THREE_ONE = (3, 1)


def open_table(window, opponent="random", seed=1) -> TableView:
    window.show_view(TableView(opponent=opponent, rules=Rules.TAVLA, seed=seed))
    view = window.current_view
    assert isinstance(view, TableView)
    return view


def set_up(view: TableView, state, dice, opponent="random", seed: int = 1) -> None:
    """The table at `state` with `dice` to play; the dice after them come from `seed`, so what follows
    is the same on every run (unseeded, a rare roll (a forced play, a dance) made tests flaky)."""
    view.start_session(TableSession.from_position(state, dice, Rules.TAVLA, opponent, seed=seed))
    settle(view)


def tick(view: TableView) -> None:
    """One frame; if the bot is thinking in its thread, give it the real time it needs first."""
    if view.driver.thinking is not None:
        concurrent.futures.wait([view.driver.thinking], timeout=10)
    view.on_update(FRAME)


def settle(view: TableView, seconds: float = 1.5) -> None:
    for _ in range(round(seconds / FRAME)):
        tick(view)


def wait_for_hint(view: TableView, seconds: float = 30.0) -> None:
    """The hint is found in a thread of its own: frames pass until it shows (or `seconds` of real time)."""
    deadline = time.monotonic() + seconds
    while view.driver.hint_pending and time.monotonic() < deadline:
        view.on_update(FRAME)
        time.sleep(0.01)


def point_centre(seat: int, point: int) -> tuple[float, float]:
    shown = layout.to_display(seat, point, Rules.TAVLA.variant)
    return layout.checker_position(seat, shown, 0, 1)


def drag(view: TableView, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    sx, sy = to_screen(view, *start)
    view.on_mouse_press(int(sx), int(sy), arcade.MOUSE_BUTTON_LEFT, 0)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        px, py = to_screen(view, x, y)
        view.on_mouse_drag(int(px), int(py), 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
        view.on_update(FRAME)
    ex, ey = to_screen(view, *end)
    view.on_mouse_release(int(ex), int(ey), arcade.MOUSE_BUTTON_LEFT, 0)


def top_checker(view: TableView, seat: int, point: int) -> tuple[float, float]:
    shown = layout.to_display(seat, point, view.session.game.variant)
    return view.checkers.stacks[(seat, shown)][-1].position


class CubeStub:
    """A bot that plays its first legal play and answers the cube as told."""

    def __init__(self, doubles: bool = False, takes: bool = True) -> None:
        self.doubles, self.takes = doubles, takes

    def play(self, state, die1, die2):
        return format_play(legal_plays(tuple(state), die1, die2, Rules.STANDARD)[0])

    def double(self, state, cube):
        return self.doubles

    def take(self, state, cube):
        return self.takes


def cube_table(window, bot: CubeStub) -> TableView:
    """A standard table with the cube, seat 0 to play 3-1 at the opening against `bot`."""
    window.show_view(TableView(opponent="random", rules=Rules.STANDARD, seed=1))
    view = window.current_view
    assert isinstance(view, TableView)
    view.driver = OpponentDriver(bot, Rules.STANDARD)
    session = TableSession.from_position(OPENING, (3, 1), Rules.STANDARD, "random", 5, cube=True)
    view.start_session(session)
    settle(view)
    return view


def play_first_turn(view: TableView) -> None:
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 3.0)


def centre(button) -> tuple[float, float]:
    return button.rect.x, button.rect.y
