"""A rollout's report, as the `rollout` command (game/tavla/commands/rollout.py) prints it and the
table's study card shows it (game/tavla/lab/study_jobs.py): a position rolled out, before the roll or,
with dice, every play of the roll.

Before the roll it gives the cubeless chances of the player on roll (win, win gammon, win
backgammon, lose gammon, lose backgammon) and the equity, each with its 95% interval; with dice
(`--dice`, or the dice an ID holds) every legal play (or the `--plays` best at 0-ply) is rolled out on
the same dice and ranked, each with its difference to the best measured game by game, as duplicate
dice allow. A home-board race also gets the bear-off database's answer. Its JSON (`--json`) gives the
figures with their standard errors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from game.core.text.i18n import _, ngettext, percent_text
from game.core.text.terminal_table import Column, print_table
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import Play, display_play, format_play
from game.tavla.engine.position import State, all_borne_off, flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup
from game.tavla.engine.xgid import write_xgid
from game.tavla.eval.bearoff import both_home, race_outcomes
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.neural import equities, other_side, shipped_evaluator
from game.tavla.eval.stakes import Stakes
from game.tavla.lab.rollout import summary
from game.tavla.lab.rollout_runner import Rolled

if TYPE_CHECKING:
    from rich.console import Console

JSON_FORMAT = "fifteen-tavla rollout"
JSON_VERSION = 1
Z95 = 1.959964  # a 95% interval is the mean +- this many standard errors
CHANCES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


@dataclass(frozen=True)
class Candidate:
    """A play of the roll (empty: no move) and the position after it, seen by the player who plays."""

    play: Play
    after: State


@dataclass(frozen=True)
class Figures:
    """Means and standard errors of the five chances and the equity, over the games played."""

    chances: np.ndarray
    chances_se: np.ndarray
    equity: float
    equity_se: float


def candidates_of(state: State, dice: tuple[int, int], rules: Rules, most: int | None) -> list[Candidate]:
    """The plays of `dice` (one empty play when there is none), the judge's best first at its quickest
    level (Open Sage's 1-ply, or our networks' 0-ply); the `most` best when given."""
    results = legal_results(state, dice[0], dice[1], rules)
    if not results:
        return [Candidate((), state)]
    ranked = judge_for(rules, JudgeLevel.EXPERT).rank_results(state, dice, results, Stakes(rules))
    kept = ranked if most is None else ranked[:most]
    return [Candidate(play.play, play.after) for play in kept]


def figures(results: np.ndarray, rules: Rules) -> Figures:
    """The means and standard errors of per-game chances, shape (games, 5)."""
    values = np.column_stack([results, equities(results, rules)])
    mean, se = summary(values)
    return Figures(mean[:5], se[:5], float(mean[5]), float(se[5]))


def exact_chances(state: State) -> np.ndarray | None:
    """The player on roll's chances before the roll where the bear-off database knows them."""
    if all_borne_off(flip(state)) or not both_home(np.array([state]))[0]:
        return None
    return other_side(race_outcomes(np.array([flip(state)])))[0]


