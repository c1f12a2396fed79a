"""The offer to resume the saved match, headless, as a player meets it: Esc on it is "not now" (the
save stays and is offered again), the table behind it shows the saved match (no new game starts behind
a dialog), and the end card's Analyse leads back to the table as it was."""

import json
import sqlite3

import pytest
from arcade import key

from game.core import records as records_module
from game.core.records import Records
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.players.random_bot import RandomBot
from game.tavla.record.save import SAVE_KIND, SAVE_VERSION, dump_match, load_match, save_table, saved_table
from game.tavla.screens import layout
from game.tavla.screens.analysis.view import AnalysisView
from game.tavla.screens.table.captions import WRAP
from game.tavla.screens.table.view import TableView
from tests.tavla.matches import step as match_step
from tests.views.driver import click, press_key, screenshot
from tests.views.tavla.table import open_table, settle
from tests.views.text import assert_text_fits

WON_WITH_MARS = (14, 1, *([0] * 22), -15, 0, 0, 0)
"""Seat 0 bears off its last checker with any roll; seat 1 has borne off none: a mars."""


def played_match(games: int = 2) -> Match:
    """A match to 5 of random bots: its first game decided, then (`games` 2) the second begun."""
    match = Match(5, Rules.TAVLA, seed=3)
    bots = (RandomBot(3, Rules.TAVLA), RandomBot(4, Rules.TAVLA))

    def wanted() -> bool:
        game = match.current
        if games == 1:
            return game is not None and game.over
        return len(match.games) == 2 and game.turn is not None and game.dice is not None

    while not wanted():
        assert match_step(match, bots)
    return match


def keep(match: Match) -> tuple[int, int]:
    """`match` saved where the table keeps its unfinished match; its score."""
    save_table(Records(), match, "random", "white")
    return match.scores


