"""Money sessions to save, export and analyse: seeded random bots, each game's cube actions scripted
(a beaver taken, a beaver passed, a double taken, none, a double passed)."""

from game.tavla.engine.match import Match
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.players.random_bot import RandomBot

PLAN = ("beaver-take", "beaver-pass", "take", "none", "pass")


def money_session(seed: int = 3, plan: tuple[str, ...] = PLAN, jacoby: bool = True) -> Match:
    """A money session with the cube and beavers, one game per entry of `plan`: at the first roll after
    the fourth turn at which the player on roll may double, the action the entry names."""
    match = Match(MONEY, Rules.STANDARD, seed, cube=True, jacoby=jacoby, beavers=True)
    bots = (RandomBot(seed, Rules.STANDARD), RandomBot(seed + 1, Rules.STANDARD))
    for action in plan:
        game = match.next_game()
        game.start()
        acted = False
        while not game.over:
            if game.dice is None:
                if not acted and game.may_double() and len(game.record) >= 4:
                    acted = True
                    _cube(game, action)
                    if game.over:
                        break
                game.roll()
            game.play(bots[game.turn].play(list(game.state), *game.dice))
    return match


def _cube(game, action: str) -> None:
    if action == "none":
        return
    game.double()
    if action.startswith("beaver"):
        game.beaver()
    if action.endswith("take"):
        game.take()
    else:
        game.pass_double()
