"""The coach (game/puzzle/model/coach.py): its sentence, goal squares and arrows for each step of the method,
following the player, starting again after another move, going back to a broken line, the verdict."""

from __future__ import annotations

from game.puzzle.model import method_steps
from game.puzzle.model.board import Board
from game.puzzle.model.coach import ARROWS, Arrow, Coach, Goal, tiles_text, verdict
from game.puzzle.model.method_steps import Kind


def play(board: Board, tiles) -> Board:
    for tile in tiles:
        board = board.slide_tile(tile).board
    return board


def test_the_first_sentence_names_the_tile_and_its_square_is_the_goal() -> None:
    board = Board(3, 3, (4, 1, 3, 2, 0, 5, 7, 8, 6))
    coach = Coach(board)
    assert coach.step is not None and coach.step.kind is Kind.PLACE
    assert coach.sentence() == "Move 1 to its square (outlined)."
    assert coach.goals == [Goal(1, (0, 0))]


def coached_until(board: Board, kind: Kind) -> tuple[Board, Coach]:
    """The board and coach at the first step of ``kind`` when the player follows the coach."""
    coach = Coach(board)
    while coach.step is not None and coach.step.kind is not kind:
        board = board.slide_tile(coach.step.moves[0]).board
        coach.follow(board)
    return board, coach


def test_a_later_tile_is_placed_without_disturbing_the_earlier_ones() -> None:
    board, coach = coached_until(Board.shuffled(4, 4, 2024), Kind.CORNER)
    assert coach.step is not None and coach.step.placed == (1, 2)
    assert coach.sentence() == "The corner trick for 3 and 4: first put 3 in the corner, on 4's square."
    assert coach.goals == [Goal(3, (3, 0))]
    board = Board(4, 4, (1, 0, 2, 3, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
    coach = Coach(board)
    assert coach.sentence() == "Move 2 to its square without disturbing 1."
    assert coach.goals == [Goal(2, (1, 0))]


def test_arrows_are_the_next_moves_from_each_tile_into_the_gap() -> None:
    board = Board.shuffled(4, 4, 2024)
    coach = Coach(board)
    assert coach.step is not None
    arrows = coach.arrows
    assert len(arrows) == min(ARROWS, len(coach.step.moves))
    first = arrows[0]
    assert first == Arrow(coach.step.moves[0], board.cell_of(coach.step.moves[0]), board.empty_cell)
    after = board
    for arrow in arrows:
        assert after.cell_of(arrow.tile) == arrow.source and after.empty_cell == arrow.target
        after = after.slide_tile(arrow.tile).board


def test_every_step_of_a_coached_solve_has_a_sentence_and_the_corner_trick_in_order() -> None:
    board = Board.shuffled(5, 5, 9)
    coach = Coach(board)
    said: list[str] = []
    kinds: list[Kind] = []
    while coach.step is not None:
        sentence = coach.sentence()
        assert sentence and "{" not in sentence
        if not said or said[-1] != sentence:
            said.append(sentence)
            kinds.append(coach.step.kind)
        assert coach.arrows and coach.goals
        board = board.slide_tile(coach.step.moves[0]).board
        coach.follow(board)
        assert not coach.strayed
    assert board.is_solved()
    assert coach.sentence() == "Solved! Every row and column is in place."
    assert Kind.SLIDE in kinds and kinds[-1] is Kind.LAST
    assert any("the row is done" in s for s in said) and any("the column is done" in s for s in said)
    assert any(s.startswith("Now bring") and "just below" in s for s in said)
    assert any(s.startswith("Now bring") and "just right of" in s for s in said)
    assert said[-1].startswith("The last 2x2: turn")


def test_another_move_starts_again_from_the_board_as_it_is() -> None:
    board = Board.shuffled(4, 4, 7)
    coach = Coach(board)
    assert coach.step is not None
    planned = coach.step.moves[0]
    other = next(board.tile_at(c) for c in board.movable_cells() if board.tile_at(c) != planned)
    board = board.slide_tile(other).board
    coach.follow(board)
    assert coach.strayed
    assert coach.sentence().startswith("You went another way: fine, from here: ")
    assert coach.step == method_steps.step(board)
    board = board.slide_tile(coach.step.moves[0]).board
    coach.follow(board)
    assert not coach.strayed


def test_a_click_that_slides_several_planned_tiles_is_following() -> None:
    for seed in range(50):
        board = Board.shuffled(4, 4, seed)
        coach = Coach(board)
        assert coach.step is not None
        two = play(board, coach.step.moves[:2])
        click = next((c for c in board.movable_cells() if board.slide_from(c).board == two), None)
        if len(coach.step.moves) > 2 and click is not None:
            break
    else:
        raise AssertionError("no board whose first two moves are one click")
    rest = coach.step.moves[2:]
    coach.follow(two)
    assert not coach.strayed and coach.step is not None and coach.step.moves == rest


def test_breaking_a_finished_line_goes_back_to_it() -> None:
    board = Board(3, 3, (1, 2, 3, 4, 0, 6, 7, 5, 8))
    coach = Coach(board)
    broken = board.slide_tile(2).board  # 2 leaves the finished top row
    coach.follow(broken)
    assert coach.stepped_back
    assert coach.sentence().startswith("That broke a finished line: back to it. Move 2")
    assert coach.goals == [Goal(2, (1, 0))]


def test_the_verdict_compares_with_the_fewest_or_the_solvers_best() -> None:
    assert verdict(30, 22, True) == "You solved it in 30 moves. The fewest possible is 22 moves."
    assert verdict(150, 137, False) == "You solved it in 150 moves. The solver's best is 137 moves."
    assert verdict(1, None, False) == "You solved it in 1 move."


def test_tiles_in_a_row_are_said_as_a_run() -> None:
    assert tiles_text((1, 2)) == "1, 2"
    assert tiles_text((12, 13, 14, 15, 16, 17, 18)) == "12–18"
    assert tiles_text((1, 2, 3, 4, 9, 11, 12)) == "1–4, 9, 11, 12"
    assert tiles_text((11, 21, 31)) == "11, 21, 31"
    assert tiles_text(()) == ""