class RolloutReport:
    """The figures of a rollout, as lines to print and as JSON."""

    def __init__(self, setup: Setup, rolled: Rolled, candidates: list[Candidate] | None) -> None:
        self.setup = setup
        self.rolled = rolled
        self.rules = rolled.plan.rules
        self.candidates = candidates
        if candidates is None:
            self.per_game = [rolled.results[0]]
            self.exact = [exact_chances(setup.state)]
        else:  # each play's games turned round: the opponent was on roll after it
            self.per_game = [other_side(results) for results in rolled.results]
            self.exact = [_exact_after(candidate.after, self.rules) for candidate in candidates]
        self.figures = [figures(results, self.rules) for results in self.per_game] if rolled.games else []
        self.order = sorted(range(len(self.figures)), key=lambda i: -self.figures[i].equity)

    def difference(self, index: int) -> tuple[float, float]:
        """A play's equity minus the best's, and its standard error, game by game on the same dice."""
        best = self.order[0]
        gap = equities(self.per_game[index], self.rules) - equities(self.per_game[best], self.rules)
        mean, se = summary(gap[:, None])
        return float(mean[0]), float(se[0])

    def lines(self) -> list[str]:
        lines = [self._heading()]
        if not self.figures:
            return [*lines, _("no game was finished")]
        if self.candidates is None:
            lines.append(_chances_line(self.figures[0]))
            lines.append(_equity_line(self.figures[0]))
            if self.exact[0] is not None:
                lines.append(_exact_line(self.exact[0], self.rules))
            return lines
        for rank, index in enumerate(self.order, start=1):
            candidate, shown = self.candidates[index], self.figures[index]
            play = display_play(self.setup.state, candidate.play) or _("no move")
            gap, gap_se = self.difference(index)
            behind = "" if rank == 1 else "; " + _behind(gap, gap_se)
            lines.append(f"{rank:>2}. {play}: {_equity_line(shown)}{behind}")
            lines.append(f"    {_chances_line(shown)}")
            if self.exact[index] is not None:
                lines.append(f"    {_exact_line(self.exact[index], self.rules)}")
        return lines

    def print_table(self, console: Console) -> None:
        """The report as the command line prints it: the heading, then a table as GNU Backgammon and
        eXtreme Gammon show a rollout, a row per play (best first) with its 95% intervals on the row
        under it, fitted to the console's width (game/core/text/terminal_table.py). `lines` is the study
        card's."""
        from rich.text import Text

        console.print(Text(self._heading()))
        if not self.figures:
            console.print(Text(_("no game was finished")))
            return
        if self.candidates is None:
            # Translators: the title of a rollout's table before the roll; the chances are in per cent
            title = _("Before the roll: the chances in per cent")
        else:
            # Translators: the title of a rollout's table of plays; the chances are in per cent
            title = _("The plays, best first: the chances in per cent")
        print_table(console, self.columns(), title)

    def columns(self) -> list[Column]:
        """The table's columns: the rank and the play, the equity (and the cubeful one, where there is
        one), the difference to the best, and the six chances; each play a row of figures and a row of
        their intervals, and a row of the bear-off database's exact figures where it knows them."""
        rows: list[_Row] = []
        for rank, index in enumerate(self.order, start=1):
            if self.candidates is None:
                # Translators: the row of a rollout's table before the roll that the rollout measured (under
                # it, a row of the bear-off database's exact figures where it knows them)
                name = _("rollout")
            else:
                name = display_play(self.setup.state, self.candidates[index].play) or _("no move")
            rows.extend(self._rows(rank, index, name))
        cubeful = any(row.cubeful for row in rows)
        if self.candidates is None:  # one position, no plays: the rows say where their figures come from
            columns = [Column("", [row.name for row in rows], kind="name", key=True)]
        else:
            columns = [
                Column(_("#"), [row.rank for row in rows], key=True),
                # Translators: heading of a rollout's table: the checker play of the roll (not the button)
                Column(_("Move"), [row.name for row in rows], kind="name", key=True, whole=True),
            ]
        columns += [
            # Translators: heading of a rollout's table: the cubeless equity, in points per game
            Column(_("Equity"), [row.equity for row in rows]),
        ]
        if cubeful:
            # Translators: heading of a rollout's table: the cubeful equity (the cube's later use counted)
            columns.append(Column(_("Cubeful"), [row.cubeful for row in rows]))
        if self.candidates is not None:
            # Translators: heading of a rollout's table: the play's equity minus the best play's
            columns.append(
                Column(
                    _("To the best"),
                    [row.gap for row in rows],
                    short=_("Diff"),
                    # Translators: in the legend under a rollout's table: what "Diff" means
                    meaning=_("equity minus the best play's"),
                )
            )
        for position, (heading, short, meaning) in enumerate(_chance_headings()):
            columns.append(
                Column(heading, [row.chances[position] for row in rows], short=short, meaning=meaning)
            )
        return columns

    def _rows(self, rank: int, index: int, name: str) -> list[_Row]:
        """A play's rows: its figures, their 95% intervals, and the exact figures where known."""
        shown = self.figures[index]
        cubeful = self._cubeful_figure(index)
        gap, gap_se = self.difference(index) if self.candidates is not None else (math.nan, math.nan)
        best = index == self.order[0]
        chances = _six(shown.chances)
        se = shown.chances_se
        halves = [se[0], se[1], se[2], se[0], se[3], se[4]]  # losing is 1 - winning: the same error
        rows = [
            _Row(
                str(rank),
                name,
                f"{shown.equity:+.3f}",
                "" if cubeful is None else f"{cubeful[0]:+.3f}",
                "" if best or math.isnan(gap) else f"{gap:+.3f}",
                tuple(f"{100 * c + 0.0:.1f}" for c in chances),
            ),
            _Row(
                "",
                "",
                _half(shown.equity_se, "{:.3f}"),
                "" if cubeful is None else _half(cubeful[1], "{:.3f}"),
                "" if best else _half(gap_se, "{:.3f}"),
                tuple(_half(100 * h, "{:.1f}") for h in halves),
            ),
        ]
        exact = self.exact[index]
        if exact is not None:
            # Translators: a row of a rollout's table: the exact figures of the bear-off database
            rows.append(
                _Row(
                    "",
                    _("bear-off database"),
                    f"{float(equities(exact, self.rules)):+.3f}",
                    "",
                    "",
                    tuple(f"{100 * c + 0.0:.1f}" for c in _six(exact)),
                )
            )
        return rows

    def _cubeful_figure(self, index: int) -> tuple[float, float] | None:
        """The cubeful equity and its standard error where the rollout measured one (Open Sage's)."""
        return None

    def _heading(self) -> str:
        rolled, plan = self.rolled, self.rolled.plan
        games = games_text(rolled.games, plan.games)
        end = (
            _("played to the end")
            if plan.truncate is None
            # Translators: {plies} is a number of rolls after which each game of a rollout is judged
            else _("judged by the evaluator after {plies} rolls").format(plies=plan.truncate)
        )
        luck = _("luck correction") if plan.luck else _("no luck correction")
        dice = dice_text(self.setup)
        # Translators: the heading of a rollout's report; {level} is expert or master, {rules} the rule set,
        # {percent} is "95%" as your language writes a percentage (the figures after ± are 95% intervals)
        heading = _(
            "Rollout{dice}: {games}, {level}, {rules}, cubeless, seed {seed}, {end}, {luck}; "
            "± is a {percent} interval"
        )
        return heading.format(
            dice=dice,
            games=games,
            level=plan.level,
            rules=_(self.rules.short_name),
            seed=plan.seed,
            end=end,
            luck=luck,
            percent=percent_text("95"),
        )

    def to_json(self) -> dict[str, Any]:
        rolled, plan = self.rolled, self.rolled.plan
        data: dict[str, Any] = {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "rules": str(plan.rules),
            "level": plan.level,
            "seed": plan.seed,
            "games": rolled.games,
            "games_asked": plan.games,
            "complete": rolled.complete,
            "stopped_by": rolled.stopped_by or None,
            "truncate": plan.truncate,
            "luck_correction": plan.luck,
            "stratified_rolls": plan.stratified,
            "workers": rolled.workers,
            "seconds": round(rolled.seconds, 3),
            "state": list(self.setup.state),
            "id": self.setup.gnubg_id,
            "xgid": write_xgid(self.setup),
            "dice": list(self.setup.dice) if self.setup.dice else None,
        }
        if not self.figures:
            return data
        data.update(_figures_json(self.figures[self.order[0]]))
        data["exact"] = _exact_json(self.exact[self.order[0]], self.rules)
        if self.candidates is not None:
            data["plays"] = [self._play_json(index) for index in self.order]
        return data

    def _play_json(self, index: int) -> dict[str, Any]:
        candidate = self.candidates[index]  # type: ignore[index]
        gap, gap_se = self.difference(index)
        return {
            "play": format_play(candidate.play),
            "shown": display_play(self.setup.state, candidate.play),
            "state_after": list(candidate.after),
            **_figures_json(self.figures[index]),
            "difference": gap,
            "difference_se": gap_se,
            "exact": _exact_json(self.exact[index], self.rules),
        }


