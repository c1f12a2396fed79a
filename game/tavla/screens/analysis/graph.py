"""The analysis graph's geometry (pure, no Arcade): each turn of the match as a point of the first
player's chance of winning the game, the games' borders, and where each mistake sits on the line."""

from dataclasses import dataclass

from game.tavla.analysis.decisions import Decision, MatchAnalysis


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
    the first game, and a marker (x, y) for each mistake, in the order given."""

    points: list[tuple[float, float]]
    mirror: list[tuple[float, float]]
    borders: list[float]
    markers: list[tuple[float, float]]


def series_index(analysis: MatchAnalysis, decision: Decision) -> int:
    """The graph point of a decision: the turn it was made in, or for a cube decision the turn before
    (the position it was made in); the game's first point when there is none before."""
    series = analysis.series
    turn = decision.turn - 1 if decision.kind == "cube" else decision.turn
    for index, point in enumerate(series):
        if point.game == decision.game and point.turn >= turn:
            return index
    return max(0, len(series) - 1)


def graph(analysis: MatchAnalysis, box: GraphBox, mistakes: list[Decision]) -> Graph:
    """Where to draw the analysis of a match in `box`; a match without turns draws nothing."""
    series = analysis.series
    if not series:
        return Graph([], [], [], [])
    step = box.width / max(1, len(series) - 1)

    def at(index: int, chance: float) -> tuple[float, float]:
        return box.left + index * step, box.bottom + chance * box.height

    points = [at(index, point.win) for index, point in enumerate(series)]
    mirror = [at(index, 1.0 - point.win) for index, point in enumerate(series)]
    borders = [
        box.left + (index - 0.5) * step
        for index in range(1, len(series))
        if series[index].game != series[index - 1].game
    ]
    markers = []
    for decision in mistakes:
        index = series_index(analysis, decision)
        line = points if decision.player == 0 else mirror
        markers.append(line[index])
    return Graph(points, mirror, borders, markers)


def nearest_marker(markers: list[tuple[float, float]], x: float, y: float, reach: float) -> int | None:
    """The marker within `reach` of (x, y) nearest to it, if any (a click on the graph)."""
    best, distance = None, reach * reach
    for index, (mx, my) in enumerate(markers):
        gap = (mx - x) ** 2 + (my - y) ** 2
        if gap <= distance:
            best, distance = index, gap
    return best
