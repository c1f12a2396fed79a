"""Matches to save, export and analyse: seeded bot games, a bot that prefers tavla's own plays, and one
scripted match with a hit, an entry, a pass, a disqualification and a roll left unplayed."""

from game.tavla.engine.match import Match
from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.players.random_bot import RandomBot


class ContraryBot(RandomBot):
    """Prefers the plays only tavla allows (the smaller die when just one can be played), else random."""

    def play(self, state, die1, die2):
        plays = legal_plays(state, die1, die2, self.rules)
        standard = legal_plays(state, die1, die2, Rules.STANDARD)
        tavla_only = [play for play in plays if play not in standard]
        return format_play(self.rng.choice(tavla_only or plays)) if plays else ""


def step(match, bots):
    """One action of a table: start a game, make the opening roll, roll, or play; False at the end."""
    game = match.current
    if game is None or game.over:
        if match.winner is not None:
            return False
        match.next_game()
    elif game.turn is None:
        game.start()
    elif game.dice is None:
        game.roll()
    else:
        game.play(bots[game.turn].play(list(game.state), *game.dice))
    return True


def advance(match, bot_seed, steps=None, bot=RandomBot):
    """Run `steps` actions (or to the end of the match) with two seeded bots."""
    bots = (bot(bot_seed, match.rules), bot(bot_seed + 1, match.rules))
    done = 0
    while (steps is None or done < steps) and step(match, bots):
        done += 1
    return match


def resigned_early(match, bot_seed, plays=21, bot=RandomBot):
    """`plays` plays of the first game by two seeded bots, then the one on turn resigns a single game
    before rolling and the other accepts: a finished 1-point match, with errors and luck, a fraction of
    a whole game's to analyse."""
    bots = (bot(bot_seed, match.rules), bot(bot_seed + 1, match.rules))
    while not match.games or len(match.current.record) < plays or match.current.dice is not None:
        step(match, bots)
    match.current.resign(1)
    match.current.accept_resignation()
    return match


def scripted_match():
    """Seat 1 opens, a hit, an entry from the bar, a pass, a disqualification, then a roll left unplayed."""
    match = Match(3)
    game = match.next_game()
    game.start((1, 3))
    game.play("8/5 6/5")
    for dice, play in (
        ((6, 4), "24/18 13/9"),
        ((6, 2), "13/7 13/11"),
        ((4, 3), "25/21 21/18"),
        ((6, 6), ""),
        ((2, 1), "13/11 6/5"),
    ):
        game.roll(dice)
        game.play(play)
    game.disqualify("left the table")
    second = match.next_game()
    second.start((5, 2))
    second.play("13/8 13/11")
    second.roll((3, 1))
    return match