@dataclass(frozen=True)
class _Row:
    """A row of the rollout's table, its cells as shown."""

    rank: str
    name: str
    equity: str
    cubeful: str
    gap: str
    chances: tuple[str, ...]


def _six(chances: np.ndarray) -> tuple[float, ...]:
    """The five chances (win, win gammon, win backgammon, lose gammon, lose backgammon) as the table's
    six: losing put in after the wins, as GNU Backgammon shows them."""
    win, gammon, backgammon, lose_gammon, lose_backgammon = (float(c) for c in chances)
    return win, gammon, backgammon, 1.0 - win, lose_gammon, lose_backgammon


def _half(se: float, form: str) -> str:
    """`±0.032`: the half-width of a 95% interval from a standard error; nothing after a single game."""
    return "" if math.isnan(se) else "±" + form.format(Z95 * se)


def _chance_headings() -> list[tuple[str, str, str]]:
    """Each chance column's heading, short heading and what the legend says of it."""
    return [
        # Translators: heading of a rollout's table: the chance to win, in per cent; then its short
        # heading (W) and what the legend says of it
        (_("Win"), _("W"), _("win")),
        # Translators: heading of a rollout's table: the chance to win a gammon (a mars under tavla rules)
        (_("Win gammon"), _("WG"), _("win a gammon")),
        # Translators: heading of a rollout's table: the chance to win a backgammon
        (_("Win backgammon"), _("WBG"), _("win a backgammon")),
        # Translators: heading of a rollout's table: the chance to lose, in per cent
        (_("Lose"), _("L"), _("lose")),
        # Translators: heading of a rollout's table: the chance to lose a gammon
        (_("Lose gammon"), _("LG"), _("lose a gammon")),
        # Translators: heading of a rollout's table: the chance to lose a backgammon
        (_("Lose backgammon"), _("LBG"), _("lose a backgammon")),
    ]


