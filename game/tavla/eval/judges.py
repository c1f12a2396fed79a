"""Which judge answers (`judge_for`): Open Sage where it plays the rule set and is installed, else our
networks. Apart from game/tavla/eval/judge.py, the interface both judges implement, so that neither
judge imports the module that chooses between them (no import circle)."""

from __future__ import annotations

from game.core.text.i18n import _
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import Judge, sage_plays
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.sage_judge import SageJudge


def judge_for(rules: Rules, level: JudgeLevel | str = DEFAULT_LEVEL) -> Judge:
    """The judge of `rules` at `level`: Open Sage where it plays the rule set, else our networks."""
    level = JudgeLevel.parse(level) if isinstance(level, str) else level
    if sage_plays(rules):
        return SageJudge(rules, level)
    return NetworkJudge(rules, level)


def level_title(level: JudgeLevel, rules: Rules = Rules.STANDARD) -> str:
    """The engine and depth a level judges at here, in a player's words: "Open Sage 2-ply"."""
    judge = judge_for(rules, level)
    # Translators: a judge and its depth: {engine} Open Sage or our networks, {plies} 2 in "2-ply"
    return _("{engine} {plies}-ply").format(engine=judge.engine, plies=judge.plies)
