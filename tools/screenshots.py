"""Render the README's screenshots headless into docs/: `python tools/screenshots.py [--config PATH]`.

Each scene is set up through the same calls a player's input makes, stepped with fake time, drawn
offscreen and saved as PNG: the English set in docs/, and the menu, settings, a solved puzzle and the
table in every other language in docs/<code>/.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
# A home of its own: nothing of the player's is read or written, and the folders the screens name read as
# a player's would (~/.local/share/fifteen-tavla/pictures, not a temporary path).
os.environ["HOME"] = tempfile.mkdtemp(prefix="fifteen-tavla-shots-")
for _variable in ("FIFTEEN_TAVLA_DATA_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
    os.environ.pop(_variable, None)
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import arcade  # noqa: E402
from arcade.types import LBWH  # noqa: E402

from game.app import GameWindow  # noqa: E402
from game.core.text import i18n  # noqa: E402
from game.menu.settings import SettingsView  # noqa: E402
from game.puzzle.model.size import BoardSize  # noqa: E402
from game.puzzle.screens.view import PuzzleView  # noqa: E402
from game.settings import load_config  # noqa: E402
from game.tavla.engine.position import OPENING  # noqa: E402
from game.tavla.engine.rules import Rules  # noqa: E402
from game.tavla.engine.table_session import Phase, TableSession  # noqa: E402
from game.tavla.screens.table.view import TableView  # noqa: E402

FRAME = 1 / 60
SMALL_WINDOW = (640, 400)
MEDIUM_WINDOW = (800, 500)
SOLVED_4X4 = "4x4:" + ",".join(map(str, [*range(1, 15), 0, 15]))


def settle(window: GameWindow, seconds: float = 1.0) -> None:
    for _ in range(round(seconds / FRAME)):
        window.current_view.on_update(FRAME)


def show_hint(window: GameWindow, table: TableView) -> None:
    """Ask the table for a hint and wait (30 s at most) until its search has answered."""
    table.show_hint()
    deadline = time.monotonic() + 30
    while table.driver.hint_pending and time.monotonic() < deadline:
        settle(window, FRAME)
        time.sleep(0.01)


def save(window: GameWindow, name: str, out: Path) -> None:
    window.current_view.on_draw()
    path = out / f"{name}.png"
    arcade.get_image().convert("RGB").save(path)
    print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config")
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    window = GameWindow(load_config(args.config).model_copy(update={"language": i18n.SOURCE_LANGUAGE}))

    window.show_menu()
    save(window, "menu", out)

    window.show_view(PuzzleView(size=BoardSize(4, 4), image="numbers", seed=2024))
    view = window.current_view
    for cell in ((3, 2), (2, 2)):
        view._animate(view.game.click(cell))
        settle(window, 0.5)
    save(window, "puzzle-4x4-numbers", out)
    view.ask_hint()
    deadline = time.monotonic() + 30
    while not view.hint_tile and time.monotonic() < deadline:
        settle(window, FRAME)
        time.sleep(0.01)
    settle(window, 0.2)
    save(window, "puzzle-hint", out)

    config = window.settings.puzzle
    pictures = [image.name for image in config.images]
    if pictures:
        window.show_view(PuzzleView(size=BoardSize(5, 5), image=pictures[0], seed=7))
        save(window, "puzzle-5x5-picture", out)
        wide = pictures[1] if len(pictures) > 1 else pictures[0]
        window.show_view(PuzzleView(size=BoardSize(6, 5), image=wide, seed=11))
        save(window, "puzzle-6x5-picture", out)
        solved_puzzle(window, pictures[-1])
        save(window, "puzzle-solved", out)
    statistics_scenes(window, out)
    own_picture_scenes(window, out)

    window.show_view(TableView(opponent="pubeval", seed=7))
    table = window.current_view
    table.start_session(TableSession.from_position(OPENING, (6, 4), Rules.TAVLA, "pubeval", match_length=5))
    settle(window, 1.0)
    save(window, "tavla-opening", out)
    start = table.checkers.stacks[(0, 13)][-1].position
    table.on_mouse_press(*(int(v) for v in table.camera.project(start)[:2]), arcade.MOUSE_BUTTON_LEFT, 0)
    for i in range(1, 9):
        x, y = start[0] + 18 * i, start[1] - 22 * i
        px, py = table.camera.project((x, y))[:2]
        table.on_mouse_drag(int(px), int(py), 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
    save(window, "tavla-drag", out)
    table.on_mouse_release(0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    settle(window, 1.0)
    almost = [0] * 28
    almost[0], almost[2], almost[19], almost[20] = 14, 1, -12, -3
    session = TableSession.from_position(tuple(almost), (3, 1), Rules.TAVLA, "pubeval", match_length=5)
    table.start_session(session)
    settle(window, 3.0)
    save(window, "tavla-game-over", out)
    cube_scenes(window, out)
    analysis_scenes(window, out)
    lab_scenes(window, out)
    window.show_view(PuzzleView(size=BoardSize(4, 4), seed=12, coach=True))
    settle(window, 1.0)
    save(window, "puzzle-coach", out)
    small_window_scenes(window, out)
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            translated_set(window, code, out / code)
    window.close()


def save_small(window: GameWindow, name: str, out: Path, size: tuple[int, int] = SMALL_WINDOW) -> None:
    """The current screen as a window of `size` shows it (by default 640x400, the smallest the game
    allows), then back."""
    view = window.current_view
    view.camera.viewport = LBWH(0, 0, *size)
    view.rescale()
    settle(window, 0.2)
    view.on_draw()
    path = out / f"{name}.png"
    arcade.get_image(0, 0, *size).convert("RGB").save(path)
    print(path)
    view.on_resize(*window.get_size())


def small_window_scenes(window: GameWindow, out: Path) -> None:
    """The menu, Settings, Fifteen and the table on the smallest window: the larger text, the short help,
    the sparser panels."""
    window.show_menu()
    save_small(window, "small-menu", out)
    window.show_view(SettingsView(window.config_file))
    save_small(window, "small-settings", out)
    window.show_view(PuzzleView(size=BoardSize(4, 4), image="numbers", seed=2024))
    settle(window, 1.0)
    save_small(window, "small-puzzle", out)
    window.show_view(TableView(opponent="expert", seed=7))
    table = window.current_view
    table.start_session(TableSession.from_position(OPENING, (6, 4), Rules.TAVLA, "expert", match_length=5))
    settle(window, 4.0)
    save_small(window, "small-tavla", out)
    save_small(window, "medium-tavla", out, MEDIUM_WINDOW)
    window.show_menu()
    save_small(window, "medium-menu", out, MEDIUM_WINDOW)


def analysis_scenes(window: GameWindow, out: Path) -> None:
    """The ranked hint with its third play chosen (ghost checkers), and the analysis screen of one of
    GNU Backgammon's 5-point matches: the worst mistake, then another one chosen."""
    from game.tavla.record.mat import read_mat
    from game.tavla.screens.analysis.view import AnalysisView

    window.show_view(TableView(opponent="pubeval", seed=7))
    table = window.current_view
    table.start_session(TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "pubeval", match_length=5))
    settle(window, 3.5)
    show_hint(window, table)
    table.hint_panel.choose(2)
    settle(window, 0.2)
    save(window, "tavla-ranked-hint", out)
    view = AnalysisView(read_mat(ROOT / "tests" / "tavla" / "data" / "gnubg-5pt-seed11.mat"))
    window.show_view(view)
    deadline = time.monotonic() + 120
    while view.future is not None and time.monotonic() < deadline:
        settle(window, FRAME)
        time.sleep(0.05)
    save(window, "tavla-analysis", out)
    view.choose(3)
    save(window, "tavla-analysis-mistake", out)
    save_small(window, "small-analysis", out)


