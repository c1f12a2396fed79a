"""Analysis of a played game or match: each decision's loss against the best play, marks, luck, ratings.

The scale is GNU Backgammon's (gnubg.c `arSkillLevel`, analysis.c `Skill`, `GetRating`,
`getMWCFromError`, `LuckNormal`; documented in the GNU Backgammon manual, "Analysis"): a decision that
loses more than 0.04 of equity is doubtful, more than 0.08 bad, more than 0.16 very bad. The error rates
are in millipoints (thousandths of a point, or of EMG in a match) per decision: the checker play's over
the plays that were not forced (plays with a single legal choice, and passes, are not counted), the
cube's over the cube decisions that were close or acted on (game/tavla/analysis/cube.py), and the
overall rate over both together, whose rating word is: below 2 Supernatural, 5 World class, 8 Expert,
12 Advanced, 18 Intermediate, 26 Casual player, 35 Beginner, else Awful!. A roll's luck is, as in gnubg,
the equity after the best play of the roll rolled minus the mean of that over the 36 rolls, from the
roller's side, by the analysis's judge; the opening roll is compared with the 30 rolls that can open. The
luck-adjusted result is the points won minus the points lost, less one's own luck and plus the
opponent's (in points, as gnubg counts money play).

Every play and cube decision is judged by the judge of the analysis's level (game/tavla/eval/judge.py:
Open Sage 1-, 2- or 3-ply for expert, master and grandmaster, cubeful at the score under the standard
rules; our networks where Open Sage is not installed), in the units of game/tavla/eval/stakes.py: points
per cube in money play, EMG (gnubg's "equivalent to money game", normalised to the cube) in a match. The
analysis of a whole match is game/tavla/analysis/match.py; cube decisions are judged by
game/tavla/analysis/cube.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.core.text.i18n import N_
from game.tavla.analysis.stakes import is_match
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import TOP_PLAYS, Judge, JudgedPlay
from game.tavla.eval.judges import level_title
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.stakes import Stakes
from game.tavla.record.match_record import MatchRecord

MILLI = 1000.0
# gnubg's thresholds (a loss above it), in millipoints
DOUBTFUL, BAD, VERY_BAD = 40.0, 80.0, 160.0
RATINGS = (  # gnubg's error rates (below it, in millipoints per decision) and their words
    (2.0, N_("Supernatural")),
    (5.0, N_("World class")),
    (8.0, N_("Expert")),
    (12.0, N_("Advanced")),
    (18.0, N_("Intermediate")),
    (26.0, N_("Casual player")),
    (35.0, N_("Beginner")),
)
AWFUL = N_("Awful!")


class Mark(StrEnum):
    """gnubg's marks for a decision (English, translate the value with `_` where shown)."""

    NONE = ""
    DOUBTFUL = N_("doubtful")
    BAD = N_("bad")
    VERY_BAD = N_("very bad")


def mark(loss: float) -> Mark:
    """The mark of a decision losing `loss` millipoints (gnubg `Skill`: strictly above a threshold)."""
    if loss > VERY_BAD:
        return Mark.VERY_BAD
    if loss > BAD:
        return Mark.BAD
    if loss > DOUBTFUL:
        return Mark.DOUBTFUL
    return Mark.NONE


def rating(error_rate: float) -> str:
    """gnubg's rating word (English, translate with `_` where shown) for an error rate in millipoints."""
    for limit, word in RATINGS:
        if error_rate < limit:
            return word
    return AWFUL


def level_text(level: str, rules: Rules = Rules.STANDARD) -> str:
    """The judge an analysis level gives verdicts with in a game of `rules`, in a player's words: "Open
    Sage 2-ply", "our networks 1-ply"."""
    return level_title(JudgeLevel.parse(level), rules)


def move_number(turn: int) -> int:
    """The number of the line a turn (counted from 0 in the game) is written on, shared by the table's
    move list and the analysis: the game's first two turns are move 1, the next two move 2, and so on."""
    return turn // 2 + 1


