"""The analysis graph's geometry (pure, no Arcade): each turn of the match as a point of the first player's
chance (of winning the match, in a match; of winning the game, in money play), each game's span with its
borders, the move numbers along the axis (numbered as the table's move list numbers its lines), where
each mistake sits on the line, and which turn a click on the graph means."""

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from game.tavla.analysis.decisions import Decision, MatchAnalysis, WinPoint, move_number

TICK_EVERY = 10
"""The move numbers written along the axis: every tenth move of each game."""
LABEL_INSET = 4
"""A game's label starts this far into its span (clear of the border line before it)."""
LABEL_GAP = 10
"""The least room between two games' labels."""


@dataclass(frozen=True)
class GraphBox:
    """The plot's area in the scene: left and bottom edges, width and height."""

    left: float
    bottom: float
    width: float
    height: float


@dataclass(frozen=True)
class Graph:
    """The first player's line (the second's is its mirror, 1 - p), the x of each game's first turn after
    the first game, a marker (x, y) for each mistake in the order given, each game's span of x (from,
    to), and the move numbers along the axis (x, number)."""

    points: list[tuple[float, float]]
    mirror: list[tuple[float, float]]
    borders: list[float]
    markers: list[tuple[float, float]]
    spans: list[tuple[float, float]]
    ticks: list[tuple[float, int]]


EMPTY = Graph([], [], [], [], [], [])


def chance(point: WinPoint, match: bool) -> float:
    """What the graph plots of a turn: the match-winning chance in a match, else the game's."""
    return point.mwc if match and point.mwc is not None else point.win


def series_index(analysis: MatchAnalysis, decision: Decision) -> int:
    """The graph point of a decision: the turn it was made in, or for a cube decision the turn before
    (the position it was made in); the game's first point when there is none before."""
    series = analysis.series
    turn = decision.turn - 1 if decision.kind == "cube" else decision.turn
    for index, point in enumerate(series):
        if point.game == decision.game and point.turn >= turn:
            return index
    return max(0, len(series) - 1)


def graph(analysis: MatchAnalysis, box: GraphBox, mistakes: list[Decision], every: int = TICK_EVERY) -> Graph:
    """Where to draw the analysis of a match in `box`; a match without turns draws nothing."""
    series = analysis.series
    if not series:
        return EMPTY
    step = box.width / max(1, len(series) - 1)
    match = analysis.emg

    def at(index: int, value: float) -> tuple[float, float]:
        return box.left + index * step, box.bottom + value * box.height

    points = [at(index, chance(point, match)) for index, point in enumerate(series)]
    mirror = [at(index, 1.0 - chance(point, match)) for index, point in enumerate(series)]
    starts = [index for index in range(1, len(series)) if series[index].game != series[index - 1].game]
    borders = [box.left + (index - 0.5) * step for index in starts]
    edges = [box.left, *borders, box.left + box.width]
    spans = list(itertools.pairwise(edges))
    ticks = [
        (points[index][0], move_number(point.turn))
        for index, point in enumerate(series)
        if point.turn % 2 == 0 and move_number(point.turn) % every == 0
    ]
    markers = []
    for decision in mistakes:
        index = series_index(analysis, decision)
        line = points if decision.player == 0 else mirror
        markers.append(line[index])
    return Graph(points, mirror, borders, markers, spans, ticks)


def nearest_marker(markers: list[tuple[float, float]], x: float, y: float, reach: float) -> int | None:
    """The marker within `reach` of (x, y) nearest to it, if any (a click on the graph)."""
    best, distance = None, reach * reach
    for index, (mx, my) in enumerate(markers):
        gap = (mx - x) ** 2 + (my - y) ** 2
        if gap <= distance:
            best, distance = index, gap
    return best


def turn_at(drawn: Graph, box: GraphBox, x: float, y: float, margin: float = 6.0) -> int | None:
    """The series index of the turn under a click at (x, y) inside the box (or just by it), else None."""
    inside = box.left - margin <= x <= box.left + box.width + margin
    if not drawn.points or not inside or not box.bottom - margin <= y <= box.bottom + box.height + margin:
        return None
    return min(range(len(drawn.points)), key=lambda index: abs(drawn.points[index][0] - x))


def move_at(analysis: MatchAnalysis, index: int) -> Decision | None:
    """The play of the turn at series index `index`."""
    series = analysis.series
    if not 0 <= index < len(series):
        return None
    point = series[index]
    return next(
        (d for d in analysis.decisions if d.kind == "move" and d.game == point.game and d.turn == point.turn),
        None,
    )


@dataclass(frozen=True)
class GameLabel:
    """A label over the graph's games `first` to `last` (one game, or a run of games too short to hold
    their numbers): its text and its left edge; `crowded`: games too short for their number, the label
    centred over their spans (across the border lines)."""

    text: str
    left: float
    first: int
    last: int
    crowded: bool = False


def game_labels(
    spans: list[tuple[float, float]],
    texts: list[tuple[str, ...]],
    run_text: Callable[[int, int], str],
    measure: Callable[[str], float],
) -> list[GameLabel]:
    """Labels for the games, left to right, that never overlap: each game's longest text of `texts`
    (longest first, the number last) that fits its span; games whose spans are too narrow for their
    number (a game of one or two moves) share one label, "2–3" (`run_text(first, last)`, numbers from
    1), centred on their spans; a label pushed by the one before it takes a shorter text, and one with
    no room left is left out. `measure` gives a text's width."""

    def room(index: int) -> float:
        start, end = spans[index]
        return end - start - LABEL_INSET - 2

    def own(index: int) -> str | None:
        return next((text for text in texts[index] if measure(text) <= room(index)), None)

    labels: list[GameLabel] = []
    right = -float("inf")  # the right edge of the last label placed
    index = 0
    while index < len(spans):
        start, end = spans[index]
        text = own(index)
        last = index
        crowded = text is None
        if not crowded:
            left = max(start + LABEL_INSET, right + LABEL_GAP)
            text = next((t for t in texts[index] if left + measure(t) <= end - 2), None)
        else:
            while last + 1 < len(spans) and own(last + 1) is None:
                last += 1
            text = run_text(index + 1, last + 1) if last > index else texts[index][-1]
            width = measure(text)
            centre = (start + spans[last][1]) / 2
            left = min(max(centre - width / 2, spans[0][0], right + LABEL_GAP), spans[-1][1] - width)
            if left < right + LABEL_GAP:
                text = None
        if text is not None:
            labels.append(GameLabel(text, left, index + 1, last + 1, crowded))
            right = left + measure(text)
        index = last + 1
    return labels
