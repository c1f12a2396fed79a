"""`progress`: your Tavla progress, error rates match by match, by phase, the trend; and as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from game.core.text.i18n import _
from game.core.text.terminal import print_lines
from game.tavla.commands.options import write_json
from game.tavla.engine.rules import table_choices

if TYPE_CHECKING:
    from game.core.records import Records
    from game.tavla.progress.history import MatchEntry
    from game.tavla.progress.summary import Progress
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    progress = commands.add_parser(
        "progress", help=_("print your Tavla progress: error rates match by match")
    )
    progress.add_argument(
        "--rules",
        choices=table_choices(),
        metavar="GAME",
        default=None,
        help=_("only this game (or the Tavli match)"),
    )
    progress.add_argument("--opponent", metavar="NAME", default=None, help=_("only against this opponent"))
    progress.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write it as JSON"))
    return progress


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    from game.core.records import Records

    print_lines(progress_command(Records(), args.rules, args.opponent, args.json_path))
    return 0


def progress_command(
    records: Records, rules: str | None, opponent: str | None, json_path: str | None
) -> list[str]:
    """The lines of `progress`; writes `progress_json` to `json_path` when given."""
    from game.tavla.progress.phases import PHASE_TITLES
    from game.tavla.progress.report import date_text, history_left_out_text, length_text, read_progress
    from game.tavla.progress.summary import TREND_WORDS

    shown = read_progress(records, rules, opponent)
    if json_path is not None:
        write_json(json_path, progress_json(shown))
    if shown.skipped:
        print(history_left_out_text(shown.skipped), file=sys.stderr)
    if not shown.matches:
        return [_("no matches yet")]
    lines = []
    for entry, average in zip(shown.matches, shown.moving_average, strict=True):
        # Translators: one match of the progress report; {rate} the error rate, {checker} and {cube} the
        # checker play's and the cube's, {average} the moving average, all in millipoints per decision
        line = _(
            "{date} {opponent} ({rules}, {length}): {result:+d}, error rate {rate:.1f} (checker"
            " {checker:.1f}, cube {cube:.1f}, average {average:.1f}), {rating}, luck {luck:+.1f} per roll"
        )
        lines.append(
            line.format(
                date=date_text(entry.played_at),
                opponent=entry.opponent,
                rules=entry.rules,
                length=length_text(entry),
                result=entry.result,
                rate=entry.error_rate,
                checker=entry.checker_error_rate,
                cube=entry.cube_error_rate,
                average=average,
                rating=_(entry.rating) if entry.rating else "-",
                luck=entry.luck_rate,
            )
        )
    for phase, rates in shown.phases.items():
        # Translators: {phase} opening, middle, race or bear-off; rates in millipoints per decision
        line = _("{phase}: checker {checker:.1f} ({moves} plays), cube {cube:.1f} ({cubes} decisions)")
        lines.append(
            line.format(
                phase=_(PHASE_TITLES[phase]),
                checker=rates.checker_error_rate,
                moves=rates.checker_decisions,
                cube=rates.cube_error_rate,
                cubes=rates.cube_decisions,
            )
        )
    for label, index in ((_("best match"), shown.best), (_("worst match"), shown.worst)):
        if index is not None:
            entry = shown.matches[index]
            lines.append(f"{label}: {date_text(entry.played_at)} {entry.opponent} {entry.error_rate:.1f}")
    lines.append(_(TREND_WORDS[shown.trend]))
    return lines


def match_json(entry: MatchEntry) -> dict[str, Any]:
    """One match as `progress --json` writes it (rounded as the `analyse` JSON rounds)."""
    from datetime import UTC, datetime

    return {
        "id": entry.id,
        "date": datetime.fromtimestamp(entry.played_at, UTC).isoformat(),
        "opponent": entry.opponent,
        "player": entry.player,
        "rules": entry.rules,
        "length": entry.length,
        "result": entry.result,
        "scale": entry.scale,
        "error_rate": round(entry.error_rate, 3),
        "checker_error_rate": round(entry.checker_error_rate, 3),
        "cube_error_rate": round(entry.cube_error_rate, 3),
        "decisions": entry.decisions,
        "checker_decisions": entry.checker_decisions,
        "cube_decisions": entry.cube_decisions,
        "mwc_error_rate": round(entry.mwc_error_rate, 6),
        "rating": entry.rating,
        "luck": round(entry.luck, 3),
        "luck_rate": round(entry.luck_rate, 3),
        "level": entry.level,
        "source": entry.source,
    }


def progress_json(shown: Progress) -> dict[str, Any]:
    """The whole of `progress --json`: every match, the moving average, the phases, the best and worst."""
    return {
        "matches": [match_json(entry) for entry in shown.matches],
        "moving_average": [round(value, 3) for value in shown.moving_average],
        "phases": {
            phase: {
                "checker_error_rate": round(rates.checker_error_rate, 3),
                "checker_decisions": rates.checker_decisions,
                "cube_error_rate": round(rates.cube_error_rate, 3),
                "cube_decisions": rates.cube_decisions,
            }
            for phase, rates in shown.phases.items()
        },
        "best": shown.best,
        "worst": shown.worst,
        "trend": shown.trend,
        "unreadable_rows": shown.skipped,
    }
