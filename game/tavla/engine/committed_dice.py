"""Dice a player can trust: every roll of a table's match fixed in advance by a secret seed.

When the table starts a match against the computer it draws a secret seed with `secrets` and shows its
commitment, the SHA-256 hash of the seed, before the first roll. Every roll of the match, opening rolls
and their ties included, is then `roll_of(seed, game, index)`: HMAC-SHA256 of the seed over
``"<game>:<index>"`` (the game's number from 0, the roll's number within that game from 0), each byte
below 252 read as a die (``byte % 6 + 1``; 252 is 42 times 6, so every face has the same chance and
the bytes above are passed over), the first two such bytes the roll. The dice therefore depend on the
seed and on the roll's place alone, never on what the players do. Once the match is over the seed is
revealed (the exported `.mat` carries it) and `python main.py dice verify MATCH` replays every roll
from it (game/tavla/record/dice_proof.py).

A counter per game, not one for the match, keeps a roll the match file does not write (the last roll of
a tavla game won with a mars, which the `.mat` leaves out so GNU Backgammon scores it right) from
shifting the games after it.
"""

import hashlib
import hmac
import secrets

SEED_BYTES = 32
FAIR_BYTES = 252  # the largest multiple of 6 a byte holds: bytes from it up would favour 1 to 4
HASH_PREFIX_CHARS = 12  # how much of the commitment the table shows; the rest is in the match file


def new_seed() -> bytes:
    """A secret seed for a match's dice, from the operating system's cryptographic source."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The commitment shown before the match: the seed's SHA-256 hash, in hex."""
    return hashlib.sha256(seed).hexdigest()


def roll_of(seed: bytes, game: int, index: int) -> tuple[int, int]:
    """Roll number `index` (from 0) of game number `game` (from 0) of the match with this `seed`."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2:  # 32 bytes give two fair ones all but once in 10^50 matches; then more
        message = f"{game}:{index}" if block == 0 else f"{game}:{index}:{block}"
        digest = hmac.new(seed, message.encode("ascii"), hashlib.sha256).digest()
        dice.extend(byte % 6 + 1 for byte in digest if byte < FAIR_BYTES)
        block += 1
    return dice[0], dice[1]


def seed_from_hex(text: object) -> bytes | None:
    """The seed written as hex (a save, a match file), or None when `text` is not one."""
    if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


def is_commitment(text: object) -> bool:
    """Whether `text` reads as a commitment: a SHA-256 hash in lower-case hex."""
    return isinstance(text, str) and len(text) == 64 and all(char in "0123456789abcdef" for char in text)


class CommittedRolls:
    """The dice of one game of a committed match, drawn in order: what `Game` rolls with instead of a
    `random.Random` (`next_roll`). `drawn` counts the rolls drawn, so a save can carry on from it."""

    def __init__(self, seed: bytes, game: int, drawn: int = 0) -> None:
        self.seed = seed
        self.game = game
        self.drawn = drawn

    def next_roll(self) -> tuple[int, int]:
        """The game's next roll (for the opening, each die one side's)."""
        roll = roll_of(self.seed, self.game, self.drawn)
        self.drawn += 1
        return roll
