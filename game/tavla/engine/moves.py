"""Legal plays for a position and a roll, applying a play, and judging a play a bot or a player wrote.

A move is a (from, to) pair of point numbers for the player on roll (25 = bar, 0 = off); a play is a
tuple of moves in canonical order: from the highest `from` down, ties by the highest `to` first.
`legal_plays` returns exactly one play per distinct resulting position. When several sequences reach
the same position, the one shown is the smallest in that order, which moves the larger die first along
a single checker's path (`24/18 18/14`, not `24/20 20/14`).

Speed matters (bots and tournaments call this in a tight loop), so the common positions — no checker
can be borne off this turn, which includes every turn that starts on the bar — take shortcuts that
build no intermediate boards. The bear-off and its approach go through a plain search over the dice
orders. Both give the same answer; the test suite checks them against a brute force reference and
against GNU Backgammon. Dice are not checked here (`check_dice` is for input from outside).
"""

from collections.abc import Sequence
from typing import Protocol

from game.core.errors import UserError
from game.core.text.i18n import N_, _, ngettext
from game.tavla.engine.notation import Move, Play, check_move, format_move, parse_play
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPP_BAR, State

DICE_RANGE = range(1, 7)
_BAD_DIE = (
    N_("the first die must be an integer from 1 to 6, got {die}"),
    N_("the second die must be an integer from 1 to 6, got {die}"),
)


# The last call's arguments and answer: a bot and the referee checking its answer ask the same question
# back to back. Keyed by the full (immutable) arguments and answered with a fresh list, so it is safe.
_last_call: tuple[tuple, tuple[Play, ...]] = ((), ())


class IllegalPlay(UserError):
    """A play that breaks the rules; the message names the first broken rule."""


class DieRule(Protocol):
    """What the moves ask of a rule set (a `Rules` of game/tavla/engine/rules.py, which builds on this
    module): whether a player who can play only one die of a roll must play the larger one."""

    @property
    def larger_die_forced(self) -> bool:
        """True under standard rules and the other games of the board; False under tavla's."""
        ...


def _forced(rules: DieRule | None) -> bool:
    """Whether `rules` forces the larger die; no rule set is tavla's, which does not."""
    return rules is not None and rules.larger_die_forced


def check_dice(die1: object, die2: object) -> tuple[int, int]:
    """Both dice as integers 1-6, or UserError naming the bad one."""
    for message, die in zip(_BAD_DIE, (die1, die2), strict=True):
        if isinstance(die, bool) or not isinstance(die, int) or die not in DICE_RANGE:
            raise UserError(_(message).format(die=repr(die)))
    return die1, die2  # type: ignore[return-value]


def legal_plays(state: Sequence[int], die1: int, die2: int, rules: DieRule | None = None) -> list[Play]:
    """Every legal play for the player on roll, one per distinct resulting position.

    An empty list means the player cannot move and passes. When only one die can be played, `rules`
    says whether either may be chosen (tavla, and None) or the larger one must be played (standard).
    """
    global _last_call
    forced = _forced(rules)
    key = (state if type(state) is tuple else tuple(state), die1, die2, forced)
    last_key, last_plays = _last_call
    if key == last_key:
        return list(last_plays)
    plays = _generate(key[0], die1, die2, forced)
    _last_call = (key, tuple(plays))
    return plays


def _generate(s: State, die1: int, die2: int, forced: bool) -> list[Play]:
    """Pick the shortcut that applies to the position, or the general search."""
    on_bar = s[BAR]
    if on_bar:
        if die1 == die2:
            return _open_double(s, die1)
        if on_bar == 1:
            return _open_pair(s, die1, die2, forced)
        return _enter_two(s, die1, die2)
    outside = sum(count for count in s[7:25] if count > 0)
    if die1 != die2:
        if outside >= 2:
            return _open_pair(s, die1, die2, forced)
    elif outside >= 4:
        return _open_double(s, die1)
    return list(_search(s, die1, die2, forced).values())


def legal_results(
    state: Sequence[int], die1: int, die2: int, rules: DieRule | None = None
) -> list[tuple[Play, State]]:
    """Each legal play with the position it leads to (still seen by the player who moved)."""
    return [(play, apply_play(state, play)) for play in legal_plays(state, die1, die2, rules)]


