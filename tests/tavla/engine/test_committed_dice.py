"""Committed dice: every roll of a table's match fixed by a secret seed, its hash shown from the start, the
seed only once the match is over; a seeded match (tournaments, tests) rolls as before."""

import hashlib
import hmac
import random
from collections import Counter

from game.tavla.engine.committed_dice import CommittedRolls, commitment, new_seed, roll_of
from game.tavla.engine.dice_record import EXPECTED_PIPS, dice_figures, match_rolls
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import TableSession
from game.tavla.record.save import dump_match, load_match
from tests.tavla.matches import advance

SEED = bytes(32)


def test_a_fixed_seed_gives_fixed_rolls():
    assert [roll_of(SEED, 0, index) for index in range(6)] == [(1, 5), (2, 2), (6, 3), (2, 1), (2, 2), (4, 4)]
    assert [roll_of(SEED, 1, index) for index in range(3)] == [(3, 5), (4, 6), (1, 4)]
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_the_dice_are_unbiased():
    """36,000 dice of many seeds: each face about a sixth, each of the 36 ordered rolls about 1/36."""
    seeds = [random.Random(number).randbytes(32) for number in range(30)]
    rolls = [roll_of(seed, game, index) for seed in seeds for game in range(3) for index in range(200)]
    faces = Counter(die for roll in rolls for die in roll)
    expected = 2 * len(rolls) / 6
    chi_square = sum((faces[face] - expected) ** 2 / expected for face in range(1, 7))
    assert set(faces) == set(range(1, 7))
    assert chi_square < 20.5  # p = 0.001 with 5 degrees of freedom
    pairs = Counter(rolls)
    assert len(pairs) == 36 and all(
        abs(count - len(rolls) / 36) < 0.25 * len(rolls) / 36 for count in pairs.values()
    )
    assert new_seed() != new_seed() and len(new_seed()) == 32


def test_a_byte_that_would_favour_low_faces_is_passed_over():
    """A byte from 252 up (252 % 6 == 0: a plain modulo would give 1 to 4 once more than 5 and 6) is
    never a die: the roll takes the next bytes."""
    found = 0
    for index in range(2000):
        digest = hmac.new(SEED, f"0:{index}".encode(), hashlib.sha256).digest()
        if digest[0] >= 252:
            fair = [byte % 6 + 1 for byte in digest if byte < 252]
            assert roll_of(SEED, 0, index) == (fair[0], fair[1])
            found += 1
    assert found > 5


def test_a_committed_match_rolls_the_seeds_dice_whatever_is_played():
    first = advance(Match(1, Rules.TAVLA, 5, dice_seed=SEED), 1)
    second = advance(Match(1, Rules.TAVLA, 99, dice_seed=SEED), 7)  # other bots, other generator seed
    for match in (first, second):
        game = match.games[0]
        drawn = CommittedRolls(SEED, 0)
        opening = drawn.next_roll()
        while opening[0] == opening[1]:
            opening = drawn.next_roll()
        assert game.opening_rolls[-1] == opening
        rolls = [turn.dice for turn in game.record[1:]]
        assert rolls == [drawn.next_roll() for _ in rolls]


def test_a_seeded_match_without_commitment_rolls_as_before():
    match = advance(Match(1, Rules.TAVLA, 5), 1, steps=3)
    rng = random.Random(5)
    opening = (rng.randint(1, 6), rng.randint(1, 6))
    while opening[0] == opening[1]:
        opening = (rng.randint(1, 6), rng.randint(1, 6))
    assert match.games[0].opening_rolls[-1] == opening
    assert match.commitment is None and match.revealed_seed is None


def test_the_commitment_shows_from_the_start_and_the_seed_only_at_the_end():
    session = TableSession(Rules.TAVLA, 1, "random", committed=True)
    match = session.match
    assert match.dice_seed is not None and match.commitment == commitment(match.dice_seed)
    assert match.revealed_seed is None
    advance(match, 3)
    assert match.over and match.revealed_seed == match.dice_seed.hex()
    assert TableSession(Rules.TAVLA, 1, "random", seed=4).match.commitment is None


def test_a_saved_committed_match_resumes_with_the_committed_dice():
    match = advance(Match(3, Rules.TAVLA, 5, dice_seed=SEED), 2, steps=40)
    restored, _names = load_match(dump_match(match, ("You", "random")))
    assert restored.dice_seed == SEED and restored.commitment == match.commitment
    advance(match, 2, steps=30)
    advance(restored, 2, steps=30)
    assert [turn.dice for turn in restored.current.record] == [turn.dice for turn in match.current.record]


def test_the_dice_figures_count_faces_doubles_and_pips():
    figures = dice_figures([(0, (6, 5)), (1, (3, 3)), (0, (2, 2)), (1, (4, 1))])
    assert figures.faces == (1, 2, 2, 1, 1, 1)
    assert figures.rolls[(6, 5)] == 1 and figures.rolls[(3, 3)] == 1 and figures.rolls[(4, 1)] == 1
    assert len(figures.rolls) == 21 and figures.total == 4
    you, bot = figures.sides
    assert (you.rolls, you.doubles, you.pips) == (2, 1, 19)
    assert (bot.rolls, bot.doubles, bot.pips) == (2, 1, 17)
    assert abs(you.expected_doubles - 2 / 6) < 1e-9 and abs(EXPECTED_PIPS - 8.1667) < 1e-3
    low, high = you.likely_pips
    assert low < you.expected_pips < high


def test_a_matchs_rolls_are_each_turns_dice_opening_included():
    match = advance(Match(1, Rules.TAVLA, 5, dice_seed=SEED), 1)
    rolls = match_rolls(match)
    assert rolls == [(turn.player, turn.dice) for turn in match.games[0].record]
