"""`dice verify MATCH`: MATCH read (a `.mat` file, or the id of a match kept in the history, which
`progress --json` lists) and its dice proven by game/tavla/record/dice_proof.py, the verdict printed."""

import sys
from pathlib import Path

from game.errors import UserError
from game.i18n import _
from game.quoting import quoted
from game.reading import read_regular_text
from game.records import Records
from game.tavla.progress.history import History
from game.tavla.record.dice_proof import REFUSED, DiceRefused, proof_lines, prove
from game.tavla.record.mat import MAX_MAT_BYTES
from game.terminal import print_lines


def match_text(name: str, records: Records | None = None) -> str:
    """The `.mat` text MATCH names: a file, else the id of a match kept in the history; UserError when
    it is neither."""
    path = Path(name)
    if name.isdigit() and not path.exists():
        text = History(records).mat_text(int(name))
        if text is None:
            # Translators: {id} is what was given as MATCH; keep `progress --json` as it is
            message = _("no kept match has the id {id} (`progress --json` lists each match's id)")
            raise UserError(message.format(id=name))
        return text
    return read_regular_text(path, MAX_MAT_BYTES)  # NotReadable (a UserError) names the file and why


def dice_command(name: str, records: Records | None = None) -> int:
    """`dice verify MATCH`: the verdict on stdout and 0, or why the dice are not proven on stderr and
    REFUSED; UserError for a MATCH that cannot be read."""
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
