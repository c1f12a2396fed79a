"""Where the analysis screen's parts sit, in logical units: the full layout, and the compact one of a small
window, whose larger text takes more room a line (so it shows fewer rows and leaves some lines out)."""

from dataclasses import dataclass

from game.tavla.screens import layout
from game.tavla.screens.analysis.graph import GraphBox
from game.ui import theme

TITLE_Y = 770
LEFT_X = 325
RIGHT_X = 955
COLUMN_WIDTH = 590
CARD_WIDTH = 620
CARD_Y = 405
CARD_HEIGHT = 670
BUTTON_Y = 40
BOARD_SCALE = 290 / (layout.BOARD_RIGHT - layout.BOARD_LEFT)
BOARD_DX = 152
LEGEND_WIDTH = 160
PROGRESS_WIDTH = 400
LINE_COLOURS = ((242, 236, 224), theme.TEAL)
"""The first player's line and figures, and the second's."""


@dataclass(frozen=True)
class Layout:
    """The full layout, or the compact one of a small window."""

    graph: GraphBox
    legend_y: float
    axis_width: float
    ticks: bool
    """The move numbers along the graph's axis (no room for them on a small window)."""
    figures_top: float
    figures_row: float
    label_width: float
    tabs_y: float
    tab_width: float
    tab_height: float
    list_top: float
    list_row: float
    list_rows: int
    where_y: float
    board_y: float
    board_label_y: float
    board_label_height: float
    ranking_y: float | None
    """The heading over the ranked plays (the level and the unit); None: the level goes on the IDs' line."""
    ranked_top: float
    ranked_row: float
    ranked_rows: int
    chances_dy: float
    ids_y: float
    marker_reach: float
    status_width: float


GRAPH = GraphBox(left=80, bottom=566, width=530, height=140)
FULL = Layout(
    graph=GRAPH,
    legend_y=GRAPH.bottom + GRAPH.height + 17,
    axis_width=50,
    ticks=True,
    figures_top=532,
    figures_row=19,
    label_width=240,
    tabs_y=352,
    tab_width=200,
    tab_height=30,
    list_top=320,
    list_row=27,
    list_rows=9,
    where_y=TITLE_Y - 48,
    board_y=555,
    board_label_y=687,
    board_label_height=46,
    ranking_y=428,
    ranked_top=404,
    ranked_row=34,
    ranked_rows=6,
    chances_dy=15,
    ids_y=96,
    marker_reach=12,
    status_width=900,
)
COMPACT = Layout(
    graph=GraphBox(left=100, bottom=600, width=510, height=96),
    legend_y=718,
    axis_width=70,
    ticks=False,
    figures_top=568,
    figures_row=30,
    label_width=170,
    tabs_y=430,
    tab_width=270,
    tab_height=44,
    list_top=388,
    list_row=36,
    list_rows=8,
    where_y=716,
    board_y=501,
    board_label_y=654,
    board_label_height=76,
    ranking_y=None,
    ranked_top=360,
    ranked_row=64,
    ranked_rows=3,
    chances_dy=28,
    ids_y=126,
    marker_reach=18,
    status_width=1160,
)