def apply_play(state: Sequence[int], play: Play) -> State:
    """The position after `play`, seen by the same player; `play` must be legal (use `check_play`)."""
    b = list(state)
    for start, end in play:
        b[start] -= 1
        if end == OFF:
            b[OFF] += 1
        elif b[end] == -1:
            b[end] = 1
            b[OPP_BAR] += 1
        else:
            b[end] += 1
    return tuple(b)


def check_play(
    state: Sequence[int],
    die1: int,
    die2: int,
    play: str | Play | None,
    rules: DieRule | None = None,
    legal: list[Play] | None = None,
) -> Play:
    """The canonical legal play equal to `play` (text or moves), or IllegalPlay saying what is wrong.

    Any order of the same moves, and any sequence that reaches a legal play's position, is accepted;
    the answer is always the canonical play, so records and comparisons need no further work.
    `legal` may pass in `legal_plays(state, die1, die2, rules)` when the caller already has it.
    """
    moves = as_moves(play)
    if legal is None:
        legal = legal_plays(state, die1, die2, rules)
    canonical = tuple(sorted(moves, reverse=True))
    if canonical in legal or not (legal or moves):
        return canonical
    reached = tuple(_walk(state, die1, die2, sorted(moves, key=lambda m: -m[0]))[0])
    by_result = {apply_play(state, p): p for p in legal}
    if reached in by_result:
        return by_result[reached]
    raise IllegalPlay(_why_not(legal, die1, die2, len(moves), _forced(rules), moves))


def next_moves(
    state: Sequence[int],
    die1: int,
    die2: int,
    done: Sequence[Move] = (),
    rules: DieRule | None = None,
    targets: set[State] | None = None,
) -> list[Move]:
    """The single moves a player may make next, after the moves `done` this turn (in the order made).

    For a table where checkers are dragged one at a time: a move is offered only if the turn can still
    end in a legal play (one of `targets`, the positions the legal plays lead to; by default those of
    `legal_plays`). [] means nothing more can be played; the moves `done` may already form a legal
    play before that (see `_completes`). Raises IllegalPlay if `done` itself is not possible.
    """
    if targets is None:
        targets = {apply_play(state, play) for play in legal_plays(state, die1, die2, rules)}
    board, dice = _walk(state, die1, die2, [check_move(tuple(m)) for m in done])
    memo: dict[tuple, bool] = {}
    allowed: set[Move] = set()
    for die in sorted(set(dice), reverse=True):
        rest = list(dice)
        rest.remove(die)
        for start, end in _movers(board, die):
            hit = _step(board, start, end)
            if _completes(board, rest, targets, memo):
                allowed.add((start, end))
            _unstep(board, start, end, hit)
    return sorted(allowed, reverse=True)


def dice_left(state: Sequence[int], die1: int, die2: int, done: Sequence[Move] = ()) -> list[int]:
    """The dice not yet used by the moves `done` this turn (largest first), e.g. to draw them."""
    return sorted(_walk(state, die1, die2, [check_move(tuple(m)) for m in done])[1], reverse=True)


def _completes(board: list[int], dice: list[int], targets: set[State], memo: dict[tuple, bool]) -> bool:
    """Whether some order of moves with `dice` takes `board` to one of the legal `targets`.

    A position reached mid-turn can already equal a finished one (bearing off 4/0 with the 4 lands
    where 4/3 3/0 does), so reaching a target is enough even with dice left.
    """
    here = tuple(board)
    if here in targets:
        return True
    key = (here, tuple(sorted(dice)))
    if key not in memo:
        memo[key] = False
        for die in set(dice):
            rest = list(dice)
            rest.remove(die)
            for start, end in _movers(board, die):
                hit = _step(board, start, end)
                found = _completes(board, rest, targets, memo)
                _unstep(board, start, end, hit)
                if found:
                    memo[key] = True
                    return True
    return memo[key]