def check_level(level: str) -> JudgeLevel:
    """The analysis level named `level`, or UserError naming the levels."""
    return JudgeLevel.parse(level)


@dataclass(frozen=True)
class Decision:
    """One decision of a player. kind "move": `dice` and `play` made, `ranked` the best plays (the play
    made among them, or last); kind "cube": `action` taken and `best` the right one, `close` False for
    a no double that was clearly right (not counted, as gnubg counts only close or actual cube
    decisions), and `cube_equities` the doubler's no double, double/take and double/pass (normalised to
    the cube before the double, whoever decided). Equities are the deciding player's (points, or EMG in
    a match); losses and luck are in millipoints of them; `luck` is the roll's (None for cube
    decisions); `stakes` what the results were worth to the deciding player, at the cube before any
    double (None only in a decision made by hand: money points)."""

    kind: str
    game: int
    turn: int
    player: int
    state: State
    dice: tuple[int, int] | None
    action: str
    best: str
    equity: float
    best_equity: float
    loss: float
    mark: Mark
    luck: float | None
    forced: bool
    ranked: tuple[JudgedPlay, ...] = ()
    close: bool = True
    cube_equities: tuple[float, float, float] | None = None
    stakes: Stakes | None = None
    why: tuple[str, ...] = ()
    """For a marked checker play, what it changed against the best play, in words (explain.py)."""
    gnubg_ids: tuple[str, str] = ("", "")
    """GNU Backgammon's Position ID and Match ID of the moment (for an answer to a double, the double
    waiting, seen from the doubler's side as gnubg shows it), to paste into gnubg."""

    @property
    def counted(self) -> bool:
        """Whether the decision counts in the error rates (gnubg counts the unforced plays and the close
        or actual cube decisions)."""
        return not self.forced and self.close

    @property
    def move(self) -> int:
        """The number of the move-list line the decision was made on (a cube decision: the line of the
        turn it came before)."""
        return move_number(self.turn)

    @property
    def mwc_loss(self) -> float:
        """The match-winning chance the decision lost (a fraction; 0 in money play)."""
        return mwc_of(self.loss, self.stakes)

    @property
    def mwc_luck(self) -> float:
        """The match-winning chance the roll brought (a fraction, signed; 0 in money play and for cube
        decisions)."""
        return mwc_of(self.luck or 0.0, self.stakes)


def mwc_of(milli: float, stakes: Stakes | None) -> float:
    """The match-winning chance `milli` millipoints of EMG stand for at `stakes` (0 in money play)."""
    return milli / MILLI * stakes.mwc_span if stakes is not None else 0.0


@dataclass(frozen=True)
class WinPoint:
    """The first player's chance of winning the game, equity and (in a match) chance of winning the match
    after a turn (for the graph)."""

    game: int
    turn: int
    player: int
    win: float
    equity: float
    mwc: float | None = None
    """The first player's chance of winning the match (None in money play)."""