@pytest.mark.slow
def test_esc_on_the_offer_keeps_the_saved_match_for_next_time(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    scores = keep(played_match())
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    assert table.saved is not None
    press_key(table, key.ESCAPE)
    assert type(window.current_view).__name__ == "MainMenuView"
    kept = saved_table(Records())
    assert kept is not None and kept[0].scores == scores and len(kept[0].games) == 2, (
        "Esc is 'not now': the saved match stays saved"
    )
    window.show_view(TableView(opponent="random"))
    assert window.current_view.saved is not None, "and it is offered next time"
    press_key(window.current_view, key.ESCAPE)


def test_closing_the_window_on_the_offer_keeps_the_saved_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    scores = keep(played_match())
    window.show_view(TableView(opponent="random"))
    window.current_view.leave()  # what quitting does
    assert saved_table(Records())[0].scores == scores


def test_the_table_behind_the_offer_is_the_saved_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    mine, theirs = keep(played_match())
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    assert f"{mine} – {theirs}" in table.offer.texts[1].text
    assert table.panel.texts["score"].text.startswith(f"{mine} – {theirs}"), (
        "the panel behind the dialog says the score the dialog offers"
    )
    assert len(table.session.match.games) == 2, "no new game starts behind the dialog"
    settle(table, 1.0)
    assert len(table.session.match.games) == 2 and table.saved is not None
    press_key(table, key.ENTER)
    assert table.saved is None and table.session.match.scores == (mine, theirs)
    assert table.session.phase in (Phase.HUMAN, Phase.COMPUTER, Phase.PASS, Phase.ROLL)
    table.leave()


def test_new_match_on_the_offer_starts_from_nothing(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    keep(played_match())
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    press_key(table, key.N)
    assert table.saved is None and table.session.match.scores == (0, 0)
    assert len(table.session.match.games) == 1 and table.panel.texts["score"].text.startswith("0 – 0")
    press_key(table, key.ESCAPE)
    assert saved_table(Records())[0].scores == (0, 0), "the player said so: the new match is kept"


@pytest.mark.slow
def test_back_from_the_analysis_returns_to_the_end_card_as_it_was(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    table = open_table(window, opponent="random", seed=None)
    table.start_session(TableSession.resume(played_match(games=1), "random"))
    settle(table, 3.0)
    assert table.session.phase is Phase.GAME_OVER
    scores = table.session.match.scores
    assert scores != (0, 0)
    analyse = table.over.buttons[2]
    click(table, analyse.rect.x, analyse.rect.y)
    analysis = window.current_view
    assert isinstance(analysis, AnalysisView)
    click(analysis, analysis.back_button.rect.x, analysis.back_button.rect.y)
    assert window.current_view is table, "Back leads to the table the player came from"
    assert table.saved is None, "no offer over the match in progress"
    assert table.session.match.scores == scores and table.session.phase is Phase.GAME_OVER
    assert table.overlays.top is table.over, "the end card as it was"
    press_key(table, key.ESCAPE)
    assert saved_table(Records())[0].scores == scores, "the match left is the match played"


@pytest.mark.slow
def test_esc_on_the_analysis_of_a_decided_match_returns_to_its_end_card(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    table = open_table(window, opponent="random", seed=None)
    table.start_session(TableSession.from_position(WON_WITH_MARS, (2, 1), Rules.TAVLA, "random", 1))
    settle(table, 3.0)
    assert table.session.phase is Phase.MATCH_OVER
    table.analyse()
    press_key(window.current_view, key.ESCAPE)
    assert window.current_view is table and table.overlays.top is table.over
    settle(table, 0.5)
    press_key(table, key.N)
    assert table.session.match.scores == (0, 0), "its New match still works"
    table.leave()


# A saved match that cannot be read or restored is never replaced unread.


def saved_text() -> str:
    return Records().load_game(SAVE_KIND)


@pytest.mark.slow
def test_a_save_the_records_cannot_give_now_is_not_saved_over(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(records_module, "LOCK_TIMEOUT_S", 0.05)
    keep(played_match())
    before = saved_text()
    holder = sqlite3.connect(tmp_path / records_module.DB_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program writing the records
    try:
        window.show_view(TableView(opponent="random"))
        table = window.current_view
    finally:
        holder.rollback()
        holder.close()
    assert table.saved is None and table.overlays.top is table.notice_box
    message = table.notice_box.texts[1].text
    assert "cannot be read now" in message and "will not be saved over it" in message
    assert_text_fits(window, "a save that cannot be read now")
    settle(table, 0.5)
    assert not table.session.game.record and table.driver.thinking is None, "nothing moves behind it"
    press_key(table, key.ENTER)
    assert table.overlays.top is not table.notice_box and table.toast.message.startswith("Opening roll")
    press_key(table, key.ESCAPE)
    assert saved_text() == before, "the match played instead is not saved over the one that was not read"


@pytest.mark.slow
def test_a_save_from_a_newer_version_is_set_aside_before_a_new_match_takes_its_place(
    window, tmp_path, monkeypatch
):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    data = json.loads(dump_match(played_match(), ("You", "random")))
    data["version"] = SAVE_VERSION + 1
    newer = json.dumps(data)
    Records().save_game(SAVE_KIND, newer)
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    assert table.saved is None
    message = table.notice_box.texts[1].text
    assert "newer version" in message and "It is kept in" in message and "saves" in message
    assert_text_fits(window, "a save set aside")
    aside = list((tmp_path / "saves").iterdir())
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == newer, "kept as it was"
    press_key(table, key.ESCAPE)
    assert saved_text() != newer and saved_table(Records()) is not None, "the new match in its place"
    assert aside[0].read_text(encoding="utf-8") == newer


@pytest.mark.slow
def test_a_save_that_cannot_even_be_set_aside_stays_where_it_is(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    Records().save_game(SAVE_KIND, '{"format": "fifteen-tavla match", "version": 1, "length": 5')
    before = saved_text()
    (tmp_path / "saves").write_text("a file where the folder would be", encoding="utf-8")
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    assert "could not be copied aside" in table.notice_box.texts[1].text
    click(table, table.notice_box.buttons[0].rect.x, table.notice_box.buttons[0].rect.y)
    assert not table.notice
    press_key(table, key.ESCAPE)
    assert saved_text() == before


def test_a_save_whose_opponent_is_gone_is_set_aside_when_resume_fails(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    bot = tmp_path / "mine.py"
    bot.write_text("def play(state, die1, die2):\n    return ''\n", encoding="utf-8")
    save_table(Records(), played_match(), str(bot), "white")
    bot.unlink()
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    press_key(table, key.ENTER)
    message = table.notice_box.texts[1].text
    assert table.overlays.top is table.notice_box
    assert "cannot be resumed" in message and "It is kept in" in message
    aside = list((tmp_path / "saves").iterdir())
    assert len(aside) == 1 and load_match(aside[0].read_text(encoding="utf-8"))[1][1] == str(bot)
    table.leave()


# Item 16: a save claiming a length the table never plays is refused, not offered.


@pytest.mark.slow
@pytest.mark.parametrize("length", [10**18, int("9" * 4000)])
def test_a_save_claiming_an_endless_match_is_refused_and_kept_aside(window, tmp_path, monkeypatch, length):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    data = json.loads(dump_match(played_match(), ("You", "random")))
    data["length"] = length
    Records().save_game(SAVE_KIND, json.dumps(data))
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    assert table.saved is None, "never offered"
    message = table.notice_box.texts[1].text
    assert "'length' must be a match of 1 to 25 points" in message and len(message) < 400
    assert_text_fits(window, "an endless match refused")
    assert len(list((tmp_path / "saves").iterdir())) == 1
    table.leave()


# Item 22: the command Resume would run is shown in full.


@pytest.mark.slow
def test_the_offer_shows_the_whole_command_resume_would_run(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    folder = "/home/someone/" + "a-rather-long-folder-name-without-any-space" * 6
    command = f"cmd:python3 {folder}/my_bot.py --depth 3 --weights {folder}/weights.npz --then rm -rf ~/x"
    assert len(command) > 500
    save_table(Records(), played_match(), command, "white")
    window.show_view(TableView(opponent="random"))
    table = window.current_view
    offer = table.offer
    shown = offer.texts[2]
    assert shown.text.replace(WRAP, "") == f"Resuming runs {command}", "every character, nothing cut"
    assert offer.buttons[0].label == "Run it"
    assert_text_fits(window, "a long command on the offer")
    rect = offer.rect
    top, bottom = shown.y + shown.content_height / 2, shown.y - shown.content_height / 2
    assert rect.y - rect.height / 2 < bottom and top < rect.y + rect.height / 2, "inside the dialog"
    buttons_top = max(button.rect.y + button.rect.height / 2 for button in offer.buttons)
    assert buttons_top < bottom, "above the buttons"
    line = offer.texts[1]
    assert line.y - line.box_height / 2 > top, "under the saved match's line"
    assert rect.y - rect.height / 2 >= layout.INNER_BOTTOM and rect.y + rect.height / 2 <= layout.INNER_TOP
    screenshot(window).save(tmp_path / "offer.png")
    press_key(table, key.ESCAPE)


@pytest.mark.slow
def test_a_command_with_control_characters_is_shown_escaped(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    save_table(Records(), played_match(), "cmd:./bot\n--quiet\x1b[2J", "white")
    window.show_view(TableView(opponent="random"))
    shown = window.current_view.offer.texts[2].text.replace(WRAP, "")
    assert shown == "Resuming runs cmd:./bot\\n--quiet\\x1b[2J"
    press_key(window.current_view, key.ESCAPE)
