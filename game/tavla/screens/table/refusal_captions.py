"""Why a checker the player picked up or dropped is refused, in a few words: the table's note under the
board when a move breaks a rule of the game played (a point held, the head, a prime, the bar first).

Pure text, no Arcade, like captions.py (the table's other words): the pointer shows it, tests read it.
"""

from game.core.text.i18n import _
from game.tavla.engine.position import OFF
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import Refusal, Refused


def _point(point: int) -> str:
    # Translators: the bar, where a hit checker waits to enter, named in a refusal ("the bar")
    return _("the bar") if point == 25 else str(point)


def refusal_text(refused: Refused, dice: list[int], rules: Rules = Rules.TAVLA) -> str:
    """Why a checker was not taken or was put back under `rules`, in a few words (points in the mover's
    numbers)."""
    source, target = _point(refused.source), _point(refused.target)
    left = "-".join(map(str, sorted(dice, reverse=True)))
    reason = refused.reason
    if reason is Refusal.BAR_FIRST:
        # Translators: a checker is on the bar; it must enter the board before any other checker moves
        return _("Enter from the bar first.")
    if reason is Refusal.PLAYED:
        # Translators: every die of the roll is used; "Done" is the button that ends the turn
        return _("The roll is played: click the dice or Done.")
    if reason is Refusal.STUCK:
        # Translators: {point} is a point number (or "the bar"); {dice} the dice left, e.g. 6-5
        return _("The checker on {point} cannot move with {dice}.").format(point=source, dice=left)
    if reason is Refusal.BACKWARD:
        # Translators: a checker was dropped behind where it stood
        return _("Checkers move toward home only.")
    if reason is Refusal.NOT_HOME:
        # Translators: bearing off is allowed only once all 15 checkers are in the home board
        return _("Bear off once all your checkers are home.")
    if reason is Refusal.BLOCKED:
        # Translators: {point} is held by two or more of the opponent's checkers
        return _("Point {point} is blocked.").format(point=target)
    if reason is Refusal.HIGHER_FIRST:
        # Translators: a die larger than needed bears off only the checker on the highest point
        return _("Bear off from the highest point first.")
    if reason is Refusal.NO_ROUTE:
        # Translators: the dice add up to the distance, but the points on the way are held
        return _("The way to {point} is blocked.").format(point=target)
    if reason is Refusal.PINNED:
        # Translators: Plakoto: the player's checker on {point} has an opponent's checker on top of it
        return _("Your checker on {point} is pinned: it moves once the pinner leaves.").format(point=source)
    if reason is Refusal.HEAD:
        # Translators: long nardy: "the head" is the starting point (24), where all 15 checkers begin
        return _("One checker a turn leaves the head; two with 6-6, 4-4 or 3-3 on your first turn.")
    if reason is Refusal.LIMIT and rules is Rules.MOULTEZIM:
        # Translators: Moultezim: the opponent's starting quarter is the player's points 7 to 12
        return _("Hold at most four points of the opponent's starting quarter (7-12).")
    if reason is Refusal.LIMIT:
        # Translators: Fevga and long nardy: six points in a row that no opposing checker has passed
        return _("No six points in a row until one of the opponent's checkers is past them.")
    if reason is Refusal.FULL_ROLL:
        # Translators: that move would leave a die that could be played unused
        return _("Not with this roll: a die would be left unplayed.")
    if refused.target == OFF:
        # Translators: {point} is where the checker stands; {dice} the dice left, e.g. 3-1
        return _("No die of {dice} bears off from {point}.").format(dice=left, point=source)
    # Translators: {source} and {target} are points; {dice} the dice left, e.g. 3-1
    return _("No die of {dice} takes {source} to {target}.").format(dice=left, source=source, target=target)