@dataclass(frozen=True)
class PlayerSummary:
    """One player's totals over some games (losses and luck in millipoints of points or EMG, results in
    points). `decisions` and `total_loss` are the counted checker plays and cube decisions together;
    then each apart, and the cube's as gnubg counts them: `cube_decisions` close or actual (counted),
    `cube_total` every one judged, the doubles, takes and passes made, and those that were wrong
    (`missed_doubles`: no double where doubling was right); `rolls` every roll (for the luck rate), and
    the match-winning chances (fractions) the errors cost and the luck brought, in a match."""

    name: str
    decisions: int
    total_loss: float
    doubtful: int
    bad: int
    very_bad: int
    luck: float
    result: int
    luck_adjusted: float
    checker_decisions: int = 0
    checker_loss: float = 0.0
    cube_decisions: int = 0
    cube_loss: float = 0.0
    cube_total: int = 0
    doubles: int = 0
    takes: int = 0
    passes: int = 0
    missed_doubles: int = 0
    wrong_doubles: int = 0
    wrong_takes: int = 0
    wrong_passes: int = 0
    rolls: int = 0
    mwc_loss: float = 0.0
    checker_mwc_loss: float = 0.0
    cube_mwc_loss: float = 0.0
    mwc_luck: float = 0.0

    @property
    def mwc_error_rate(self) -> float:
        """The match-winning chance lost per counted decision (a fraction; gnubg's "(MWC)")."""
        return self.mwc_loss / self.decisions if self.decisions else 0.0

    @property
    def checker_mwc_rate(self) -> float:
        return self.checker_mwc_loss / self.checker_decisions if self.checker_decisions else 0.0

    @property
    def cube_mwc_rate(self) -> float:
        return self.cube_mwc_loss / self.cube_decisions if self.cube_decisions else 0.0

    @property
    def luck_rate(self) -> float:
        """Millipoints of luck per roll (gnubg's "Luck rate": over every roll, forced or not)."""
        return self.luck / self.rolls if self.rolls else 0.0

    @property
    def mwc_luck_rate(self) -> float:
        return self.mwc_luck / self.rolls if self.rolls else 0.0

    @property
    def error_rate(self) -> float:
        """The overall error rate: millipoints per counted decision (gnubg's "Error rate mEMG")."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def performance_rating(self) -> float:
        """eXtreme Gammon's Performance Rating: 500 times the mean error in EMG per counted decision, so
        half the error rate in millipoints (lower is better; world-class play is under 5). XG counts
        its own "non-obvious" decisions; these are gnubg's counted ones, as the error rate's."""
        return self.error_rate / 2.0

    @property
    def checker_error_rate(self) -> float:
        """Millipoints per unforced checker play."""
        return self.checker_loss / self.checker_decisions if self.checker_decisions else 0.0

    @property
    def cube_error_rate(self) -> float:
        """Millipoints per close or actual cube decision."""
        return self.cube_loss / self.cube_decisions if self.cube_decisions else 0.0

    @property
    def rating(self) -> str:
        return rating(self.error_rate) if self.decisions else ""


@dataclass
class GameAnalysis:
    """One game's decisions in order, the first player's chances after each turn, and the totals."""

    number: int
    decisions: list[Decision]
    series: list[WinPoint]
    players: tuple[PlayerSummary, PlayerSummary] = field(init=False)


@dataclass
class MatchAnalysis:
    """Every decision of a match, per game and in all, with each player's totals; `cube`: played with
    the doubling cube, so every roll a player could have doubled before was judged."""

    record: MatchRecord
    level: str
    games: list[GameAnalysis]
    players: tuple[PlayerSummary, PlayerSummary]
    cube: bool = False
    judged_by: str = ""
    """Which judge gave the verdicts, in a player's words ("Open Sage 2-ply, cubeful at the score")."""

    @property
    def decisions(self) -> list[Decision]:
        return [decision for game in self.games for decision in game.decisions]

    @property
    def series(self) -> list[WinPoint]:
        return [point for game in self.games for point in game.series]

    @property
    def emg(self) -> bool:
        """Whether the equities are EMG at the match score (else money points)."""
        return is_match(self.record)

    def worst(self, count: int = 5) -> list[Decision]:
        """The decisions that lost the most, worst first."""
        lossy = [decision for decision in self.decisions if decision.loss > 0.0]
        return sorted(lossy, key=lambda decision: -decision.loss)[:count]


def ranked_plays(
    state: State,
    dice: tuple[int, int],
    judge: Judge,
    n: int | None = TOP_PLAYS,
    stakes: Stakes | None = None,
) -> list[JudgedPlay]:
    """The `n` best legal plays (all of them for n None), best first, as `judge` ranks them at `stakes`
    (default: money); [] when the roll cannot be played."""
    ranked = judge.rank(state, dice, stakes)
    return ranked if n is None else ranked[:n]