def as_moves(play: str | Play | None) -> Play:
    """The moves of a play given as text or as (from, to) pairs; IllegalPlay for anything else."""
    try:
        if play is None or isinstance(play, str):
            return parse_play(play)
        return tuple(check_move((start, end)) for start, end in play)
    except UserError as error:
        raise IllegalPlay(str(error)) from None
    except (TypeError, ValueError):
        message = _("a play is text such as '24/18 13/11' or (from, to) pairs, not {play}")
        raise IllegalPlay(message.format(play=repr(play))) from None


def _why_not(legal: list[Play], die1: int, die2: int, used: int, forced: bool, moves: Play) -> str:
    """The reason a play whose every step was possible still is not one of the legal plays."""
    if not legal:
        return _("no move is possible with this roll: the play must be empty")
    most = max(len(p) for p in legal)
    if used == 0:
        return _("a move is possible: passing is not allowed")
    if used < most:
        if die1 != die2:
            return _("both dice can be played")
        # Translators: doubles; {count} moves of the die {die} are possible, the play has {used}
        message = ngettext(
            "{count} move of {die} can be played, not {used}",
            "{count} moves of {die} can be played, not {used}",
            most,
        )
        return message.format(count=most, die=die1, used=used)
    if forced and most == 1:
        message = _("only one die can be played, and standard rules require the larger one ({die})")
        return message.format(die=max(die1, die2))
    # Translators: {play} is the play in the notation, e.g. 24/18 13/11
    return _("{play} is not a legal play").format(play=" ".join(format_move(m) for m in moves))


def _walk(state: Sequence[int], die1: int, die2: int, moves: Sequence[Move]) -> tuple[list[int], list[int]]:
    """Play `moves` in order, each with a die still unused: (board, dice left), or IllegalPlay at the
    first impossible step. A bear-off uses its exact die, else the smallest larger one.

    `check_play` sorts the moves from the highest point down first: any legal sequence can be played
    in that order, so a play is judged by its moves and not by the order they were written in.
    """
    b = list(state)
    dice = [die1] * 4 if die1 == die2 else sorted((die1, die2))
    for start, end in moves:
        text = format_move((start, end))
        if b[BAR] > 0 and start != BAR:
            # Translators: {move} is a move in the notation, e.g. 13/7
            raise IllegalPlay(_("{move}: must enter from the bar first").format(move=text))
        if b[start] <= 0:
            if start == BAR:
                raise IllegalPlay(_("{move}: you have no checker on the bar").format(move=text))
            raise IllegalPlay(
                _("{move}: you have no checker on point {point}").format(move=text, point=start)
            )
        distance = start - end
        if end != OFF:
            if distance > 6:
                message = _("{move}: moves are not combined; each from/to pair uses one die (1-6)")
                raise IllegalPlay(message.format(move=text))
            if distance not in dice:
                raise IllegalPlay(_not_available(text, distance, dice))
            if b[end] <= -2:
                raise IllegalPlay(_("{move}: point {point} is blocked").format(move=text, point=end))
            die = distance
        else:
            if any(b[point] > 0 for point in range(7, BAR + 1)):
                message = _("{move}: cannot bear off until all 15 checkers are home")
                raise IllegalPlay(message.format(move=text))
            if distance in dice:
                die = distance
            else:
                larger = [d for d in dice if d > distance]
                if not larger:
                    raise IllegalPlay(_not_available(text, distance, dice, or_larger=True))
                higher = [p for p in range(start + 1, 7) if b[p] > 0]
                if higher:
                    message = _(
                        "{move}: a larger die bears off only from the highest point, "
                        "and you have a checker on point {point}"
                    )
                    raise IllegalPlay(message.format(move=text, point=higher[-1]))
                die = min(larger)
        dice.remove(die)
        _step(b, start, end)
    return b, dice


def _not_available(move: str, die: int, dice: list[int], or_larger: bool = False) -> str:
    """Why a move's die cannot be used, naming the dice still left (or that all are used)."""
    if or_larger:
        if not dice:
            message = _("{move}: needs die {die} or larger, not available (all dice are used)")
        else:
            # Translators: {dice} lists the unused dice, e.g. 6 5
            message = _("{move}: needs die {die} or larger, not available (dice left: {dice})")
    elif not dice:
        message = _("{move}: die {die} is not available (all dice are used)")
    else:
        # Translators: {dice} lists the unused dice, e.g. 6 5
        message = _("{move}: die {die} is not available (dice left: {dice})")
    return message.format(move=move, die=die, dice=" ".join(map(str, dice)))


