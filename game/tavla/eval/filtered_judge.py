"""What the judges on our own networks share (backgammon's, game/tavla/eval/network_judge.py, and the
other games', game/tavla/eval/no_hitting_judge.py): gnubg's kind of move filter over a search each
supplies. Every play is judged at 0-ply; the best few (`move_filter`: plies searched, most plays kept,
within a margin of the best) are searched a ply deeper, and so on to the level's depth; each play is shown
at the deepest depth it reached."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from game.core.text.i18n import _
from game.tavla.engine.notation import Play
from game.tavla.engine.position import State
from game.tavla.eval.judge import Judge, JudgedPlay
from game.tavla.eval.stakes import Stakes

MoveFilter = tuple[tuple[int, int, float], ...]


class FilteredJudge(Judge):
    """A cubeless judge on one of our networks (`net.probabilities`), searched `depth` plies deep by
    `search`, ranking with `move_filter`."""

    depth: int
    move_filter: MoveFilter

    @property
    def engine(self) -> str:
        # Translators: the judge when Open Sage is not installed: the game's own neural networks
        return _("our networks")

    @property
    def plies(self) -> int:
        return self.depth

    @property
    def cubeful(self) -> bool:
        return False

    def search(self, afters: Sequence[State], plies: int) -> np.ndarray:
        """The chances of each position for the player who has just moved into it, `plies` deep."""
        raise NotImplementedError

    def _ranked(
        self, state: State, dice: tuple[int, int], results: Sequence[tuple[Play, State]], stakes: Stakes
    ) -> list[JudgedPlay]:
        """All plays judged at 0-ply, then those that pass the filter searched deeper; ranked by depth,
        then equity."""
        chances = self.net.probabilities([after for _, after in results])
        value = stakes.equities(chances)
        depth = np.zeros(len(results), dtype=int)
        kept = list(range(len(results)))
        for ply, most, margin in self.move_filter:
            if len(kept) == 1 or ply >= self.depth:
                break
            order = sorted(kept, key=lambda i: -value[i])[:most]
            kept = [i for i in order if value[i] >= value[order[0]] - margin]
            deeper = self.search([results[i][1] for i in kept], ply + 1)
            chances[kept] = deeper
            value[kept] = stakes.equities(deeper)
            depth[kept] = ply + 1
        order = sorted(range(len(results)), key=lambda i: (-depth[i], -value[i]))
        return [
            JudgedPlay(
                results[i][0], results[i][1], float(value[i]), tuple(map(float, chances[i])), int(depth[i])
            )
            for i in order
        ]

    def _deepened(
        self, state: State, dice: tuple[int, int], plays: Sequence[JudgedPlay], stakes: Stakes
    ) -> list[JudgedPlay]:
        chances = self.search([play.after for play in plays], self.depth)
        values = stakes.equities(chances)
        return [
            replace(play, equity=float(value), chances=tuple(map(float, row)), plies=self.depth)
            for play, value, row in zip(plays, values, chances, strict=True)
        ]