def lab_scenes(window: GameWindow, out: Path) -> None:
    """The position lab: a middle-game position pasted as an XGID, and what every roll does there (the
    set-up screen's Hint before the roll, worked out by its worker process)."""
    from game.tavla.engine.xgid import read_xgid
    from game.tavla.lab.setup_board import SetupBoard
    from game.tavla.screens.table.setup_view import SetupView

    pasted = read_xgid("XGID=---b--EBC--aAC---dbbbbA---:0:0:1:00:0:0:0:0:10")  # a middle game of expert
    board = SetupBoard.from_setup(pasted, Rules.STANDARD)
    view = SetupView(board, window.show_menu)
    window.show_view(view)
    save(window, "tavla-position-lab", out)
    view.show_hint()
    deadline = time.monotonic() + 120
    while view.study.job is not None and not view.study.job.finished and time.monotonic() < deadline:
        settle(window, FRAME)
        time.sleep(0.05)
    save(window, "tavla-temperature-map", out)
    view.study.close()


def own_picture_scenes(window: GameWindow, out: Path) -> None:
    """A player's photo dropped on the window at 7x5 (columns and rows set in the menu): the board it
    opens, and the menu showing it. The choices go to a file of their own, not the player's."""
    from tools.make_pictures import make_sunset

    folder = Path(tempfile.mkdtemp(prefix="fifteen-tavla-drop-"))
    photo = folder / "lake.jpg"
    make_sunset((1400, 1000), seed=29).save(photo, quality=90)
    settings, config_file = window.settings, window.config_file
    window.config_file = folder / "config.yaml"
    window.show_menu()
    menu = window.current_view
    for selector, wanted in ((menu.size_picker.columns, "7"), (menu.size_picker.rows, "5")):
        while selector.value != wanted:
            selector.step(1)
    window.on_file_drop(0, 0, [str(photo)])
    settle(window, 0.5)
    save(window, "puzzle-7x5-dropped-photo", out)
    window.show_menu()
    save(window, "menu-own-picture", out)
    window.settings, window.config_file = settings, config_file