def _step(b: list[int], start: int, end: int) -> bool:
    """Move one checker on the mutable board `b`; True when it hit a blot."""
    b[start] -= 1
    if end == OFF:
        b[OFF] += 1
        return False
    if b[end] == -1:
        b[end] = 1
        b[OPP_BAR] += 1
        return True
    b[end] += 1
    return False


def _unstep(b: list[int], start: int, end: int, hit: bool) -> None:
    b[start] += 1
    if end == OFF:
        b[OFF] -= 1
    elif hit:
        b[end] = -1
        b[OPP_BAR] -= 1
    else:
        b[end] -= 1


def _movers(b: Sequence[int], die: int) -> list[Move]:
    """The single moves a die allows on board `b`: enter from the bar, move, or bear off."""
    if b[BAR] > 0:
        end = BAR - die
        return [(BAR, end)] if b[end] >= -1 else []
    highest = 0
    for point in range(24, 0, -1):
        if b[point] > 0:
            highest = point
            break
    moves = []
    bearing_off = highest <= 6
    for point in range(highest, 0, -1):
        if b[point] > 0:
            end = point - die
            if end > 0:
                if b[end] >= -1:
                    moves.append((point, end))
            elif bearing_off and (end == 0 or point == highest):
                moves.append((point, OFF))
    return moves


def _search(state: Sequence[int], die1: int, die2: int, forced: bool) -> dict[State, Play]:
    """All plays by trying every order of the dice on one mutable board; handles every position.

    Returns {resulting position: canonical play} for the plays that use the most dice (and, under
    standard rules with a single playable die, the larger one when it can be played).
    """
    b = list(state)
    found: dict[int, dict[State, Play]] = {1: {}, 2: {}, 3: {}, 4: {}}
    larger_single: set[State] = set()

    def record(moves: list[Move], die: int) -> None:
        key = tuple(b)
        play = tuple(sorted(moves, reverse=True))
        bucket = found[len(moves)]
        if key not in bucket or play < bucket[key]:
            bucket[key] = play
        if len(moves) == 1 and die == max(die1, die2):
            larger_single.add(key)

    if die1 != die2:
        for first, second in ((die1, die2), (die2, die1)):
            for start, end in _movers(b, first):
                hit = _step(b, start, end)
                followers = _movers(b, second) if b[OFF] < CHECKERS else []
                if followers:
                    for start2, end2 in followers:
                        hit2 = _step(b, start2, end2)
                        record([(start, end), (start2, end2)], second)
                        _unstep(b, start2, end2, hit2)
                else:
                    record([(start, end)], first)
                _unstep(b, start, end, hit)
    else:
        moves: list[Move] = []

        def deeper(highest_start: int) -> None:
            done = len(moves) == 4 or b[OFF] == CHECKERS
            options = [] if done else [m for m in _movers(b, die1) if m[0] <= highest_start]
            if not options:
                if moves:
                    record(moves, die1)
                return
            for start, end in options:
                hit = _step(b, start, end)
                moves.append((start, end))
                deeper(start)
                moves.pop()
                _unstep(b, start, end, hit)

        deeper(BAR)
    for count in (4, 3, 2):
        if found[count]:
            return found[count]
    singles = found[1]
    if forced and larger_single:
        return {key: play for key, play in singles.items() if key in larger_single}
    return singles


