"""The Progress screen: the player's error rate match by match with its moving average (the checker
play's and the cube's marked apart), the rates by phase of the game, the best and worst matches (each
opened on the analysis screen), the trend in words, filters by rule set and opponent, and the way to the
practice deck with its due cards counted.

The figures are game/tavla/progress/summary.py's, the same as `python main.py progress`; the plot is drawn
with Arcade's shapes as the puzzle statistics' plot is (game/puzzle/stats_view.py).
"""

from __future__ import annotations

import arcade
from arcade.types import XYWH

from game.core.errors import UserError
from game.core.records import RecordsUnavailable
from game.core.text.i18n import _
from game.tavla.analysis.figures import milli_unit
from game.tavla.engine.rules import TableGames
from game.tavla.progress.analysis_jobs import resume_pending
from game.tavla.progress.history import History, MatchEntry
from game.tavla.progress.phases import PHASE_TITLES
from game.tavla.progress.practice import Deck
from game.tavla.progress.report import date_text, deck_left_out_text, history_left_out_text, read_progress
from game.tavla.progress.summary import TREND_WORDS, Progress
from game.tavla.record.formats import parse_record
from game.ui import theme
from game.ui.plot import GRID_FRACTIONS, PlotArea
from game.ui.scene import SceneView
from game.ui.text import Label, LabelSpec
from game.ui.widgets import Button, Rect, Selector, Toast, draw_card

ALL = ""
LEFT_X, LEFT_WIDTH = 400, 700
RIGHT_X, RIGHT_WIDTH = 1010, 440
CARD_Y, CARD_HEIGHT = 350, 560
TITLE_Y = 760
FILTER_Y = 680
PLOT_LEFT, PLOT_BOTTOM, PLOT_WIDTH, PLOT_HEIGHT = 110, 170, 580, 400
PLOT = PlotArea(PLOT_LEFT, PLOT_BOTTOM, PLOT_WIDTH, PLOT_HEIGHT)
SHOWN = 60  # the last matches plotted
RATE_COLOUR = theme.TEXT
AVERAGE_COLOUR = theme.ACCENT
CHECKER_COLOUR = theme.TEAL
CUBE_COLOUR = (214, 110, 170)


def game_title(value: str) -> str:
    """The game a history's row names (tavla, plakoto, tavli), as the menu names it; an unknown name as
    it is."""
    try:
        return _(TableGames.parse(value).display_name)
    except UserError:
        return value


