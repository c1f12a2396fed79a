"""Which judge answers (`judge_for`) for every game of the board: Open Sage where it plays the rule set
and is installed, else our networks (each game without hitting its own). Apart from
game/tavla/eval/judge.py, the interface the judges implement, so that no judge imports the module that
chooses between them (no import circle)."""

from __future__ import annotations

from game.core.text.i18n import _
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import Judge, sage_plays
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.eval.no_hitting_judge import NoHittingJudge
from game.tavla.eval.sage_judge import SageJudge


def judge_for(rules: Rules, level: JudgeLevel | str = DEFAULT_LEVEL) -> Judge:
    """The judge of `rules` at `level`: for the games with hitting (backgammon, Portes with its own
    scoring) Open Sage where it is installed, else our backgammon networks; for Plakoto, Fevga and Gul
    bara each game's own network."""
    level = JudgeLevel.parse(level) if isinstance(level, str) else level
    if not rules.hits:
        return NoHittingJudge(rules, level)
    if sage_plays(rules):
        return SageJudge(rules, level)
    return NetworkJudge(rules, level)


def level_title(level: JudgeLevel, rules: Rules = Rules.STANDARD) -> str:
    """The engine and depth a level judges at here, in a player's words: "Open Sage 2-ply"."""
    judge = judge_for(rules, level)
    # Translators: a judge and its depth: {engine} Open Sage or our networks, {plies} 2 in "2-ply"
    return _("{engine} {plies}-ply").format(engine=judge.engine, plies=judge.plies)