def _open_pair(s: Sequence[int], die1: int, die2: int, forced: bool) -> list[Play]:
    """Non-doubles when no checker can be borne off this turn, with at most one checker on the bar.

    Landing is then independent of the other move, so a play is either two unconnected moves (one per
    die) or one checker moving the whole distance, which is one position unless it hits on the way.
    A checker on the bar (at most one here) must be one of the two movers.
    """
    hi, lo = (die1, die2) if die1 > die2 else (die2, die1)
    own = [point for point in range(25, 0, -1) if s[point] > 0]
    by_hi = [p for p in own if p > hi and s[p - hi] >= -1]
    by_lo = [p for p in own if p > lo and s[p - lo] >= -1]
    entering = s[BAR] > 0
    plays: list[Play] = []
    append = plays.append
    for p in by_hi:
        mid = p - hi
        move = (p, mid)
        for q in by_lo:
            if q == mid or q - lo == p or (entering and p != BAR and q != BAR):
                continue
            if q < p:
                append((move, (q, q - lo)))
            elif q > p:
                append(((q, q - lo), move))
            elif s[p] > 1:
                append(((p, p - lo), move))
    distance = hi + lo
    for p in own[:1] if entering else own:
        end = p - distance
        if end < 1:
            break
        if s[end] < -1:
            continue
        via_hi, via_lo = p - hi, p - lo
        on_hi, on_lo = s[via_hi], s[via_lo]
        if on_hi >= 0:
            append(((p, via_hi), (via_hi, end)))
        elif on_lo >= 0:
            append(((p, via_lo), (via_lo, end)))
        if on_hi == -1:
            append(((p, via_hi), (via_hi, end)))
        if on_lo == -1:
            append(((p, via_lo), (via_lo, end)))
    if plays:
        return plays
    if entering:
        by_hi = [BAR] if by_hi and by_hi[0] == BAR else []
        by_lo = [BAR] if by_lo and by_lo[0] == BAR else []
    singles = [((p, p - hi),) for p in by_hi]
    if forced and singles:
        return singles
    return singles + [((p, p - lo),) for p in by_lo]


def _enter_two(s: Sequence[int], die1: int, die2: int) -> list[Play]:
    """Non-doubles with two or more checkers on the bar: each die can only enter one of them."""
    first, second = s[BAR - die1] >= -1, s[BAR - die2] >= -1
    if first and second:
        return [tuple(sorted(((BAR, BAR - die1), (BAR, BAR - die2)), reverse=True))]
    if first:
        return [((BAR, BAR - die1),)]
    if second:
        return [((BAR, BAR - die2),)]
    return []


def _open_double(s: Sequence[int], die: int) -> list[Play]:
    """Doubles when no checker can be borne off this turn (a checker on the bar cannot get home in time).

    Landing legality never changes during the turn, so a play is a non-increasing list of starting
    points, and distinct lists give distinct positions: no board copies and no duplicate check.
    Checkers on the bar come first in that order; nothing else moves while one is left there.
    """
    if s[BAR] and s[BAR - die] < -1:
        return []
    starts = [p for p in range(BAR, die, -1) if s[p - die] >= -1]
    step = {p: (p, p - die) for p in starts}
    count = [v if v > 0 else 0 for v in s[: BAR + 1]]
    n = len(starts)
    by_length: list[list[Play]] = [[], [], [], [], []]
    fours = by_length[4]
    for i1 in range(n):
        p1 = starts[i1]
        if not count[p1]:
            continue
        m1 = step[p1]
        count[p1] -= 1
        count[p1 - die] += 1
        deeper1 = False
        for i2 in range(i1, n):
            p2 = starts[i2]
            if count[BAR] and p2 != BAR:
                break
            if not count[p2]:
                continue
            deeper1 = True
            m2 = step[p2]
            count[p2] -= 1
            count[p2 - die] += 1
            deeper2 = False
            for i3 in range(i2, n):
                p3 = starts[i3]
                if count[BAR] and p3 != BAR:
                    break
                if not count[p3]:
                    continue
                deeper2 = True
                m3 = step[p3]
                count[p3] -= 1
                count[p3 - die] += 1
                if count[BAR]:
                    last = [(m1, m2, m3, step[BAR])]
                else:
                    last = [(m1, m2, m3, step[p4]) for p4 in starts[i3:] if count[p4]]
                if last:
                    fours += last
                else:
                    by_length[3].append((m1, m2, m3))
                count[p3] += 1
                count[p3 - die] -= 1
            if not deeper2:
                by_length[2].append((m1, m2))
            count[p2] += 1
            count[p2 - die] -= 1
        if not deeper1:
            by_length[1].append((m1,))
        count[p1] += 1
        count[p1 - die] -= 1
    for length in (4, 3, 2, 1):
        if by_length[length]:
            return by_length[length]
    return []
