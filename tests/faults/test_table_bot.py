"""Items 4 and 5: the table's opponent runs under a time limit in a process of its own: a failing bot is
a message and the player's win, quitting never waits on it; a saved match whose opponent cannot be
loaded is a message and a new match; one whose opponent is a program shows it and asks first."""

import subprocess
import sys
import time

import pytest
from arcade import key

from game.tavla.engine.game import Game
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table.captions import WRAP
from game.tavla.screens.table.view import TableView
from tests.faults.helpers import LIMIT, PYTHON, ROOT, all_gone, protocol_script, python_bot
from tests.tavla.bots import gone
from tests.views.driver import FRAME, click, press_key
from tests.views.text import assert_text_fits


def open_table(window, opponent, seed=1) -> TableView:
    window.show_view(TableView(opponent=str(opponent), rules=Rules.TAVLA, seed=seed))
    view = window.current_view
    assert isinstance(view, TableView)
    return view


def computer_to_play(view: TableView) -> None:
    """The computer (seat 1) won the opening roll: it is to play 6-1."""
    game = Game(Rules.TAVLA, seed=1)
    game.start((1, 6))
    match = Match(1, Rules.TAVLA, seed=1)
    match.games.append(game)
    view.start_session(TableSession.resume(match, view.opponent))
    assert view.session.phase is Phase.COMPUTER


def run_frames(view: TableView, seconds: float) -> tuple[float, int]:
    """Real time passes (the bot has a real time limit); returns the longest frame in seconds and how many
    frames ran while the bot was thinking."""
    longest, thinking = 0.0, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and not view.session.game.over:
        start = time.monotonic()
        view.on_update(FRAME)
        longest = max(longest, time.monotonic() - start)
        thinking += view.driver.thinking is not None
        time.sleep(FRAME)
    return longest, thinking


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("while True:\n    pass", "no answer within 1 s"),
        ("import time\ntime.sleep(3600)", "no answer within 1 s"),
        ("raise ValueError('my bug')", "ValueError: my bug"),
        ("import os\nos._exit(0)", "exited with status 0"),
        ("raise KeyboardInterrupt", "KeyboardInterrupt"),
    ],
)
def test_a_failing_bot_is_a_message_and_the_player_wins(window, tmp_path, body, words):
    bot = python_bot(tmp_path, "bad.py", body)
    view = open_table(window, bot)
    computer_to_play(view)
    limit = view.driver.bot.timeout
    longest, thinking = run_frames(view, 15)
    # The table never waits on the bot: measured against the bot's time limit, not the clock of a busy
    # machine. A table that waited for a bot that never answers would hold one frame for the whole limit,
    # and draw no other while it thinks; one that does not draws on, however slow each frame is.
    assert longest < limit, "no frame lasts the bot's time limit"
    if words.startswith("no answer"):
        assert thinking >= 3, "frames go on while the bot thinks"
    result = view.session.result
    assert result is not None and result.winner == 0 and result.disqualified == 1
    assert words in result.reason
    assert view.toast.message.startswith("The opponent failed: ") and words in view.toast.message
    view.leave()


def test_quitting_while_the_bot_loops_does_not_wait_and_ends_its_process(window, tmp_path):
    bot = python_bot(tmp_path, "loop.py", "while True:\n    pass")
    view = open_table(window, bot)
    computer_to_play(view)
    deadline = time.monotonic() + 10
    while view.driver.bot.pid is None and time.monotonic() < deadline:
        view.on_update(FRAME)
        time.sleep(0.01)
    pid = view.driver.bot.pid
    assert pid is not None
    start = time.monotonic()
    view.leave()
    assert time.monotonic() - start < 1.0
    assert all_gone([pid])


@pytest.mark.slow
def test_the_program_ends_when_the_window_closes_even_if_the_bot_loops_and_ignores_sigterm(tmp_path):
    bot = python_bot(
        tmp_path,
        "stubborn.py",
        "while True:\n    pass",
        top="import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)",
    )
    pids = tmp_path / "pid"
    code = f"""
import os, sys, time
sys.path.insert(0, {str(ROOT)!r})
os.environ["ARCADE_HEADLESS"] = "1"
os.environ["ARCADE_SOUND_BACKENDS"] = "silent"
os.environ["FIFTEEN_TAVLA_DATA_DIR"] = {str(tmp_path)!r}
import arcade
from game.app import GameWindow
from game.settings import load_config
from game.core.text import i18n
from game.tavla.engine.game import Game
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.screens.table.captions import WRAP
from game.tavla.screens.table.view import TableView
window = GameWindow(load_config())
window.show_view(TableView(opponent={str(bot)!r}, rules=Rules.TAVLA, seed=1))
view = window.current_view
game = Game(Rules.TAVLA, seed=1)
game.start((1, 6))
match = Match(1, Rules.TAVLA, seed=1)
match.games.append(game)
view.start_session(TableSession.resume(match, view.opponent))
while view.driver.bot.pid is None:
    view.on_update(1 / 60)
    time.sleep(0.01)
time.sleep(0.3)
open({str(pids)!r}, "w").write(str(view.driver.bot.pid))
window.on_close()
print("closed", flush=True)
"""
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=LIMIT)
    assert result.returncode == 0 and "closed" in result.stdout, result.stderr[-2000:]
    assert time.monotonic() - start < 30
    assert all_gone([int(pids.read_text())])


