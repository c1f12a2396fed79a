"""A play's verdict as a colour, window-free: the colours the analysis marks its mistakes with (gnubg's
doubtful, bad and very bad, at decisions.py's thresholds) and green for a play that is none of them, so
the played move's arrows on the board say at a glance how good it was, and a caption says in words what
the colour means.

The colours are light and saturated: each arrow is drawn over a dark shadow, which keeps it apart from the
light and the dark points and the felt alike.
"""

from game.core.text.i18n import _
from game.tavla.analysis.decisions import Mark

Colour = tuple[int, int, int]

GOOD: Colour = (120, 214, 120)
"""A play no worse than the doubtful threshold: the best, or close to it."""
COLOURS: dict[Mark, Colour] = {
    Mark.NONE: GOOD,
    Mark.DOUBTFUL: (255, 209, 102),
    Mark.BAD: (244, 162, 89),
    Mark.VERY_BAD: (230, 80, 70),
}
"""green good, yellow doubtful, orange a mistake, red a blunder."""


def colour(mark: Mark) -> Colour:
    """The colour of a play with `mark`."""
    return COLOURS[mark]


def verdict_word(mark: Mark) -> str:
    """The verdict in a word, for the caption beside the coloured arrows: "good" or the mark."""
    if mark is Mark.NONE:
        # Translators: the verdict of a play that loses little or nothing against the best play (the
        # others are the analysis's marks: doubtful, bad, very bad)
        return _("good")
    return _(mark)


def legend() -> list[tuple[Colour, str]]:
    """Each colour and its word, best first: the legend of the coloured arrows."""
    return [(COLOURS[mark], verdict_word(mark)) for mark in Mark]
