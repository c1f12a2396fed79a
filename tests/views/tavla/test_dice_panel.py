"""The table shows its dice's commitment from the first roll and never the seed while the match is played;
once the match is over the dice panel under the end card shows the match's dice and the seed."""

import pytest

from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table.view import TableView
from tests.tavla.matches import advance
from tests.views.driver import draw_frame
from tests.views.tavla.table import open_table, settle
from tests.views.text import assert_readable, small_window

SEED = bytes(range(32))


def _shown(view) -> str:
    """Every text the table shows now."""
    return "\n".join(label.text for label in view.readable_labels())


def test_a_new_match_shows_its_commitment_and_hides_its_seed(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA, offer_resume=False))
    view = window.current_view
    settle(view, 0.5)
    match = view.session.match
    assert match.dice_seed is not None
    assert view.panel.texts["dice"].text == f"Dice {match.commitment[:10]}…"
    assert match.dice_seed.hex()[:8] not in _shown(view)
    assert not view._dice_panel_shown()


def test_a_table_given_a_seed_replays_its_dice_and_commits_to_none(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="random", seed=3)
    assert view.session.match.dice_seed is None and view.panel.texts["dice"].text == ""


@pytest.mark.slow
def test_the_dice_panel_shows_the_matchs_dice_and_the_seed_once_it_is_over(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="random")
    playing = advance(Match(3, Rules.TAVLA, 3, dice_seed=SEED), 3, steps=12)
    view.start_session(TableSession.resume(playing, "random"))
    settle(view, 1.0)
    assert SEED.hex()[:8] not in _shown(view) and not view._dice_panel_shown()
    match = advance(Match(3, Rules.TAVLA, 3, dice_seed=SEED), 3)
    view.start_session(TableSession.resume(match, "random"))
    settle(view, 3.0)
    assert view.session.phase is Phase.MATCH_OVER and view._dice_panel_shown()
    draw_frame(window)
    _title, faces, you, bot, proof = (label.text for label in view.dice_panel.labels)
    rolls = [turn.dice for game in match.games for turn in game.record]
    counts = [sum(roll.count(face) for roll in rolls) for face in range(1, 7)]
    assert faces == "Faces  " + "  ".join(f"{face}: {count}" for face, count in enumerate(counts, 1))
    doubles = sum(
        1 for game in match.games for turn in game.record if turn.player == 0 and turn.dice[0] == turn.dice[1]
    )
    assert you.startswith("You: ") and f"{doubles} doubles" in you and bot.startswith("Random: ")
    assert SEED.hex()[:12] in proof and match.commitment[:12] in proof
    assert_readable(window, "the dice panel")
    with small_window(view):
        assert_readable(window, "the dice panel, small window")
        bottom = view.dice_panel.rect.y - view.dice_panel.rect.height / 2
        from game.tavla.screens import layout

        assert bottom >= layout.INNER_BOTTOM - 1, "the panel stays on the board"