def test_the_bot_thread_never_blocks_the_exit(window, tmp_path):
    import threading

    bot = python_bot(tmp_path, "slow.py", "import time\ntime.sleep(0.5)\nreturn ''")
    view = open_table(window, bot)
    computer_to_play(view)
    view.on_update(FRAME)
    assert all(thread.daemon for thread in threading.enumerate() if thread.name == "tavla-bot")
    view.leave()


def save_a_match(window, opponent) -> None:
    view = open_table(window, opponent, seed=None)
    view.leave()


def test_a_saved_match_whose_opponent_is_gone_offers_a_new_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    bot = python_bot(tmp_path, "mine.py", "return ''")
    save_a_match(window, bot)
    bot.unlink()
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA))
    again = window.current_view
    assert again.saved is not None and "mine.py" in again.offer.texts[1].text
    click(again, again.offer.buttons[0].rect.x, again.offer.buttons[0].rect.y)
    assert again.saved is None
    notice = again.notice_box.texts[1].text
    assert "cannot be resumed" in notice and "bot file not found" in notice and "It is kept in" in notice
    press_key(again, key.ENTER)
    assert not again.notice, "OK: the new match begins"
    assert again.opponent == "random" and len(again.session.match.games) == 1
    again.on_update(FRAME)
    again.leave()


@pytest.mark.slow
def test_a_saved_match_whose_program_is_gone_offers_a_new_match(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    program = protocol_script(tmp_path, "prog", "print(play, flush=True)")
    program.write_text(f"#!{PYTHON}\n" + program.read_text())
    program.chmod(0o755)
    save_a_match(window, f"cmd:{program}")
    program.unlink()
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA))
    again = window.current_view
    press_key(again, key.ENTER)
    assert again.saved is None and again.opponent == "random"
    notice = again.notice_box.texts[1].text
    assert "cannot be resumed" in notice and "not found" in notice and "It is kept in" in notice
    again.leave()


def test_a_saved_match_against_a_program_shows_it_and_asks_before_running_it(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    marker = tmp_path / "ran"
    script = protocol_script(
        tmp_path, "prog.py", "print(play, flush=True)", prelude=f"open({str(marker)!r}, 'w').write('yes')"
    )
    name = f"cmd:{PYTHON} {script}"
    save_a_match(window, name)
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA))
    again = window.current_view
    text = again.offer.texts[2].text.replace(WRAP, "")
    assert text == f"Resuming runs {name}", "the command in full"
    assert again.offer.buttons[0].label == "Run it"
    for _ in range(30):
        again.on_update(FRAME)
    assert not marker.exists(), "nothing runs before the player says so"
    press_key(again, key.N)
    assert again.saved is None and again.opponent == "random"
    again.leave()
    assert not marker.exists()


@pytest.mark.slow
def test_a_saved_match_against_a_built_in_bot_is_offered_as_before(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    save_a_match(window, "greedy")
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA))
    again = window.current_view
    assert again.offer.texts[2].text == "" and again.offer.buttons[0].label == "Resume"
    press_key(again, key.ENTER)
    assert again.opponent == "greedy"
    again.leave()


def test_the_bot_process_of_a_finished_table_is_gone(window, tmp_path):
    bot = python_bot(tmp_path, "fine.py", "return ''")
    view = open_table(window, bot)
    computer_to_play(view)
    run_frames(view, 3)
    pid = view.driver.bot.pid
    view.leave()
    assert pid is None or gone(pid) or all_gone([pid])


@pytest.mark.slow
def test_the_offer_of_a_program_and_a_failure_fit_in_every_language(window, language, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    folder = tmp_path / ("a-rather-long-folder-name-for-the-bots-of-this-player" * 2)
    folder.mkdir()
    script = protocol_script(folder, "my_long_named_bot_program.py", "print(play, flush=True)")
    save_a_match(window, f"cmd:{PYTHON} {script} --depth 3 --weights default")
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA))
    again = window.current_view
    assert again.saved is not None
    assert_text_fits(window, "offer of a program")
    press_key(again, key.N)
    bot = python_bot(tmp_path, "loop.py", "while True:\n    pass")
    view = open_table(window, bot)
    computer_to_play(view)
    run_frames(view, 15)
    assert view.session.phase is Phase.MATCH_OVER or view.session.phase is Phase.GAME_OVER
    assert_text_fits(window, "the opponent failed")
    view.leave()


def test_two_exports_from_the_table_in_one_second_are_two_files(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    window.show_view(TableView(opponent="random", rules=Rules.TAVLA, seed=1))
    view = window.current_view
    view.export()
    view.export()
    view.export()
    files = sorted((tmp_path / "exports").iterdir())
    assert len(files) == 3 and all(path.suffix == ".mat" for path in files)
    view.leave()
