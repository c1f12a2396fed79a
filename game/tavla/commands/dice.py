"""`dice verify MATCH`: proof that a match's rolls were fixed before it began (the proof itself is
game/tavla/record/dice_proof.py). MATCH is a `.mat` file, or the id of a match kept in the history
(`progress --json` gives each id).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.core.text.quoting import quoted
from game.core.text.terminal import print_lines

if TYPE_CHECKING:
    from game.core.records import Records
    from game.tavla.record.dice_proof import DiceProof
    from game.tavla.settings import TavlaSettings

REFUSED = 1  # the exit status of a match whose dice are not proven (2 is bad input, as everywhere)


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    dice = commands.add_parser("dice", help=_("prove that a match's rolls were fixed before it began"))
    dice.add_argument("action", choices=("verify",), help=_("verify: replay the rolls from its seed"))
    dice.add_argument("match", metavar="MATCH", help=_("a .mat file the game wrote, or a kept match's id"))
    return dice


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    return dice_command(args.match)


def proof_lines(proof: DiceProof) -> list[str]:
    """The verdict of a proven match, for the terminal."""
    # Translators: the verdict of `dice verify` on a match whose dice are proven; {commitment} is a hash
    committed = _("The commitment matches: SHA-256 of the seed is {commitment}.").format(
        commitment=proof.commitment
    )
    # Translators: how many games of the match were checked, in the line below
    games = ngettext("{count} game", "{count} games", proof.games).format(count=proof.games)
    # Translators: {rolls} rolls were derived from the seed and compared; {games} e.g. "3 games"
    checked = ngettext(
        "{rolls} roll checked in {games}: all equal to the rolls the seed fixed before the match.",
        "{rolls} rolls checked in {games}: all equal to the rolls the seed fixed before the match.",
        proof.rolls,
    ).format(rolls=proof.rolls, games=games)
    return [committed, _("Seed: {seed}").format(seed=proof.seed), checked]


def match_text(name: str, records: Records | None = None) -> str:
    """The `.mat` text MATCH names: a file, else the id of a match kept in the history; UserError when
    it is neither."""
    from game.core.files.reading import read_regular_text
    from game.tavla.record.mat import MAX_MAT_BYTES

    path = Path(name)
    if name.isdigit() and not path.exists():
        from game.tavla.progress.history import History

        text = History(records).mat_text(int(name))
        if text is None:
            # Translators: {id} is what was given as MATCH; keep `progress --json` as it is
            message = _("no kept match has the id {id} (`progress --json` lists each match's id)")
            raise UserError(message.format(id=name))
        return text
    return read_regular_text(path, MAX_MAT_BYTES)  # NotReadable (a UserError) names the file and why


def dice_command(name: str, records: Records | None = None) -> int:
    """The verdict on stdout and 0, or why the dice are not proven on stderr and REFUSED; UserError for a
    MATCH that cannot be read."""
    from game.tavla.record.dice_proof import DiceRefused, prove

    text = match_text(name, records)
    try:
        proof = prove(text)
    except DiceRefused as refused:
        # Translators: {match} is the file or id given; {reason} why its dice are not proven
        print(
            _("{match}: the dice are not proven: {reason}").format(match=name, reason=refused),
            file=sys.stderr,
        )
        return REFUSED
    except UserError as error:
        raise UserError(f"{quoted(name)}: {error}") from None
    print_lines(proof_lines(proof))
    return 0
