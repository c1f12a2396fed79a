"""The report of a rollout on Open Sage (game/tavla/lab/sage_rollout.py): the figures as our rollouts'
report shows them, the plays ranked by their cubeful equity under the standard rules (shown beside the
cubeless one), the heading saying which engine played."""

from __future__ import annotations

from typing import Any

import numpy as np

from game.core.text.i18n import _, percent_text
from game.tavla.engine.study_position import Setup
from game.tavla.eval.neural import equities, other_side
from game.tavla.eval.sage_judge import ENGINE, LEVEL_PLIES
from game.tavla.lab.rollout_report import (
    Z95,
    Candidate,
    Figures,
    RolloutReport,
    _exact_after,
    _known,
    dice_text,
    exact_chances,
    games_text,
)
from game.tavla.lab.sage_rollout import SageRolled


class SageRolloutReport(RolloutReport):
    """The figures of a rollout on Open Sage (game/tavla/lab/sage_rollout.py), reported as ours are, with
    the cubeful equity beside the cubeless one under the standard rules."""

    def __init__(self, setup: Setup, rolled: SageRolled, candidates: list[Candidate] | None) -> None:
        self.setup = setup
        self.rolled = rolled  # type: ignore[assignment]
        self.rules = rolled.plan.rules
        self.candidates = candidates
        chances, cubeful = rolled.chances, rolled.cubeful
        if candidates is None:  # rolled out after the opponent's move: turned to the player on roll
            chances, cubeful = other_side(chances), -cubeful
            self.exact = [exact_chances(setup.state)]
        else:
            self.exact = [_exact_after(candidate.after, self.rules) for candidate in candidates]
        values = equities(chances, self.rules)
        self.figures = [
            Figures(chances[i], rolled.chances_se[i], float(values[i]), float(rolled.cubeless_se[i]))
            for i in range(len(chances))
        ] if rolled.games else []  # fmt: skip
        self.cubeful = [(float(cubeful[i]), float(rolled.cubeful_se[i])) for i in range(len(chances))]
        self.order = sorted(range(len(self.figures)), key=lambda i: -self._value(i))

    def _value(self, index: int) -> float:
        return self.cubeful[index][0] if self.rules.has_cube else self.figures[index].equity

    def difference(self, index: int) -> tuple[float, float]:
        """A play's equity (cubeful under the standard rules) minus the best's; the error as if the two
        were independent, an upper bound: they met the same dice."""
        best = self.order[0]
        gap = self._value(index) - self._value(best)
        if index == best:
            return gap, 0.0
        cube = self.rules.has_cube
        errors = [self.cubeful[i][1] if cube else self.figures[i].equity_se for i in (index, best)]
        return gap, float(np.hypot(*errors))

    def _cubeful_figure(self, index: int) -> tuple[float, float] | None:
        return self.cubeful[index] if self.rules.has_cube else None

    def lines(self) -> list[str]:
        lines = super().lines()
        if not self.figures or not self.rules.has_cube:
            return lines
        if self.candidates is None:
            return [*lines, _cubeful_line(*self.cubeful[0])]
        # each play's first line gets its cubeful equity, by which the plays are ranked
        out, rank = [], 0
        for line in lines:
            out.append(line)
            if line[:3].strip().rstrip(".").isdigit():
                out.append(f"    {_cubeful_line(*self.cubeful[self.order[rank]])}")
                rank += 1
        return out

    def _heading(self) -> str:
        rolled, plan = self.rolled, self.rolled.plan
        games = games_text(rolled.games, plan.games)
        end = (
            _("played to the end")
            if plan.truncate is None
            # Translators: {plies} is a number of rolls after which each game of a rollout is judged
            else _("judged by Open Sage after {plies} rolls").format(plies=plan.truncate)
        )
        dice = dice_text(self.setup)
        # Translators: the heading of a rollout on Open Sage; {plies} its depth while playing (1, 2, 3),
        # {rules} the rule set, {percent} "95%" (the figures after ± are 95% intervals)
        heading = _(
            "Rollout{dice}: {games}, Open Sage {plies}-ply, {rules}, seed {seed}, {end}, "
            "variance reduction; ± is a {percent} interval"
        )
        rules = _(self.rules.short_name)
        return heading.format(
            dice=dice,
            games=games,
            plies=LEVEL_PLIES[plan.level],
            rules=rules,
            seed=plan.seed,
            end=end,
            percent=percent_text("95"),
        )

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["engine"] = ENGINE
        if self.figures and self.rules.has_cube:
            data.update(self._cubeful_json(self.order[0]))
            for row, index in zip(data.get("plays", []), self.order, strict=False):
                row.update(self._cubeful_json(index))
        return data

    def _cubeful_json(self, index: int) -> dict[str, float | None]:
        equity, se = self.cubeful[index]
        return {"cubeful_equity": equity, "cubeful_equity_se": _known(se)}


def _cubeful_line(equity: float, se: float) -> str:
    # Translators: a rollout's cubeful equity (the cube's later use counted), with its 95% interval
    return _("cubeful equity {equity:+.3f} ± {half:.3f}").format(equity=equity, half=Z95 * se)
