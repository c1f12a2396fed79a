"""What the analysis screen's list holds and which decision is chosen (pure, no Arcade): the mistakes worst
first, or every move of the match in order, so that every move can be stepped through and not only the
mistakes; a match without mistakes starts on every move, so the screen is never empty.

"Every move" is each turn's play and, before it, the cube decisions a player took or that were close
(the ones gnubg counts); a clearly right no double, the most common decision of all, is left out of the
list as it is of the error rates, but its turn's play is there.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from game.tavla.analysis.decisions import Decision, Mark, MatchAnalysis


class Listing(StrEnum):
    MISTAKES = "mistakes"
    EVERY = "every"


def mistakes_of(analysis: MatchAnalysis) -> list[Decision]:
    """The marked decisions, worst first."""
    return [d for d in analysis.worst(len(analysis.decisions)) if d.mark is not Mark.NONE]


def every_move(analysis: MatchAnalysis) -> list[Decision]:
    """Every play and every counted cube decision, in the order they were made."""
    return [d for d in analysis.decisions if d.kind == "move" or d.counted]


@dataclass
class Stepper:
    """The list shown (`listing`), its decisions, and the index of the chosen one in it."""

    mistakes: list[Decision] = field(default_factory=list)
    every: list[Decision] = field(default_factory=list)
    listing: Listing = Listing.MISTAKES
    chosen: int = 0

    @classmethod
    def of(cls, analysis: MatchAnalysis) -> "Stepper":
        """The mistakes first, or every move when there is none."""
        mistakes = mistakes_of(analysis)
        return cls(mistakes, every_move(analysis), Listing.MISTAKES if mistakes else Listing.EVERY)

    @property
    def items(self) -> list[Decision]:
        return self.mistakes if self.listing is Listing.MISTAKES else self.every

    @property
    def decision(self) -> Decision | None:
        items = self.items
        return items[self.chosen] if items else None

    def choose(self, index: int) -> None:
        """Choose the decision at `index` of the list shown (kept within it)."""
        self.chosen = max(0, min(len(self.items) - 1, index))

    def step(self, by: int) -> None:
        self.choose(self.chosen + by)

    @property
    def at_start(self) -> bool:
        return self.chosen <= 0

    @property
    def at_end(self) -> bool:
        return self.chosen >= len(self.items) - 1

    def show(self, listing: Listing) -> None:
        """Show the other list, the chosen decision kept when it is there too; else, from the mistakes to
        every move, the mistake's place in the match, and back, the worst mistake."""
        if listing is self.listing:
            return
        current = self.decision
        self.listing = listing
        if current is not None and current in self.items:
            self.chosen = self.items.index(current)
        else:
            self.chosen = 0

    def choose_decision(self, decision: Decision) -> None:
        """Choose `decision` (a click on the graph): in the list shown when it is there, else among every
        move."""
        if decision not in self.items:
            self.listing = Listing.EVERY
        if decision in self.items:
            self.chosen = self.items.index(decision)

    def first_row(self, rows: int) -> int:
        """The first row shown: pages of `rows`, the chosen one always in view."""
        return (self.chosen // rows) * rows if rows else 0
