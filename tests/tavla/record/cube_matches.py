"""Matches with the doubling cube to write in other programs' formats and read back: random bots, now and
then a double taken or dropped, and one game resigned as a gammon."""

import random

from game.tavla.engine.match import Match
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules
from game.tavla.players.random_bot import RandomBot


def cube_match(
    seed: int, length: int = 7, resign_in: int | None = 1, doubles: float = 0.04, resign_after: int = 9
) -> Match:
    """A standard match to `length` with the cube between random bots: at a roll where the player may
    double, a double with the chance `doubles` (one time in 25), dropped one time in 3; the game
    numbered `resign_in` (0 the first) resigned as a gammon by the player on roll after `resign_after`
    turns."""
    match = Match(length, Rules.STANDARD, seed, cube=True)
    rng = random.Random(seed)
    bots = (RandomBot(seed, Rules.STANDARD), RandomBot(seed + 1, Rules.STANDARD))
    while match.winner is None:
        game = match.next_game()
        game.start()
        while not game.over:
            if len(match.games) - 1 == resign_in and len(game.record) == resign_after:
                game.resign(Resignation.GAMMON)
                game.accept_resignation()
                break
            if game.dice is None:
                if game.may_double() and rng.random() < doubles:
                    game.double()
                    if rng.random() < 0.3:
                        game.pass_double()
                        break
                    game.take()
                game.roll()
            game.play(bots[game.turn].play(list(game.state), *game.dice))
    return match
