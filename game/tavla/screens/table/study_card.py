"""The set-up screen's study card, over the board: the ranked hint of the dice set up, the temperature
map of a position before its roll (the 21 rolls on the 6x6 grid, each cell's best play and how much
better or worse it is than the average roll), or a rollout whose table fills in as its games finish.

The work runs in worker processes (game/tavla/lab/study_jobs.py); the card looks at it once a frame
without waiting, so the window never stutters, and ends it when closed. The words are the commands'
and the table's hint's (game/tavla/lab/rollout_report.py, tempmap_report.py, hint_captions.py).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade.types import XYWH

from game.core.text.i18n import _, ngettext
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup
from game.tavla.eval.stakes import Stakes
from game.tavla.lab.study_jobs import WINDOW_GAMES, AnswerJob, RolloutJob, SageRolloutJob, rollout_job
from game.tavla.lab.tempmap import TempMap, temperature_map
from game.tavla.lab.tempmap_report import cell_lines, figure_text
from game.tavla.screens import layout
from game.tavla.screens.table.hint_captions import heading_text, hint_rows
from game.tavla.screens.table.hints import RankedHint
from game.tavla.screens.table.opponent import ranked_hint
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

CARD_X = (layout.BOARD_LEFT + layout.BOARD_RIGHT) / 2
CARD_WIDTH = layout.BOARD_RIGHT - layout.BOARD_LEFT - 40
CARD_HEIGHT = layout.INNER_HEIGHT - 30
CARD_TOP = layout.MIDDLE_Y + CARD_HEIGHT / 2
CARD_LEFT = CARD_X - CARD_WIDTH / 2
INSET = 24
BODY_TOP = CARD_TOP - 96
BODY_HEIGHT = CARD_HEIGHT - 96 - 80
BUTTON_Y = CARD_TOP - CARD_HEIGHT + 36
BUTTON_WIDTH = 150
BUTTON_STEP = BUTTON_WIDTH + 20
CLOSE_X = CARD_LEFT + CARD_WIDTH - INSET - BUTTON_WIDTH / 2  # the buttons run leftwards from Close
GRID_CELL = (CARD_WIDTH - 2 * INSET) / 6, (BODY_HEIGHT - 24) / 6
CELL_CHARS = 16  # a play shortened to this many characters in a grid cell
REFRESH = 0.5  # seconds between two writings of a rollout's table
GOOD, BAD = (46, 122, 84), (150, 60, 56)  # a roll better / worse than the average

ROLLOUTS = (RolloutJob, SageRolloutJob)  # a rollout under way, on our networks or on Open Sage


class StudyCard:
    """One study over the board at a time; `close` (Esc) ends its work. `on_change` asks for a frame."""

    def __init__(self, on_change: Callable[[], None], copy: Callable[[str], None]) -> None:
        self.on_change = on_change
        self.copy_text = copy
        self.job: RolloutJob | SageRolloutJob | AnswerJob | None = None
        self.unshown = False  # the work has news the card does not show yet
        self.since_shown = 0.0
        self.kind = ""
        self.rules = Rules.TAVLA
        self.title = Label(
            "",
            CARD_LEFT + INSET,
            CARD_TOP - 30,
            theme.TEAL,
            theme.HEADING_SIZE - 2,
            box_width=CARD_WIDTH - 2 * INSET,
            anchor_y="center",
            bold=True,
        )
        self.status = Label(
            "",
            CARD_LEFT + INSET,
            CARD_TOP - 66,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=CARD_WIDTH - 2 * INSET,
            box_height=36,
            anchor_y="center",
            multiline=True,
        )
        self.body = Label(
            "",
            CARD_LEFT + INSET,
            BODY_TOP,
            theme.TEXT,
            theme.SMALL_SIZE - 1,
            box_width=CARD_WIDTH - 2 * INSET,
            box_height=BODY_HEIGHT,
            anchor_y="top",
            multiline=True,
        )
        self.cells: list[tuple[XYWH, tuple[int, int, int], list[Label]]] = []

        def button(label: str, action: Callable[[], None]) -> Button:
            return Button(label, Rect(CLOSE_X, BUTTON_Y, BUTTON_WIDTH, 40), action)

        # Translators: button on the position lab's study card: end the rollout, keep what it has
        self.stop_button = button(_("Stop"), self.stop)
        # Translators: button on the position lab's study card: hide it (Esc)
        self.close_button = button(_("Close"), self.close)
        # Translators: button on the position lab's study card: its words to the clipboard, to paste
        self.copy_button = button(_("Copy"), self.copy)

    @property
    def toast_place(self) -> tuple[float, float]:
        """Where the screen's toast goes while the card is shown: beside its buttons."""
        return CARD_LEFT + 200, BUTTON_Y

    @property
    def shown(self) -> bool:
        return bool(self.kind)

    @property
    def buttons(self) -> list[Button]:
        running = isinstance(self.job, ROLLOUTS) and not self.job.finished
        shown = (
            [self.copy_button, self.stop_button, self.close_button]
            if running
            else [
                self.copy_button,
                self.close_button,
            ]
        )
        for place, button in enumerate(reversed(shown)):  # right to left from Close, no gap
            button.move_to(CLOSE_X - BUTTON_STEP * place, BUTTON_Y)
        return shown

    @property
    def labels(self) -> list[Label]:
        cells = [label for _rect, _colour, labels in self.cells for label in labels]
        buttons = [label for button in self.buttons for label in button.labels]
        return [self.title, self.status, self.body, *cells, *buttons]

    # --- what it studies ---

    def rollout(self, setup: Setup, rules: Rules, games: int = WINDOW_GAMES) -> None:
        self._start("rollout", rules, rollout_job(setup, rules, games))
        # Translators: the title of the position lab's rollout card
        self.title.text = _("Rollout")
        self._show_rollout()

    def hint(self, setup: Setup, rules: Rules, stakes: Stakes | None) -> None:
        """With dice, the ranked hint; before the roll, the temperature map."""
        if setup.dice is None:
            self._start("map", rules, AnswerJob(temperature_map, setup.state, rules))
            # Translators: the title of the temperature map: what each of the 21 rolls does here
            self.title.text = _("What every roll does")
        else:
            self._start("hint", rules, AnswerJob(ranked_hint, rules, setup.state, setup.dice, stakes))
            self.title.text = heading_text(stakes is not None and stakes.match)
        # Translators: the study card while a worker process works the answer out
        self.status.text = _("Working it out…")

    def _start(self, kind: str, rules: Rules, job: RolloutJob | SageRolloutJob | AnswerJob) -> None:
        self.close()
        self.kind, self.rules, self.job = kind, rules, job
        self.unshown, self.since_shown = False, REFRESH  # its first news is shown at once
        self.body.text = ""
        self.cells = []
        self.on_change()

    # --- time ---

    def update(self, delta_time: float) -> None:
        """Take in what the work has finished (never waiting for it); a rollout's table is written
        again at most every REFRESH seconds (laying its lines out is a frame's worth of work)."""
        job = self.job
        self.since_shown += delta_time
        if job is None or (job.finished and not self.unshown):
            return
        try:
            self.unshown = job.poll() or self.unshown
        except Exception as error:  # noqa: BLE001 - a worker's failure is said, the window goes on
            job.stop()
            # Translators: the study card's work failed; {error} is the reason
            self.status.text = _("Could not work it out: {error}").format(error=error)
            self.on_change()
            return
        early = isinstance(job, ROLLOUTS) and not job.finished and self.since_shown < REFRESH
        if not self.unshown or early:
            return
        self.unshown, self.since_shown = False, 0.0
        if isinstance(job, ROLLOUTS):
            self._show_rollout()
        elif self.kind == "map":
            self._show_map(job.result)
        else:
            self._show_hint(*job.result)
        self.on_change()

    def _show_rollout(self) -> None:
        job = self.job
        assert isinstance(job, ROLLOUTS)
        if job.finished:
            # Translators: a rollout on the study card ended (finished or stopped); {games} games were played
            state = _("{games} games played").format(games=f"{job.games_done:,}")
        else:
            # Translators: a rollout under way on the study card: games finished of those asked, and how
            # many worker processes play them
            state = ngettext(
                "{games} of {asked} games · {workers} worker process",
                "{games} of {asked} games · {workers} worker processes",
                job.workers,
            ).format(games=f"{job.games_done:,}", asked=f"{job.plan.games:,}", workers=job.workers)
        self.status.text = state
        lines = job.report().lines()
        self.body.text = "\n".join(lines if job.finished else lines[1:])  # the heading says "stopped"

    def _show_hint(self, _title: str, hint: RankedHint) -> None:
        self.status.text = hint.judged_by
        rows = hint_rows(self._start_state(), hint.ranked, self.rules)
        lines = (f"{row.play}   {row.equity}  {row.difference}\n      {row.chances}" for row in rows)
        self.body.text = "\n".join(lines)

    def _start_state(self) -> State:
        job = self.job
        assert isinstance(job, AnswerJob)
        return job.args[1]

    def _show_map(self, mapped: TempMap) -> None:
        # Translators: the temperature map came from the bear-off database, not a search
        exact = _("exact: the bear-off database")
        depth = exact if mapped.exact else mapped.judged_by
        # Translators: the temperature map's line under its title; {average} is the average roll's equity
        self.status.text = _(
            "{depth} · the average roll {average}; each cell: the roll, its best play, "
            "and how much better or worse than the average"
        ).format(depth=depth, average=figure_text(mapped.average))
        width, height = GRID_CELL
        left, top = CARD_LEFT + INSET, BODY_TOP
        self.cells = []
        for row in range(6):
            for column in range(6):
                roll = mapped.roll(row + 1, column + 1)
                x, y = left + (column + 0.5) * width, top - (row + 0.5) * height
                shade = GOOD if roll.versus_average >= 0 else BAD
                strength = min(1.0, abs(roll.versus_average) / 0.5)
                colour = tuple(int(p + (s - p) * strength) for p, s in zip(theme.PANEL, shade, strict=True))
                first, second, third = cell_lines(roll, CELL_CHARS)
                labels = [
                    Label(
                        first,
                        x - width / 2 + 4,
                        y + height / 2 - 14,
                        theme.TEXT,
                        theme.SMALL_SIZE,
                        box_width=width - 8,
                        anchor_y="center",
                        bold=True,
                    ),
                    Label(
                        second,
                        x - width / 2 + 4,
                        y,
                        theme.TEXT,
                        theme.SMALL_SIZE - 1,
                        box_width=width - 8,
                        anchor_y="center",
                    ),
                    Label(
                        third,
                        x - width / 2 + 4,
                        y - height / 2 + 14,
                        theme.MUTED,
                        theme.SMALL_SIZE - 1,
                        box_width=width - 8,
                        anchor_y="center",
                    ),
                ]
                self.cells.append((XYWH(x, y, width - 4, height - 4), colour, labels))

    # --- the buttons ---

    def stop(self) -> None:
        """End the rollout; its figures so far stay on the card."""
        if isinstance(self.job, ROLLOUTS):
            self.job.stop()
            self._show_rollout()
            self.on_change()

    def text(self) -> str:
        """What the card says, as plain lines (a map's cells a roll a line)."""
        cells = [" ".join(label.text for label in labels) for _rect, _colour, labels in self.cells]
        lines = [self.title.text, self.status.text, self.body.text, *cells]
        return "\n".join(line for line in lines if line)

    def copy(self) -> None:
        self.copy_text(self.text())

    def close(self) -> None:
        """Hide the card and end its work."""
        if self.job is not None:
            self.job.stop()
        self.job, self.kind, self.cells = None, "", []
        self.on_change()

    # --- drawing ---

    def draw(self) -> None:
        if not self.shown:
            return
        rect = XYWH(CARD_X, layout.MIDDLE_Y, CARD_WIDTH, CARD_HEIGHT)
        arcade.draw_rect_filled(rect, (*theme.PANEL, 245))
        arcade.draw_rect_outline(rect, theme.ACCENT, 2)
        for label in (self.title, self.status, self.body):
            label.draw()
        for cell, colour, labels in self.cells:
            arcade.draw_rect_filled(cell, colour)
            for label in labels:
                label.draw()
        # its buttons are the screen's while it is shown (SceneView draws them over the scene)
