"""The position lab's set-up board: a backgammon position being set up by hand, before it is one.

A `SetupBoard` holds what the set-up screen edits: the checkers of both sides on every place, counted
apart (so that a point holding both colours, or a side with 16 checkers, can be shown and said), the
side on roll, the dice or "to roll", the rules (tavla or standard) and under standard rules with the
doubling cube its value and owner, the match length (or money play) and the score. `problems()` says in
words everything that keeps it from being a position; `to_session` builds the table's session at it,
only when there are none, and `to_setup` the value engine/study_position.py writes as GNU Backgammon IDs
and an XGID. No Arcade here: the screen (game/tavla/screens/table/setup_view.py) draws it, the tests drive it.

Places are numbered as the table numbers them for seat 0, the player at the bottom: points 1-24,
`BAR_PLACE` (25) each side's own bar, `OFF_PLACE` (0) each side's own tray. Seat 0 is XGID's bottom
player (gnubg's player 1, X), seat 1 the top player (player 0, O).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.tavla.engine.match_id import MatchMoment
from game.tavla.engine.position import BAR, CHECKERS, OFF, OPENING, OPP_BAR, OPP_OFF, State, flip
from game.tavla.engine.rules import MAX_CUBE_MATCH, MONEY, Rules
from game.tavla.engine.study_position import BOTTOM, TOP, Setup
from game.tavla.engine.table_session import TableSession
from game.tavla.settings import LONGEST_MATCH

OFF_PLACE, BAR_PLACE = 0, 25
PLACES = range(26)
POINTS = range(1, 25)
LAB_RULES = (Rules.TAVLA, Rules.STANDARD)
CUBE_VALUES = tuple(2**power for power in range(7))
MOST_ON_A_PLACE = CHECKERS  # a side's every checker: more on one place is a slip of the mouse (and overflows)
PLAYER_OF_SEAT = (BOTTOM, TOP)  # engine/study_position.py's player numbers of seat 0 and seat 1


def _empty() -> list[list[int]]:
    return [[0] * len(PLACES) for _seat in range(2)]


@dataclass
class SetupBoard:
    """A position being set up (see the module's docstring); `counts[seat][place]` the checkers."""

    counts: list[list[int]] = field(default_factory=_empty)
    rules: Rules = Rules.TAVLA
    on_roll: int = 0
    dice: tuple[int, int] | None = None
    cube: bool = False
    """The doubling cube is played (standard rules only)."""
    cube_value: int = 1
    cube_owner: int | None = None
    """The seat holding the cube, None in the centre."""
    length: int = MONEY
    """The match's length in points, MONEY (0) for money play."""
    score: tuple[int, int] = (0, 0)
    """By seat, before this game."""
    crawford: bool = True
    """At a score where a player needs one point: this game is the Crawford game (else post-Crawford)."""
    jacoby: bool = False
    """Money play with the cube: the Jacoby rule (kept from a pasted ID; the screen does not change it)."""

    # --- building ---

    @classmethod
    def opening(cls, rules: Rules = Rules.TAVLA) -> SetupBoard:
        """The starting position, seat 0 to roll."""
        board = cls(rules=check_rules(rules))
        board.set_opening()
        return board

    @classmethod
    def from_state(cls, state: State, rules: Rules = Rules.TAVLA) -> SetupBoard:
        """A board holding `state` (28 integers, seat 0's side)."""
        board = cls(rules=check_rules(rules))
        board.set_state(state)
        return board

    @classmethod
    def from_setup(cls, setup: Setup, rules: Rules = Rules.TAVLA, cube: bool = False) -> SetupBoard:
        """The position an ID holds (read by engine/study_position.py or engine/xgid.py), under `rules`
        and with the `cube` as the board had them: a cube turned asks for standard rules with the cube. A
        double or an offer to resign waiting is left out: the board is set up before or after the roll."""
        moment = setup.moment
        seat = PLAYER_OF_SEAT.index(moment.on_roll)
        turned = moment.cube > 1
        rules = Rules.STANDARD if turned else check_rules(rules)
        board = cls(rules=rules, on_roll=seat, dice=moment.dice, cube=(cube or turned) and rules.has_cube)
        board.set_state(setup.state if seat == 0 else flip(setup.state))
        board.cube_value = moment.cube
        board.cube_owner = None if moment.owner is None else PLAYER_OF_SEAT.index(moment.owner)
        board.length = moment.length
        if moment.length:
            board.score = (moment.score[BOTTOM], moment.score[TOP])
        board.crawford = moment.crawford or not board.needs_one
        board.jacoby = moment.jacoby and not moment.length
        return board

    @classmethod
    def from_session(cls, session: TableSession) -> SetupBoard:
        """The table's position as it stands at the start of the turn (or before the roll): its side
        on roll, dice, cube and score; UserError for a game the lab does not set up (Plakoto...)."""
        game, match = session.game, session.match
        board = cls(rules=check_rules(session.rules), on_roll=session.seat, dice=game.dice)
        board.set_state(session.board())
        board.cube = game.terms is not None
        board.cube_value, board.cube_owner = game.cube_value, game.cube_owner
        board.length = match.length
        if not match.money:
            before = list(match.scores)
            if game.result is not None:
                before[game.result.winner] -= game.result.points
            board.score = (before[0], before[1])
        board.crawford = not board.needs_one or (game.terms is not None and game.terms.crawford)
        board.jacoby = match.jacoby
        return board

    # --- the checkers ---

    def count(self, seat: int, place: int) -> int:
        return self.counts[_seat(seat)][_place(place)]

    def total(self, seat: int) -> int:
        """The side's checkers, those borne off counted."""
        return sum(self.counts[_seat(seat)])

    def pips(self, seat: int) -> int:
        """The pips `seat` still has to move, as it counts its points (the bar 25)."""
        counts = self.counts[_seat(seat)]
        distance = (lambda point: point) if seat == 0 else (lambda point: 25 - point)
        return 25 * counts[BAR_PLACE] + sum(distance(point) * counts[point] for point in POINTS)

    def add(self, seat: int, place: int) -> bool:
        """One more checker of `seat` on `place`; False (nothing changes) past MOST_ON_A_PLACE."""
        counts = self.counts[_seat(seat)]
        if counts[_place(place)] >= MOST_ON_A_PLACE:
            return False
        counts[place] += 1
        return True

    def remove(self, seat: int, place: int) -> bool:
        """One checker of `seat` fewer on `place`; False when it has none there."""
        counts = self.counts[_seat(seat)]
        if counts[_place(place)] == 0:
            return False
        counts[place] -= 1
        return True

    def move(self, seat: int, source: int, target: int) -> bool:
        """A checker of `seat` from `source` to `target`; False when there is none to move."""
        if _place(source) == _place(target) or self.count(seat, target) >= MOST_ON_A_PLACE:
            return False
        if not self.remove(seat, source):
            return False
        self.add(seat, target)
        return True

    def clear(self) -> None:
        """No checker anywhere, trays included."""
        self.counts = _empty()

    def set_opening(self) -> None:
        """The starting position, seat 0 to roll, the cube in the centre (the match and score stay)."""
        self.set_state(OPENING)
        self.on_roll, self.dice = 0, None
        self.cube_value, self.cube_owner = 1, None

    def set_state(self, state: State) -> None:
        """The checkers of `state` (28 integers, seat 0's side)."""
        self.counts = _empty()
        mine, theirs = self.counts
        for point in POINTS:
            mine[point], theirs[point] = max(state[point], 0), max(-state[point], 0)
        mine[OFF_PLACE], mine[BAR_PLACE] = state[OFF], state[BAR]
        theirs[OFF_PLACE], theirs[BAR_PLACE] = state[OPP_OFF], state[OPP_BAR]

    def state(self) -> State:
        """The 28 integers from seat 0's side; UserError while a point holds both sides' checkers."""
        mine, theirs = self.counts
        both = [point for point in POINTS if mine[point] and theirs[point]]
        if both:
            raise UserError(_both_text(both[0]))
        values = [0] * 28
        for point in POINTS:
            values[point] = mine[point] - theirs[point]
        values[OFF], values[BAR] = mine[OFF_PLACE], mine[BAR_PLACE]
        values[OPP_BAR], values[OPP_OFF] = theirs[BAR_PLACE], theirs[OFF_PLACE]
        return tuple(values)

    # --- the moment ---

    @property
    def has_cube(self) -> bool:
        """The cube is played: standard rules, with the cube."""
        return self.cube and self.rules.has_cube

    @property
    def needs_one(self) -> bool:
        """A match in which a player needs one point: the Crawford game, or after it."""
        return bool(self.length) and self.length - 1 in self.score

    @property
    def crawford_game(self) -> bool:
        """This game is the Crawford game: a match with the cube, a player needs one point, and the
        board says it is."""
        return self.crawford and self.has_cube and self.needs_one

    def set_rules(self, rules: Rules) -> None:
        """Tavla or standard; tavla has no cube, so it stands at 1 in the centre again."""
        self.rules = check_rules(rules)
        if not rules.has_cube:
            self.cube, self.cube_value, self.cube_owner = False, 1, None

    def set_length(self, length: int) -> None:
        """A match to `length` points, MONEY for money play (which has no score)."""
        self.length = length
        if length == MONEY:
            self.score = (0, 0)

    # --- what keeps it from being a position ---

    def problems(self, names: tuple[str, str] | None = None) -> list[str]:
        """Everything that keeps the board from being a position, in words, the sides named by `names`
        (seat 0's, seat 1's; White and Black by default); empty when it is one."""
        if names is None:
            names = (_("White"), _("Black"))
        found: list[str] = []
        for seat in (0, 1):
            total = self.total(seat)
            if total != CHECKERS:
                # Translators: {side} is White or Black; {count} how many checkers it has now; a side has 15
                message = ngettext(
                    "{side} has {count} checker: a side has 15, those borne off counted",
                    "{side} has {count} checkers: a side has 15, those borne off counted",
                    total,
                )
                found.append(message.format(side=names[seat], count=total))
            elif self.counts[seat][OFF_PLACE] == CHECKERS:
                # Translators: {side} is White or Black
                found.append(
                    _("{side} has borne off all 15 checkers: that game is over").format(side=names[seat])
                )
        mine, theirs = self.counts
        found.extend(_both_text(point) for point in POINTS if mine[point] and theirs[point])
        if self.on_roll not in (0, 1):
            found.append(_("the side on roll is White or Black"))
        if self.dice is not None and not all(1 <= die <= 6 for die in self.dice):
            # Translators: {dice} are the two dice set, e.g. "0 7"
            message = _("the dice are {dice}: each die shows 1 to 6")
            found.append(message.format(dice=f"{self.dice[0]} {self.dice[1]}"))
        found.extend(self._match_problems(names))
        found.extend(self._cube_problems(names))
        return found

    def _match_problems(self, names: tuple[str, str]) -> list[str]:
        most = MAX_CUBE_MATCH if self.has_cube else LONGEST_MATCH
        if self.length == MONEY:
            if any(self.score):
                return [_("money play has no score")]
            return []
        if not 1 <= self.length <= most:
            # Translators: {length} is the match length set; {most} the longest match the table plays
            message = _("a match is played to 1 to {most} points, not {length}")
            return [message.format(most=most, length=self.length)]
        found = []
        for seat in (0, 1):
            points = self.score[seat]
            if not 0 <= points < self.length:
                # Translators: {side} is White or Black; {points} its score; {length} the match length
                message = _("{side}'s score {points} is not below the match length, {length}")
                found.append(message.format(side=names[seat], points=points, length=self.length))
        return found

    def _cube_problems(self, names: tuple[str, str]) -> list[str]:
        value, owner = self.cube_value, self.cube_owner
        if not self.has_cube:
            if value != 1 or owner is not None:
                rules = _(self.rules.short_name)
                # Translators: {rules} is the rule set (tavla, or standard without the cube)
                return [
                    _("{rules} is played here without the doubling cube: it stays at 1").format(rules=rules)
                ]
            return []
        if value not in CUBE_VALUES:
            return [_("the cube shows 1, 2, 4, 8, 16, 32 or 64, not {value}").format(value=value)]
        if owner not in (None, 0, 1):
            return [_("the cube is in the centre or a side's")]
        if value == 1 and owner is not None:
            # Translators: {side} is White or Black
            return [_("the cube at 1 stands in the centre, not with {side}").format(side=names[owner])]
        if value > 1 and owner is None:
            # Translators: {value} is the cube's value (2 to 64)
            return [_("the cube at {value} is a side's: the one who took it").format(value=value)]
        if self.crawford_game and value > 1:
            return [
                _("the Crawford game is played with the cube at 1 in the centre, not at {cube}").format(
                    cube=value
                )
            ]
        return []

    # --- what it becomes ---

    def _check(self, names: tuple[str, str] | None) -> None:
        problems = self.problems(names)
        if problems:
            raise UserError("; ".join(problems))

    def to_setup(self, names: tuple[str, str] | None = None) -> Setup:
        """The position as engine/study_position.py holds it (the player on roll's side), for its IDs;
        UserError with the problems while there are any."""
        self._check(names)
        state = self.state()
        player = PLAYER_OF_SEAT[self.on_roll]
        owner = None if self.cube_owner is None or not self.has_cube else PLAYER_OF_SEAT[self.cube_owner]
        score = (self.score[1], self.score[0])  # by player number: TOP (seat 1) is 0
        moment = MatchMoment(
            self.length,
            score,
            player,
            self.cube_value if self.has_cube else 1,
            owner,
            self.crawford_game,
            self.dice,
            jacoby=self.jacoby and self.has_cube and self.length == MONEY,
        )
        return Setup(state if self.on_roll == 0 else flip(state), moment)

    def to_session(
        self, opponent: str, seed: int | None = None, names: tuple[str, str] | None = None
    ) -> TableSession:
        """The table's session at this position against `opponent` (a bot's name, or HUMAN), not kept
        when the table is left; UserError with the problems while there are any."""
        self._check(names)
        cube = self.has_cube
        return TableSession.from_position(
            self.state(),
            self.dice,
            self.rules,
            opponent,
            self.length,
            seed,
            cube,
            seat=self.on_roll,
            cube_value=self.cube_value if cube else 1,
            cube_owner=self.cube_owner if cube else None,
            scores=self.score,
            crawford=self.crawford,
            jacoby=self.jacoby and cube and self.length == MONEY,
            keep=False,
        )

    def copy(self) -> SetupBoard:
        return replace(self, counts=[list(side) for side in self.counts])


def check_rules(rules: Rules) -> Rules:
    """`rules` if the lab sets up its positions (tavla, standard); UserError naming them otherwise."""
    if rules not in LAB_RULES:
        # Translators: {rules} is a game of the board such as plakoto; tavla and standard are rule sets' names
        message = _("the position lab sets up backgammon positions (tavla or standard), not {rules}")
        raise UserError(message.format(rules=_(Rules(rules).short_name)))
    return rules


def _seat(seat: int) -> int:
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat}")
    return seat


def _place(place: int) -> int:
    if place not in PLACES:
        raise ValueError(f"no place {place}: a point 1-24, the bar 25 or the tray 0")
    return place


def _both_text(point: int) -> str:
    # Translators: {point} is a point's number, as the board numbers it for the bottom side
    return _("point {point} holds checkers of both sides").format(point=point)
