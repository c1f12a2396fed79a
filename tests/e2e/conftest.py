"""Fixtures for end-to-end tests: a virtual screen per test module (in each worker process running
some of its tests) and a game launcher."""

from collections.abc import Callable, Iterator

import pytest

from tests.e2e.harness import GameProcess, VirtualScreen, require_display_tools

LAUNCH_ATTEMPTS = 2


@pytest.fixture(scope="module")
def screen() -> Iterator[VirtualScreen]:
    require_display_tools()
    with VirtualScreen() as virtual_screen:
        yield virtual_screen


@pytest.fixture
def launch(screen, tmp_path) -> Iterator[Callable[..., GameProcess]]:
    """Start the game with some arguments; it is closed after the test."""
    games: list[GameProcess] = []

    def start(*args: str) -> GameProcess:
        attempt = 1
        while True:
            screen.ensure_running()
            try:
                game = GameProcess(screen, list(args), tmp_path)
            except RuntimeError as error:
                if "cannot open a window" in str(error) and attempt < LAUNCH_ATTEMPTS:
                    attempt += 1
                    continue
                raise
            games.append(game)
            return game

    yield start
    for game in games:
        game.close()
