"""The other games of the board at the table, headless: Plakoto's pins drawn and made by drag and drop,
Fevga's opponent running the same way round, long nardy's head refused in words, their hints, and what
the backgammon-only parts do."""

import pytest

from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.screens import layout
from game.tavla.screens.table.view import TableView
from tests.views.tavla.table import drag, settle, to_screen, wait_for_hint

PLAKOTO = Rules.PLAKOTO.variant
FEVGA = Rules.FEVGA.variant


def plakoto_state(own: dict[int, int], theirs: dict[int, int], pins: dict[int, int] | None = None) -> tuple:
    """A Plakoto position from seat 0's side: our free checkers, theirs (in our numbering), the pins."""
    points = [0] * 25
    for point, count in own.items():
        points[point] = count
    for point, count in theirs.items():
        points[point] = -count
    pin_row = [0] * 24
    for point, side in (pins or {}).items():
        pin_row[point - 1] = side
    return (0, *points[1:], 0, 0, 0, *pin_row)


def table(window, rules: Rules, state: tuple, dice: tuple[int, int]) -> TableView:
    window.show_view(TableView(opponent="expert", rules=rules, seed=1, offer_resume=False))
    view = window.current_view
    view.start_session(TableSession.from_position(state, dice, rules, "expert"))
    settle(view)
    return view


def centre_of(view: TableView, seat: int, point: int) -> tuple[float, float]:
    stack = view.checkers.stacks[(seat, layout.to_display(seat, point, view.session.game.variant))]
    return stack[-1].position


@pytest.mark.slow
def test_a_checker_dropped_on_a_lone_opponent_pins_it_under_itself(window):
    # Ours: 14 on 24, 1 on 20; theirs: 14 on our 1, a lone one on our 17. 3-1: 20/17 pins it.
    state = plakoto_state({24: 14, 20: 1}, {1: 14, 17: 1})
    view = table(window, Rules.PLAKOTO, state, (3, 1))
    assert view.panel.texts["title"].text == "Plakoto"
    drag(view, centre_of(view, 0, 20), layout.checker_position(0, 17, 0, 1))
    settle(view)
    turn = view.session.turn
    assert turn.moves == [(20, 17)], "the drop is the move 20/17"
    assert PLAKOTO.pins(turn.state) == {17: -1}, "their checker is pinned on our 17"
    pinned = view.checkers.pinned[17]
    assert pinned.properties["seat"] == 1 and view.checkers.stacks[(1, 17)] == [pinned], "it stays on 17"
    assert not view.checkers.stacks.get((1, layout.BAR_POINT)), "nothing goes to a bar: Plakoto has none"
    pinner = view.checkers.stacks[(0, 17)][-1]
    base = layout.checker_position(1, 17, 0, 2)
    assert pinned.position == base, "the pinned checker keeps the point's base"
    assert 0 < abs(pinner.position[1] - base[1]) < layout.CHECKER, "its pinner lies half over it"
    sprites = list(view.checkers.sprites)
    assert sprites.index(pinned) < sprites.index(pinner), "drawn under its pinner"
    assert view.checkers.top(1, 25 - 17) is None, "a pinned checker cannot be picked up"


def test_a_pin_in_the_position_is_drawn_and_freed_when_its_pinner_leaves(window):
    # Theirs pinned on our 5 under our lone checker, which 5/3 moves away with 2-1.
    state = plakoto_state({24: 14, 5: 1}, {1: 14}, {5: -1})
    view = table(window, Rules.PLAKOTO, state, (2, 1))
    assert view.checkers.pinned[5].properties["seat"] == 1
    drag(view, centre_of(view, 0, 5), layout.checker_position(0, 3, 0, 1))
    settle(view)
    assert (5, 3) in view.session.turn.moves
    assert 5 not in view.checkers.pinned, "the last pinner left: the checker is free"
    assert view.checkers.stacks[(1, 5)][0].position == layout.checker_position(1, 5, 0, 1)


def test_fevgas_opponent_starts_diagonally_opposite_and_the_pips_count_its_way(window):
    # Ours: 13 on 24, one on 10, one on 8; theirs: 14 on their 24 (our 12), one on their 13 (our 1).
    points = [0] * 25
    points[24], points[10], points[8], points[12], points[1] = 13, 1, 1, -14, -1
    view = table(window, Rules.FEVGA, (0, *points[1:], 0, 0, 0), (6, 4))
    assert len(view.checkers.stacks[(1, 12)]) == 14, "seat 1's 24-point is seat 0's 12"
    assert len(view.checkers.stacks[(1, 1)]) == 1
    assert view.panel.texts["pips"].text == "Pips: You 330 · Expert 349", "their 336 + 13 to go"
    drag(view, centre_of(view, 0, 10), layout.checker_position(0, 4, 0, 1))
    settle(view)
    assert view.session.turn.moves == [(10, 4)]


def test_a_second_checker_off_long_nardys_head_is_refused_in_words(window):
    points = [0] * 25
    points[24], points[20], points[12], points[1] = 14, 1, -14, -1
    view = table(window, Rules.NARDY, (0, *points[1:], 0, 0, 0), (6, 5))
    drag(view, centre_of(view, 0, 24), layout.checker_position(0, 18, 0, 1))
    settle(view)
    assert view.session.turn.moves == [(24, 18)]
    x, y = to_screen(view, *centre_of(view, 0, 24))
    view.on_mouse_press(int(x), int(y), 1, 0)
    view.on_mouse_release(int(x), int(y), 1, 0)
    assert view.note.message.startswith("One checker a turn leaves the head")
    assert view.session.turn.moves == [(24, 18)]


def test_the_hint_ranks_the_games_own_plays_with_its_network(window):
    view = table(window, Rules.PLAKOTO, PLAKOTO.opening, (6, 5))
    view.show_hint()
    wait_for_hint(view)
    assert view.panel.texts["hint"].text.startswith("Hint (Master): "), "the judge setting, as backgammon's"
    assert len(view.hint_panel.hint.ranked) == 2, "Plakoto's opening 6-5 has two plays"
    assert {row.text for row in view.hint_panel.hint.ranked} == {"24/19 24/18", "24/18 18/13"}


def test_the_backgammon_only_parts_are_off_and_the_export_and_analysis_on(window):
    view = table(window, Rules.FEVGA, FEVGA.opening, (6, 5))
    assert view.panel.export_button.enabled, "a .tgr file holds the match (issue 49)"
    assert view.over.buttons[2].enabled is True, "the analysis judges every game (issue 49)"
    assert view.panel.texts["position"].text == "" and view.panel.texts["match"].text == ""