class ProgressView(SceneView):
    """The history's progress, filtered by rule set and opponent; Back (and Esc) to the menu."""

    def __init__(self, rules: str = ALL, opponent: str = ALL) -> None:
        super().__init__()
        self.history = History()
        self.worker = resume_pending()  # a match left waiting for its analysis is taken up now
        self.deck = Deck(self.history.records)
        self.toast = Toast(theme.DESIGN_WIDTH / 2, 120, 900)
        try:
            rule_sets, opponents = self.history.rule_sets(), self.history.opponents()
        except RecordsUnavailable as error:
            rule_sets, opponents = [], []
            self.toast.show(str(error))
        self.rules, self.opponent = rules, opponent
        self.progress: Progress | None = None
        self.due = 0
        # a filter asked for but not in the history is still one to choose (and shows none)
        rule_sets += [rules] if rules and rules not in rule_sets else []
        opponents += [opponent] if opponent and opponent not in opponents else []
        self.filters = (rule_sets, opponents)
        self._build(rule_sets, opponents)
        self.refresh()

    def on_compact_changed(self, compact: bool) -> None:
        """Past the small-window line: the widgets again in the other layout, the figures the same."""
        self._build(*self.filters)
        self.refresh()

    def _build(self, rule_sets: list[str], opponents: list[str]) -> None:
        """Every label and button; on a small window (`compact`) the text grows, so the side says less
        (no table by phase, the best and worst matches by their error rate alone) and the plot has no
        axis figures or legend."""
        small = self.small = self.compact
        height = 56 if small else 40
        spec = LabelSpec(
            theme.DESIGN_WIDTH / 2,
            TITLE_Y,
            600,
            theme.ACCENT,
            theme.HEADING_SIZE,
            bold=True,
            anchor_x="center",
        )
        # Translators: the title of the screen of the player's tavla progress over time
        self.title = spec.label(_("Progress"))
        describe_rules = lambda value: game_title(value) if value else _("All rule sets")  # noqa: E731
        describe_opponent = lambda value: value or _("All opponents")  # noqa: E731
        self.rules_selector = Selector(
            _("Rules"),
            [ALL, *rule_sets],
            self.rules,
            Rect(230 if small else 250, FILTER_Y - 8 * small, 380 if small else 300, height),
            describe_rules,
            self._rules,
        )
        self.opponent_selector = Selector(
            _("Opponent"),
            [ALL, *opponents],
            self.opponent,
            Rect(640 if small else 600, FILTER_Y - 8 * small, 380 if small else 340, height),
            describe_opponent,
            self._opponent,
        )
        self.axis = [
            LabelSpec(PLOT_LEFT - 60, PLOT.grid_y(fraction), 45, theme.MUTED, theme.SMALL_SIZE).label()
            for fraction in GRID_FRACTIONS
        ]
        legend_y = PLOT_BOTTOM - 40
        words = (_("error rate"), _("average of 5"), _("checker play"), _("cube"))
        self.legend = [
            LabelSpec(PLOT_LEFT + 16 + 150 * index, legend_y, 130, theme.MUTED, theme.SMALL_SIZE).label(word)
            for index, word in enumerate(words)
        ]
        empty = LabelSpec(
            LEFT_X,
            CARD_Y,
            LEFT_WIDTH - 80,
            theme.MUTED,
            theme.BODY_SIZE,
            240 if small else 120,
            anchor_x="center",
            align="center",
        )
        self.empty_label = empty.label()
        left = RIGHT_X - RIGHT_WIDTH / 2 + 20

        def body(y: float, width: float = RIGHT_WIDTH - 40) -> Label:
            return LabelSpec(left, y, width, theme.TEXT, theme.SMALL_SIZE).label()

        self.phase_rows = [body(590 - 30 * index) for index in range(5)]
        self.best_label, self.worst_label = body(425), body(345)
        if small:
            self.best_label, self.worst_label = body(560, 255), body(470, 255)
        trend = LabelSpec(
            RIGHT_X,
            240,
            RIGHT_WIDTH - 40,
            theme.ACCENT,
            theme.BODY_SIZE,
            160 if small else 70,
            anchor_x="center",
            align="center",
        )
        self.trend_label = trend.label()
        # Translators: button: the best (or worst) match of the progress screen on the analysis screen
        opens = ((RIGHT_X + 130, 560, 150, 56), (RIGHT_X + 130, 470, 150, 56)) if small else None
        best, worst = opens or ((RIGHT_X + 140, 390, 120, 32), (RIGHT_X + 140, 310, 120, 32))
        self.best_button = Button(_("Open"), Rect(*best), lambda: self.open_match(True))
        self.worst_button = Button(_("Open"), Rect(*worst), lambda: self.open_match(False))
        practice = Rect(RIGHT_X, 130, 400, 60) if small else Rect(RIGHT_X, 150, 300, 44)
        self.practice_button = Button(_("Practice"), practice, self.practise, primary=True)
        # Translators: button: leave the progress screen for the main menu (Esc does the same)
        self.back_button = Button(
            _("Back"), Rect(RIGHT_X + 120, FILTER_Y - 8 * small, 200, height), self.back
        )
        self.buttons = [
            *self.rules_selector.buttons,
            *self.opponent_selector.buttons,
            self.best_button,
            self.worst_button,
            self.practice_button,
            self.back_button,
        ]

    def _rules(self, value: str) -> None:
        self.rules = value
        self.refresh()

    def _opponent(self, value: str) -> None:
        self.opponent = value
        self.refresh()

    def refresh(self) -> None:
        """Read the history again under the filters, and lay out every figure."""
        try:
            self.progress = read_progress(self.history.records, self.rules or None, self.opponent or None)
            due = self.deck.due(self.rules or None)
            self.due = len(due)
            left_out = [history_left_out_text(self.progress.skipped)] if self.progress.skipped else []
            left_out += [deck_left_out_text(due.skipped)] if due.skipped else []
            if left_out:
                self.toast.show(" ".join(left_out))
        except RecordsUnavailable as error:
            self.progress = None
            self.toast.show(str(error))
        shown = self.progress
        matches = shown.matches if shown is not None else []
        # Translators: the progress screen with no match kept yet
        self.empty_label.text = (
            "" if matches else _("No matches yet: every match you finish against the computer comes here.")
        )
        self._fill_plot()
        self._fill_side()
        # Translators: the button to the practice deck; {due} how many positions are due now
        self.practice_button.label = _("Practice ({due} due)").format(due=self.due)

    def _fill_plot(self) -> None:
        shown = self.progress
        matches = shown.matches[-SHOWN:] if shown is not None else []
        averages = shown.moving_average[-SHOWN:] if shown is not None else []
        rates = [e.error_rate for e in matches] + [e.checker_error_rate for e in matches]
        top = max([*rates, *(e.cube_error_rate for e in matches), 10.0]) * 1.1
        self.top = top
        for label, fraction in zip(self.axis, GRID_FRACTIONS, strict=True):
            label.text = f"{top * fraction:.0f}"

        def at(index: int, value: float) -> tuple[float, float]:
            return PLOT.at(index, len(matches), value, 0.0, top)

        self.points = [at(i, e.error_rate) for i, e in enumerate(matches)]
        self.checker_points = [at(i, e.checker_error_rate) for i, e in enumerate(matches)]
        self.cube_points = [at(i, e.cube_error_rate) for i, e in enumerate(matches) if e.cube_decisions]
        self.average_line = [at(i, value) for i, value in enumerate(averages)]

    def _fill_side(self) -> None:
        shown = self.progress
        for label in [*self.phase_rows, self.best_label, self.worst_label, self.trend_label]:
            label.text = ""
        self.best_button.enabled = self.worst_button.enabled = False
        if shown is None or not shown.matches:
            return
        # Translators: the heading of the progress screen's table of error rates by phase of the game;
        # {unit} is their unit as the analysis names it (mEMG; millipoints for money play)
        heading = _("By phase: checker play, cube ({unit} per decision)")
        self.phase_rows[0].text = heading.format(unit=rates_unit(shown.matches))
        for label, (phase, rates) in zip(self.phase_rows[1:], shown.phases.items(), strict=True):
            label.text = (
                f"{_(PHASE_TITLES[phase])}: {rates.checker_error_rate:.1f} ({rates.checker_decisions}), "
                + (f"{rates.cube_error_rate:.1f} ({rates.cube_decisions})")
            )
        for label, index, button, word in (
            (self.best_label, shown.best, self.best_button, _("Best match")),
            (self.worst_label, shown.worst, self.worst_button, _("Worst match")),
        ):
            if index is not None:
                entry = shown.matches[index]
                said = f"{date_text(entry.played_at)}, {entry.opponent}, " if not self.small else ""
                label.text = f"{word}: {said}{entry.error_rate:.1f}"
                button.enabled = True
        self.trend_label.text = _(TREND_WORDS[shown.trend])

    def open_match(self, best: bool) -> None:
        """The best (or worst) match on the analysis screen; its Back returns here."""
        shown = self.progress
        index = None if shown is None else shown.best if best else shown.worst
        if shown is None or index is None:
            return
        entry = shown.matches[index]
        from game.tavla.screens.analysis.view import AnalysisView

        try:
            text = self.history.mat_text(entry.id or 0) or ""
            record = parse_record(text, TableGames.parse(entry.rules).first)
        except (UserError, RecordsUnavailable) as error:
            self.toast.show(str(error))
            return
        window = self.shell
        window.show_view(
            AnalysisView(record, lambda: window.show_view(ProgressView(self.rules, self.opponent)))
        )

    def back(self) -> None:
        """Back (and Esc): the main menu, where the screen was opened from."""
        self.shell.show_menu()

    def practise(self) -> None:
        from game.tavla.screens.progress.practice_view import PracticeView

        window = self.shell
        back = lambda: window.show_view(ProgressView(self.rules, self.opponent))  # noqa: E731
        window.show_view(PracticeView(back=back, games=self.rules or None))  # the cards of the game chosen

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)

    @property
    def in_motion(self) -> bool:
        return self.toast.remaining > 0

    def readable_labels(self) -> list[Label]:
        buttons = [label for button in self.buttons for label in button.labels]
        selectors = [*self.rules_selector.labels, *self.opponent_selector.labels]
        side = [self.best_label, self.worst_label, self.trend_label]
        if self.small:
            return [self.title, *selectors, *buttons, self.empty_label, *side]
        plot = [*self.axis, *self.legend, *self.phase_rows]
        return [self.title, *selectors, *buttons, *plot, self.empty_label, *side]

    def draw_scene(self) -> None:
        draw_card(LEFT_X, CARD_Y, LEFT_WIDTH, CARD_HEIGHT)
        draw_card(RIGHT_X, CARD_Y, RIGHT_WIDTH, CARD_HEIGHT)
        self.title.draw()
        self.rules_selector.draw()
        self.opponent_selector.draw()
        if self.points:
            self._draw_plot()
        else:
            self.empty_label.draw()
        rows = [] if self.small else self.phase_rows
        for label in [*rows, self.best_label, self.worst_label, self.trend_label]:
            label.draw()
        self.toast.draw()

    def _draw_plot(self) -> None:
        PLOT.draw_frame()
        if len(self.average_line) > 1:
            arcade.draw_line_strip(self.average_line, AVERAGE_COLOUR, 3)
        for x, y in self.checker_points:
            arcade.draw_circle_filled(x, y, 3, CHECKER_COLOUR)
        for x, y in self.cube_points:
            arcade.draw_rect_filled(XYWH(x, y, 6, 6), CUBE_COLOUR)
        for x, y in self.points:
            arcade.draw_circle_filled(x, y, 4.5, RATE_COLOUR)
        if self.small:
            return
        for label in self.axis:
            label.draw()
        y = PLOT_BOTTOM - 40
        # each mark as the plot draws it: the rate's dot, the average's line, checker dot, cube square
        arcade.draw_circle_filled(PLOT_LEFT + 6, y, 4.5, RATE_COLOUR)
        arcade.draw_line(PLOT_LEFT + 150 - 2, y, PLOT_LEFT + 150 + 12, y, AVERAGE_COLOUR, 3)
        arcade.draw_circle_filled(PLOT_LEFT + 300 + 6, y, 3, CHECKER_COLOUR)
        arcade.draw_rect_filled(XYWH(PLOT_LEFT + 450 + 6, y, 6, 6), CUBE_COLOUR)
        for label in self.legend:
            label.draw()


def rates_unit(matches: list[MatchEntry]) -> str:
    """The error rates' unit as the analysis names it: mEMG for matches, millipoints for money play, both
    when the history has both."""
    scales = {entry.scale for entry in matches}
    units = [milli_unit(True)] if "emg" in scales else []
    units += [milli_unit(False)] if scales - {"emg"} else []
    return " / ".join(units)


def progress_label() -> str:
    """The menu's button to this screen, with the practice cards due now counted (none said when the
    records cannot be read)."""
    try:
        due = Deck().due_count()
    except RecordsUnavailable:
        due = 0
    if not due:
        # Translators: menu button: the player's tavla progress over time and the practice deck
        return _("Progress")
    # Translators: menu button: the progress screen, with {due} practice positions due now
    return _("Progress ({due})").format(due=due)
