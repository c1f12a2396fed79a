"""Tutor mode (Settings, off by default): before a play that loses more than the analysis's "bad"
threshold is committed, the table says so over the board and offers to take it back; and every play it
judged keeps its verdict, so the table colours the play's arrows by it (verdict.py) once it is made.

The play is judged as the analysis judges it (game/tavla/analysis/decisions.py, at 0-ply: at once, no thread,
at the match's score when the table gives it); the words are in this module, the question is a dialog of
the table's overlay layer.
"""

from collections.abc import Callable
from dataclasses import dataclass

import arcade
from arcade import key

from game.core.text.i18n import _
from game.tavla.analysis.decisions import BAD, MILLI, Mark, mark, ranked_plays
from game.tavla.analysis.explain import explain
from game.tavla.engine.game import Game, Turn
from game.tavla.engine.notation import display_play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import TurnInProgress
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.stakes import Stakes
from game.tavla.screens import layout
from game.tavla.screens.table import marks, verdict
from game.tavla.screens.table.last_play import PlayMarks, play_marks
from game.tavla.screens.table.overlays import COMPACT_QUESTION_BAND, TUTOR_BAND
from game.ui import theme
from game.ui.overlay import Dialog
from game.ui.text import Label

KEY_TAKE_BACK = [key.BACKSPACE, (key.Z, key.MOD_CTRL), key.U]
KEY_PLAY_IT = [key.SPACE, key.ENTER, key.RETURN]

WHY_LINES = 1  # the explanation's lines the dialog has room for (the first says most)
CAPTION_Y = layout.BOARD_BOTTOM / 2
"""The verdict's caption and the colours' legend: on one line under the board."""
LEGEND_BAR = 18
"""The length of a legend's stroke of colour, an arrow's shaft in small."""
CAPTION_WIDTH = layout.BOARD_RIGHT - layout.BOARD_LEFT - 2 * layout.FRAME


@dataclass(frozen=True)
class TutorWarning:
    """A play that loses `loss` millipoints (marked `mark`) against `best` (in notation, hits starred)."""

    loss: float
    mark: Mark
    best: str
    why: tuple[str, ...] = ()
    """What the play changed against the best one, in words (game/tavla/analysis/explain.py)."""


@dataclass(frozen=True)
class PlayVerdict:
    """A play made (or about to be made) from `start` to `after` (the mover's side), the mark it earns
    and what it loses (millipoints) against the best play."""

    start: State
    after: State
    mark: Mark
    loss: float


def assess(
    turn: TurnInProgress,
    rules: Rules,
    stakes: Stakes | None = None,
    level: JudgeLevel = DEFAULT_LEVEL,
) -> tuple[PlayVerdict | None, TutorWarning | None]:
    """The verdict of the play the turn has reached (None when the judge does not rank it), and the
    warning when it loses more than the bad threshold, at `stakes` (the match's score, in EMG; None:
    money points), as the judge of `level` ranks the plays: the Settings' one, which the hint and the
    analysis ask too."""
    judge = judge_for(rules, level)
    ranked = ranked_plays(turn.start, turn.dice, judge, n=None, stakes=stakes)
    played = next((play for play in ranked if play.after == turn.state), None)
    if played is None or not ranked:
        return None, None
    loss = max(ranked[0].equity - played.equity, 0.0) * MILLI
    verdict = PlayVerdict(tuple(turn.start), tuple(turn.state), mark(loss), loss)
    if loss <= BAD:
        return verdict, None
    why = tuple(explain(ranked[0], played, rules, judge)[:WHY_LINES])
    return verdict, TutorWarning(loss, mark(loss), display_play(turn.start, ranked[0].play), why)


def judge(
    turn: TurnInProgress, rules: Rules, stakes: Stakes | None = None, level: JudgeLevel = DEFAULT_LEVEL
) -> TutorWarning | None:
    """The warning for the play the turn has reached, if it loses more than the bad threshold (see
    `assess`)."""
    return assess(turn, rules, stakes, level)[1]


def warning_texts(warning: TutorWarning) -> tuple[str, str]:
    """The question's title and line."""
    # Translators: tutor mode; {loss} is the equity the play loses (points, 0.167), {mark} bad or very bad
    title = _("This play loses {loss} ({mark})").format(
        loss=f"{warning.loss / MILLI:.3f}", mark=_(warning.mark)
    )
    # Translators: tutor mode; {play} is the best play in notation
    line = _("Best: {play}. Take it back?").format(play=warning.best)
    return title, "\n".join([*warning.why, line])


def verdict_texts(judged: PlayVerdict) -> tuple[str, ...]:
    """The captions of a judged play's coloured arrows, longest first (the first with room is shown):
    its verdict and what it lost, "Your play" and its verdict, the verdict alone."""
    word = verdict.verdict_word(judged.mark)
    # Translators: under the board, beside the coloured arrows of the play just made (tutor mode);
    # {verdict} is good, doubtful, bad or very bad
    short = _("Your play: {verdict}").format(verdict=word)
    if judged.loss < 0.5:
        return short, word
    # Translators: under the board, beside the coloured arrows of the play just made (tutor mode);
    # {verdict} e.g. doubtful, bad, very bad; {loss} the equity it lost against the best play, e.g. 0.148
    text = _("Your play: {verdict}, {loss} short of the best")
    return text.format(verdict=word, loss=f"{judged.loss / MILLI:.3f}"), short, word


