"""Tutor mode (Settings, off by default): before a play that loses more than the analysis's "bad"
threshold is committed, the table says so over the board and offers to take it back.

The play is judged as the analysis judges it (game/tavla/analysis/decisions.py, at 0-ply: at once, no thread,
at the match's score when the table gives it); the words are in this module, the question is a dialog of
the table's overlay layer.
"""

from collections.abc import Callable
from dataclasses import dataclass

from arcade import key

from game.i18n import _
from game.tavla.analysis.decisions import BAD, MILLI, Mark, mark, ranked_plays
from game.tavla.analysis.explain import explain
from game.tavla.engine.notation import display_play
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import TurnInProgress
from game.tavla.eval.judge import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.stakes import Stakes
from game.tavla.screens.table.overlays import COMPACT_QUESTION_BAND, TUTOR_BAND
from game.ui.overlay import Dialog

KEY_TAKE_BACK = [key.BACKSPACE, (key.Z, key.MOD_CTRL), key.U]
KEY_PLAY_IT = [key.SPACE, key.ENTER, key.RETURN]

WHY_LINES = 1  # the explanation's lines the dialog has room for (the first says most)

@dataclass(frozen=True)
class TutorWarning:
    """A play that loses `loss` millipoints (marked `mark`) against `best` (in notation, hits starred)."""

    loss: float
    mark: Mark
    best: str
    why: tuple[str, ...] = ()
    """What the play changed against the best one, in words (game/tavla/analysis/explain.py)."""


def judge(
    turn: TurnInProgress, rules: Rules, stakes: Stakes | None = None, level: JudgeLevel = DEFAULT_LEVEL
) -> TutorWarning | None:
    """The warning for the play the turn has reached, if it loses more than the bad threshold at
    `stakes` (the match's score, in EMG; None: money points), as the judge of `level` ranks the plays:
    the Settings' one, which the hint and the analysis ask too."""
    judge = judge_for(rules, level)
    ranked = ranked_plays(turn.start, turn.dice, judge, n=None, stakes=stakes)
    played = next((play for play in ranked if play.after == turn.state), None)
    if played is None or not ranked:
        return None
    loss = max(ranked[0].equity - played.equity, 0.0) * MILLI
    if loss <= BAD:
        return None
    why = tuple(explain(ranked[0], played, rules, judge)[:WHY_LINES])
    return TutorWarning(loss, mark(loss), display_play(turn.start, ranked[0].play), why)


def warning_texts(warning: TutorWarning) -> tuple[str, str]:
    """The question's title and line."""
    # Translators: tutor mode; {loss} is the equity the play loses (points, 0.167), {mark} bad or very bad
    title = _("This play loses {loss} ({mark})").format(
        loss=f"{warning.loss / MILLI:.3f}", mark=_(warning.mark)
    )
    # Translators: tutor mode; {play} is the best play in notation
    line = _("Best: {play}. Take it back?").format(play=warning.best)
    return title, "\n".join([*warning.why, line])


class Tutor:
    """Stops a bad play before it is committed: `stops(turn, rules)` says whether to wait for the
    player's answer; Play it calls `commit` again (the play then goes through), Take back `take_back`."""

    def __init__(self, enabled: bool, commit: Callable[[], None], take_back: Callable[[], None]) -> None:
        self.enabled = enabled
        self._commit, self._take_back = commit, take_back
        self.warning: TutorWarning | None = None
        self.level = DEFAULT_LEVEL  # the Settings' judge
        self._allowed: tuple[object, object] | None = None  # the turn and position played anyway
        self.dialog = self.build_dialog(compact=False)

    def stops(self, turn: TurnInProgress, rules: Rules, stakes: Stakes | None = None) -> bool:
        if not self.enabled or self._allowed == (id(turn), turn.state):
            return False
        self.warning = judge(turn, rules, stakes, self.level)
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