def games_text(played: int, asked: int) -> str:
    """The games of a rollout's heading: all played, or how many of those asked before a stop."""
    if played == asked:
        return ngettext("{games} game", "{games} games", played).format(games=played)
    # Translators: a rollout stopped early (Ctrl+C); {games} of {asked} games were played
    return _("stopped after {games} of {asked} games").format(games=played, asked=asked)


def dice_text(setup: Setup) -> str:
    """ ", dice 31" in a rollout's heading when the position has its dice, else nothing."""
    if setup.dice is None:
        return ""
    return ", " + _("dice {dice}").format(dice=f"{setup.dice[0]}{setup.dice[1]}")


def _exact_after(after: State, rules: Rules) -> np.ndarray | None:
    """The mover's chances after a play, where the bear-off database knows them (or the game is won)."""
    if all_borne_off(after) or both_home(np.array([after]))[0]:
        return shipped_evaluator(rules).probabilities([after])[0]
    return None


def _figures_json(shown: Figures) -> dict[str, Any]:
    """The figures, each with its standard error (null after a single game: there is none)."""
    data: dict[str, Any] = {}
    for name, mean, se in zip(CHANCES, shown.chances, shown.chances_se, strict=True):
        data[name], data[f"{name}_se"] = float(mean), _known(se)
    data["equity"], data["equity_se"] = shown.equity, _known(shown.equity_se)
    half = Z95 * shown.equity_se
    data["equity_ci95"] = None if math.isnan(half) else [shown.equity - half, shown.equity + half]
    return data


def _known(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def _exact_json(chances: np.ndarray | None, rules: Rules) -> dict[str, float] | None:
    if chances is None:
        return None
    data = {name: float(value) for name, value in zip(CHANCES, chances, strict=True)}
    data["equity"] = float(equities(chances, rules))
    return data


def _percent(mean: float, se: float) -> str:
    """`52.3% ± 0.8`: a chance and its 95% interval (none after a single game); the luck correction's
    -0.0 is 0.0."""
    shown = f"{round(100 * mean, 1) + 0.0:.1f}%"
    return shown if math.isnan(se) else f"{shown} ± {100 * Z95 * se:.1f}"


def _chances_line(shown: Figures) -> str:
    c, s = shown.chances, shown.chances_se
    # Translators: the cubeless chances of a rollout, each "52.3% ± 0.8" (its 95% interval)
    line = _(
        "win {win} (gammon {gammon}, backgammon {backgammon}), lose gammon {lose_gammon}, "
        "backgammon {lose_backgammon}"
    )
    return line.format(
        win=_percent(c[0], s[0]),
        gammon=_percent(c[1], s[1]),
        backgammon=_percent(c[2], s[2]),
        lose_gammon=_percent(c[3], s[3]),
        lose_backgammon=_percent(c[4], s[4]),
    )


def _equity_line(shown: Figures) -> str:
    if math.isnan(shown.equity_se):
        return _("equity {equity:+.3f}").format(equity=shown.equity)
    # Translators: a rollout's cubeless equity in points, e.g. "+0.163 ± 0.010" (its 95% interval)
    return _("equity {equity:+.3f} ± {half:.3f}").format(equity=shown.equity, half=Z95 * shown.equity_se)


def _behind(gap: float, se: float) -> str:
    if math.isnan(se):
        return _("{gap:+.3f} to the best").format(gap=gap)
    # Translators: how much less a play's equity is than the best's, with its 95% interval
    return _("{gap:+.3f} ± {half:.3f} to the best").format(gap=gap, half=Z95 * se)


def _exact_line(chances: np.ndarray, rules: Rules) -> str:
    # Translators: the exact chances of a home-board race, from the bear-off database, in per cent
    line = _(
        "bear-off database: win {win:.1f}% (gammon {gammon:.1f}%), lose gammon {lose:.1f}%, "
        "equity {equity:+.3f}"
    )
    return line.format(
        win=100 * chances[0],
        gammon=100 * chances[1],
        lose=100 * chances[3],
        equity=float(equities(chances, rules)),
    )
