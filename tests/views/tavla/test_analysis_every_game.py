"""Issue 49, item 3: an unfinished and a finished match of every game of the board open in the analysis
with the backgammon analysis's figures (error rates, marks, luck, the graph), a Tavli match game by game,
and no raw exception anywhere."""

import pytest

from game.core.settings.fields import with_value
from game.tavla.engine.rules import TAVLI, Rules
from game.tavla.record.match_record import MatchRecord
from game.tavla.screens.analysis.view import AnalysisView
from tests.tavla.record.test_tgr import played
from tests.views.driver import screenshot
from tests.views.tavla.test_analysis_view import wait_for_analysis

GAMES = {
    "portes": (Rules.PORTES,),
    "plakoto": (Rules.PLAKOTO,),
    "fevga": (Rules.FEVGA,),
    "gulbara": (Rules.GUL_BARA,),
    "nardy": (Rules.NARDY,),
    "moultezim": (Rules.MOULTEZIM,),
    "tavli": TAVLI.rotation,
}


@pytest.mark.parametrize(
    "finished", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["unfinished", "finished"]
)
@pytest.mark.parametrize("name", list(GAMES))
def test_a_match_of_every_game_opens_in_the_analysis_with_its_figures(window, name, finished):
    games = GAMES[name]
    window.settings = with_value(window.settings, ("tavla", "judge"), "expert")  # 0-ply: quick
    match = played(games, 7, None if finished else 60, length=1 if len(games) == 1 else 3)
    record = MatchRecord.from_match(match, ("You", "Expert"))
    view = AnalysisView(record)
    window.show_view(view)
    wait_for_analysis(view, 240)
    analysis = view.analysis
    assert analysis.series and len(view.graph.points) == len(analysis.series)
    for summary in analysis.players:
        assert summary.decisions > 0 and summary.error_rate >= 0.0 and summary.rating
    assert any(decision.luck for decision in analysis.decisions)
    if finished and len(games) > 1:
        assert {record.rules_of(game.number - 1) for game in analysis.games} >= {Rules.PORTES, Rules.PLAKOTO}
    view.choose(0)
    screenshot(window)
    assert view.mistake is not None and view.panel.rules is record.rules_of(view.mistake.game - 1)


def test_a_practice_card_of_a_plakoto_position_opens_on_the_table_at_its_roll(window, tmp_path):
    from game.core.records import Records
    from game.tavla.analysis.match import analyse_match
    from game.tavla.progress.practice import Deck, cards_of
    from game.tavla.screens.progress.practice_view import PracticeView, session_of

    record = MatchRecord.from_match(played((Rules.PLAKOTO,), 3, 80), ("You", "Expert"))
    decisions = [d for d in analyse_match(record, level="expert").decisions if d.player == 0]
    cards = cards_of(decisions, Rules.PLAKOTO, 1_000_000.0)
    assert cards
    session = session_of(cards[0])
    assert session.rules is Rules.PLAKOTO and session.game.state == cards[0].position
    assert session.game.dice == cards[0].roll
    deck = Deck(Records(tmp_path / "records.sqlite3"), clock=lambda: 2_000_000.0)
    deck.add(cards)
    view = PracticeView(deck, games="plakoto")
    window.show_view(view)
    screenshot(window)
    assert view.card is not None and view.session.rules is Rules.PLAKOTO
