"""The coach on the Fifteen screen, headless: Learn opens a coached game, the sentence takes the goal
picture's place, the arrows are drawn on the board, Coach turns it off, and a coached solve ends with the
verdict; every sentence stays readable on a small window."""

import random

import pytest

from game.menu.main_menu import MainMenuView
from game.puzzle.model.board import Board
from game.puzzle.model.coach import Coach
from game.puzzle.screens.view import PuzzleView
from game.ui.scene import SMALLEST_PIXELS
from tests.views.driver import click, screenshot
from tests.views.menu.menus import rect_centre
from tests.views.puzzle.screen import open_puzzle, wait_for
from tests.views.text import small_window

ARROW = (240, 170, 80)


def orange_pixels(window, view: PuzzleView) -> int:
    """Pixels of the coach's colour (its arrows and the outline of the tile to move) over the board."""
    image = screenshot(window)
    width, height = image.size
    scale = width / 1280
    left, right = round(40 * scale), round(740 * scale)
    pixels = image.crop((left, 0, right, height)).getdata()
    return sum(
        1
        for r, g, b in pixels
        if abs(r - ARROW[0]) < 12 and abs(g - ARROW[1]) < 12 and abs(b - ARROW[2]) < 12
    )


@pytest.mark.usefixtures("at_the_menu")
def test_learn_opens_a_coached_game_of_the_chosen_size(window):
    menu = window.current_view
    assert isinstance(menu, MainMenuView)
    click(menu, *rect_centre(menu.learn_button))
    view = window.current_view
    assert isinstance(view, PuzzleView) and view.coach is not None
    assert view.game.board.size == menu.size_picker.value
    assert view.coach_text.text == view.coach.sentence()
    assert view.coach_button.label == "Coach off"
    assert view.game.assisted


@pytest.mark.slow
def test_the_coach_draws_its_arrows_and_turns_off(window):
    view = open_puzzle(window, size="3x3", image="numbers", seed=5)
    quiet = orange_pixels(window, view)
    click(view, *rect_centre(view.coach_button))
    assert view.coach is not None and view.coach.arrows
    view.on_update(1 / 60)
    assert view.coach_text.text.startswith(
        ("Move", "The corner trick", "Now bring", "Bring", "Slide", "The last")
    )
    assert orange_pixels(window, view) > quiet + 500
    click(view, *rect_centre(view.coach_button))
    assert view.coach is None and view.coach_button.label == "Coach"
    assert orange_pixels(window, view) <= quiet


def test_following_the_coach_solves_the_board_and_ends_with_the_verdict(window):
    view = open_puzzle(window, size="3x3", image="numbers", seed=8, coach=True)
    for _ in range(200):
        if view.game.solved:
            break
        tile = view.coach.arrows[0].tile
        view._animate(view.game.slide_tile(tile))
        wait_for(view, lambda: not view.animating)
        assert not view.coach.strayed
    assert view.game.solved
    wait_for(view, lambda: view.toast.remaining > 0 and "You solved it in" in view.toast.message, 30)
    assert f"You solved it in {view.game.moves} moves." in view.toast.message
    assert "The fewest possible is" in view.toast.message


def coach_sentences(size: int, seed: int) -> set[str]:
    """Every sentence the coach says on a shuffled `size`x`size` board while the player follows it but
    now and then goes another way (which brings the longest ones: "You went another way", "That broke
    a finished line")."""
    rng = random.Random(seed)
    board = Board.shuffled(size, size, seed)
    coach = Coach(board)
    said = set()
    while coach.step is not None:
        said.add(coach.sentence())
        if rng.random() < 0.03:
            board = board.slide_from(rng.choice(board.movable_cells())).board
        else:
            board = board.slide_tile(coach.arrows[0].tile).board
        coach.follow(board)
    return said


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "tr", "uk", "ko"], indirect=True)
def test_the_coachs_sentences_are_readable_on_a_small_window(window, language):
    sentences = coach_sentences(10, 1) | coach_sentences(5, 2)
    assert any(sentence.count(",") >= 3 for sentence in sentences), "long lists of tiles were said"
    view = open_puzzle(window, size="4x4", image="numbers", seed=1, coach=True)
    with small_window(view):
        assert view.coach_text in view.readable_labels()
        small = []
        for sentence in sentences:
            view.coach_text.text = sentence
            view.keep_text_readable()
            pixels = view.coach_text.font_size * view.pixel_scale
            if pixels < SMALLEST_PIXELS or not view.coach_text.fits():
                small.append((round(pixels, 1), sentence))
        assert not small, small