class VerdictCaption:
    """Under the board while a judged play's arrows are coloured: its verdict in words (in its colour)
    on the left, and each colour's word on the right beside a stroke of it, so the colours are
    explained."""

    def __init__(self) -> None:
        size = theme.SMALL_SIZE
        self.text = Label("", layout.INNER_LEFT, CAPTION_Y, theme.TEXT, size, box_width=CAPTION_WIDTH / 2)
        self.text.anchor_y = "center"
        self.legend = [
            Label(word, 0, CAPTION_Y, colour, size, box_width=CAPTION_WIDTH / 4, anchor_y="center")
            for colour, word in verdict.legend()
        ]
        self.texts: tuple[str, ...] = ("",)

    @property
    def labels(self) -> list[Label]:
        return [self.text, *self.legend]

    def show(self, judged: PlayVerdict) -> None:
        self.texts = verdict_texts(judged)
        self.text.text = self.texts[0]
        self.text.color = verdict.colour(judged.mark)

    def fit(self) -> None:
        """The verdict in the room the legend leaves (its words as long as the language makes them, as
        large as the window needs): the longest caption that fits there at its full size."""
        legend = sum(label.content_width + LEGEND_BAR + 22 for label in self.legend)
        room = CAPTION_WIDTH - legend - 16
        if abs(self.text.box_width - room) > 0.5:
            self.text.set_box(room, None)
        for text in self.texts:
            self.text.text = text
            if self.text.fits() and self.text.font_size >= self.text.base_size:
                break

    def draw(self) -> None:
        self.fit()
        self.text.draw()
        x = layout.BOARD_RIGHT - layout.FRAME
        for label, (colour, _word) in zip(reversed(self.legend), reversed(verdict.legend()), strict=True):
            x -= label.content_width
            label.x = x
            label.draw()
            x -= 6
            arcade.draw_line(x - LEGEND_BAR, CAPTION_Y, x, CAPTION_Y, marks.VERDICT_SHADOW, 8)
            arcade.draw_line(x - LEGEND_BAR, CAPTION_Y, x, CAPTION_Y, colour, 4)
            x -= LEGEND_BAR + 16


class Tutor:
    """Stops a bad play before it is committed: `stops(turn, rules)` says whether to wait for the
    player's answer; Play it calls `commit` again (the play then goes through), Take back `take_back`."""

    def __init__(self, enabled: bool, commit: Callable[[], None], take_back: Callable[[], None]) -> None:
        self.enabled = enabled
        self._commit, self._take_back = commit, take_back
        self.warning: TutorWarning | None = None
        self.level = DEFAULT_LEVEL  # the Settings' judge
        self._allowed: tuple[object, object] | None = None  # the turn and position played anyway
        self.verdict: PlayVerdict | None = None
        """The last play judged, made or about to be: the table colours its arrows once it is made."""
        self.caption = VerdictCaption()
        self._marks: tuple[Turn, PlayMarks] | None = None
        self.dialog = self.build_dialog(compact=False)

    def stops(self, turn: TurnInProgress, rules: Rules, stakes: Stakes | None = None) -> bool:
        """Whether to wait for the player's answer before committing the play the turn has reached (its
        verdict kept in `verdict` either way)."""
        if not self.enabled or self._allowed == (id(turn), turn.state):
            return False
        self.verdict, self.warning = assess(turn, rules, stakes, self.level)
        if self.warning is None:
            return False
        self._allowed = (id(turn), turn.state)
        title, line = warning_texts(self.warning)
        self.dialog.texts[0].text, self.dialog.texts[1].text = title, line
        return True

    def play_it(self) -> None:
        self.warning = None
        self._commit()

    def take_back(self) -> None:
        self.warning, self._allowed = None, None
        self._take_back()

    def verdict_marks(self, game: Game) -> tuple[PlayVerdict, PlayMarks] | None:
        """The last judged play's verdict and arrows while it is its player's last play in `game`."""
        turn = judged_play(self.verdict, game)
        if turn is None or self.verdict is None:
            return None
        if self._marks is None or self._marks[0] is not turn:
            self._marks = (turn, play_marks(turn, game.variant))
            self.caption.show(self.verdict)
        return self.verdict, self._marks[1]

    def draw_verdict(self, game: Game, hidden: bool) -> None:
        """The judged play's arrows in its verdict's colour, and the caption under the board, unless
        `hidden` (checkers on the move, or the player's next play begun)."""
        shown = None if hidden else self.verdict_marks(game)
        if shown is not None:
            judged, arrows = shown
            marks.draw_verdict(arrows, verdict.colour(judged.mark))
            self.caption.draw()

    def build_dialog(self, compact: bool) -> Dialog:
        """The question, in the band the cube's questions use (wider on a small window), with the
        warning's words when one is up."""
        where = COMPACT_QUESTION_BAND if compact else TUTOR_BAND
        buttons = [
            # Translators: tutor mode's button: undo the moves of this turn and play again
            where.button(-1, _("Take back"), self.take_back, primary=True),
            # Translators: tutor mode's button: commit the play all the same
            where.button(1, _("Play it"), self.play_it),
        ]
        texts = [where.title(), where.line()]
        if self.warning is not None:
            texts[0].text, texts[1].text = warning_texts(self.warning)
        keys = [(KEY_TAKE_BACK, self.take_back), (KEY_PLAY_IT, self.play_it)]
        self.dialog = Dialog(where.rect(), texts, buttons, lambda: self.warning is not None, keys)
        return self.dialog


def judged_play(verdict: PlayVerdict | None, game: Game) -> Turn | None:
    """The turn of `game`'s record that `verdict` judges, while it is its player's last play (the other
    player may have played since); None when that player has played again, or the play was taken back
    before it was made."""
    if verdict is None:
        return None
    played_since: set[int] = set()
    for turn in reversed(game.record):
        if not turn.play:
            continue
        if turn.player in played_since:
            return None
        if turn.state == verdict.start and game.variant.apply_play(turn.state, turn.play) == verdict.after:
            return turn
        played_since.add(turn.player)
    return None
