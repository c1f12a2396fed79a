"""`practice`: the practice deck of your own mistakes, listed (soonest due first) or added to."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from game.core.text.i18n import _
from game.core.text.terminal import print_lines
from game.tavla.commands.options import check_backgammon, write_json
from game.tavla.engine.rules import Rules, table_choices

if TYPE_CHECKING:
    from game.tavla.progress.practice import Deck, PracticeCard
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    practice = commands.add_parser("practice", help=_("the practice deck of your own mistakes"))
    practice.add_argument("--list", action="store_true", help=_("list the deck, the soonest due first"))
    practice.add_argument("--add", metavar="POSITION_ID:MATCH_ID", help=_("add a position with its roll"))
    practice.add_argument(
        "--rules",
        choices=table_choices(),
        metavar="GAME",
        default=None,
        help=_("the rule set of --add (tavla or standard); with --list, only this game's cards"),
    )
    practice.add_argument("--json", dest="json_path", metavar="PATH", help=_("with --list: also write JSON"))
    return practice


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    """--add, then the list when asked for or when nothing was added."""
    from game.tavla.progress.practice import Deck

    deck = Deck()
    if args.add is not None:
        rules = Rules.parse(args.rules or "standard")
        if not rules.is_backgammon:  # a GNU Backgammon ID holds a backgammon position
            check_backgammon(rules)
        print_lines(practice_add_command(deck, args.add, rules))
    if args.list or args.add is None:
        print_lines(practice_list_command(deck, args.json_path, args.rules if args.add is None else None))
    return 0


def card_json(card: PracticeCard) -> dict[str, Any]:
    """One card as `practice --list --json` writes it."""
    from datetime import UTC, datetime

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


def practice_list_command(deck: Deck, json_path: str | None, games: str | None = None) -> list[str]:
    """The lines of `practice --list` (the soonest due first; only the cards of `games` when given, a
    game or the Tavli match); writes the JSON when asked."""
    from game.tavla.progress.report import date_text, deck_left_out_text

    cards = deck.cards(games)
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
    """The line of `practice --add`: the position added with its best play, or already in the deck."""
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
