"""The end card leaves the panel's Export .mat and Menu working (they look enabled there), and a position
set up in the lab, which no .mat can start from, has Export .mat off."""

from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table.view import TableView
from tests.tavla.matches import advance
from tests.views.driver import click
from tests.views.tavla.table import open_table, settle


def test_export_at_the_end_card_writes_the_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="random")
    match = advance(Match(1, Rules.TAVLA, 3), 3)
    view.start_session(TableSession.resume(match, "random"))
    settle(view, 3.0)
    assert view.session.phase is Phase.MATCH_OVER and view.over.shown()
    button = view.panel.export_button
    assert button.enabled
    click(view, button.rect.x, button.rect.y)
    exported = list((tmp_path / "exports").glob("*.mat"))
    assert len(exported) == 1 and "Wins" in exported[0].read_text()


def test_a_set_up_position_has_no_mat_to_export(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    state = [0] * 28
    state[0], state[1], state[24] = 14, 1, -15
    view = open_table(window, opponent="random")
    view.start_session(
        TableSession.from_position(tuple(state), (2, 1), Rules.TAVLA, "random", match_length=1)
    )
    settle(view, 3.0)
    assert view.session.phase is Phase.MATCH_OVER
    assert not view.panel.export_button.enabled
    click(view, view.panel.export_button.rect.x, view.panel.export_button.rect.y)
    assert not (tmp_path / "exports").exists()


def test_the_export_button_names_the_format_the_game_is_written_in(window, tmp_path, monkeypatch):
    """A long nardy match is written as our table-games record, not a .mat: the button says which."""
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    assert open_table(window).panel.export_button.label == "Export .mat"
    window.show_view(TableView(opponent="random", rules=Rules.NARDY, seed=3, offer_resume=False))
    view = window.current_view
    settle(view, 1.0)
    button = view.panel.export_button
    assert button.label == "Export .tgr"
    click(view, button.rect.x, button.rect.y)
    assert [path.suffix for path in (tmp_path / "exports").iterdir()] == [".tgr"]