def cube_scenes(window: GameWindow, out: Path) -> None:
    """Standard rules with the cube: Double or Roll before the player's roll, then expert's double."""
    from game.tavla.players import get_bot

    window.show_view(TableView(opponent="expert", rules=Rules.STANDARD, seed=7, cube=True))
    table = window.current_view
    bot = get_bot("expert", rules=Rules.STANDARD)
    session = TableSession.from_position(OPENING, (6, 4), Rules.STANDARD, "expert", 5, seed=7, cube=True)

    def human_turn() -> None:
        if session.phase is Phase.PASS:
            session.pass_turn()
            return
        turn = session.turn
        while not turn.done:
            turn.apply(turn.options()[0])
        session.commit_turn()

    human_turn()
    session.computer_double(False)
    session.computer_play(bot.play(list(session.game.state), *session.game.dice))
    table.start_session(session)
    settle(window, 1.0)
    save(window, "tavla-cube-double", out)
    session.double()
    session.computer_answer(True)
    human_turn()
    session.computer_double(True)
    table.start_session(session)
    settle(window, 1.0)
    save(window, "tavla-cube-take", out)


def solved_puzzle(window: GameWindow, image: str) -> None:
    window.show_view(PuzzleView(image=image, game_id=SOLVED_4X4))
    view = window.current_view
    view._animate(view.game.click((3, 3)))
    settle(window, 1.5)


def statistics_scenes(window: GameWindow, out: Path) -> None:
    """Sixty 4x4 solves getting faster, their statistics screen, and one of them replayed halfway."""
    import random

    from game.puzzle.model.game import PuzzleGame
    from game.puzzle.model.solve_records import SolveRecords
    from game.puzzle.screens.stats_view import StatsView
    from game.puzzle.solver import solve

    rng = random.Random(19)
    clock = iter(range(1_764_590_000, 1_764_990_000, 1_931))
    book = SolveRecords(clock=lambda: float(next(clock)))
    for number in range(60):
        game = PuzzleGame.new(BoardSize(4, 4), 500 + number)
        pace = 0.55 - number * 0.004
        for tile in solve(game.board):
            game.tick(rng.uniform(0.4, 1.6) * pace)
            game.slide_tile(tile)
        if number % 17 == 9:
            game.mark_assisted()
        outcome = book.record_solve(game.as_solve("numbers", practice=number % 23 == 11))
        book.set_optimal(outcome.solve_id, game.moves - rng.randrange(0, 12, 2), True)
    window.show_view(StatsView(BoardSize(4, 4), "numbers", selected=2))
    settle(window, 0.2)
    save(window, "statistics", out)
    save_small(window, "small-statistics", out)
    window.current_view.watch()
    replay = window.current_view
    settle(window, replay.timeline.replay.total_ms / 2000)
    save(window, "replay", out)


def translated_set(window: GameWindow, code: str, out: Path) -> None:
    """The screens a player meets first, in language `code`."""
    out.mkdir(parents=True, exist_ok=True)
    window.settings = window.settings.model_copy(update={"language": code})
    window.apply_language()
    window.show_menu()
    save(window, "menu", out)
    save_small(window, "medium-menu", out, MEDIUM_WINDOW)
    window.show_view(SettingsView(window.config_file))
    save(window, "settings", out)
    pictures = [image.name for image in window.settings.puzzle.images]
    solved_puzzle(window, pictures[-1] if pictures else "numbers")
    save(window, "puzzle-solved", out)
    window.show_view(TableView(opponent="expert", seed=7))
    table = window.current_view
    table.start_session(TableSession.from_position(OPENING, (6, 4), Rules.TAVLA, "expert", match_length=5))
    settle(window, 1.0)
    show_hint(window, table)
    save(window, "tavla", out)
    save_small(window, "medium-tavla", out, MEDIUM_WINDOW)
    almost = [0] * 28
    almost[0], almost[2], almost[19], almost[20] = 14, 1, -12, -3
    session = TableSession.from_position(tuple(almost), (3, 1), Rules.TAVLA, "expert", match_length=5)
    table.start_session(session)
    settle(window, 3.0)
    save(window, "tavla-game-over", out)
    table.leave()


if __name__ == "__main__":
    main()
