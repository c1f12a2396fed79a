"""The window-free bodies of `analyse FILE --keep --player NAME`, `progress [--rules R] [--opponent O]
[--json PATH]` and `practice --list [--json PATH]` / `practice --add ID`; game/cli.py parses the
arguments. The words of the figures are the analysis report's (game/tavla/analysis/figures.py), the
units the history's (millipoints of EMG in a match, of a point for money).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.errors import UserError
from game.files import write_report
from game.i18n import _, ngettext
from game.records import Records
from game.tavla.analysis.command import analyse_file, report_and_write
from game.tavla.engine.rules import Rules
from game.tavla.progress.history import History, MatchEntry, keep_analysis, seat_of
from game.tavla.progress.phases import PHASE_TITLES
from game.tavla.progress.practice import Deck, PracticeCard
from game.tavla.progress.summary import TREND_WORDS, Progress, progress
from game.tavla.record.match_record import MatchRecord


def played_at(path: str, record: MatchRecord) -> float:
    """When a file's match was played: the date the file gives (at noon UTC), else the file's time, else
    now."""
    if record.played_at is not None:
        return record.played_at
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return time.time()


def keep_command(
    path: str, rules: Rules | None, json_path: str | None, level: str, player: str, records: Records
) -> list[str]:
    """`analyse --keep`: the report of `analyse`, then the match kept in `player`'s history."""
    analysis = analyse_file(path, rules, level)
    seat = seat_of(analysis, player)
    lines = report_and_write(analysis, json_path)
    from game.tavla.progress.archive_import import history_text

    try:
        text = history_text(Path(path), analysis.record)
    except OSError as error:
        raise UserError(f"{path}: {error.strerror or error}") from None
    when = played_at(path, analysis.record)
    kept = keep_analysis(records, analysis, seat, text, str(Path(path).resolve()), when)
    if kept is None:
        # Translators: after the analysis report; {name} is the player given with --player
        lines.append(_("This match is in {name}'s history already.").format(name=player))
    else:
        # Translators: after the analysis report; {name} is the player given with --player
        lines.append(_("Kept in {name}'s history (see: progress).").format(name=player))
    return lines


def date_text(when: float) -> str:
    """A day as the history shows it: 2026-12-02 (local time)."""
    return time.strftime("%Y-%m-%d", time.localtime(when))


def length_text(entry: MatchEntry) -> str:
    # Translators: the length column of the history: money play (not a match to a number of points)
    return str(entry.length) if entry.length else _("money")


def read_progress(records: Records, rules: str | None = None, opponent: str | None = None) -> Progress:
    """The player's progress, of one rule set and/or opponent when given."""
    history = History(records)
    matches = history.matches(rules, opponent)
    decisions = history.decisions([entry.id for entry in matches if entry.id is not None])
    shown = progress(matches, decisions)
    return dataclasses.replace(shown, skipped=matches.skipped + decisions.skipped)


def history_left_out_text(count: int) -> str:
    """Rows of the history left out because a value in them is not one the game writes (a file edited
    by hand, or damaged): said, so a missing match is not a mystery."""
    # Translators: {count} matches or decisions kept in the records file could not be read
    message = ngettext(
        "{count} kept match or decision could not be read (a value in the records file is damaged) "
        "and is left out.",
        "{count} kept matches or decisions could not be read (a value in the records file is damaged) "
        "and are left out.",
        count,
    )
    return message.format(count=count)


def deck_left_out_text(count: int) -> str:
    """Cards of the practice deck left out because a value in them is not one the game writes."""
    # Translators: {count} practice cards kept in the records file could not be read
    message = ngettext(
        "{count} practice card could not be read (a value in the records file is damaged) and is left out.",
        "{count} practice cards could not be read (a value in the records file is damaged) and are left out.",
        count,
    )
    return message.format(count=count)


def progress_command(
    records: Records, rules: str | None, opponent: str | None, json_path: str | None
) -> list[str]:
    """The lines of `progress`; writes `progress_json` to `json_path` when given."""
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


def card_json(card: PracticeCard) -> dict[str, Any]:
    """One card as `practice --list --json` writes it."""
    return {
        "id": card.gnubg_id,
        "kind": card.kind,
        "rules": card.rules,
        "dice": None if card.roll is None else list(card.roll),
        "your_play": card.shown(card.your_play),
        "best_play": card.shown(card.best_play),
        "loss": round(card.loss, 3),
        "mark": card.mark or None,
        "due": datetime.fromtimestamp(card.due, UTC).isoformat(),
        "reviews": card.reviews,
    }


def roll_written(roll: tuple[int, int]) -> str:
    """A roll as backgammon players write it, the higher die first: `21`, never `12`."""
    return f"{max(roll)}{min(roll)}"


def practice_list_command(deck: Deck, json_path: str | None) -> list[str]:
    """The lines of `practice --list` (the soonest due first); writes the JSON when asked."""
    cards = deck.cards()
    if json_path is not None:
        positions = [card_json(card) for card in cards]
        write_json(json_path, {"positions": positions, "unreadable_cards": cards.skipped})
    if cards.skipped:
        print(deck_left_out_text(cards.skipped), file=sys.stderr)
    if not cards:
        return [_("the practice deck is empty: your doubtful, bad and very bad plays come here")]
    now = deck.clock()
    lines = []
    for card in cards:
        due = _("due now") if card.due <= now else date_text(card.due)
        roll = f"{roll_written(card.roll)}: " if card.roll is not None else ""
        # Translators: one card of the practice deck: {id} its GNU Backgammon ID, {play} the play made in
        # it, {best} the best, {loss} what the play lost in millipoints, {due} when it is due next
        line = _("{id} {roll}{play}, best {best}, loss {loss:.1f}, {due}")
        lines.append(
            line.format(
                id=card.gnubg_id,
                roll=roll,
                play=card.shown(card.your_play) or "-",
                best=card.shown(card.best_play),
                loss=card.loss,
                due=due,
            )
        )
    # Translators: the last line of the practice list
    lines.append(_("{due} of {total} due now").format(due=sum(c.due <= now for c in cards), total=len(cards)))
    return lines


def practice_add_command(deck: Deck, gnubg_id: str, rules: Rules) -> list[str]:
    card, added = deck.add_new_by_id(gnubg_id, rules)
    if not added:
        # Translators: {id} the position's GNU Backgammon ID, {best} its best play as the deck keeps it
        message = _("{id} is already in the practice deck (best {best}): nothing was changed")
        return [message.format(id=card.gnubg_id, best=card.shown(card.best_play))]
    # Translators: {id} the position's GNU Backgammon ID, {best} its best play
    return [
        _("added {id} to the practice deck (best {best})").format(
            id=card.gnubg_id, best=card.shown(card.best_play)
        )
    ]


def write_json(path: str, data: dict[str, Any]) -> None:
    write_report(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
