"""Proof that a match's rolls were fixed before it began (`dice verify MATCH`, game/tavla/commands/dice.py).

A match played here with committed dice (engine/committed_dice.py) writes the seed's hash in its `.mat`
header from the start and the seed itself once it is over. The proof checks that the seed hashes to
the commitment, then derives every roll of every game from the seed and compares it with the roll the
file writes: the opening roll (the first roll that is not a tie, its higher die first, in the column of
the side whose die was higher), then each roll after it in order. The plays are not replayed, so a roll
changed by hand is named even where the play beside it no longer fits it.
"""

from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.engine.committed_dice import commitment, is_commitment, roll_of, seed_from_hex
from game.tavla.engine.rules import Rules
from game.tavla.record.mat_lines import WrittenDice, written_dice


class DiceRefused(Exception):
    """The file's dice are not proven: the message says why (no commitment, no seed, a roll differs)."""


@dataclass(frozen=True)
class DiceProof:
    """A match whose every written roll is the one its seed gives: the commitment, the seed, how many
    games and rolls were checked."""

    commitment: str
    seed: str
    games: int
    rolls: int


def _roll_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}{dice[1]}"


def prove(text: str) -> DiceProof:
    """The proof of the dice of the match file `text`; DiceRefused says why there is none, UserError
    names a line that cannot be read."""
    written = written_dice(text)
    if written.commitment is None:
        raise DiceRefused(
            _(
                "this match carries no dice commitment: it was played before the game committed to its "
                "dice, at one desk with a seed given, or comes from another program; nothing can be proven"
            )
        )
    if not is_commitment(written.commitment):
        raise DiceRefused(_("the dice commitment of this match is not a SHA-256 hash"))
    if written.seed is None:
        raise DiceRefused(
            _("the match's seed is not revealed: it is written only once the match is over (finish it first)")
        )
    seed = seed_from_hex(written.seed)
    if seed is None:
        raise DiceRefused(_("the match's seed is not 64 hexadecimal digits"))
    if commitment(seed) != written.commitment:
        # Translators: {seed} and {commitment} are hexadecimal hashes, cut
        message = _(
            "the seed does not match the commitment: it hashes to {seed}…, the match committed to "
            "{commitment}…; the seed or the commitment was changed"
        )
        raise DiceRefused(message.format(seed=commitment(seed)[:16], commitment=written.commitment[:16]))
    _check_rules(written)
    checked = 0
    for number, rolls in enumerate(written.games):
        checked += _check_game(seed, number, rolls)
    return DiceProof(written.commitment, written.seed, len(written.games), checked)


def _check_rules(written: WrittenDice) -> None:
    """Only games whose every roll is a turn's (an opening roll that is played, no cascade) are checked."""
    if written.rules is None:
        return
    try:
        rules = Rules.parse(written.rules)
    except UserError:
        rules = None
    if rules is None or not rules.variant.opening_roll_played or not rules.is_backgammon:
        # Translators: {rules} is the rule set the match file names
        message = _("dice verify checks backgammon matches (tavla or standard rules), not {rules}")
        raise DiceRefused(message.format(rules=quoted(written.rules)))


def _check_game(seed: bytes, number: int, rolls: list[tuple[int, int, tuple[int, int]]]) -> int:
    """Compare game `number`'s written rolls with the seed's; the count checked, else DiceRefused."""
    drawn = 0
    while True:  # the opening roll: one die each until they differ (a tie is rolled again, unwritten)
        mine, theirs = roll_of(seed, number, drawn)
        drawn += 1
        if mine != theirs:
            break
    for index, (line, seat, dice) in enumerate(rolls):
        if index == 0:
            expected = (max(mine, theirs), min(mine, theirs))
            starter = 0 if mine > theirs else 1
        else:
            expected, starter = roll_of(seed, number, drawn), seat
            drawn += 1
        if dice != expected or seat != starter:
            # Translators: where a match file's roll differs from the one its seed gives: {game} and
            # {roll} count from 1, {line} is the file's line
            where = _("game {game}, roll {roll} (line {line})").format(
                game=number + 1, roll=index + 1, line=line
            )
            if dice != expected:
                # Translators: {where} e.g. "game 2, roll 7 (line 31)"; {written} and {expected} are
                # rolls, e.g. 53
                message = _(
                    "{where}: the file says {written}, the seed gives {expected}: this roll is not the one "
                    "committed to before the match"
                )
            else:
                # Translators: {where} e.g. "game 2, roll 1 (line 9)"; {written} and {expected} are rolls
                message = _(
                    "{where}: the seed gives the opening roll {expected} to the other player: the file "
                    "was changed"
                )
            expected_text = _roll_text(expected)
            raise DiceRefused(message.format(where=where, written=_roll_text(dice), expected=expected_text))
    return len(rolls)
